/**
 * @jest-environment ./server/test/zoneEnvironment.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import {
  latencyBucket,
  nearestRank,
  unpackOverview,
  unpackUsage,
  usagePage as pageOfRecords,
} from '@agler/contract/analysis';
import { USAGE_SORT_FIELDS } from '@agler/contract/constants';
import { formatDate, formatTime, startOfDay } from '@agler/contract/dates';
import { compareIds } from '@agler/contract/ids';
import { dayRange } from '@agler/contract/queries';
import type { DayRange, UsageQuery } from '@agler/contract/queries';
import { seededRandom } from '@agler/contract/random';
import type { AnalysisOverview } from '@agler/contract/types';
import { migrate, MIGRATIONS_DIR, openPostgres } from '../db/connect';
import type { Database, Queryable } from '../db/connect';
import { rowsOf } from '../db/rows';
import { writeCalls } from '../invoke/callLog';
import type { CallRow } from '../invoke/callLog';
import { SEED_NOW, testDatabase } from '../test/database';
import { postgresAvailable, startPostgres } from '../test/postgres';
import type { PgServer } from '../test/postgres';
import { overviewOf } from './analysis/overview';
import { usagePage } from './analysis/usage';
import { HOUR_MS, planOf, rebuildRollup, rolledUpUntil } from './rollup';
import type { Plan } from './rollup';

/**
 * The roll-up against the log it rolls up: the analysis answers exactly
 * what a plain computation over every logged call answers, in time zones on
 * and off whole hours and across a daylight-saving change; the rows that
 * writers add batch by batch (and hour by hour, and late) are the rows made
 * anew from the whole log; concurrent writers on PostgreSQL lose nothing; and
 * a database upgraded with calls already logged starts right.
 */

const DAY_MS = 24 * HOUR_MS;

// ---------------------------------------------------------------- the plain computation

type Call = { iid: string; ms: number; success: boolean; latency: number };

/** Every logged call of an interface that still exists. */
async function loggedCalls(db: Queryable): Promise<Call[]> {
  return rowsOf<Call>(
    await db.execute(sql`
      SELECT c.interface_info_id::text AS iid, (extract(epoch FROM c.time) * 1000)::float8 AS ms, c.success, c.latency
      FROM interface_call c JOIN interface_info i ON i.id = c.interface_info_id`),
  );
}

function p95Of(latencies: number[]): number {
  if (latencies.length === 0) return 0;
  const sorted = [...latencies].sort((a, b) => a - b);
  return latencyBucket(sorted[nearestRank(sorted.length) - 1]);
}

function totalsOf(calls: Call[]) {
  const errors = calls.filter((c) => !c.success).length;
  const sum = calls.reduce((s, c) => s + c.latency, 0);
  return {
    totalCalls: calls.length,
    errorCalls: errors,
    avgLatency: calls.length ? Math.round(sum / calls.length) : 0,
    p95Latency: p95Of(calls.map((c) => c.latency)),
    interfacesCalled: new Set(calls.map((c) => c.iid)).size,
  };
}

/** The overview's figures, computed the simplest way. */
function expectedOf(calls: Call[], range: DayRange) {
  const bounds = Array.from({ length: range.days + 1 }, (_, i) => startOfDay(range.startMs, i));
  const previousStart = startOfDay(range.startMs, -range.days);
  const inRange = calls.filter((c) => c.ms >= range.startMs && c.ms < range.endMs);
  const ids = [...new Set(inRange.map((c) => c.iid))];
  return {
    current: totalsOf(inRange),
    previous: totalsOf(calls.filter((c) => c.ms >= previousStart && c.ms < range.startMs)),
    daily: bounds.slice(0, -1).map((from, i) => {
      const ofDay = inRange.filter((c) => c.ms >= from && c.ms < bounds[i + 1]);
      return [formatDate(from), ofDay.length, ofDay.filter((c) => !c.success).length];
    }),
    interfaces: ids
      .map((iid) => {
        const own = inRange.filter((c) => c.iid === iid);
        const t = totalsOf(own);
        return [
          iid,
          t.totalCalls,
          t.errorCalls,
          t.avgLatency,
          t.p95Latency,
          formatTime(Math.max(...own.map((c) => c.ms))),
        ];
      })
      .sort((a, b) => (b[1] as number) - (a[1] as number) || compareIds(a[0] as string, b[0] as string)),
  };
}

function figuresOf(o: AnalysisOverview) {
  const pick = (t: AnalysisOverview['previous']) => ({
    totalCalls: t.totalCalls,
    errorCalls: t.errorCalls,
    avgLatency: t.avgLatency,
    p95Latency: t.p95Latency,
    interfacesCalled: t.interfacesCalled,
  });
  return {
    current: pick(o),
    previous: pick(o.previous),
    daily: o.daily.map((d) => [d.date, d.calls, d.errors]),
    interfaces: o.interfaces.map((r) => [
      r.interfaceInfoId,
      r.calls,
      r.errors,
      r.avgLatency,
      r.p95Latency,
      r.lastCallTime,
    ]),
  };
}

/** Runs `work` with the process in time zone `zone` (server/test/zoneEnvironment.ts: dayjs and the server read it from Date). */
async function inZone<T>(zone: string, work: () => Promise<T>): Promise<T> {
  setTimeZone(zone);
  try {
    const january = new Date(Date.UTC(2026, 0, 1)).getTimezoneOffset();
    // The zone really changed: the tests below would pass in UTC as well.
    if (zone !== 'UTC' && january === 0) throw new Error(`the process is still in UTC, not in ${zone}`);
    return await work();
  } finally {
    setTimeZone(undefined);
  }
}

/** Day ranges around `from` … `to` (ms), as the console asks for them, in the current time zone. */
function rangesAround(from: number, to: number): DayRange[] {
  const day = (ms: number) => formatDate(ms);
  return [
    dayRange(day(from), day(to)),
    dayRange(day(from + DAY_MS), day(from + DAY_MS)),
    dayRange(day(to), day(to)),
    dayRange(day(from - 30 * DAY_MS), day(to)),
    dayRange(day(from - 45 * DAY_MS), day(from - 2 * DAY_MS)),
    dayRange(day(to + 5 * DAY_MS), day(to + 6 * DAY_MS)),
  ];
}

/** The overview's first rows and each sort's second page are the whole table's, as the mocks cut it. */
async function expectPagesOfTable(db: Queryable, range: DayRange) {
  const full = unpackOverview(await overviewOf(db, range));
  expect(unpackOverview(await overviewOf(db, range, { pageSize: 3 }))).toEqual({
    ...full,
    interfaces: full.interfaces.slice(0, 3),
  });
  for (const sortField of USAGE_SORT_FIELDS) {
    const query: UsageQuery = { range, current: 2, pageSize: 2, sortField, sortOrder: 'ascend' };
    const page = await usagePage(db, query);
    const expected = pageOfRecords(full.interfaces, query);
    expect({ sortField, page: unpackUsage(page), total: page.total }).toEqual({
      sortField,
      page: unpackUsage(expected),
      total: full.interfaces.length,
    });
  }
}

async function expectAnalysisOfLog(db: Queryable, ranges: DayRange[]) {
  const calls = await loggedCalls(db);
  for (const range of ranges) {
    const answer = figuresOf(unpackOverview(await overviewOf(db, range)));
    expect({ range: [range.startDate, range.endDate], ...answer }).toEqual({
      range: [range.startDate, range.endDate],
      ...expectedOf(calls, range),
    });
    await expectPagesOfTable(db, range);
  }
}

// ---------------------------------------------------------------- writing calls

/** The roll-up's rows, comparable. */
async function rollupOf(db: Queryable) {
  return {
    perInterface: rowsOf(
      await db.execute(sql`
        SELECT span, start, interface_info_id::text AS iid, calls::text, errors::text, latencies::text,
               cumulative::text, latency_sum::text, last_time::text
        FROM call_rollup ORDER BY span, start, interface_info_id`),
    ),
    all: rowsOf(
      await db.execute(sql`
        SELECT span, start, calls::text, errors::text, latencies::text, cumulative::text
        FROM call_rollup_all ORDER BY span, start`),
    ),
  };
}

/** The rows writers made equal the rows made anew from the whole log. */
async function expectRollupOfLog(db: Queryable) {
  const written = await rollupOf(db);
  await rebuildRollup(db, await rolledUpUntil(db));
  expect(await rollupOf(db)).toEqual(written);
}

/**
 * Batches as a recorder writes them over `hours` from `start`: a few calls
 * at a time, latencies from 1 ms to beyond 10 s (many repeated), and now and
 * then calls from hours before (a batch that waited).
 */
function batchesOf(ids: string[], start: number, hours: number, seed: number): CallRow[][] {
  const random = seededRandom(seed);
  const batches: CallRow[][] = [];
  const end = start + hours * HOUR_MS;
  const callAt = (time: number): CallRow => {
    const success = random() > 0.1;
    const latency =
      random() < 0.2 ? 100 : Math.max(1, Math.round(random() ** 4 * (random() < 0.05 ? 40_000 : 3000)));
    return {
      interfaceInfoId: ids[Math.floor(random() ** 2 * ids.length)],
      userId: '1',
      time: new Date(time),
      success,
      latency,
      status: success ? 200 : 502,
      bytes: 10,
    };
  };
  for (let time = start; time < end;) {
    const batch: CallRow[] = [];
    const size = 1 + Math.floor(random() * 12);
    for (let i = 0; i < size; i += 1) {
      time += Math.floor(random() * 8 * 60_000);
      batch.push(callAt(time));
    }
    if (random() < 0.1) batch.push(callAt(time - Math.floor(random() * 5 * HOUR_MS)));
    batches.push(batch);
  }
  return batches;
}

async function writeAll(db: Queryable, batches: CallRow[][]) {
  for (const batch of batches) await writeCalls(db, batch);
}

// ---------------------------------------------------------------- the plan

describe('planOf', () => {
  /** How many times the plan reads a call at `ms`: once from a block (if rolled up) or a window of the log. */
  function readsOf(plan: Plan, ms: number): number {
    const hour = Math.floor(ms / HOUR_MS);
    let reads = plan.windows.filter((w) => ms >= w.from && ms < w.to).length;
    if (hour < plan.until) {
      reads += plan.spans.filter((span, i) => hour >= plan.starts[i] && hour < plan.starts[i] + span).length;
    }
    return reads;
  }

  it('reads every moment of a span once and nothing outside it', () => {
    const random = seededRandom(7);
    for (let n = 0; n < 300; n += 1) {
      const start = Date.UTC(2026, 0, 1) + Math.floor(random() * 400 * DAY_MS);
      const end = start + Math.floor(random() * (random() < 0.3 ? 2 * DAY_MS : 200 * DAY_MS));
      const until = Math.floor((start + random() * (end - start + 2 * DAY_MS) - DAY_MS) / HOUR_MS);
      const plan = planOf(start, end, until);
      for (let probe = 0; probe < 40; probe += 1) {
        const ms = start - DAY_MS + Math.floor(random() * (end - start + 2 * DAY_MS));
        expect([start, end, until, ms, readsOf(plan, ms)]).toEqual([
          start,
          end,
          until,
          ms,
          ms >= start && ms < end ? 1 : 0,
        ]);
      }
      plan.spans.forEach((span, i) => expect(plan.starts[i] % span).toBe(0));
    }
  });

  it('takes whole hours, the longest blocks of days, an open block for the recent days, and the log for parts of hours', () => {
    // 2026-08-26 18:30Z to 2026-11-23 18:30Z: 90 local days in India (+05:30), rolled up to 09:00Z on the last.
    const start = Date.UTC(2026, 7, 26, 18, 30);
    const end = Date.UTC(2026, 10, 23, 18, 30);
    const until = Date.UTC(2026, 10, 23, 9) / HOUR_MS;

    const plan = planOf(start, end, until);

    // 19:00 to midnight, 4 + 8 + 32 days to 2026-10-10, and the 256 days from then (rolled up to `until`).
    expect(plan.spans).toEqual([1, 1, 1, 1, 1, 96, 192, 768, 6144]);
    expect(plan.starts.at(-1)).toBe(Date.UTC(2026, 9, 10) / HOUR_MS);
    expect(plan.windows).toEqual([
      { from: start, to: start + 30 * 60_000 },
      { from: until * HOUR_MS, to: end },
    ]);
  });

  it('takes only blocks that end in the span when it ends before the roll-up does', () => {
    const start = Date.UTC(2026, 7, 27);
    const end = Date.UTC(2026, 10, 24);

    const plan = planOf(start, end, end / HOUR_MS + 100);

    expect(plan.spans).toEqual([96, 192, 768, 768, 192, 96, 24]);
    expect(plan.windows).toEqual([]);
  });

  it('reads all history from the start of 1970 on', () => {
    const end = Date.UTC(2026, 10, 24);
    const plan = planOf(-Infinity, end, end / HOUR_MS);
    expect(plan.starts[0]).toBe(0);
    expect(plan.windows).toEqual([]);
    expect(plan.spans.length).toBeLessThan(100);
  });
});

// ---------------------------------------------------------------- on PGlite

describe('on the demo database', () => {
  let database: Database;
  let ids: string[];
  const from = SEED_NOW;
  const to = SEED_NOW + 3 * DAY_MS;

  beforeAll(async () => {
    database = await testDatabase();
    ids = rowsOf<{ id: string }>(
      await database.db.execute(sql`SELECT id::text AS id FROM interface_info ORDER BY id LIMIT 12`),
    ).map((row) => row.id);
    await writeAll(database.db, batchesOf(ids, from, 72, 1));
    // Its calls stay in the log; the analysis leaves them out.
    await database.db.execute(sql`DELETE FROM interface_info WHERE id = ${ids[1]}`);
  }, 300_000);
  afterAll(() => database.close());

  it('buckets latencies in SQL as the contract does', async () => {
    const values = [
      ...Array.from({ length: 2100 }, (_, i) => i),
      ...[9990, 9999, 10_000, 10_009, 10_010, 99_999, 100_000, 123_456, 2_147_483_647],
    ];
    const rows = rowsOf<{ bucket: number }>(
      await database.db.execute(
        sql`SELECT call_latency_bucket(v) AS bucket FROM unnest(${`{${values.join(',')}}`}::integer[]) WITH ORDINALITY AS u(v, i) ORDER BY i`,
      ),
    );
    expect(rows.map((row) => row.bucket)).toEqual(values.map(latencyBucket));
  });

  it.each(['UTC', 'Asia/Kolkata', 'America/New_York'])(
    'answers what the log answers, in %s',
    async (zone) => {
      await inZone(zone, () => expectAnalysisOfLog(database.db, rangesAround(from, to)));
    },
    120_000,
  );

  // After the answers: it makes the roll-up anew.
  it('rolls calls up batch by batch, hour by hour and late, as the whole log rolls up', async () => {
    expect(await rolledUpUntil(database.db)).toBeGreaterThan(Math.floor(from / HOUR_MS) + 60);
    await expectRollupOfLog(database.db);
  });

  it('counts a call older than the roll-up where it belongs', async () => {
    const until = await rolledUpUntil(database.db);
    const late: CallRow = {
      interfaceInfoId: ids[0],
      userId: '1',
      time: new Date((until - 30) * HOUR_MS + 1234),
      success: false,
      latency: 123_456,
      status: null,
      bytes: 0,
    };

    await writeCalls(database.db, [late]);

    expect(await rolledUpUntil(database.db)).toBe(until);
    await expectAnalysisOfLog(database.db, rangesAround(from, to).slice(0, 3));
    await expectRollupOfLog(database.db);
  }, 120_000);

  it('writes each interface’s last call in local time, also across daylight-saving changes', async () => {
    await inZone('America/New_York', async () => {
      // 2026-03-08: 02:00 local is 03:00 from 07:00 UTC on; 2025-11-02: 02:00 local is 01:00 again at 06:00 UTC.
      const calls: [number, string, string, string][] = [
        [Date.UTC(2026, 2, 8, 6, 59, 59, 999), '2026-03-08 01:59:59', '2026-03-07', '2026-03-09'],
        [Date.UTC(2026, 2, 8, 7, 0, 0, 0), '2026-03-08 03:00:00', '2026-03-07', '2026-03-09'],
        [Date.UTC(2026, 2, 8, 7, 30, 0, 500), '2026-03-08 03:30:00', '2026-03-08', '2026-03-08'],
        [Date.UTC(2025, 10, 2, 5, 30), '2025-11-02 01:30:00', '2025-11-01', '2025-11-03'],
        [Date.UTC(2025, 10, 2, 6, 30), '2025-11-02 01:30:00', '2025-11-02', '2025-11-02'],
      ];
      const interfaceOf = (i: number) => ids[2 + i];
      await writeCalls(
        database.db,
        calls.map(([ms], i) => ({
          interfaceInfoId: interfaceOf(i),
          userId: '1',
          time: new Date(ms),
          success: true,
          latency: 5,
          status: 200,
          bytes: 1,
        })),
      );
      for (const [i, [ms, local, first, last]] of calls.entries()) {
        const answer = unpackOverview(await overviewOf(database.db, dayRange(first, last)));
        const row = answer.interfaces.find((r) => r.interfaceInfoId === interfaceOf(i));
        expect([local, row?.lastCallTime]).toEqual([formatTime(ms), local]);
      }
    });
  }, 120_000);
});

describe('a database upgraded with calls logged before the roll-up', () => {
  let database: Database;

  beforeAll(async () => {
    database = await testDatabase();
    // Back to before migration 0002, with calls written since.
    const db = database.db;
    await db.execute(sql`DROP TABLE call_rollup, call_rollup_all`);
    await db.execute(
      sql`DROP FUNCTION call_rollup_add, call_rollup_fill_hours_part, call_rollup_fill_hours, call_rollup_fill_level, call_rollup_merge, call_latency_bucket`,
    );
    await db.execute(sql`DELETE FROM app_meta WHERE key = 'call_rollup_until'`);
    await db.execute(sql`
      INSERT INTO interface_call (interface_info_id, user_id, time, success, latency)
      SELECT id, 1, now() - make_interval(mins => (id % 500)::int * 7), id % 3 <> 0, 30 + (id % 2000)::int
      FROM interface_info`);
  }, 120_000);
  afterAll(() => database.close());

  it('rolls up what the log holds, and what comes after', async () => {
    // As the migrator runs it: statement by statement.
    const migration = fs.readFileSync(path.join(MIGRATIONS_DIR, '0002_call_rollup.sql'), 'utf8');
    for (const statement of migration.split('--> statement-breakpoint')) {
      await database.db.execute(sql.raw(statement));
    }
    const now = Date.now();
    await expectAnalysisOfLog(database.db, rangesAround(now - 2 * DAY_MS, now));

    const [{ id }] = rowsOf<{ id: string }>(
      await database.db.execute(sql`SELECT id::text AS id FROM interface_info LIMIT 1`),
    );
    await writeAll(database.db, batchesOf([id], now - 3 * HOUR_MS, 6, 2));

    await expectAnalysisOfLog(database.db, rangesAround(now - 2 * DAY_MS, now + HOUR_MS));
    await expectRollupOfLog(database.db);
  }, 120_000);
});

// ---------------------------------------------------------------- on PostgreSQL

(postgresAvailable ? describe : describe.skip)('on PostgreSQL, two writers at once', () => {
  let server: PgServer;
  let first: Database;
  let second: Database;
  let ids: string[];
  const from = Date.UTC(2026, 10, 2, 22, 40);

  beforeAll(async () => {
    server = await startPostgres();
    const url = await server.createDatabase();
    first = await openPostgres(url);
    second = await openPostgres(url);
    await migrate(first);
    ids = rowsOf<{ id: string }>(
      await first.db.execute(sql`
        INSERT INTO interface_info (name, url, method, user_id, create_time, update_time, name_lower, description_lower, url_lower)
        SELECT 'i' || n, 'https://example.com/' || n, 'GET', 1, now(), now(), 'i' || n, '', 'https://example.com/' || n
        FROM generate_series(1, 8) AS n
        RETURNING id::text AS id`),
    ).map((row) => row.id);
  }, 300_000);
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await server?.close();
  });

  it('count every call once', async () => {
    const writers = [
      { db: first.db, batches: batchesOf(ids, from, 30, 3) },
      { db: second.db, batches: batchesOf(ids, from, 30, 4) },
      { db: first.db, batches: batchesOf(ids.slice(0, 2), from, 30, 5) },
    ];

    await Promise.all(writers.map(({ db, batches }) => writeAll(db, batches)));

    const [{ n }] = rowsOf<{ n: number }>(
      await first.db.execute(sql`SELECT count(*)::int AS n FROM interface_call`),
    );
    expect(n).toBe(writers.reduce((sum, { batches }) => sum + batches.flat().length, 0));
    await expectRollupOfLog(first.db);
    const { db } = writers[0];
    await inZone('UTC', () => expectAnalysisOfLog(db, rangesAround(from, from + DAY_MS)));
    await inZone('Asia/Kolkata', () => expectAnalysisOfLog(db, rangesAround(from, from + DAY_MS)));
  }, 300_000);
});

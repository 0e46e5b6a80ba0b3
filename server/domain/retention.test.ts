/**
 * @jest-environment ./server/test/zoneEnvironment.ts
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { formatDate } from '@agler/contract/dates';
import { dayRange } from '@agler/contract/queries';
import { migrate, openPostgres } from '../db/connect';
import type { Database, Queryable } from '../db/connect';
import { rowsOf } from '../db/rows';
import { writeCalls } from '../invoke/callLog';
import type { CallRow } from '../invoke/callLog';
import { SEED_NOW, testDatabase } from '../test/database';
import { postgresAvailable, startPostgres } from '../test/postgres';
import type { PgServer } from '../test/postgres';
import { overviewOf } from './analysis/overview';
import { topInterfaces } from './analysis/top';
import { DAY_MS, LEASE_KEY, removeOldCalls, RETENTION_LIMITS, startRetention } from './retention';
import { HOUR_MS, rolledUpUntil } from './rollup';

/**
 * The call log's retention on a clock the test moves: calls older than the
 * retention go and newer ones stay, only calls the roll-up holds go, the
 * analysis answers the same for a range over the removed calls, a run stops
 * at its limits, and of two runners at once one works and the other skips.
 */

const iso = (ms: number) => new Date(ms).toISOString();

async function countOf(db: Queryable, where: ReturnType<typeof sql>): Promise<number> {
  const [{ n }] = rowsOf<{ n: number }>(
    await db.execute(sql`SELECT count(*)::int AS n FROM interface_call WHERE ${where}`),
  );
  return Number(n);
}

const before = (ms: number) => sql`time < ${iso(ms)}::timestamptz`;
const from = (ms: number) => sql`time >= ${iso(ms)}::timestamptz`;

/** What the analysis answers for `range` (in UTC: whole hours, all read from the roll-up once rolled up). */
async function analysisOf(db: Queryable, startMs: number, endMs: number) {
  setTimeZone('UTC');
  try {
    const range = dayRange(formatDate(startMs), formatDate(endMs - 1));
    return {
      overview: await overviewOf(db, range),
      top: await topInterfaces(db, { limit: 10, window: { startMs: range.startMs, endMs: range.endMs } }),
    };
  } finally {
    setTimeZone(undefined);
  }
}

describe('on the demo data (PGlite)', () => {
  let database: Database;
  let db: Queryable;
  let until: number;

  beforeAll(async () => {
    database = await testDatabase();
    db = database.db;
    until = (await rolledUpUntil(db)) * HOUR_MS;
  }, 180_000);
  afterAll(async () => {
    await database?.close();
  });

  test('the demo data has calls on both sides of the retention', async () => {
    const cutoff = SEED_NOW + 30 * DAY_MS - 90 * DAY_MS;
    expect(await countOf(db, before(cutoff))).toBeGreaterThan(1000);
    expect(await countOf(db, from(cutoff))).toBeGreaterThan(1000);
    expect(until).toBeLessThanOrEqual(SEED_NOW);
  });

  test('a run is bounded: it stops after its batches, and the next goes on', async () => {
    const now = () => SEED_NOW + 30 * DAY_MS;
    const cutoff = now() - 90 * DAY_MS;
    const old = await countOf(db, before(cutoff));
    const limits = { batchRows: 50, maxBatches: 3, maxMs: 60_000, pauseMs: 0 };

    const run = await removeOldCalls(db, { days: 90, now, limits });

    expect(run).toMatchObject({ skipped: false, removed: 150, batches: 3, done: false, cutoff });
    expect(await countOf(db, before(cutoff))).toBe(old - 150);
    // The oldest go first.
    const [{ oldest }] = rowsOf<{ oldest: string }>(
      await db.execute(sql`SELECT min(time)::text AS oldest FROM interface_call`),
    );
    expect(new Date(oldest).getTime()).toBeGreaterThan(SEED_NOW - 90 * DAY_MS);

    const stopped = await removeOldCalls(db, { days: 90, now, limits, stopping: () => true });
    expect(stopped).toMatchObject({ removed: 0, batches: 0, done: false });
  });

  test('calls older than the retention go, newer stay, and the analysis of a range over them answers the same', async () => {
    const now = () => SEED_NOW + 30 * DAY_MS;
    const cutoff = now() - 90 * DAY_MS;
    const kept = await countOf(db, from(cutoff));
    // A range that starts in the removed calls and ends in the kept ones.
    const rangeStart = SEED_NOW - 80 * DAY_MS;
    const rangeEnd = SEED_NOW - 20 * DAY_MS;
    const analysisBefore = await analysisOf(db, rangeStart, rangeEnd);
    expect(analysisBefore.overview.totalCalls).toBeGreaterThan(0);

    const run = await removeOldCalls(db, { days: 90, now, limits: { ...RETENTION_LIMITS, pauseMs: 0 } });

    expect(run.done).toBe(true);
    expect(run.removed).toBeGreaterThan(0);
    expect(await countOf(db, before(cutoff))).toBe(0);
    expect(await countOf(db, from(cutoff))).toBe(kept);
    expect(await countOf(db, sql`time >= ${iso(rangeStart)}::timestamptz AND ${before(cutoff)}`)).toBe(0);
    expect(await analysisOf(db, rangeStart, rangeEnd)).toEqual(analysisBefore);
  });

  test('calls the roll-up does not hold yet stay, however old', async () => {
    // Logged around the writers, so not rolled up: the analysis still reads them from the log.
    await db.execute(sql`
      INSERT INTO interface_call (interface_info_id, user_id, time, success, latency, status, bytes)
      SELECT i.id, 1, ${iso(until)}::timestamptz + n * interval '1 minute', true, 20, 200, 10
      FROM (SELECT id FROM interface_info ORDER BY id LIMIT 1) AS i, generate_series(0, 9) AS n`);
    const later = () => SEED_NOW + 400 * DAY_MS;

    const run = await removeOldCalls(db, { days: 90, now: later });

    expect(run.cutoff).toBe(until);
    expect(await countOf(db, before(until))).toBe(0);
    expect(await countOf(db, from(until))).toBeGreaterThanOrEqual(10);
  });

  test('a runner skips while another holds the lease, and runs once it lapsed', async () => {
    const at = SEED_NOW + 500 * DAY_MS;
    await db.execute(sql`
      INSERT INTO app_meta (key, value) VALUES (${LEASE_KEY}, ${`${at + 60_000} another-process`})
      ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`);

    expect(await removeOldCalls(db, { days: 90, now: () => at })).toMatchObject({
      skipped: true,
      batches: 0,
    });
    expect(await removeOldCalls(db, { days: 90, now: () => at + 60_000 })).toMatchObject({
      skipped: false,
      done: true,
    });
    // Its own lease is given back at the end.
    expect(await removeOldCalls(db, { days: 90, now: () => at + 60_000 })).toMatchObject({ skipped: false });
  });

  test('the server runs it on a timer and stop() ends it', async () => {
    const at = SEED_NOW + 600 * DAY_MS;
    const insertOld = () =>
      db.execute(sql`
        INSERT INTO interface_call (interface_info_id, user_id, time, success, latency, status, bytes)
        SELECT id, 1, ${iso(until - DAY_MS)}::timestamptz, true, 20, 200, 10
        FROM interface_info ORDER BY id LIMIT 3`);
    await insertOld();
    const errors: unknown[] = [];

    const retention = startRetention(database, {
      days: 90,
      now: () => at,
      everyMs: 20,
      onError: (error) => errors.push(error),
    });
    for (let i = 0; i < 100 && (await countOf(db, before(until))) > 0; i += 1) await sleep(20);
    await retention.stop();

    expect(await countOf(db, before(until))).toBe(0);
    await insertOld();
    await sleep(100);
    expect(await countOf(db, before(until))).toBe(3);
    expect(errors).toEqual([]);
  });
});

// ---------------------------------------------------------------- on PostgreSQL

(postgresAvailable ? describe : describe.skip)('on PostgreSQL, two processes', () => {
  let server: PgServer;
  let first: Database;
  let second: Database;
  const start = Date.UTC(2026, 0, 1);
  const days = 60;
  const now = () => start + days * DAY_MS + HOUR_MS;

  beforeAll(async () => {
    server = await startPostgres();
    const url = await server.createDatabase();
    first = await openPostgres(url);
    second = await openPostgres(url);
    await migrate(first);
    const ids = rowsOf<{ id: string }>(
      await first.db.execute(sql`
        INSERT INTO interface_info (name, url, method, user_id, create_time, update_time, name_lower, description_lower, url_lower)
        SELECT 'i' || n, 'https://example.com/' || n, 'GET', 1, now(), now(), 'i' || n, '', 'https://example.com/' || n
        FROM generate_series(1, 3) AS n
        RETURNING id::text AS id`),
    ).map((row) => row.id);
    // A call every 20 minutes for `days` days, day by day as the writers log them (rolling up as they go).
    for (let day = 0; day < days; day += 1) {
      const batch: CallRow[] = [];
      for (let i = 0; i < 72; i += 1) {
        batch.push({
          interfaceInfoId: ids[i % ids.length],
          userId: '1',
          time: new Date(start + day * DAY_MS + i * 20 * 60_000),
          success: i % 7 !== 0,
          latency: 10 + ((i * 37) % 900),
          status: i % 7 !== 0 ? 200 : 502,
          bytes: 10,
        });
      }
      await writeCalls(first.db, batch);
    }
    await writeCalls(first.db, [
      {
        interfaceInfoId: ids[0],
        userId: '1',
        time: new Date(now()),
        success: true,
        latency: 5,
        status: 200,
        bytes: 1,
      },
    ]);
  }, 300_000);
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await server?.close();
  });

  test('one of two runners at once removes the old calls, the other skips; the analysis answers the same', async () => {
    const retention = 30;
    const cutoff = now() - retention * DAY_MS;
    const kept = await countOf(first.db, from(cutoff));
    const analysisBefore = await analysisOf(first.db, start, start + days * DAY_MS);
    expect(await countOf(first.db, before(cutoff))).toBeGreaterThan(0);

    const limits = { batchRows: 100, maxBatches: 1000, maxMs: 60_000, pauseMs: 5 };
    const runs = await Promise.all([
      removeOldCalls(first.db, { days: retention, now, limits }),
      removeOldCalls(second.db, { days: retention, now, limits }),
    ]);

    expect(runs.filter((run) => run.skipped)).toHaveLength(1);
    expect(runs.find((run) => !run.skipped)).toMatchObject({ done: true, cutoff });
    expect(await countOf(first.db, before(cutoff))).toBe(0);
    expect(await countOf(first.db, from(cutoff))).toBe(kept);
    expect(await analysisOf(second.db, start, start + days * DAY_MS)).toEqual(analysisBefore);
  }, 120_000);
});

import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { migrate, openPglite, openPostgres } from '../db/connect';
import type { Database } from '../db/connect';
import { rowsOf } from '../db/rows';
import { writeCalls } from '../invoke/callLog';
import { DAY_MS, removeBatch, removeOldCalls } from '../domain/retention';
import { hourOf, rebuildRollup } from '../domain/rollup';
import { startPostgres } from '../test/postgres';

/**
 * How long the call log's retention holds the database, printed (not a timed
 * test):
 *
 *   node --import tsx server/scripts/retentionBench.ts [--rows 200000]
 *
 * On PGlite and on a throwaway PostgreSQL cluster: a log of `--rows` calls
 * over 180 days, half of them older than a 90-day retention; each batch size's
 * DELETE timed alone, then a whole run with a writer logging a call every
 * few milliseconds beside it, and how long that writer waited at most.
 */

const argument = (name: string, fallback: number) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const ROWS = argument('--rows', 200_000);
const DAYS = 180;
const NOW = Date.UTC(2026, 10, 1);

function summary(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
  return `p50 ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms`;
}

async function fill(database: Database) {
  const { db } = database;
  await db.execute(sql`
    INSERT INTO interface_info (name, url, method, user_id, create_time, update_time, name_lower, description_lower, url_lower)
    SELECT 'i' || n, 'https://example.com/' || n, 'GET', 1, now(), now(), 'i' || n, '', 'https://example.com/' || n
    FROM generate_series(1, 20) AS n`);
  await db.execute(sql`
    INSERT INTO interface_call (interface_info_id, user_id, time, success, latency, status, bytes)
    SELECT (SELECT min(id) FROM interface_info) + n % 20, 1 + n % 50,
           ${new Date(NOW - DAYS * DAY_MS).toISOString()}::timestamptz + (n * ${(DAYS * DAY_MS) / ROWS}::float8) * interval '1 millisecond',
           n % 13 <> 0, 5 + n % 700, 200, 100
    FROM generate_series(0, ${ROWS - 1}) AS n`);
  await rebuildRollup(db, hourOf(NOW));
  await database.vacuum();
  await db.execute(sql`ANALYZE interface_call`);
}

async function measure(label: string, database: Database) {
  const { db } = database;
  await fill(database);
  const cutoff = NOW - 90 * DAY_MS;
  process.stdout.write(`${label}: ${ROWS} calls\n`);
  for (const rows of [1000, 2000, 5000, 10_000]) {
    const times: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const started = performance.now();
      await removeBatch(db, cutoff, rows);
      times.push(performance.now() - started);
    }
    process.stdout.write(`  one DELETE of ${rows} rows: ${summary(times)}\n`);
  }

  // A writer beside a whole run: how long one of its statements waits at most.
  const [{ id: interfaceInfoId }] = rowsOf<{ id: string }>(
    await db.execute(sql`SELECT min(id)::text AS id FROM interface_info`),
  );
  let writing = true;
  const waits: number[] = [];
  const writer = (async () => {
    for (let i = 0; writing && i < 100_000; i += 1) {
      const started = performance.now();
      await writeCalls(db, [
        {
          interfaceInfoId,
          userId: '1',
          time: new Date(NOW),
          success: true,
          latency: 5,
          status: 200,
          bytes: 1,
        },
      ]);
      waits.push(performance.now() - started);
      await sleep(2);
    }
  })();
  const started = performance.now();
  const run = await removeOldCalls(db, { days: 90, now: () => NOW });
  const ms = performance.now() - started;
  writing = false;
  await writer;
  process.stdout.write(
    `  a run: ${run.removed} rows in ${run.batches} batches, ${(ms / 1000).toFixed(1)} s; ` +
      `a writer beside it: ${waits.length} writes, ${summary(waits)}\n`,
  );
}

async function main() {
  const pglite = await openPglite();
  try {
    await migrate(pglite);
    await measure('PGlite', pglite);
  } finally {
    await pglite.close();
  }
  const server = await startPostgres();
  try {
    const postgres = await openPostgres(await server.createDatabase());
    try {
      await migrate(postgres);
      await measure('PostgreSQL', postgres);
    } finally {
      await postgres.close();
    }
  } finally {
    await server.close();
  }
}

void main();

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { DEMO_ACCOUNTS } from '@agler/contract/demo/accounts';
import { formatDate, startOfDay } from '@agler/contract/dates';
import { migrate, openPglite, openPostgres } from '../db/connect';
import type { Database } from '../db/connect';
import { rowsOf } from '../db/rows';
import { hourOf, rebuildRollup } from '../domain/rollup';
import { seedDemoData } from '../domain/seed';
import { startPostgres } from '../test/postgres';
import { send, startServer, stopServer } from '../test/process';
import type { ServerProcess } from '../test/process';

/**
 * The server's figures on this machine, printed (not a timed test):
 *
 *   node --import tsx server/scripts/measure.ts [--scale]
 *
 * PGlite's first start (create, migrate, seed) and restart, with the
 * server's memory after each; login; the list page. With --scale, the same
 * reads on 10,000 interfaces and 1,000,000 calls, on PGlite and on a
 * throwaway PostgreSQL cluster (Debian's, as the tests use).
 */

const admin = DEMO_ACCOUNTS.find((a) => a.userRole === 'admin')!;

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024);
}

function percentiles(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
  return `p50 ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms`;
}

async function timed(times: number, run: () => Promise<unknown>): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < times; i += 1) {
    const start = performance.now();
    await run();
    samples.push(performance.now() - start);
  }
  return samples;
}

async function login(server: ServerProcess): Promise<string> {
  const { envelope, setCookie } = await send(`${server.url}/api/user/login`, {
    body: { userAccount: admin.userAccount, userPassword: admin.userPassword },
  });
  if (envelope.code !== 0 || !setCookie) throw new Error(`login failed: ${envelope.message}`);
  return setCookie;
}

async function reads(server: ServerProcess, label: string) {
  const cookie = await login(server);
  const get = (url: string) => async () => {
    const { envelope } = await send(`${server.url}${url}`, { cookie });
    if (envelope.code !== 0) throw new Error(`${url}: ${envelope.message}`);
  };
  const today = Date.now();
  const days90 = `startDate=${formatDate(startOfDay(today, -89))}&endDate=${formatDate(today)}`;
  await timed(20, get('/api/interfaceInfo/list/page')); // warm-up
  console.log(`${label}: login ${percentiles(await timed(20, () => login(server)))}`);
  console.log(
    `${label}: list page (newest first) ${percentiles(await timed(200, get('/api/interfaceInfo/list/page?current=3')))}`,
  );
  console.log(
    `${label}: list page (by name) ${percentiles(await timed(100, get('/api/interfaceInfo/list/page?sortField=name&current=3')))}`,
  );
  console.log(
    `${label}: list page (search) ${percentiles(await timed(100, get('/api/interfaceInfo/list/page?searchText=%E6%9F%A5%E8%AF%A2')))}`,
  );
  console.log(
    `${label}: analysis overview, 90 days ${percentiles(await timed(10, get(`/api/analysis/overview?${days90}`)))}`,
  );
  console.log(
    `${label}: analysis overview, 90 days, first 10 rows (what the page asks) ${percentiles(await timed(10, get(`/api/analysis/overview?${days90}&pageSize=10`)))}`,
  );
  console.log(
    `${label}: usage table, 90 days, by name, page 3 ${percentiles(await timed(10, get(`/api/analysis/interfaces?${days90}&current=3&sortField=name`)))}`,
  );
  console.log(
    `${label}: usage table, 90 days, by p95 (every row's p95) ${percentiles(await timed(10, get(`/api/analysis/interfaces?${days90}&sortField=p95Latency&sortOrder=descend`)))}`,
  );
  console.log(
    `${label}: top interfaces, all history ${percentiles(await timed(10, get('/api/analysis/top/interface/invoke?limit=10')))}`,
  );
}

async function startAndMeasure(env: Record<string, string>, label: string): Promise<ServerProcess> {
  const start = performance.now();
  const server = await startServer(env);
  console.log(
    `${label}: started in ${((performance.now() - start) / 1000).toFixed(1)} s, RSS ${rssMb(server.pid)} MB`,
  );
  return server;
}

/** Grows a demo database to 10,000 interfaces and about 1,000,000 calls over 90 days, and its roll-up. */
async function grow(database: Database) {
  await database.exclusive((db) => seedDemoData(db, { now: Date.now(), interfaceCount: 10_000 }));
  const db = database.db;
  const [{ n }] = rowsOf<{ n: number }>(await db.execute(sql`SELECT count(*)::int AS n FROM interface_call`));
  const missing = 1_000_000 - n;
  // More of the same: the seeded calls again, moved by whole days within the 90, until there are a million.
  for (let shift = 1; shift * n < missing + n; shift += 1) {
    await db.execute(sql`
      INSERT INTO interface_call (interface_info_id, user_id, time, success, latency)
      SELECT interface_info_id, user_id, time - make_interval(days => (${shift} * 7) % 90), success, latency
      FROM interface_call WHERE id <= ${n} ORDER BY id LIMIT ${Math.min(n, missing - (shift - 1) * n)}`);
  }
  // Written around the log's writer: the roll-up is made anew, as the migration makes it for an existing log.
  await rebuildRollup(db, hourOf(Date.now()));
  await db.execute(sql`ANALYZE`);
}

async function main() {
  const scale = process.argv.includes('--scale');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agler-measure-'));
  try {
    const dataDir = path.join(dir, 'data');
    let server = await startAndMeasure(
      { DATA_DIR: dataDir },
      'PGlite first start (create, migrate, demo data)',
    );
    await reads(server, 'PGlite, demo data');
    console.log(`PGlite, demo data: RSS after the reads ${rssMb(server.pid)} MB`);
    await stopServer(server);
    server = await startAndMeasure({ DATA_DIR: dataDir }, 'PGlite restart');
    await stopServer(server);

    if (!scale) return;
    const bigDir = path.join(dir, 'big');
    const big = await openPglite({ dataDir: bigDir });
    await migrate(big);
    await grow(big);
    await big.close();
    server = await startAndMeasure(
      { DATA_DIR: bigDir },
      'PGlite restart, 10,000 interfaces, 1,000,000 calls',
    );
    await reads(server, 'PGlite, 10,000 interfaces, 1,000,000 calls');
    console.log(`PGlite, 10,000 interfaces, 1,000,000 calls: RSS ${rssMb(server.pid)} MB`);
    await stopServer(server);

    const cluster = await startPostgres();
    try {
      const url = await cluster.createDatabase();
      const database = await openPostgres(url);
      await migrate(database);
      await grow(database);
      await database.close();
      server = await startAndMeasure(
        { DATABASE_URL: url },
        'PostgreSQL start, 10,000 interfaces, 1,000,000 calls',
      );
      await reads(server, 'PostgreSQL, 10,000 interfaces, 1,000,000 calls');
      console.log(`PostgreSQL, 10,000 interfaces, 1,000,000 calls: RSS ${rssMb(server.pid)} MB`);
      await stopServer(server);
    } finally {
      await cluster.close();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

void main();

import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Pool } from 'undici';
import { unpackUsage } from '@agler/contract/analysis';
import { ResponseCode } from '@agler/contract/constants';
import { DEMO_ACCOUNTS } from '@agler/contract/demo/accounts';
import { formatDate, startOfDay } from '@agler/contract/dates';
import type { AnalysisOverviewAnswer, KeyPairVO } from '@agler/contract/types';
import { ownClusterAvailable, startPostgres } from '../test/postgres';
import { startServer, stopServer } from '../test/process';
import { at, call, expectData, readCounts, REQUEST_TIMEOUT_MS, waitForHealth } from './benchClient';
import type { ServerProcess } from '../test/process';
import { freshNonce, signedHeaders } from '../test/sign';

/**
 * What the gateway costs, printed (not a timed test):
 *
 *   node --import tsx server/scripts/gatewayBench.ts [--seconds 10] [--clients 32] [--workers 2] [--plan 1]
 *
 * A small upstream of its own (node:http answering a tiny JSON, a process of
 * its own on 127.0.0.1) is called directly, then through `/gateway/{id}` with
 * signed GET calls from the demo `user`'s key, on a real server process: on
 * PGlite, then on PostgreSQL (BENCH_DATABASE_URL, else a throwaway cluster of
 * Debian's PostgreSQL) with one process and with a cluster of two on the same
 * database and port (WORKERS=2; `--workers N` adds a run with N).
 * Each setup: the clients in a loop for the seconds given, each waiting for
 * its answer; calls/s, p50, p99 and the ratio to the direct calls.
 *
 * `--plan 1` charges the calls to a subscription instead of the quota: a
 * monthly plan over the interface with a quota that never runs out (docs/plans.md).
 *
 * The count check: every call answered 200 must be in the analysis of the
 * interface, in the user's usage and in the quota used (total − left; with
 * `--plan`, the subscription's calls used). A
 * mismatch, or a server that does not stop cleanly, exits non-zero.
 */

/** How long the count check waits for the analysis to show every call. */
const COUNT_WAIT_MS = 30_000;
/** More calls than the run can make: the quota never runs out. */
const QUOTA = 100_000_000;
const WARM_UP_CALLS = 200;
const UPSTREAM_BODY = '{"ok":true,"data":"pong"}';

const admin = DEMO_ACCOUNTS.find((a) => a.userRole === 'admin')!;
const user = DEMO_ACCOUNTS.find((a) => a.userRole === 'user')!;

type Options = { seconds: number; clients: number; workers: number; plan: number };

const readOptions = (argv: string[]): Options => readCounts(argv, { seconds: 10, clients: 32, workers: 2, plan: 0 });
/** The largest quota a plan may have (contract/plans.ts). */
const PLAN_QUOTA = 1_000_000_000;


const sleep = (ms: number) =>
  new Promise((resolve) => {
    setTimeout(resolve, ms);
  });

/** What to undo at the end, last first: processes, clusters, temp dirs. Run on failure and on SIGINT too. */
const cleanups: (() => Promise<unknown>)[] = [];
async function cleanUp() {
  while (cleanups.length) {
    try {
      await cleanups.pop()!();
    } catch (error) {
      console.error('clean-up:', error);
    }
  }
}

function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

// ---------------------------------------------------------------- the upstream

/** The upstream's code: a process of its own, so the clients do not share its event loop. */
const UPSTREAM_CODE = `
const http = require('node:http');
const body = Buffer.from(${JSON.stringify(UPSTREAM_BODY)});
const server = http.createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    response.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
    response.end(body);
  });
});
server.keepAliveTimeout = 60000;
server.listen(0, '127.0.0.1', () => process.stdout.write('port ' + server.address().port + '\\n'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
`;

async function startUpstream(): Promise<{ url: string; pid: number }> {
  const child = spawn(process.execPath, ['-e', UPSTREAM_CODE], { detached: true, stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
  });
  cleanups.push(async () => {
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      return;
    }
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // gone
      }
    }, 5_000);
    await exited;
    clearTimeout(timer);
  });
  const port = await new Promise<number>((resolve, reject) => {
    let text = '';
    const timer = setTimeout(() => reject(new Error('the upstream did not start in 10 s')), 10_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const match = /port (\d+)/.exec(text);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    void exited.then(() => reject(new Error('the upstream ended before it started')));
  });
  return { url: `http://127.0.0.1:${port}`, pid: child.pid! };
}

// ---------------------------------------------------------------- calls

async function login(pool: Pool, account: { userAccount: string; userPassword: string }): Promise<string> {
  const answer = await call(pool, '/api/user/login', {
    body: { userAccount: account.userAccount, userPassword: account.userPassword },
  });
  if (answer.envelope?.code !== ResponseCode.SUCCESS || !answer.setCookie) {
    throw new Error(`login as ${account.userAccount} failed: ${answer.envelope?.message ?? `HTTP ${answer.status}`}`);
  }
  return answer.setCookie;
}

/** How the calls of a run ended. */
type Tally = { ok: number; status: Map<number, number>; transport: number };
const newTally = (): Tally => ({ ok: 0, status: new Map(), transport: 0 });

function describeFailures(t: Tally): string {
  const parts = [
    ...[...t.status].map(([status, n]) => `${n} × HTTP ${status}`),
    t.transport ? `${t.transport} without an answer` : '',
  ].filter(Boolean);
  return parts.join(', ');
}

/** One timed call; never throws. */
async function timed(pool: Pool, pathAndQuery: string, headers: Record<string, string>, tally: Tally): Promise<number> {
  const start = performance.now();
  try {
    const response = await pool.request({
      path: pathAndQuery,
      method: 'GET',
      headers,
      headersTimeout: REQUEST_TIMEOUT_MS,
      bodyTimeout: REQUEST_TIMEOUT_MS,
    });
    await response.body.text();
    if (response.statusCode === 200) tally.ok += 1;
    else tally.status.set(response.statusCode, (tally.status.get(response.statusCode) ?? 0) + 1);
  } catch {
    tally.transport += 1;
  }
  return performance.now() - start;
}

type Result = { label: string; rate: number; p50: number; p99: number; tally: Tally; calls: number; cpuPerCall?: number };

/** Clock ticks per second of /proc's CPU times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** CPU time (user + system, ms) of every process in process group `group` (a server and its workers); 0 without /proc. */
function groupCpuMs(group: number): number {
  let ticks = 0;
  let entries: string[] = [];
  try {
    entries = fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return 0;
  }
  for (const pid of entries) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // After the name: state ppid pgrp … utime (11th) stime (12th).
      if (Number(fields[2]) === group) ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // ended meanwhile
    }
  }
  return (ticks * 1000) / TICKS_PER_SECOND;
}

/**
 * `clients` loops for `seconds`, each waiting for its answer; client k's i-th call goes to pool (k + i) mod n,
 * so with two servers each client alternates between them.
 */
async function load(
  label: string,
  pools: Pool[],
  options: Options,
  request: () => { path: string; headers: Record<string, string> },
): Promise<Result> {
  const tally = newTally();
  const samples: number[] = [];
  // Bounded in count too: more than any server could answer in the time.
  const maxPerClient = options.seconds * 10_000;
  const start = performance.now();
  const deadline = start + options.seconds * 1000;
  await Promise.all(
    Array.from({ length: options.clients }, async (_, k) => {
      for (let i = 0; i < maxPerClient && performance.now() < deadline; i += 1) {
        const { path: pathAndQuery, headers } = request();
        samples.push(await timed(pools[(k + i) % pools.length], pathAndQuery, headers, tally));
      }
    }),
  );
  const elapsed = (performance.now() - start) / 1000;
  samples.sort((a, b) => a - b);
  const result = { label, rate: samples.length / elapsed, p50: at(samples, 0.5), p99: at(samples, 0.99), tally, calls: samples.length };
  const failures = describeFailures(tally);
  console.log(
    `${label}: ${samples.length} calls in ${elapsed.toFixed(1)} s, ${Math.round(result.rate)}/s, p50 ${result.p50.toFixed(2)} ms, p99 ${result.p99.toFixed(2)} ms${
      failures ? `; not 200: ${failures}` : ''
    }`,
  );
  return result;
}

// ---------------------------------------------------------------- the platform

type Running = { server: ServerProcess; pool: Pool };

/** A server process, stopped (SIGTERM to its group) at the end; `stop` answers whether it ended with 0. */
async function platform(env: Record<string, string>, options: Options) {
  // Nothing of this shell's own server settings: the bench's database, the default public address, no logs.
  const server = await startServer({ DATABASE_URL: '', DATA_DIR: '', PUBLIC_URL: '', LOG_LEVEL: 'silent', ...env });
  const pool = new Pool(server.url, { connections: options.clients, pipelining: 1 });
  let stopped: Promise<boolean> | undefined;
  const stop = () => {
    stopped ??= (async () => {
      await pool.close().catch(() => undefined);
      const timer = setTimeout(() => server.signal('SIGKILL'), 40_000);
      const { code, signal } = await stopServer(server);
      clearTimeout(timer);
      if (code !== 0) console.log(`the server ${server.pid} ended with ${code ?? signal}:\n${server.output().slice(-2000)}`);
      return code === 0;
    })();
    return stopped;
  };
  cleanups.push(stop);
  await waitForHealth(pool);
  return { running: { server, pool } as Running, stop };
}

type Target = { id: string; pair: KeyPairVO; adminCookie: string; userCookie: string; range: string; planId?: string };

/** An online GET interface pointing at the upstream, the user's key pair, and a quota (or a plan's) that never runs out. */
async function prepare(pool: Pool, upstream: string, withPlan: boolean): Promise<Target> {
  const adminCookie = await login(pool, admin);
  const userCookie = await login(pool, user);
  const id = await expectData<string>(
    call(pool, '/api/interfaceInfo/add', {
      cookie: adminCookie,
      body: { name: `bench upstream ${Date.now()}`, description: 'gatewayBench', url: `${upstream}/ping`, method: 'GET' },
    }),
    'adding the interface',
  );
  await expectData(call(pool, '/api/interfaceInfo/online', { cookie: adminCookie, body: { id } }), 'putting it online');
  const pair = await expectData<KeyPairVO>(
    call(pool, '/api/user/key/regenerate', { cookie: userCookie, body: {} }),
    "the user's key pair",
  );
  const userId = await expectData<{ id: string }>(call(pool, '/api/user/get/login', { cookie: userCookie }), 'the user').then(
    (u) => String(u.id),
  );
  await expectData(
    call(pool, '/api/userInterfaceInfo/update', { cookie: adminCookie, body: { userId, interfaceInfoId: id, leftNum: QUOTA } }),
    "raising the user's quota",
  );
  let planId: string | undefined;
  if (withPlan) {
    planId = String(
      await expectData<string>(
        call(pool, '/api/plan/add', {
          cookie: adminCookie,
          body: {
            name: `bench plan ${Date.now()}`,
            interfaceIds: [id],
            quota: PLAN_QUOTA,
            period: 'month',
            approval: false,
            overage: 'allow',
            visibility: 'public',
          },
        }),
        'adding the plan',
      ),
    );
    await expectData(call(pool, '/api/subscription/add', { cookie: userCookie, body: { planId } }), 'subscribing to it');
  }
  // The calls are recorded at their start; a range from yesterday to tomorrow holds all of them, also across midnight.
  const now = Date.now();
  const range = `startDate=${formatDate(startOfDay(now, -1))}&endDate=${formatDate(startOfDay(now, 1))}`;
  return { id: String(id), pair, adminCookie, userCookie, range, planId };
}

function signedCall(target: Target) {
  const pathAndQuery = `/gateway/${target.id}`;
  return () => ({
    path: pathAndQuery,
    headers: signedHeaders(target.pair, 'GET', pathAndQuery, {
      timestamp: Math.floor(Date.now() / 1000),
      nonce: freshNonce(),
    }),
  });
}

type Counts = { analysis: number; usage: number; quotaUsed: number };

/** The three counts; every server's overview is read, each flushing its own call log first. */
async function counts(pools: Pool[], target: Target): Promise<Counts> {
  let analysis = 0;
  for (const pool of pools) {
    const data = await expectData<AnalysisOverviewAnswer>(
      call(pool, `/api/analysis/overview?${target.range}`, { cookie: target.adminCookie }),
      'the analysis overview',
    );
    analysis = unpackUsage(data.interfaces).find((row) => String(row.interfaceInfoId) === target.id)?.calls ?? 0;
  }
  const usage = await expectData<{ interfaceInfoId: string | number; calls: number; leftNum: number; totalNum: number }[]>(
    call(pools[0], '/api/user/usage', { cookie: target.userCookie }),
    "the user's usage",
  );
  const row = usage.find((r) => String(r.interfaceInfoId) === target.id);
  if (target.planId) {
    const held = await expectData<{ records: { planId: string | number; used: number }[] }>(
      call(pools[0], '/api/subscription/list?pageSize=50', { cookie: target.userCookie }),
      "the user's subscriptions",
    );
    const used = held.records.find((s) => String(s.planId) === target.planId)?.used ?? 0;
    return { analysis, usage: row?.calls ?? 0, quotaUsed: used };
  }
  return { analysis, usage: row?.calls ?? 0, quotaUsed: row ? row.totalNum - row.leftNum : 0 };
}

/** Waits (bounded) until the analysis shows `expected` calls; answers OK or the differences. */
async function countCheck(pools: Pool[], target: Target, expected: number): Promise<{ ok: boolean; text: string }> {
  const deadline = performance.now() + COUNT_WAIT_MS;
  let seen = await counts(pools, target);
  for (let attempt = 0; attempt < 100 && seen.analysis !== expected && performance.now() < deadline; attempt += 1) {
    await sleep(500);
    seen = await counts(pools, target);
  }
  const differences = (Object.entries(seen) as [keyof Counts, number][])
    .filter(([, n]) => n !== expected)
    .map(([name, n]) => `${name} ${n}`);
  return differences.length
    ? { ok: false, text: `MISMATCH: ${expected} answered 200, ${differences.join(', ')}` }
    : { ok: true, text: `OK (${expected})` };
}

type Row = { setup: string; result?: Result; check: string };

/** One setup: `processes` servers on `env`'s database, the warm-up, the run, the count check, the stop. */
async function benchGateway(
  setup: string,
  envs: Record<string, string>[],
  upstream: string,
  options: Options,
): Promise<{ row: Row; ok: boolean }> {
  const started = performance.now();
  const servers: { running: Running; stop: () => Promise<boolean> }[] = [];
  // One after the other: the first start migrates and seeds the database.
  for (const env of envs) servers.push(await platform(env, options));
  console.log(
    `${setup}: ${servers.length === 1 ? 'server' : 'servers'} up in ${((performance.now() - started) / 1000).toFixed(1)} s (pid ${servers
      .map((s) => s.running.server.pid)
      .join(', ')})`,
  );
  const pools = servers.map((s) => s.running.pool);
  const target = await prepare(pools[0], upstream, options.plan > 0);
  const next = signedCall(target);

  const warmUp = newTally();
  for (let i = 0; i < WARM_UP_CALLS; i += 1) {
    const { path: p, headers } = next();
    await timed(pools[i % pools.length], p, headers, warmUp);
  }
  if (warmUp.ok === 0) throw new Error(`${setup}: no warm-up call answered 200 (${describeFailures(warmUp)})`);
  const cpuBefore = servers.reduce((sum, s) => sum + groupCpuMs(s.running.server.pid), 0);
  const result = await load(setup, pools, options, next);
  const cpuAfter = servers.reduce((sum, s) => sum + groupCpuMs(s.running.server.pid), 0);
  result.cpuPerCall = cpuAfter > cpuBefore ? (cpuAfter - cpuBefore) / result.calls : undefined;
  console.log(
    `${setup}: the server's CPU per call ${result.cpuPerCall === undefined ? 'unknown' : `${(result.cpuPerCall * 1000).toFixed(0)} µs`}`,
  );
  const check = await countCheck(pools, target, warmUp.ok + result.tally.ok);
  console.log(`${setup}: count check (the warm-up's ${warmUp.ok} calls included): ${check.text}`);
  let stoppedCleanly = true;
  for (const s of servers) stoppedCleanly = (await s.stop()) && stoppedCleanly;
  const failures = describeFailures(result.tally);
  return {
    row: { setup, result, check: `${check.ok ? 'OK' : check.text}${failures ? `; not 200: ${failures}` : ''}` },
    ok: check.ok && stoppedCleanly,
  };
}

/** A PGlite data directory from the tests' template (quick), or none: the server then makes its own. */
function pgliteDir(): string {
  const dataDir = path.join(tempDir('agler-gateway-bench-'), 'data');
  const made = spawnSync(process.execPath, ['--import', 'tsx', path.join(__dirname, '../test/templateDir.ts'), dataDir], {
    stdio: ['ignore', 'ignore', 'pipe'],
    timeout: 180_000,
  });
  if (made.status !== 0) {
    console.log(`gateway on PGlite: the template did not load (${made.stderr?.toString().trim().slice(-300)}), a fresh database instead`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return dataDir;
}

async function postgresUrl(): Promise<string | undefined> {
  const url = process.env.BENCH_DATABASE_URL;
  if (url) {
    const host = new URL(url).hostname;
    if (host !== '127.0.0.1' && host !== 'localhost' && host !== '[::1]') {
      throw new Error(`BENCH_DATABASE_URL must be on this machine (127.0.0.1), not ${host}`);
    }
    return url;
  }
  if (!ownClusterAvailable) return undefined;
  const cluster = await startPostgres({ own: true });
  cleanups.push(() => cluster.close());
  return cluster.createDatabase();
}

function printTable(rows: Row[], direct: Result) {
  const cells = rows.map(({ setup, result, check }) => [
    setup,
    result ? Math.round(result.rate).toLocaleString('en-US') : '',
    result ? `${result.p50.toFixed(1)} ms` : '',
    result ? `${result.p99.toFixed(1)} ms` : '',
    result ? (result === direct ? '1' : `${(result.rate / direct.rate).toFixed(3)}`) : '',
    result?.cpuPerCall === undefined ? '' : `${Math.round(result.cpuPerCall * 1000)} µs`,
    check,
  ]);
  const header = ['setup', 'calls/s', 'p50', 'p99', 'ratio to direct', 'server CPU per call', 'count check'];
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const line = (c: string[]) => `| ${c.map((text, i) => text.padEnd(widths[i])).join(' | ')} |`;
  console.log();
  console.log(line(header));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const c of cells) console.log(line(c));
}

async function main() {
  const options = readOptions(process.argv.slice(2));
  const load1 = os.loadavg()[0];
  console.log(
    `gateway: ${options.clients} clients, ${options.seconds} s per setup; ${os.cpus().length} cores, load average ${load1.toFixed(1)}${
      load1 > 3 ? ' (machine busy)' : ''
    }`,
  );
  const upstream = await startUpstream();
  const allow = { INVOKE_ALLOW_HOSTS: new URL(upstream.url).host };

  const directPool = new Pool(upstream.url, { connections: options.clients, pipelining: 1 });
  cleanups.push(() => directPool.close());
  const warm = newTally();
  for (let i = 0; i < WARM_UP_CALLS; i += 1) await timed(directPool, '/ping', {}, warm);
  const direct = await load('upstream directly', [directPool], options, () => ({ path: '/ping', headers: {} }));
  const rows: Row[] = [{ setup: 'upstream directly', result: direct, check: '' }];
  let good = direct.tally.ok === direct.calls;

  const run = async (setup: string, envs: Record<string, string>[]) => {
    try {
      const { row, ok } = await benchGateway(setup, envs, upstream.url, options);
      rows.push(row);
      good = ok && good;
    } catch (error) {
      console.error(`${setup}:`, error);
      rows.push({ setup, check: `FAILED: ${(error as Error).message.split('\n')[0]}` });
      good = false;
    }
  };

  await run('gateway, PGlite', [{ ...allow, DATA_DIR: pgliteDir() }]);

  let url: string | undefined;
  try {
    url = await postgresUrl();
  } catch (error) {
    console.error('PostgreSQL:', error);
    good = false;
  }
  if (url) {
    await run('gateway, PostgreSQL, 1 process', [{ ...allow, DATABASE_URL: url, WORKERS: '1' }]);
    // The same database again (the first setup's interface and calls stay; a new interface is counted alone).
    await run('gateway, PostgreSQL, 2 processes', [{ ...allow, DATABASE_URL: url, WORKERS: '2' }]);
    if (options.workers > 2) {
      await run(`gateway, PostgreSQL, ${options.workers} processes`, [
        { ...allow, DATABASE_URL: url, WORKERS: String(options.workers) },
      ]);
    }
  } else {
    console.log('PostgreSQL: skipped, none available (BENCH_DATABASE_URL, or Debian\'s PostgreSQL for a throwaway cluster)');
  }
  printTable(rows, direct);
  if (!good) process.exitCode = 1;
}

process.once('SIGINT', () => {
  void cleanUp().then(() => process.exit(130));
});
process.once('SIGTERM', () => {
  void cleanUp().then(() => process.exit(143));
});

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(cleanUp);

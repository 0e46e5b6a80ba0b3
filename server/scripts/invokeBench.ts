import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Pool } from 'undici';
import { unpackUsage } from '@agler/contract/analysis';
import { ResponseCode } from '@agler/contract/constants';
import { DEMO_ACCOUNTS } from '@agler/contract/demo/accounts';
import { formatDate, startOfDay } from '@agler/contract/dates';
import type { AnalysisOverviewAnswer, InterfaceInfo, Page } from '@agler/contract/types';
import { startServer, stopServer } from '../test/process';
import { at, call, expectData, readCounts, waitForHealth } from './benchClient';
import type { ServerProcess } from '../test/process';

/**
 * What invoke costs, printed (not a timed test):
 *
 *   node --import tsx server/scripts/invokeBench.ts [--seconds 30] [--clients 50] [--calls 3000]
 *
 * One server process, calling the demo interfaces it serves itself under
 * /demo. On a fresh PGlite database, then on PostgreSQL when
 * BENCH_DATABASE_URL names an empty database:
 *
 * 1. overhead: sequential calls straight to the demo URL and as many invokes
 *    of that interface, alternating, so background load hits both alike;
 * 2. load: concurrent clients invoking in a loop, each waiting for its
 *    answer (the goal: at least 1,500 invokes/s with p99 under 100 ms on
 *    PostgreSQL), then the server's RSS;
 * 3. the count: the analysis must show exactly one more call of the
 *    interface per invoke that reached it. A mismatch exits non-zero.
 */

const GOAL_RATE = 1500;
const GOAL_P99_MS = 100;
/** The cheap GET demo interfaces, first choice first: the first online one that answers is measured. */
const CANDIDATES = ['随机 UUID', '随机数生成', 'BMI 计算'];
/** A phase of sequential calls stops here even when its count is not reached (a stalled server). */
const SEQUENTIAL_LIMIT_MS = 180_000;
const WARM_UP_CALLS = 300;

const admin = DEMO_ACCOUNTS.find((a) => a.userRole === 'admin')!;

type Options = { seconds: number; clients: number; calls: number };

const readOptions = (argv: string[]): Options => readCounts(argv, { seconds: 30, clients: 50, calls: 3000 });


const ms = (n: number) => `${n.toFixed(2)} ms`;

function procStatus(pid: number, field: string): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)![1]) / 1024);
}

/** CPU seconds (user + system) the process used so far; Linux counts in ticks of 1/100 s. */
function cpuSeconds(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

type Target = { id: string; name: string; directPath: string };

/** The first candidate that is online and whose invoke answers code 0. */
async function pickInterface(pool: Pool, cookie: string): Promise<Target> {
  for (const name of CANDIDATES) {
    const page = await expectData<Page<InterfaceInfo>>(
      call(pool, `/api/interfaceInfo/list/page?name=${encodeURIComponent(name)}`, { cookie }),
      'the catalogue',
    );
    const found = page.records.find((r) => r.name === name && r.status === 1 && r.method === 'GET');
    if (!found) continue;
    const url = new URL(found.url);
    if (!url.pathname.startsWith('/demo/')) continue;
    const probe = await call(pool, '/api/interfaceInfo/invoke', {
      cookie,
      body: { id: found.id, userRequestParams: '' },
    });
    if (probe.status === 200 && probe.envelope?.code === ResponseCode.SUCCESS) {
      return { id: String(found.id), name, directPath: `${url.pathname}${url.search}` };
    }
  }
  throw new Error(`none of ${CANDIDATES.join(', ')} is online on /demo and answers an invoke`);
}

/** How each invoke ended: `reached` ones are those the call log counts (code 0 and the interface's own failures, 50200). */
type Tally = { ok: number; upstreamError: number; otherCode: Map<number, number>; httpStatus: Map<number, number>; transport: number };

const newTally = (): Tally => ({ ok: 0, upstreamError: 0, otherCode: new Map(), httpStatus: new Map(), transport: 0 });
const bump = (map: Map<number, number>, key: number) => map.set(key, (map.get(key) ?? 0) + 1);
const reachedOf = (t: Tally) => t.ok + t.upstreamError;
const failedOf = (t: Tally) =>
  t.upstreamError +
  t.transport +
  [...t.otherCode.values(), ...t.httpStatus.values()].reduce((a, b) => a + b, 0);

function describeFailures(t: Tally): string {
  const parts = [
    t.upstreamError ? `${t.upstreamError} × code ${ResponseCode.UPSTREAM_ERROR}` : '',
    ...[...t.otherCode].map(([code, n]) => `${n} × code ${code}`),
    ...[...t.httpStatus].map(([status, n]) => `${n} × HTTP ${status}`),
    t.transport ? `${t.transport} without an answer` : '',
  ].filter(Boolean);
  return parts.length ? parts.join(', ') : 'none';
}

/** One invoke, timed and tallied; never throws. */
async function invokeOnce(pool: Pool, cookie: string, id: string, tally: Tally): Promise<number> {
  const start = performance.now();
  try {
    const { status, envelope } = await call(pool, '/api/interfaceInfo/invoke', {
      cookie,
      body: { id, userRequestParams: '' },
    });
    if (status !== 200) bump(tally.httpStatus, status);
    else if (envelope?.code === ResponseCode.SUCCESS) tally.ok += 1;
    else if (envelope?.code === ResponseCode.UPSTREAM_ERROR) tally.upstreamError += 1;
    else bump(tally.otherCode, envelope?.code ?? -1);
  } catch {
    tally.transport += 1;
  }
  return performance.now() - start;
}

async function directOnce(pool: Pool, target: Target): Promise<number> {
  const start = performance.now();
  const { status } = await call(pool, target.directPath);
  if (status !== 200) throw new Error(`GET ${target.directPath}: HTTP ${status}`);
  return performance.now() - start;
}

/** Calls of the interface in the analysis of a fixed range around today (flushes the call log first). */
async function callsInAnalysis(pool: Pool, cookie: string, id: string, range: string): Promise<number> {
  const data = await expectData<AnalysisOverviewAnswer>(
    call(pool, `/api/analysis/overview?${range}`, { cookie }),
    'the analysis overview',
  );
  return unpackUsage(data.interfaces).find((row) => String(row.interfaceInfoId) === id)?.calls ?? 0;
}

async function overhead(pool: Pool, cookie: string, target: Target, label: string, count: number) {
  const direct: number[] = [];
  const invoked: number[] = [];
  const tally = newTally();
  const deadline = performance.now() + SEQUENTIAL_LIMIT_MS;
  for (let i = 0; i < count && performance.now() < deadline; i += 1) {
    direct.push(await directOnce(pool, target));
    invoked.push(await invokeOnce(pool, cookie, target.id, tally));
  }
  direct.sort((a, b) => a - b);
  invoked.sort((a, b) => a - b);
  const [d50, d99, i50, i99] = [at(direct, 0.5), at(direct, 0.99), at(invoked, 0.5), at(invoked, 0.99)];
  console.log(`${label}: overhead, ${direct.length} sequential calls each (${target.name}, GET ${target.directPath})`);
  console.log(`${label}:   upstream directly  p50 ${ms(d50)}, p99 ${ms(d99)}`);
  console.log(`${label}:   invoke             p50 ${ms(i50)}, p99 ${ms(i99)}, failed: ${describeFailures(tally)}`);
  console.log(`${label}:   invoke's overhead  p50 +${ms(i50 - d50)}, p99 +${ms(i99 - d99)}`);
  return tally;
}

async function load(server: ServerProcess, pool: Pool, cookie: string, target: Target, label: string, options: Options) {
  const tally = newTally();
  const samples: number[] = [];
  const durationMs = options.seconds * 1000;
  // Bounded in count too: more than any server could answer in the time.
  const maxPerClient = options.seconds * 2_000;
  const serverCpu = cpuSeconds(server.pid);
  const ownCpu = process.cpuUsage();
  const start = performance.now();
  const deadline = start + durationMs;
  await Promise.all(
    Array.from({ length: options.clients }, async () => {
      for (let i = 0; i < maxPerClient && performance.now() < deadline; i += 1) {
        samples.push(await invokeOnce(pool, cookie, target.id, tally));
      }
    }),
  );
  const elapsed = (performance.now() - start) / 1000;
  const serverShare = (cpuSeconds(server.pid) - serverCpu) / elapsed;
  const used = process.cpuUsage(ownCpu);
  const ownShare = (used.user + used.system) / 1e6 / elapsed;
  samples.sort((a, b) => a - b);
  const rate = samples.length / elapsed;
  const p99 = at(samples, 0.99);
  console.log(`${label}: load, ${options.clients} concurrent clients for ${elapsed.toFixed(1)} s`);
  console.log(
    `${label}:   ${Math.round(rate)} invokes/s (${samples.length}), p50 ${ms(at(samples, 0.5))}, p99 ${ms(p99)}, max ${ms(samples[samples.length - 1] ?? NaN)}`,
  );
  console.log(`${label}:   failed ${failedOf(tally)}: ${describeFailures(tally)}`);
  console.log(
    `${label}:   CPU: server ${Math.round(serverShare * 100)}% of a core, this client ${Math.round(ownShare * 100)}% (${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(1)})`,
  );
  console.log(
    `${label}:   server RSS after the run ${procStatus(server.pid, 'VmRSS')} MB (peak ${procStatus(server.pid, 'VmHWM')} MB)`,
  );
  return { tally, rate, p99 };
}

/** One server, start to stop; answers whether the count check held and the server stopped cleanly. */
async function benchOne(env: Record<string, string>, label: string, options: Options): Promise<boolean> {
  const started = performance.now();
  // Nothing of this shell's own server settings: the bench's database, the default public address, no logs.
  const server = await startServer({ DATABASE_URL: '', DATA_DIR: '', PUBLIC_URL: '', INVOKE_ALLOW_HOSTS: '', LOG_LEVEL: 'silent', ...env });
  const pool = new Pool(server.url, { connections: options.clients, pipelining: 1 });
  let stopped = false;
  const stop = async () => {
    if (stopped) return undefined;
    stopped = true;
    await pool.close();
    return stopServer(server);
  };
  const onSignal = () => {
    void stop().then(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  try {
    await waitForHealth(pool);
    console.log(`${label}: server up in ${((performance.now() - started) / 1000).toFixed(1)} s (pid ${server.pid})`);
    const login = await call(pool, '/api/user/login', {
      body: { userAccount: admin.userAccount, userPassword: admin.userPassword },
    });
    if (login.envelope?.code !== ResponseCode.SUCCESS || !login.setCookie) {
      throw new Error(`login failed: ${login.envelope?.message ?? `HTTP ${login.status}`}`);
    }
    const cookie = login.setCookie;
    const target = await pickInterface(pool, cookie);

    // The calls are recorded at their start; a range from yesterday to tomorrow holds all of them, also across midnight.
    const now = Date.now();
    const range = `startDate=${formatDate(startOfDay(now, -1))}&endDate=${formatDate(startOfDay(now, 1))}`;
    const warmUp = newTally();
    for (let i = 0; i < WARM_UP_CALLS; i += 1) {
      await directOnce(pool, target);
      await invokeOnce(pool, cookie, target.id, warmUp);
    }
    const before = await callsInAnalysis(pool, cookie, target.id, range);

    const sequential = await overhead(pool, cookie, target, label, options.calls);
    const loaded = await load(server, pool, cookie, target, label, options);

    const after = await callsInAnalysis(pool, cookie, target.id, range);
    const expected = reachedOf(sequential) + reachedOf(loaded.tally);
    const unknown = sequential.transport + loaded.tally.transport;
    const matches = after - before === expected;
    console.log(
      `${label}: count: the analysis shows ${after - before} more calls of ${target.name}, ${expected} invokes reached it (overhead and load)${
        unknown ? `; ${unknown} invokes had no answer, so whether they reached it is unknown` : ''
      }: ${matches ? 'match' : 'MISMATCH'}`,
    );
    const goal = loaded.rate >= GOAL_RATE && loaded.p99 < GOAL_P99_MS;
    console.log(
      `${label}: goal (≥ ${GOAL_RATE} invokes/s with p99 < ${GOAL_P99_MS} ms): ${goal ? 'met' : 'missed'}`,
    );
    const { code, signal } = (await stop())!;
    if (code !== 0) console.log(`${label}: the server ended with ${code ?? signal}:\n${server.output().slice(-2000)}`);
    return matches && code === 0;
  } finally {
    process.removeListener('SIGINT', onSignal);
    await stop();
  }
}

async function main() {
  const options = readOptions(process.argv.slice(2));
  let good = true;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agler-invoke-bench-'));
  try {
    good = (await benchOne({ DATA_DIR: path.join(dir, 'data') }, 'invoke on PGlite', options)) && good;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const url = process.env.BENCH_DATABASE_URL;
  if (url) {
    const host = new URL(url).hostname;
    if (host !== '127.0.0.1' && host !== 'localhost' && host !== '[::1]') {
      throw new Error(`BENCH_DATABASE_URL must be on this machine (127.0.0.1), not ${host}`);
    }
    good = (await benchOne({ DATABASE_URL: url }, 'invoke on PostgreSQL', options)) && good;
  } else {
    console.log(
      'invoke on PostgreSQL: skipped, BENCH_DATABASE_URL is not set (postgres://user@127.0.0.1:PORT/db, an empty database)',
    );
  }
  if (!good) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});

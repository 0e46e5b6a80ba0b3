import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Pool } from 'undici';
import { ResponseCode } from '@agler/contract/constants';
import { DEMO_ACCOUNTS } from '@agler/contract/demo/accounts';
import type { KeyPairVO } from '@agler/contract/types';
import { migrate, openPglite, openPostgres } from '../db/connect';
import type { Database } from '../db/connect';
import { seedDemoData } from '../domain/seed';
import { ownClusterAvailable, startPostgres } from '../test/postgres';
import { startServer, stopServer } from '../test/process';
import { freshNonce, signedHeaders } from '../test/sign';
import { at, call, expectData, readCounts, waitForHealth } from './benchClient';

/**
 * Whether the platform keeps answering while it imports, printed (not a timed test):
 *
 *   node --import tsx server/scripts/importBench.ts [--interfaces 10000] [--operations 2000]
 *
 * A catalogue of `interfaces` demo interfaces, then one OpenAPI document of
 * `operations` new GET operations imported through `POST /api/interfaceInfo/import`,
 * while two probes (one `/api/health`, one signed gateway call to a small upstream
 * on 127.0.0.1) each ask again 50 ms after each answer. On PGlite, then on
 * PostgreSQL (BENCH_DATABASE_URL, else a throwaway cluster of Debian's PostgreSQL).
 * Prints the import's seconds and each probe's p50, p99 and slowest answer.
 */

const admin = DEMO_ACCOUNTS.find((a) => a.userRole === 'admin')!;
const user = DEMO_ACCOUNTS.find((a) => a.userRole === 'user')!;
const PROBE_PAUSE_MS = 50;
/** An import slower than this fails the run. */
const IMPORT_TIMEOUT_MS = 600_000;
/** More probes than an import within the timeout could see. */
const MAX_PROBES = 20_000;

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

const sleep = (ms: number) =>
  new Promise((resolve) => {
    setTimeout(resolve, ms);
  });

async function startUpstream(): Promise<string> {
  const server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => response.end('{"ok":true}'));
  });
  await new Promise<void>((resolve) => {
    server.listen(0, '127.0.0.1', resolve);
  });
  cleanups.push(
    () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(resolve);
      }),
  );
  return `127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A document of `count` GET operations with names spread over the catalogue's order. */
function documentOf(count: number): string {
  const words = ['查询', '用户', '订单', '天气', 'alpha', '支付', '图片', 'Zeta', '地址', '消息'];
  const paths = Object.fromEntries(
    Array.from({ length: count }, (_, i) => [
      `/import-bench/${i}`,
      {
        get: {
          summary: `${words[i % words.length]}${words[(i * 7) % words.length]}接口${i}`,
          responses: { 200: { description: 'ok' } },
        },
      },
    ]),
  );
  return JSON.stringify({
    openapi: '3.1.0',
    info: { title: 'bench', version: '1' },
    servers: [{ url: 'http://127.0.0.1:9' }],
    paths,
  });
}

async function seeded(database: Database, interfaces: number) {
  try {
    await migrate(database);
    await database.exclusive((db) => seedDemoData(db, { now: Date.now(), interfaceCount: interfaces }));
  } finally {
    await database.close();
  }
}

type Probe = { samples: number[]; failed: number };

/** Asks `request` again and again until `done`, each answer timed. */
async function probe(done: () => boolean, request: () => Promise<boolean>): Promise<Probe> {
  const result: Probe = { samples: [], failed: 0 };
  for (let i = 0; i < MAX_PROBES && !done(); i += 1) {
    const start = performance.now();
    const ok = await request().catch(() => false);
    result.samples.push(performance.now() - start);
    if (!ok) result.failed += 1;
    await sleep(PROBE_PAUSE_MS);
  }
  return result;
}

function describe(label: string, { samples, failed }: Probe): string {
  const sorted = [...samples].sort((a, b) => a - b);
  return `${label} ${sorted.length} probes, p50 ${at(sorted, 0.5).toFixed(0)} ms, p99 ${at(sorted, 0.99).toFixed(0)} ms, max ${sorted[sorted.length - 1]?.toFixed(0)} ms${
    failed ? `, ${failed} not answered 200 / code 0` : ''
  }`;
}

/** One database: the server on it, an interface on the upstream for the gateway probe, the import under the probes. */
async function run(
  label: string,
  env: Record<string, string>,
  upstream: string,
  operations: number,
): Promise<boolean> {
  const server = await startServer({
    DATABASE_URL: '',
    DATA_DIR: '',
    PUBLIC_URL: '',
    LOG_LEVEL: 'silent',
    INVOKE_ALLOW_HOSTS: upstream,
    ...env,
  });
  const pool = new Pool(server.url, { connections: 4, pipelining: 1 });
  try {
    await waitForHealth(pool);
    const login = async (account: { userAccount: string; userPassword: string }) => {
      const answer = await call(pool, '/api/user/login', { body: account });
      if (answer.envelope?.code !== ResponseCode.SUCCESS || !answer.setCookie)
        throw new Error(`login as ${account.userAccount} failed`);
      return answer.setCookie;
    };
    const adminCookie = await login(admin);
    const userCookie = await login(user);
    const id = String(
      await expectData<string>(
        call(pool, '/api/interfaceInfo/add', {
          cookie: adminCookie,
          body: {
            name: 'import bench upstream',
            description: 'importBench',
            url: `http://${upstream}/ping`,
            method: 'GET',
          },
        }),
        'adding the interface',
      ),
    );
    await expectData(
      call(pool, '/api/interfaceInfo/online', { cookie: adminCookie, body: { id } }),
      'putting it online',
    );
    const pair = await expectData<KeyPairVO>(
      call(pool, '/api/user/key/regenerate', { cookie: userCookie, body: {} }),
      'the key pair',
    );
    const gatewayPath = `/gateway/${id}`;
    const gateway = async () => {
      const response = await pool.request({
        path: gatewayPath,
        method: 'GET',
        headers: signedHeaders(pair, 'GET', gatewayPath, {
          timestamp: Math.floor(Date.now() / 1000),
          nonce: freshNonce(),
        }),
      });
      await response.body.text();
      return response.statusCode === 200;
    };
    const health = async () => (await call(pool, '/api/health')).envelope?.code === ResponseCode.SUCCESS;
    for (let i = 0; i < 20; i += 1) await Promise.all([health(), gateway()]);

    let done = false;
    const probes = Promise.all([probe(() => done, health), probe(() => done, gateway)]);
    const body = JSON.stringify({ document: documentOf(operations), dryRun: false });
    const start = performance.now();
    let written = 0;
    try {
      const response = await pool.request({
        path: '/api/interfaceInfo/import',
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: adminCookie },
        body,
        headersTimeout: IMPORT_TIMEOUT_MS,
        bodyTimeout: IMPORT_TIMEOUT_MS,
      });
      const answer = JSON.parse(await response.body.text()) as {
        code: number;
        message: string;
        data?: { ids?: string[] };
      };
      if (answer.code !== ResponseCode.SUCCESS)
        throw new Error(`the import failed: ${answer.code} ${answer.message}`);
      written = answer.data?.ids?.length ?? 0;
    } finally {
      done = true;
    }
    const seconds = (performance.now() - start) / 1000;
    const [healthProbe, gatewayProbe] = await probes;
    console.log(
      `${label}: import of ${operations} operations (${written} written) in ${seconds.toFixed(1)} s`,
    );
    console.log(`${label}: ${describe('/api/health:', healthProbe)}`);
    console.log(`${label}: ${describe('gateway:', gatewayProbe)}`);
    return written === operations && healthProbe.failed === 0 && gatewayProbe.failed === 0;
  } finally {
    await pool.close().catch(() => undefined);
    const { code } = await stopServer(server);
    if (code !== 0) console.log(`${label}: the server ended with ${code}:\n${server.output().slice(-2000)}`);
  }
}

async function postgresUrl(): Promise<string | undefined> {
  const url = process.env.BENCH_DATABASE_URL;
  if (url) {
    const host = new URL(url).hostname;
    if (host !== '127.0.0.1' && host !== 'localhost' && host !== '[::1]')
      throw new Error(`BENCH_DATABASE_URL must be on this machine (127.0.0.1), not ${host}`);
    return url;
  }
  if (!ownClusterAvailable) return undefined;
  const cluster = await startPostgres({ own: true });
  cleanups.push(() => cluster.close());
  return cluster.createDatabase();
}

async function main() {
  const options = readCounts(process.argv.slice(2), { interfaces: 10_000, operations: 2_000 });
  console.log(
    `import: ${options.operations} operations into ${options.interfaces} interfaces; ${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(1)}`,
  );
  const upstream = await startUpstream();
  let good = true;

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agler-import-bench-'));
  cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
  await seeded(await openPglite({ dataDir: dir }), options.interfaces);
  good = (await run('PGlite', { DATA_DIR: dir }, upstream, options.operations)) && good;

  const url = await postgresUrl();
  if (url) {
    await seeded(await openPostgres(url), options.interfaces);
    good = (await run('PostgreSQL', { DATABASE_URL: url }, upstream, options.operations)) && good;
  } else
    console.log(
      "PostgreSQL: skipped, none available (BENCH_DATABASE_URL, or Debian's PostgreSQL for a throwaway cluster)",
    );
  if (!good) process.exitCode = 1;
}

process.once('SIGINT', () => {
  void cleanUp().then(() => process.exit(130));
});

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(cleanUp);

/**
 * @jest-environment node
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { DEMO_ACCOUNTS } from '@agler/contract/demo/accounts';
import type { InterfaceQuota, KeyPairVO } from '@agler/contract/types';
import { templateDataDir } from './test/database';
import { keyPairOf } from './test/keys';
import { postgresAvailable, startPostgres } from './test/postgres';
import type { PgServer } from './test/postgres';
import { send, startServer, stopServer } from './test/process';
import type { ServerProcess } from './test/process';
import { freshNonce, signedHeaders } from './test/sign';

/**
 * Gateway calls in flight when the server stops. SIGTERM: the calls under
 * way finish, and every call answered is counted, in the log and in the
 * quota, exactly. kill -9: every call answered was counted before its
 * answer; the quota lost at most the calls in flight (never more than
 * there are); a nonce spent before the kill stays spent. On PGlite (the
 * default) and on PostgreSQL with two processes. The interface is a small
 * server of the test's own, which goes on answering while the platform stops.
 */

const ADMIN = DEMO_ACCOUNTS.find((a) => a.userRole === 'admin')!;
const USER = DEMO_ACCOUNTS.find((a) => a.userRole === 'user')!;
const LOOPS = 12;
const ANSWERED_BEFORE_STOP = 150;
const QUOTA = 1_000_000;
/** Calls per loop at most: far more than the stop leaves time for. */
const MAX_PER_LOOP = 2_000;

type Setup = { name: string; env: () => Promise<Record<string, string>> };

const scratch: string[] = [];
let pg: PgServer | undefined;

const setups: Setup[] = [
  {
    name: 'PGlite',
    env: async () => {
      const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'agler-nothing-lost-')), 'data');
      scratch.push(path.dirname(dataDir));
      await templateDataDir(dataDir);
      return { DATA_DIR: dataDir };
    },
  },
  ...(postgresAvailable
    ? [
        {
          name: 'PostgreSQL, two processes',
          env: async () => {
            pg ??= await startPostgres();
            return { DATABASE_URL: await pg.createDatabase(), WORKERS: '2', DATA_DIR: '' };
          },
        },
      ]
    : []),
];

let upstream: http.Server;
let upstreamHost: string;
beforeAll(async () => {
  upstream = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}'));
  });
  await new Promise<void>((resolve) => {
    upstream.listen(0, '127.0.0.1', resolve);
  });
  upstreamHost = `127.0.0.1:${(upstream.address() as AddressInfo).port}`;
});

afterAll(async () => {
  upstream.closeAllConnections();
  await new Promise((resolve) => {
    upstream.close(resolve);
  });
  await pg?.close();
  for (const dir of scratch) fs.rmSync(dir, { recursive: true, force: true });
});

type Burst = {
  answered: number;
  /** Headers of a call answered 200, to replay. */
  replay?: Record<string, string>;
  /** Answers that were neither 200 nor the 503 of a server that stops. */
  unexpected: number[];
};

/** LOOPS loops of signed calls until the server stops answering; `onAnswered` when ANSWERED_BEFORE_STOP came back. */
async function burst(server: ServerProcess, pair: KeyPairVO, id: string, onAnswered: () => void): Promise<Burst> {
  const result: Burst = { answered: 0, unexpected: [] };
  const gatewayPath = `/gateway/${id}`;
  let fired = false;
  await Promise.all(
    Array.from({ length: LOOPS }, async () => {
      for (let i = 0; i < MAX_PER_LOOP; i += 1) {
        const headers = signedHeaders(pair, 'GET', gatewayPath, {
          timestamp: Math.floor(Date.now() / 1000),
          nonce: freshNonce(),
        });
        let status: number;
        try {
          const response = await fetch(`${server.url}${gatewayPath}`, { headers, signal: AbortSignal.timeout(10_000) });
          await response.arrayBuffer();
          status = response.status;
        } catch {
          return;
        }
        if (status === 200) {
          result.answered += 1;
          result.replay ??= headers;
          if (result.answered >= ANSWERED_BEFORE_STOP && !fired) {
            fired = true;
            onAnswered();
          }
        } else {
          if (status !== 503) result.unexpected.push(status);
          return;
        }
      }
    }),
  );
  return result;
}

async function prepare(env: Record<string, string>) {
  const server = await startServer(env);
  const admin = (await send(`${server.url}/api/user/login`, { body: ADMIN })).setCookie!;
  const user = (await send(`${server.url}/api/user/login`, { body: USER })).setCookie!;
  const id = String(
    (
      await send<string>(`${server.url}/api/interfaceInfo/add`, {
        body: { name: `stop ${Date.now()}`, description: '', url: `http://${upstreamHost}/ping`, method: 'GET' },
        cookie: admin,
      })
    ).envelope.data,
  );
  await send(`${server.url}/api/interfaceInfo/online`, { body: { id }, cookie: admin });
  const pair = await keyPairOf(server.url, user);
  await send(`${server.url}/api/userInterfaceInfo/update`, {
    body: { userId: USER.id, interfaceInfoId: id, leftNum: QUOTA },
    cookie: admin,
  });
  return { server, pair, id };
}

/** The user's calls and quota on the target, read from a server started anew on the same data. */
async function countsAfter(env: Record<string, string>, id: string) {
  const server = await startServer(env);
  try {
    const user = (await send(`${server.url}/api/user/login`, { body: USER })).setCookie!;
    const usage = (await send<InterfaceQuota[]>(`${server.url}/api/user/usage`, { cookie: user })).envelope.data;
    const row = usage.find((r) => String(r.interfaceInfoId) === id)!;
    return { server, calls: row.calls, used: QUOTA - row.leftNum };
  } catch (error) {
    await stopServer(server);
    throw error;
  }
}

describe.each(setups)('calls in flight at a stop, on $name', (setup) => {
  test('SIGTERM: the calls under way finish and every answered call is counted, exactly', async () => {
    const env = { ...(await setup.env()), INVOKE_ALLOW_HOSTS: upstreamHost };
    const { server, pair, id } = await prepare(env);
    const stopped = { exit: undefined as Promise<unknown> | undefined };
    const { answered, unexpected } = await burst(server, pair, id, () => {
      stopped.exit = stopServer(server);
    });
    expect(await stopped.exit).toEqual({ code: 0, signal: null });
    const after = await countsAfter(env, id);
    await stopServer(after.server);
    expect(unexpected).toEqual([]);
    expect(answered).toBeGreaterThanOrEqual(ANSWERED_BEFORE_STOP);
    expect(after.calls).toBe(answered);
    expect(after.used).toBe(answered);
  }, 240_000);

  test('kill -9: every answered call was counted, at most the calls in flight are lost, no nonce is spent twice', async () => {
    const env = { ...(await setup.env()), INVOKE_ALLOW_HOSTS: upstreamHost };
    const { server, pair, id } = await prepare(env);
    const { answered, replay, unexpected } = await burst(server, pair, id, () => server.signal('SIGKILL'));
    await server.exited;
    const after = await countsAfter(env, id);
    try {
      expect(unexpected).toEqual([]);
      expect(after.calls).toBeGreaterThanOrEqual(answered);
      expect(after.used).toBeGreaterThanOrEqual(after.calls);
      expect(after.used - answered).toBeLessThanOrEqual(LOOPS);
      const replayed = await fetch(`${after.server.url}/gateway/${id}`, { headers: replay });
      expect(replayed.status).toBe(401);
    } finally {
      await stopServer(after.server);
    }
  }, 240_000);
});

/**
 * @jest-environment node
 */
import { eq, sql } from 'drizzle-orm';
import { DEFAULT_QUOTA, ResponseCode } from '@agler/contract/constants';
import type { HttpMethod } from '@agler/contract/constants';
import { textOf } from '@agler/contract/messageKeys';
import type { InterfaceQuota, KeyPairVO } from '@agler/contract/types';
import { UPSTREAM_MESSAGES } from '@agler/contract/upstream';
import { announce } from '../cache/changes';
import { rowsOf } from '../db/rows';
import { interfaceUpstream } from '../db/schema';
import { ensureUpstream } from '../domain/upstream';
import { createSecretBox } from '../keys/secretBox';
import { ADMIN, call, loginAs, registerAs, testApp, TEST_SECRET_KEY } from '../test/app';
import type { TestApp } from '../test/app';
import { sendSigned } from '../test/gateway';
import { keyPairOf } from '../test/keys';
import { startFlakyUpstream } from '../test/upstream';
import type { FlakyUpstream } from '../test/upstream';

/**
 * An interface's own time-out, retries and connections (docs/server.md, "Timeouts, retries and
 * connections") as gateway and console calls meet them, against a server on 127.0.0.1. The
 * settings are written straight into interface_upstream and announced, as their API does.
 */

const PUBLIC_URL = 'http://limits.test';
const SERVER_TIMEOUT_MS = 5000;
const SLOW_MS = 4000;

let t: TestApp;
let upstream: FlakyUpstream;
let base: string;
let admin: string;
let user: string;
let pair: KeyPairVO;
// Requests per path, as the interface's server saw them.
let seen: Map<string, number>;

beforeAll(async () => {
  upstream = await startFlakyUpstream(SLOW_MS);
  ({ seen } = upstream);
  t = await testApp({
    publicUrl: PUBLIC_URL,
    invokeTimeoutMs: SERVER_TIMEOUT_MS,
    invokeAllowHosts: [`127.0.0.1:${upstream.port}`],
    resolve: async (hostname) => {
      throw Object.assign(new Error(`unknown ${hostname}`), { code: 'ENOTFOUND' });
    },
  });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  admin = await loginAs(t.app, ADMIN);
  ({ cookie: user } = await registerAs(t.app, 'limited_1'));
  pair = await keyPairOf(t.app, user);
}, 180_000);

afterAll(async () => {
  await t.close();
  await upstream.close();
});

type Limits = { timeoutMs?: number | null; retries?: number; maxConnections?: number | null };

/** Sets an interface's limits as the settings API would: the row, then the change announced. */
async function setLimits(id: string, limits: Limits) {
  const { db } = t.database;
  await ensureUpstream(db, createSecretBox(TEST_SECRET_KEY), id, t.clock.now);
  await db.update(interfaceUpstream).set(limits).where(eq(interfaceUpstream.interfaceInfoId, id));
  await announce(db, { kind: 'interface', interfaceId: id });
}

/** A new online interface at `path` of the upstream, with `limits`. */
async function online(path: string, method: HttpMethod, limits: Limits): Promise<string> {
  const post = (op: string, payload: object) =>
    call<string>(t.app, { method: 'POST', url: `/api/interfaceInfo/${op}`, payload, cookie: admin });
  const added = await post('add', {
    name: `限额 ${path}`,
    description: '',
    url: `${upstream.origin}${path}`,
    method,
    requestParams: '',
    requestHeader: '',
    responseHeader: '',
  });
  if (added.code !== 0) throw new Error(`add ${path}: ${added.message}`);
  await post('online', { id: added.data });
  await setLimits(added.data, limits);
  return added.data;
}

const gateway = (id: string, method: string) =>
  sendSigned(t, base, pair, method, `/gateway/${id}`, method === 'GET' ? {} : { body: '{}' });

async function loggedTries(id: string): Promise<number[]> {
  await t.app.callLog.flush();
  return rowsOf<{ tries: number }>(
    await t.database.db.execute(sql`SELECT tries FROM interface_call WHERE interface_info_id = ${id}`),
  ).map((row) => row.tries);
}

async function leftOf(id: string): Promise<number | undefined> {
  const usage = await call<InterfaceQuota[]>(t.app, { url: '/api/user/usage', cookie: user });
  return usage.data.find((quota) => quota.interfaceInfoId === id)?.leftNum;
}

describe("an interface's own limits at the gateway", () => {
  test("a slow server is cut at the interface's time-out, not the server's", async () => {
    const id = await online('/slow-cut', 'GET', { timeoutMs: 1000 });
    // A first call warms up what any first call pays for (the key, the caller's quota), so the time is the cut's.
    const warm = await online('/warm', 'GET', { retries: 0 });
    expect((await gateway(warm, 'GET')).status).toBe(200);
    const started = performance.now();
    const answer = await gateway(id, 'GET');
    const elapsed = performance.now() - started;

    expect(answer.status).toBe(504);
    expect(answer.json()).toMatchObject({
      code: ResponseCode.UPSTREAM_ERROR,
      message: textOf(UPSTREAM_MESSAGES.timeout(1000)),
    });
    // The answer comes well before the server's own time-out and the slow answer; how long the call to the
    // interface's server took is what the log holds, without the gateway's own work on a busy machine.
    expect(elapsed).toBeGreaterThanOrEqual(500);
    expect(elapsed).toBeLessThan(SLOW_MS - 500);
    await t.app.callLog.flush();
    const [logged] = rowsOf<{ latency: number }>(
      await t.database.db.execute(sql`SELECT latency FROM interface_call WHERE interface_info_id = ${id}`),
    );
    expect(Math.abs(logged.latency - 1000)).toBeLessThanOrEqual(500);
  });

  test('a GET meeting one 503 succeeds on its retry, logged and charged once with its tries', async () => {
    const id = await online('/once503-get', 'GET', { retries: 1 });
    const answer = await gateway(id, 'GET');

    expect(answer.status).toBe(200);
    expect(answer.json()).toEqual({ ok: true });
    expect(seen.get('/once503-get')).toBe(2);
    expect(await loggedTries(id)).toEqual([2]);
    expect(answer.headers.get('x-quota-remaining')).toBe(String(DEFAULT_QUOTA - 1));
  });

  test('a POST is never retried', async () => {
    const id = await online('/once503-post', 'POST', { retries: 2 });
    const answer = await gateway(id, 'POST');

    expect(answer.status).toBe(503);
    expect(seen.get('/once503-post')).toBe(1);
    expect(await loggedTries(id)).toEqual([1]);
  });

  test('a call that finds no free connection in time answers 503 with Retry-After, unlogged and free', async () => {
    const id = await online('/slow-held', 'GET', { timeoutMs: 3000, maxConnections: 1 });
    const holding = gateway(id, 'GET');
    // The first call holds the only connection before the others ask; they wait less than it holds it.
    for (let i = 0; i < 50 && seen.get('/slow-held') === undefined; i += 1) {
      await new Promise((resolve) => {
        setTimeout(resolve, 20);
      });
    }
    await setLimits(id, { timeoutMs: 300, maxConnections: 1 });

    const busy = await gateway(id, 'GET');
    expect(busy.status).toBe(503);
    expect(busy.headers.get('retry-after')).toBe('1');
    expect(busy.json()).toMatchObject({ code: ResponseCode.UPSTREAM_ERROR, message: UPSTREAM_MESSAGES.busy });

    const console = await call(t.app, {
      method: 'POST',
      url: '/api/interfaceInfo/invoke',
      payload: { id },
      cookie: user,
    });
    expect(console).toMatchObject({ code: ResponseCode.UPSTREAM_ERROR, message: UPSTREAM_MESSAGES.busy });

    expect((await holding).status).toBe(504);
    expect(seen.get('/slow-held')).toBe(1);
    // Only the call that was sent is logged and given back (it timed out): the quota is whole.
    expect(await loggedTries(id)).toEqual([1]);
    expect(await leftOf(id)).toBe(DEFAULT_QUOTA);
  });
});

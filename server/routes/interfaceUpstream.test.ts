/**
 * @jest-environment node
 */
import { eq } from 'drizzle-orm';
import YAML from 'yaml';
import { ResponseCode } from '@agler/contract/constants';
import { formatTime } from '@agler/contract/dates';
import { UPSTREAM_SETTINGS_MESSAGES as M } from '@agler/contract/interfaceUpstream';
import type { ForwardSecretVO, UpstreamVO } from '@agler/contract/interfaceUpstream';
import { gatewayPathOf } from '@agler/contract/lifecycle';
import { textOf } from '@agler/contract/messageKeys';
import type { Message } from '@agler/contract/messageKeys';
import { MESSAGES } from '@agler/contract/messages';
import type { Envelope, InterfaceInfo, KeyPairVO } from '@agler/contract/types';
import { interfaceUpstream } from '../db/schema';
import { loadCallSettings, signingSecrets } from '../domain/upstream';
import { createSecretBox } from '../keys/secretBox';
import { ADMIN, call, loginAs, registerAs, TEST_SECRET_KEY } from '../test/app';
import type { TestApp } from '../test/app';
import { listeningApp, sendSigned } from '../test/gateway';
import { keyPairOf } from '../test/keys';
import { startUpstream } from '../test/upstream';
import type { Upstream } from '../test/upstream';

/**
 * The publisher's settings of an interface's calls (docs/server.md, "The publisher's side"):
 * write-only credentials shown by name and last 4 characters, the call's limits, the forwarding
 * secret's rotation with its grace, for admins only; and no answer or log line holds a credential's value.
 */

const PUBLIC_URL = 'http://upstream-settings.test';
const INVOKE_TIMEOUT_MS = 5000;
const AUTH = '/api/interfaceInfo/upstreamAuth/set';
const LIMITS = '/api/interfaceInfo/upstreamLimits/set';
const ROTATE = '/api/interfaceInfo/forwardSecret/rotate';

const lines: string[] = [];
const box = createSecretBox(TEST_SECRET_KEY);
let t: TestApp;
let base: string;
let upstream: Upstream;
let admin: string;
let user: string;
let pair: KeyPairVO;

beforeAll(async () => {
  upstream = await startUpstream({ slowMs: 10_000 });
  ({ t, base } = await listeningApp(PUBLIC_URL, {
    invokeTimeoutMs: INVOKE_TIMEOUT_MS,
    invokeAllowHosts: [`127.0.0.1:${upstream.port}`],
    logLevel: 'debug',
    logStream: { write: (line) => lines.push(line) },
  }));
  admin = await loginAs(t.app, ADMIN);
  ({ cookie: user } = await registerAs(t.app, 'upstream_settings'));
  pair = await keyPairOf(t.app, user);
}, 180_000);

afterAll(async () => {
  await t?.close();
  await upstream?.close();
});

const post = <T = unknown>(url: string, payload: Record<string, unknown>, cookie: string | undefined = admin) =>
  call<T>(t.app, { method: 'POST', url, payload, cookie });
const get = <T = unknown>(url: string, cookie: string | undefined = admin) => call<T>(t.app, { method: 'GET', url, cookie });

let made = 0;
/** A new interface at the test server's /echo, online unless asked otherwise. */
async function addInterface(online = true): Promise<string> {
  const added = await post<string>('/api/interfaceInfo/add', {
    name: `上游设置 ${(made += 1)}`,
    description: '',
    url: `http://127.0.0.1:${upstream.port}/echo`,
    method: 'GET',
    requestParams: '',
    requestHeader: '',
    responseHeader: '',
  });
  if (added.code !== 0) throw new Error(`add: ${added.message}`);
  if (online) expect(await post('/api/interfaceInfo/online', { id: added.data })).toMatchObject({ code: 0 });
  return added.data;
}

function expectRefused(answer: Envelope<unknown>, code: number, message: Message) {
  expect({ code: answer.code, message: answer.message, data: answer.data }).toEqual({
    code,
    message: textOf(message),
    data: null,
  });
}

describe('upstreamAuth/set', () => {
  let id: string;
  beforeAll(async () => {
    id = await addInterface();
  });

  it('sets credentials by name, answering their names and last 4 characters only', async () => {
    const answer = await post<UpstreamVO>(AUTH, {
      id,
      headers: [{ name: 'Authorization', value: 'Bearer sk_live_0123456789abcdef' }],
      query: [{ name: 'key', value: 'short' }],
    });
    expect(answer.code).toBe(0);
    expect(answer.data).toEqual({
      credentials: [
        { in: 'header', name: 'Authorization', last4: 'cdef' },
        { in: 'query', name: 'key', last4: '' },
      ],
      timeoutMs: null,
      retries: 0,
      maxConnections: null,
      secretTime: expect.any(String),
      previousUntil: null,
    });
    const settings = await loadCallSettings(t.database.db, box, id, t.clock.now);
    expect(settings.headers).toEqual([{ name: 'Authorization', value: 'Bearer sk_live_0123456789abcdef' }]);
    expect(settings.query).toEqual([{ name: 'key', value: 'short' }]);
  });

  it('merges: a header of the same name in any case replaces, null removes, names not mentioned stay', async () => {
    const added = await post<UpstreamVO>(AUTH, { id, headers: [{ name: 'x-extra', value: 'extra-value-0000' }] });
    expect(added.data.credentials.map((c) => c.name)).toEqual(['Authorization', 'x-extra', 'key']);
    const replaced = await post<UpstreamVO>(AUTH, {
      id,
      headers: [
        { name: 'authorization', value: 'Bearer sk_live_new_9999zzzz' },
        { name: 'X-EXTRA', value: null },
      ],
    });
    expect(replaced.data.credentials).toEqual([
      { in: 'header', name: 'authorization', last4: 'zzzz' },
      { in: 'query', name: 'key', last4: '' },
    ]);
    const settings = await loadCallSettings(t.database.db, box, id, t.clock.now);
    expect(settings.headers).toEqual([{ name: 'authorization', value: 'Bearer sk_live_new_9999zzzz' }]);
    const removed = await post<UpstreamVO>(AUTH, {
      id,
      headers: [{ name: 'Authorization', value: null }],
      query: [{ name: 'key', value: null }],
    });
    expect(removed.data.credentials).toEqual([]);
    expect(await loadCallSettings(t.database.db, box, id, t.clock.now)).toMatchObject({ headers: [], query: [] });
  });

  it('refuses more than the most credentials in all, keeping what was stored', async () => {
    await post(AUTH, { id, query: [{ name: 'a', value: 'a-value' }] });
    const headers = Array.from({ length: 8 }, (_, i) => ({ name: `x-k${i}`, value: `value-${i}` }));
    expectRefused(await post(AUTH, { id, headers }), ResponseCode.PARAMS_ERROR, M.tooMany);
    expect((await loadCallSettings(t.database.db, box, id, t.clock.now)).query).toEqual([{ name: 'a', value: 'a-value' }]);
  });

  it.each([
    ['a reserved header', { headers: [{ name: 'Host', value: 'v' }] }, M.headerNameReserved('headers[0].name')],
    ["a platform's header", { headers: [{ name: 'agler-user-id', value: 'v' }] }, M.headerNameReserved('headers[0].name')],
    ['a name that is no token', { headers: [{ name: 'x y', value: 'v' }] }, M.headerNameInvalid('headers[0].name')],
    ['a line break', { headers: [{ name: 'x', value: 'a\nb' }] }, M.valueInvalid('headers[0].value')],
    ['a value too long', { query: [{ name: 'k', value: 'x'.repeat(4097) }] }, M.valueInvalid('query[0].value')],
    ['a list that is none', { query: 'k=v' }, M.listInvalid('query')],
  ])('refuses %s, naming the field', async (_case, body, message) => {
    expectRefused(await post(AUTH, { id, ...body }), ResponseCode.PARAMS_ERROR, message);
  });
});

describe('upstreamLimits/set', () => {
  it("sets the call's limits, within the server's own timeout", async () => {
    const id = await addInterface();
    const answer = await post<UpstreamVO>(LIMITS, { id, timeoutMs: 1500, retries: 2, maxConnections: 8 });
    expect(answer.data).toMatchObject({ timeoutMs: 1500, retries: 2, maxConnections: 8 });
    expect(await loadCallSettings(t.database.db, box, id, t.clock.now)).toMatchObject({
      timeoutMs: 1500,
      retries: 2,
      maxConnections: 8,
    });
    const reset = await post<UpstreamVO>(LIMITS, { id, timeoutMs: null, retries: 0, maxConnections: null });
    expect(reset.data).toMatchObject({ timeoutMs: null, retries: 0, maxConnections: null });
    expect((await post<UpstreamVO>(LIMITS, { id, timeoutMs: INVOKE_TIMEOUT_MS, retries: 0, maxConnections: 256 })).code).toBe(0);
  });

  it.each([
    [{ timeoutMs: INVOKE_TIMEOUT_MS + 1, retries: 0, maxConnections: null }, M.badTimeout(INVOKE_TIMEOUT_MS)],
    [{ timeoutMs: 99, retries: 0, maxConnections: null }, M.badTimeout(INVOKE_TIMEOUT_MS)],
    [{ timeoutMs: null, retries: 3, maxConnections: null }, M.badRetries],
    [{ timeoutMs: null, retries: 0, maxConnections: 257 }, M.badMaxConnections],
  ])('refuses %j naming the field', async (body, message) => {
    expectRefused(await post(LIMITS, { id: '1', ...body }), ResponseCode.PARAMS_ERROR, message);
  });
});

describe('forwardSecret/rotate', () => {
  it('answers the new secret once; the one before signs beside it until the grace ends', async () => {
    const id = await addInterface();
    const now = t.clock.now;
    const first = await post<ForwardSecretVO>(ROTATE, { id });
    expect(first.data.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(first.data.upstream.previousUntil).toBe(formatTime(now + 86_400_000));
    expect(first.data.upstream.secretTime).toBe(formatTime(now));

    const second = await post<ForwardSecretVO>(ROTATE, { id, graceSeconds: 3600 });
    expect(second.data.secret).not.toBe(first.data.secret);
    expect(second.data.upstream.previousUntil).toBe(formatTime(now + 3_600_000));
    const settings = await loadCallSettings(t.database.db, box, id, now);
    expect(settings.secret).toBe(second.data.secret);
    expect(signingSecrets(settings, now)).toEqual([second.data.secret, first.data.secret]);
    expect(signingSecrets(settings, now + 3_600_000)).toEqual([second.data.secret]);

    // The secret is never answered again: not by get, not by the next write.
    const read = await get<InterfaceInfo>(`/api/interfaceInfo/get?id=${id}`);
    expect(JSON.stringify(read)).not.toContain(second.data.secret);
    expect(read.data.upstream).toEqual(second.data.upstream);

    const none = await post<ForwardSecretVO>(ROTATE, { id, graceSeconds: 0 });
    expect(none.data.upstream.previousUntil).toBeNull();
    const after = await loadCallSettings(t.database.db, box, id, now);
    expect(after.previous).toBeNull();
    expect(signingSecrets(after, now)).toEqual([none.data.secret]);
  });

  it('refuses another grace, naming it', async () => {
    expectRefused(await post(ROTATE, { id: '1', graceSeconds: 60 }), ResponseCode.PARAMS_ERROR, MESSAGES.badGrace);
  });
});

describe('who may', () => {
  const BODIES: [string, Record<string, unknown>][] = [
    [AUTH, { headers: [{ name: 'x-key', value: 'value-1' }] }],
    [LIMITS, { timeoutMs: null, retries: 0, maxConnections: null }],
    [ROTATE, {}],
  ];

  it.each(BODIES)('%s: a user is refused 40101 and no session 40100', async (url, body) => {
    const id = await addInterface();
    expectRefused(await post(url, { id, ...body }, user), ResponseCode.NO_AUTH, MESSAGES.noAuth);
    expectRefused(await post(url, { id, ...body }, ''), ResponseCode.NOT_LOGIN, MESSAGES.notLogin);
  });

  it.each(BODIES)('%s: an unknown or deleted interface is 40400, and nothing is made for it', async (url, body) => {
    expectRefused(await post(url, { id: '999999999999', ...body }), ResponseCode.NOT_FOUND, MESSAGES.interfaceNotFound);
    const id = await addInterface(false);
    expect(await post('/api/interfaceInfo/delete', { id })).toMatchObject({ code: 0 });
    expectRefused(await post(url, { id, ...body }), ResponseCode.NOT_FOUND, MESSAGES.interfaceNotFound);
    expectRefused(await post(url, { id: 'x', ...body }), ResponseCode.PARAMS_ERROR, MESSAGES.badId);
    const rows = await t.database.db.select().from(interfaceUpstream).where(eq(interfaceUpstream.interfaceInfoId, id));
    expect(rows).toEqual([]);
  });

  it("get: an admin reads the interface's upstream, a user never", async () => {
    const id = await addInterface();
    await post(AUTH, { id, headers: [{ name: 'x-api-key', value: 'abcdefghijkl' }] });
    const asAdmin = await get<InterfaceInfo>(`/api/interfaceInfo/get?id=${id}`);
    expect(asAdmin.data.upstream?.credentials).toEqual([{ in: 'header', name: 'x-api-key', last4: 'ijkl' }]);
    const asUser = await get<InterfaceInfo>(`/api/interfaceInfo/get?id=${id}`, user);
    expect(asUser.code).toBe(0);
    expect(asUser.data).not.toHaveProperty('upstream');
  });
});

describe('a read writes nothing', () => {
  const rowOf = async (id: string) =>
    t.database.db.select().from(interfaceUpstream).where(eq(interfaceUpstream.interfaceInfoId, id));

  it("get answers a fresh interface's defaults and no secret yet; its first call makes the row, on the app's clock", async () => {
    const id = await addInterface();
    const read = await get<InterfaceInfo>(`/api/interfaceInfo/get?id=${id}`);
    expect(read.data.upstream).toEqual({
      credentials: [],
      timeoutMs: null,
      retries: 0,
      maxConnections: null,
      secretTime: null,
      previousUntil: null,
    });
    expect(await rowOf(id)).toEqual([]);

    expect(await post('/api/interfaceInfo/invoke', { id }, user)).toMatchObject({ code: 0 });
    const [row] = await rowOf(id);
    expect([row.secretTime.getTime(), row.updateTime.getTime()]).toEqual([t.clock.now, t.clock.now]);
    const after = await get<InterfaceInfo>(`/api/interfaceInfo/get?id=${id}`);
    expect(after.data.upstream?.secretTime).toBe(formatTime(t.clock.now));
  });
});

describe('the export', () => {
  it("names the credentials the platform adds on the interface's operation, never their values", async () => {
    const id = await addInterface();
    await post(AUTH, {
      id,
      headers: [{ name: 'x-api-key', value: 'export-secret-value-1' }],
      query: [{ name: 'token', value: 'export-secret-value-2' }],
    });
    const plain = await addInterface();
    const response = await t.app.inject({ url: `/api/openapi.json?ids=${id},${plain}`, headers: { cookie: user } });
    const document = JSON.parse(response.body);
    expect(document.paths[gatewayPathOf(id)].get['x-agler-upstream-credentials']).toEqual([
      { in: 'header', name: 'x-api-key' },
      { in: 'query', name: 'token' },
    ]);
    expect(document.paths[gatewayPathOf(plain)].get).not.toHaveProperty('x-agler-upstream-credentials');
    expect(response.body).not.toContain('export-secret-value');
  });
});

describe('no answer and no log line holds a credential value', () => {
  const HEADER_VALUE = 'LEAKPROBE-hdr-7Q9ZvK2mP4x';
  const QUERY_VALUE = 'LEAKPROBE-qry-W8nT3bX6r1y';
  const PROBE = 'LEAKPROBE';

  it('after setting them and calling the interface through 在线调用 and the gateway', async () => {
    lines.length = 0;
    const id = await addInterface();
    const seen: string[] = [];
    const keep = async (url: string, cookie: string | undefined = admin) => {
      const response = await t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
      seen.push(`${url} ${JSON.stringify(response.headers)} ${response.body}`);
      return response;
    };
    const set = await t.app.inject({
      method: 'POST',
      url: AUTH,
      payload: { id, headers: [{ name: 'x-api-key', value: HEADER_VALUE }], query: [{ name: 'token', value: QUERY_VALUE }] },
      headers: { cookie: admin },
    });
    seen.push(set.body);
    expect(JSON.parse(set.body).data.credentials).toEqual([
      { in: 'header', name: 'x-api-key', last4: HEADER_VALUE.slice(-4) },
      { in: 'query', name: 'token', last4: QUERY_VALUE.slice(-4) },
    ]);
    const limits = { id, timeoutMs: 2000, retries: 1, maxConnections: 4 };
    seen.push((await t.app.inject({ method: 'POST', url: LIMITS, payload: limits, headers: { cookie: admin } })).body);
    seen.push((await t.app.inject({ method: 'POST', url: ROTATE, payload: { id }, headers: { cookie: admin } })).body);

    // Calls the interface both ways: whatever the platform sends it, the answers and the call log stay clean.
    const invoked = await t.app.inject({ method: 'POST', url: '/api/interfaceInfo/invoke', payload: { id }, headers: { cookie: user } });
    seen.push(`${JSON.stringify(invoked.headers)} ${invoked.body}`);
    const gateway = await sendSigned(t, base, pair, 'GET', `${gatewayPathOf(id)}?token=caller-own`);
    seen.push(`${JSON.stringify([...gateway.headers])} ${gateway.text}`);
    // The values did go where they belong, so what follows looks for something that was there to leak.
    expect(gateway.status).toBe(200);
    expect(upstream.echoed.headers?.['x-api-key']).toBe(HEADER_VALUE);
    expect(new URL(upstream.echoed.url ?? '', 'http://x').searchParams.getAll('token')).toEqual([QUERY_VALUE]);

    await keep(`/api/interfaceInfo/invoke/history?id=${id}`, user);
    for (const cookie of [admin, user]) {
      await keep(`/api/interfaceInfo/get?id=${id}`, cookie);
      await keep('/api/interfaceInfo/list/page?pageSize=50&sortField=createTime&sortOrder=descend', cookie);
      await keep(`/api/openapi.json?ids=${id}`, cookie);
      const yaml = await keep(`/api/openapi.json?ids=${id}&format=yaml`, cookie);
      expect(YAML.parse(yaml.body).paths[gatewayPathOf(id)].get['x-agler-upstream-credentials']).toHaveLength(2);
      await keep('/api/openapi.json', cookie);
      await keep('/api/user/calls', cookie);
      await keep(`/api/user/calls?interfaceInfoId=${id}`, cookie);
      await keep('/api/user/usage', cookie);
      await keep('/api/user/usage/daily', cookie);
      await keep('/api/user/usage/summary', cookie);
      await keep('/api/alert/list', cookie);
    }
    for (const url of [
      '/api/analysis/overview',
      '/api/analysis/interfaces',
      '/api/analysis/top/interface/invoke',
      `/api/analysis/interface/callers?id=${id}`,
      `/api/interfaceInfo/notices?id=${id}`,
      '/metrics',
    ])
      await keep(url);
    // The answers were read (not refusals across the board), and the log was written.
    expect(seen.filter((text) => text.includes('"code":0')).length).toBeGreaterThan(15);
    expect(lines.join('')).toContain(AUTH);
    for (const text of [...seen, lines.join('')]) {
      expect(text).not.toContain(PROBE);
      expect(text).not.toContain(HEADER_VALUE.slice(0, -4));
      expect(text).not.toContain(QUERY_VALUE.slice(0, -4));
      expect(text).not.toContain(encodeURIComponent(QUERY_VALUE));
    }
  });
});

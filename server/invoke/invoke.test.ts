/**
 * @jest-environment node
 */
import { eq, sql } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import { ResponseCode } from '@agler/contract/constants';
import { seedInterfaces } from '@agler/contract/demo/seedInterfaces';
import { HISTORY_LIMIT, HISTORY_PARAMS_MAX_BYTES } from '@agler/contract/invoke';
import type { CallHistoryEntry, CallMeta } from '@agler/contract/invoke';
import { MESSAGES } from '@agler/contract/messages';
import { LOOPBACK_HOSTS, UPSTREAM_MESSAGES } from '@agler/contract/upstream';
import { rowsOf } from '../db/rows';
import { interfaces } from '../db/schema';
import { alignDemoUrls } from '../domain/demoUrls';
import { DEMO_INTERFACE_COUNT } from '../domain/seed';
import { ADMIN, call, loginAs, testApp, USER } from '../test/app';
import type { TestApp } from '../test/app';
import { listen } from '../test/listener';
import type { Listener } from '../test/listener';
import { keyPairOf } from '../test/keys';
import { startUpstream } from '../test/upstream';
import type { Upstream } from '../test/upstream';
import { freshNonce, signedHeaders } from '../test/sign';
import { USER_AGENT } from './request';
import { refusal } from '../test/refusal';

/**
 * invoke end to end: the app listens on 127.0.0.1, the demo interfaces are
 * answered by its own /demo routes over real HTTP, and a local upstream
 * (server/test/upstream.ts) plays every kind of interface server. Targets the platform must
 * refuse are a second local listener that must see no connection.
 */

const PUBLIC_URL = 'http://demo.test';
const TIMEOUT_MS = 1000;

let t: TestApp;
let upstream: Upstream;
let forbidden: Listener;
let admin: string;
let user: string;

const demo = seedInterfaces(DEMO_INTERFACE_COUNT, ADMIN.id);

beforeAll(async () => {
  // First: the upstream's redirect points at it.
  forbidden = await listen((_req, res) => res.end('{"secret":true}'));
  upstream = await startUpstream({ slowMs: TIMEOUT_MS * 3, redirectTo: `${forbidden.origin}/` });
  t = await testApp({
    publicUrl: PUBLIC_URL,
    invokeTimeoutMs: TIMEOUT_MS,
    // The user here calls far more than a default quota; quotas have tests of their own (server/gateway).
    defaultQuota: 1_000_000,
    invokeAllowHosts: [`127.0.0.1:${upstream.port}`],
    // Names resolve here, never through the system: the public address is no one's, localhost is this machine.
    resolve: async (hostname) => {
      if (hostname === 'localhost') return [{ address: '127.0.0.1', family: 4 }];
      throw Object.assign(new Error(`unknown ${hostname}`), { code: 'ENOTFOUND' });
    },
  });
  await alignDemoUrls(t.database.db, PUBLIC_URL, DEMO_INTERFACE_COUNT);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  [admin, user] = await Promise.all([loginAs(t.app, ADMIN), loginAs(t.app, USER)]);
}, 180_000);

afterAll(async () => {
  await t.close();
  await upstream.close();
  await forbidden.close();
});

const post = <T = unknown>(path: string, payload: unknown, cookie = user) =>
  call<T>(t.app, { method: 'POST', url: `/api/interfaceInfo/${path}`, payload: payload as object, cookie });

const invoke = (id: string, userRequestParams?: string, cookie = user) =>
  post('invoke', { id, userRequestParams }, cookie) as Promise<Awaited<ReturnType<typeof post>> & { call?: CallMeta }>;

const history = (query: string, cookie = user) =>
  call<CallHistoryEntry[]>(t.app, { url: `/api/interfaceInfo/invoke/history?${query}`, cookie });

/** An online interface made by the admin. */
async function online(url: string, method = 'GET', requestHeader = ''): Promise<string> {
  const added = await post<string>(
    'add',
    { name: `测试 ${method}`, description: '', url, method, requestParams: '', requestHeader, responseHeader: '' },
    admin,
  );
  if (added.code !== 0) throw new Error(`add ${url}: ${added.message}`);
  await post('online', { id: added.data }, admin);
  return added.data;
}

type CallRow = { iid: string; success: boolean; status: number | null; bytes: number; latency: number };

/** The id of the call log's newest row, once the app wrote what it holds (the log holds the demo history). */
async function lastCallId(): Promise<string> {
  await t.app.callLog.flush();
  const [row] = rowsOf<{ id: string }>(
    await t.database.db.execute(sql`SELECT coalesce(max(id), 0)::text AS id FROM interface_call`),
  );
  return row.id;
}

/** The calls logged after the row `after`, once the app wrote what it holds. */
async function newCalls(after: string): Promise<CallRow[]> {
  await t.app.callLog.flush();
  return rowsOf<CallRow>(
    await t.database.db.execute(sql`
      SELECT interface_info_id::text AS iid, success, status, bytes, latency
      FROM interface_call WHERE id > ${after}::bigint ORDER BY id`),
  );
}

describe('the demo interfaces answer over HTTP from this server', () => {
  const weather = demo.find((r) => r.name === '天气查询')!;

  test('their URLs follow the public address', async () => {
    const [row] = await t.database.db
      .select({ url: interfaces.url, urlLower: interfaces.urlLower })
      .from(interfaces)
      .where(eq(interfaces.id, weather.id));
    expect(row).toEqual({ url: `${PUBLIC_URL}/demo/v1/weather/now`, urlLower: `${PUBLIC_URL}/demo/v1/weather/now` });
  });

  test("the interface's data comes back and the call is counted with its status and size", async () => {
    const before = await lastCallId();

    const answer = await invoke(weather.id, '{"city":"北京"}');

    expect(answer).toMatchObject({ code: 0, data: { city: '北京' } });
    const [row] = await newCalls(before);
    expect(row).toMatchObject({ iid: weather.id, success: true, status: 200 });
    expect(row.bytes).toBeGreaterThan(10);
    expect(answer.call).toMatchObject({ status: 200, bytes: row.bytes, durationMs: row.latency });
    expect(answer.call?.headers['content-type']).toMatch(/^application\/json/);
  });

  test("the service's refusal is the interface's error status, and it counts", async () => {
    const before = await lastCallId();

    const answer = await invoke(weather.id, '{}');

    expect(answer.code).toBe(ResponseCode.UPSTREAM_ERROR);
    expect(answer.message).toMatch(/^接口返回了错误状态 HTTP 400：.+/);
    expect(answer).toMatchObject({ data: null, call: { status: 400 } });
    expect(await newCalls(before)).toEqual([expect.objectContaining({ success: false, status: 400 })]);
  });
});

describe('what is sent', () => {
  test('GET: the parameters as the query, after the URL’s own; documented headers without placeholders', async () => {
    const id = await online(
      `${upstream.origin}/echo?fixed=1`,
      'GET',
      JSON.stringify({
        'X-Token': 'abc',
        accessKey: '<你的 AccessKey>',
        secretKey: '<secret key>',
        Host: 'evil.example',
        'X-Bad': 'a\nb',
      }),
    );

    await invoke(id, '{"city":"北京","n":2,"deep":{"a":[1]}}');

    expect(upstream.echoed.method).toBe('GET');
    const query = new URLSearchParams(upstream.echoed.url!.split('?')[1]);
    expect([...query]).toEqual([
      ['fixed', '1'],
      ['city', '北京'],
      ['n', '2'],
      ['deep', '{"a":[1]}'],
    ]);
    expect(upstream.echoed.headers).toMatchObject({
      'x-token': 'abc',
      host: `127.0.0.1:${upstream.port}`,
      'user-agent': USER_AGENT,
    });
    expect(upstream.echoed.headers).not.toHaveProperty('accesskey');
    expect(upstream.echoed.headers).not.toHaveProperty('secretkey');
    expect(upstream.echoed.headers).not.toHaveProperty('x-bad');
  });

  test.each(['POST', 'PUT', 'PATCH'])('%s: the parameters as a JSON body, exactly as written', async (method) => {
    const id = await online(`${upstream.origin}/echo`, method);
    const params = '{"id":12345678901234567890,"name":"张三"}';

    await invoke(id, params);

    expect(upstream.echoed).toMatchObject({ method, body: params });
    expect(upstream.echoed.headers?.['content-type']).toMatch(/^application\/json/);
  });

  test('DELETE sends the query; a POST without parameters sends {}', async () => {
    const del = await online(`${upstream.origin}/echo`, 'DELETE');
    await invoke(del, '{"id":"7"}');
    expect(upstream.echoed).toMatchObject({ method: 'DELETE', url: '/echo?id=7', body: '' });

    const postId = await online(`${upstream.origin}/echo`, 'POST');
    await invoke(postId, '');
    expect(upstream.echoed).toMatchObject({ method: 'POST', body: '{}' });
  });
});

describe('what comes back', () => {
  test('JSON as the interface sent it: numbers beyond 2^53 stay exact', async () => {
    const id = await online(`${upstream.origin}/echo`);

    const response = await t.app.inject({
      method: 'POST',
      url: '/api/interfaceInfo/invoke',
      payload: { id, userRequestParams: '' },
      headers: { cookie: user },
    });

    expect(response.body).toMatch(/^\{"code":0,"data":\{"id":12345678901234567890,"text":"你好"\},"message":"ok","call":\{/);
  });

  test("the call: the interface's status, its headers without cookies or hop-by-hop ones, time and size", async () => {
    const id = await online(`${upstream.origin}/echo`);

    const answer = await invoke(id);

    const body = '{"id":12345678901234567890,"text":"你好"}';
    expect(answer.call).toEqual({
      status: 200,
      headers: expect.objectContaining({
        'content-type': 'application/json',
        'x-request-id': 'req-1',
        'content-length': String(Buffer.byteLength(body)),
      }),
      durationMs: expect.any(Number),
      bytes: Buffer.byteLength(body),
    });
    expect(answer.call?.headers).not.toHaveProperty('set-cookie');
    expect(answer.call?.headers).not.toHaveProperty('connection');
    expect(answer.call?.headers).not.toHaveProperty('keep-alive');
  });

  test.each([
    ['/text', 'pong 乒乓'],
    ['/bad-json', '{oops'],
    ['/empty', null],
  ])('%s: the answer as text (or null for none)', async (path, data) => {
    const id = await online(`${upstream.origin}${path}`);

    expect(await invoke(id)).toMatchObject({ code: 0, data });
  });
});

describe('limits: each failure says what happened, and the call counts when it reached the server', () => {
  // The platform's refusals carry no call: the console tells them from the interface's own error.
  test.each([
    ['/slow', UPSTREAM_MESSAGES.timeout(TIMEOUT_MS), null],
    ['/huge', UPSTREAM_MESSAGES.tooLarge, 200],
    ['/redirect', UPSTREAM_MESSAGES.redirect(302), 302],
    ['/hang-up', UPSTREAM_MESSAGES.unreachable, null],
  ])('%s', async (path, message, status) => {
    const id = await online(`${upstream.origin}${path}`);
    const before = await lastCallId();

    const answer = await invoke(id);

    expect(answer).toEqual(refusal(ResponseCode.UPSTREAM_ERROR, message));
    expect(await newCalls(before)).toEqual([expect.objectContaining({ iid: id, success: false, status })]);
    expect(forbidden.connections).toBe(0);
  });

  test("/fail: the interface's own error status, with the call it answered", async () => {
    const id = await online(`${upstream.origin}/fail`);
    const before = await lastCallId();

    const answer = await invoke(id);

    const body = '{"message":"数据库不可用"}';
    expect(answer).toEqual({
      ...refusal(ResponseCode.UPSTREAM_ERROR, UPSTREAM_MESSAGES.httpError(500, '数据库不可用')),
      call: {
        status: 500,
        headers: expect.objectContaining({ 'content-type': 'application/json' }),
        durationMs: expect.any(Number),
        bytes: Buffer.byteLength(body),
      },
    });
    expect(await newCalls(before)).toEqual([expect.objectContaining({ iid: id, success: false, status: 500 })]);
  });

  test('a slow interface does not hold up calls to another', async () => {
    const slow = await online(`${upstream.origin}/slow`);
    const quick = await online(`${upstream.origin}/text`);
    const finished: string[] = [];
    const track = (label: string, promise: Promise<unknown>) => promise.then(() => finished.push(label));

    await Promise.all([
      ...Array.from({ length: 8 }, (_, i) => track(`slow ${i}`, invoke(slow))),
      track('quick', invoke(quick)),
    ]);

    expect(finished[0]).toBe('quick');
  });
});

describe('addresses the platform may not call', () => {
  test.each(LOOPBACK_HOSTS)('http://%s: refused, not counted, no connection made', async (host) => {
    const id = await online(`http://${host}:${forbidden.port}/`);
    const before = await lastCallId();

    const answer = await invoke(id);

    expect(answer).toEqual(refusal(ResponseCode.FORBIDDEN, UPSTREAM_MESSAGES.refused));
    expect(await newCalls(before)).toEqual([]);
    expect(forbidden.connections).toBe(0);
  });
});

describe('an offline interface', () => {
  test('does not exist for a user, as reading it says; an admin is told it is closed', async () => {
    const added = await post<string>(
      'add',
      { name: '未发布', description: '', url: `${upstream.origin}/text`, method: 'GET' },
      admin,
    );
    const read = await call(t.app, { url: `/api/interfaceInfo/get?id=${added.data}`, cookie: user });

    const asUser = await invoke(added.data);
    const asAdmin = await invoke(added.data, '{}', admin);

    const notFound = refusal(ResponseCode.NOT_FOUND, MESSAGES.interfaceNotFound);
    expect(read).toEqual(notFound);
    expect(asUser).toEqual(notFound);
    expect(await invoke('1800000000009999999')).toEqual(notFound);
    expect(asAdmin).toEqual(refusal(ResponseCode.PARAMS_ERROR, MESSAGES.interfaceClosed));
  });
});

describe("the server's own address", () => {
  test.each([
    `${PUBLIC_URL}/demo/../api/health`,
    `${PUBLIC_URL}/demo/%2e%2e/api/health`,
    `${PUBLIC_URL}/demo/%2E%2E/api/health`,
    `${PUBLIC_URL}/demo/.%2e/api/health`,
    `${PUBLIC_URL}/demo/./../api/health`,
    `${PUBLIC_URL}/demo/v1/../../api/health`,
    `${PUBLIC_URL}/demo\\..\\api\\health`,
    `${PUBLIC_URL}/demo/%2e%2e/api/user/get/login`,
    `${PUBLIC_URL}/api/health`,
    `${PUBLIC_URL}/`,
    `${PUBLIC_URL.toUpperCase()}/demo/../api/health`,
    `${PUBLIC_URL}:80/demo/../api/health`,
  ])('%s: outside the demo folder, refused and not counted', async (url) => {
    const id = await online(url);
    const before = await lastCallId();

    const answer = await invoke(id);

    expect(answer).toEqual(refusal(ResponseCode.FORBIDDEN, UPSTREAM_MESSAGES.refused));
    expect(await newCalls(before)).toEqual([]);
  });

  test('a path that stays in the demo folder, however written, is the demo service', async () => {
    const id = await online(`${PUBLIC_URL}/demo/v1/%2e%2e/./echo`, 'POST');

    const answer = await invoke(id, '{"b":2}');

    expect(answer).toMatchObject({ code: 0, data: { b: 2 } });
  });

  test('an encoded slash does not leave it: the demo service answers that it has no such path', async () => {
    const id = await online(`${PUBLIC_URL}/demo/..%2fapi/health`);

    const answer = await invoke(id);

    expect(answer).toMatchObject({ code: ResponseCode.UPSTREAM_ERROR, call: { status: 404 } });
    expect(answer.message).toContain('没有这个演示接口');
  });
});

describe('counting', () => {
  test('200 concurrent calls are as many more records as were sent, no more, no fewer', async () => {
    const id = await online(`${upstream.origin}/text`);
    const before = await lastCallId();

    const answers = await Promise.all(Array.from({ length: 200 }, () => invoke(id)));

    // On a busy machine some may time out (1 s here): those reached the interface and count too. Those that found
    // the interface's connections all in use for their whole time-out were never sent, and are not counted.
    const busy = answers.filter((a) => a.message === UPSTREAM_MESSAGES.busy).length;
    const added = await newCalls(before);
    expect(added).toHaveLength(200 - busy);
    expect(added.every((row) => row.iid === id)).toBe(true);
    expect(added.filter((row) => row.success)).toHaveLength(answers.filter((a) => a.code === 0).length);
    expect(
      answers.filter(
        (a) => a.code !== 0 && a.message !== UPSTREAM_MESSAGES.timeout(TIMEOUT_MS).text && a.message !== UPSTREAM_MESSAGES.busy,
      ),
    ).toEqual([]);
  });

  test('calls refused before the interface are not counted', async () => {
    const offlineId = (
      await post<string>(
        'add',
        { name: '未发布', description: '', url: `${upstream.origin}/text`, method: 'GET', requestParams: '', requestHeader: '', responseHeader: '' },
        admin,
      )
    ).data;
    const id = await online(`${upstream.origin}/text`);
    const before = await lastCallId();

    expect((await invoke(offlineId)).message).toBe(MESSAGES.interfaceNotFound);
    expect((await invoke(offlineId, '{}', admin)).message).toBe(MESSAGES.interfaceClosed);
    expect((await invoke(id, '{city:')).message).toBe(MESSAGES.paramsNotJson);
    expect((await invoke(id, '{}', '')).code).toBe(ResponseCode.NOT_LOGIN);
    expect(await newCalls(before)).toEqual([]);
  });
});

describe("the caller's history", () => {
  test('the call just made comes first, with its parameters; older ones follow', async () => {
    const id = await online(`${upstream.origin}/echo`, 'POST');
    await invoke(id, '{"n":1}');
    t.clock.now += 1000;
    await invoke(id, '{"n":2}');

    const answer = await history(`id=${id}`);

    expect(answer.code).toBe(0);
    expect(answer.data.map((entry) => entry.params)).toEqual(['{"n":2}', '{"n":1}']);
    expect(answer.data[0]).toEqual({
      time: new Date(t.clock.now).toISOString(),
      status: 200,
      success: true,
      durationMs: expect.any(Number),
      bytes: expect.any(Number),
      params: '{"n":2}',
    });
  });

  test("another user's calls are not listed, and at most HISTORY_LIMIT come back", async () => {
    const id = await online(`${upstream.origin}/text`);
    await invoke(id, '{"who":"admin"}', admin);
    for (let i = 0; i < HISTORY_LIMIT + 2; i += 1) {
      t.clock.now += 1;
      await invoke(id, `{"i":${i}}`);
    }

    const mine = await history(`id=${id}`);
    const theirs = await history(`id=${id}`, admin);

    expect(mine.data).toHaveLength(HISTORY_LIMIT);
    expect(mine.data[0].params).toBe(`{"i":${HISTORY_LIMIT + 1}}`);
    expect(mine.data.map((entry) => entry.params)).not.toContain('{"who":"admin"}');
    expect(theirs.data.map((entry) => entry.params)).toEqual(['{"who":"admin"}']);
  });

  test('parameters over the limit are not kept: null, with paramsTruncated', async () => {
    const id = await online(`${upstream.origin}/echo`, 'POST');
    const long = JSON.stringify({ text: 'x'.repeat(HISTORY_PARAMS_MAX_BYTES) });
    const atLimit = JSON.stringify({ text: 'x'.repeat(HISTORY_PARAMS_MAX_BYTES - 11) });
    expect(Buffer.byteLength(atLimit)).toBe(HISTORY_PARAMS_MAX_BYTES);
    await invoke(id, atLimit);
    t.clock.now += 1;
    await invoke(id, long);

    const answer = await history(`id=${id}`);

    expect(answer.data[0]).toMatchObject({ params: null, paramsTruncated: true, status: 200 });
    expect(answer.data[1].params).toBe(atLimit);
    expect(answer.data[1]).not.toHaveProperty('paramsTruncated');
  });

  test("a failed call is listed with its status; a gateway call without parameters; refusals not at all", async () => {
    const id = await online(`${upstream.origin}/fail`);
    const keys = await keyPairOf(t.app, user);
    const { port } = t.app.server.address() as AddressInfo;
    const path = `/gateway/${id}?secret=1`;
    t.clock.now += 1;
    await invoke(id, '{"a":1}');
    t.clock.now += 1;
    const viaGateway = await fetch(`http://127.0.0.1:${port}${path}`, {
      headers: signedHeaders(keys, 'GET', path, { timestamp: Math.floor(t.clock.now / 1000), nonce: freshNonce() }),
    });
    // The gateway passes the interface's own answer on.
    expect(viaGateway.status).toBe(500);
    await invoke(id, '{broken');

    const answer = await history(`id=${id}`);

    expect(answer.data).toEqual([
      expect.objectContaining({ status: 500, success: false, params: null }),
      expect.objectContaining({ status: 500, success: false, params: '{"a":1}' }),
    ]);
    expect(answer.data[0]).not.toHaveProperty('paramsTruncated');
  });

  test('an unknown interface is 40400, an id that is none 40000, no session 40100', async () => {
    expect((await history('id=1800000000099999999')).code).toBe(ResponseCode.NOT_FOUND);
    expect((await history('id=abc')).code).toBe(ResponseCode.PARAMS_ERROR);
    expect((await history('')).code).toBe(ResponseCode.PARAMS_ERROR);
    expect((await history(`id=${demo[0].id}`, '')).code).toBe(ResponseCode.NOT_LOGIN);
  });
});

describe('the demo address moves with PUBLIC_URL', () => {
  test('every URL under the old demo address moves, others stay', async () => {
    const mine = await online(`${PUBLIC_URL}/demo/echo`, 'POST');
    const elsewhere = await online(`${upstream.origin}/text`);
    const urlOf = async (id: string) =>
      (await t.database.db.select({ url: interfaces.url }).from(interfaces).where(eq(interfaces.id, id)))[0].url;
    // The seeded ones, `mine`, and those other tests here pointed there.
    const [{ under }] = rowsOf<{ under: number }>(
      await t.database.db.execute(
        sql`SELECT count(*)::int AS under FROM interface_info WHERE starts_with(url, ${`${PUBLIC_URL}/demo/`})`,
      ),
    );

    const moved = await alignDemoUrls(t.database.db, 'https://API.example.com', DEMO_INTERFACE_COUNT);

    expect(under).toBeGreaterThan(DEMO_INTERFACE_COUNT);
    expect(moved).toBe(under);
    expect(await urlOf(mine)).toBe('https://API.example.com/demo/echo');
    expect(await urlOf(demo[0].id)).toBe(`https://API.example.com/demo${new URL(demo[0].url).pathname}`);
    expect(await urlOf(elsewhere)).toBe(`${upstream.origin}/text`);
    expect(await alignDemoUrls(t.database.db, 'https://API.example.com', DEMO_INTERFACE_COUNT)).toBe(0);

    await alignDemoUrls(t.database.db, PUBLIC_URL, DEMO_INTERFACE_COUNT);
    expect(await urlOf(mine)).toBe(`${PUBLIC_URL}/demo/echo`);
  });
});

describe('shutting down', () => {
  test('closing the app writes every call it answered', async () => {
    const id = await online(`${upstream.origin}/text`);
    const before = await lastCallId();
    await Promise.all(Array.from({ length: 20 }, () => invoke(id)));

    await t.app.close();

    const rows = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`SELECT count(*)::int AS n FROM interface_call WHERE id > ${before}::bigint`),
    );
    expect(rows[0].n).toBe(20);
  });
});

/**
 * @jest-environment node
 */
import { sql } from 'drizzle-orm';
import { DEFAULT_QUOTA, INTERFACE_STATUS, ResponseCode } from '@agler/contract/constants';
import { seedInterfaces } from '@agler/contract/demo/seedInterfaces';
import type { Message } from '@agler/contract/messageKeys';
import { MESSAGES } from '@agler/contract/messages';
import { canonicalRequest, EMPTY_BODY_SHA256, SIGNATURE_CHALLENGE } from '@agler/contract/signature';
import type { KeyPairVO } from '@agler/contract/types';
import { rowsOf } from '../db/rows';
import { DEMO_INTERFACE_COUNT } from '../domain/seed';
import { ADMIN, call, loginAs, registerAs, USER } from '../test/app';
import { keyPairOf } from '../test/keys';
import { freshNonce } from '../test/sign';
import type { TestApp } from '../test/app';
import { answeringDemoGets } from '../test/database';
import { listeningApp, sendSigned } from '../test/gateway';
import type { SignedOptions } from '../test/gateway';
import { signatureMatches } from './routes';
import { refusal } from '../test/refusal';

/**
 * Accounts, keys, quotas and the gateway, end to end on one app that listens
 * on 127.0.0.1 (the demo interfaces answer over HTTP from its own /demo).
 */

const PUBLIC_URL = 'http://gateway.test';
const demo = seedInterfaces(DEMO_INTERFACE_COUNT, ADMIN.id);
const weather = demo.find((r) => r.name === '天气查询')!;
const offline = demo.find((r) => r.status === INTERFACE_STATUS.OFFLINE)!;
const echoPost = demo.find((r) => r.status === INTERFACE_STATUS.ONLINE && r.method === 'POST')!;

let t: TestApp;
let admin: string;
let user: string;
let base: string;

beforeAll(async () => {
  // The quota test sends 200 calls at once: on a busy 2-core machine some wait for the database
  // longer than the default time-out, which would refund their quota and blur what it checks.
  ({ t, base } = await listeningApp(PUBLIC_URL, { invokeTimeoutMs: 60_000 }));
  [admin, user] = await Promise.all([loginAs(t.app, ADMIN), loginAs(t.app, USER)]);
}, 180_000);

afterAll(() => t.close());

const post = <T = unknown>(url: string, payload: unknown, cookie?: string) =>
  call<T>(t.app, { method: 'POST', url, payload: payload as object, cookie });
const get = <T = unknown>(url: string, cookie?: string) => call<T>(t.app, { url, cookie });

type Signed = { accessKey: string; secretKey: string };

/** A signed gateway request, as a program sends it (real HTTP to the listening app). */
const gateway = (pair: Signed, method: string, pathAndQuery: string, options?: SignedOptions) =>
  sendSigned(t, base, pair, method, pathAndQuery, options);

async function callCount(): Promise<number> {
  await t.app.callLog.flush();
  return rowsOf<{ n: number }>(await t.database.db.execute(sql`SELECT count(*)::int AS n FROM interface_call`))[0].n;
}

const newUser = (account: string) => registerAs(t.app, account);

describe('the signature', () => {
  test('matches an HMAC computed elsewhere (Python hmac) for the same canonical text', () => {
    const canonical = canonicalRequest({
      method: 'GET',
      path: '/gateway/1800000000000000001',
      query: 'unit=c&city=%E5%8C%97%E4%BA%AC',
      timestamp: '1790000000',
      nonce: 'nonce_1234',
      bodySha256: EMPTY_BODY_SHA256,
    });
    const sign = 'fc37a6f278d7cbb0f2bf428068f3f786e778c58b4e14ee71b0cc3a2217451cb9';

    expect(signatureMatches('sk_test_secret', canonical, sign)).toBe(true);
    expect(signatureMatches('sk_test_secret', canonical, sign.toUpperCase())).toBe(false);
    expect(signatureMatches('sk_test_secreT', canonical, sign)).toBe(false);
  });
});

describe('registration and the own account', () => {
  test('register logs in; a taken account, a bad character or unequal passwords are refused', async () => {
    const { cookie, id } = await newUser('newcomer_1');
    expect((await get<{ id: string; userRole: string }>('/api/user/get/login', cookie)).data).toMatchObject({
      id,
      userRole: 'user',
    });
    const again = { userAccount: 'newcomer_1', userPassword: 'password-123', checkPassword: 'password-123' };
    expect((await post('/api/user/register', again)).message).toBe(MESSAGES.accountTaken);
    expect((await post('/api/user/register', { ...again, userAccount: 'new comer' })).message).toBe(
      MESSAGES.accountChars,
    );
    expect((await post('/api/user/register', { ...again, userAccount: 'other_1', checkPassword: 'x' })).message).toBe(
      MESSAGES.passwordMismatch,
    );
  });

  test('a password change ends the other sessions, not this one', async () => {
    await newUser('changer_1');
    const first = await loginAs(t.app, { userAccount: 'changer_1', userPassword: 'password-123' });
    const second = await loginAs(t.app, { userAccount: 'changer_1', userPassword: 'password-123' });

    const wrong = await post('/api/user/update/password', { oldPassword: 'nope-nope', newPassword: 'password-456', checkPassword: 'password-456' }, first);
    const changed = await post('/api/user/update/password', { oldPassword: 'password-123', newPassword: 'password-456', checkPassword: 'password-456' }, first);

    expect(wrong.message).toBe(MESSAGES.wrongPassword);
    expect(changed).toMatchObject({ code: 0, data: true });
    expect((await get('/api/user/get/login', first)).code).toBe(0);
    expect((await get('/api/user/get/login', second)).code).toBe(ResponseCode.NOT_LOGIN);
  });
});

describe('keys', () => {
  test('none until made; the secret is answered once and stored sealed', async () => {
    const { cookie } = await newUser('keyholder_1');
    expect((await get('/api/user/key', cookie)).data).toBeNull();

    const pair = await keyPairOf(t.app, cookie);

    expect(pair.accessKey).toMatch(/^ak_[A-Za-z0-9_-]{43}$/);
    expect(pair.secretKey).toMatch(/^sk_[A-Za-z0-9_-]{43}$/);
    expect((await get('/api/user/key', cookie)).data).toEqual({
      accessKey: pair.accessKey,
      secretKeyTail: pair.secretKey.slice(-4),
    });
    const stored = rowsOf<{ s: string }>(await t.database.db.execute(sql`SELECT secret_sealed AS s FROM access_key`));
    expect(stored.some((row) => row.s.includes(pair.secretKey.slice(3, 20)))).toBe(false);
  });
});

describe('the gateway', () => {
  let pair: KeyPairVO;
  beforeAll(async () => {
    pair = await keyPairOf(t.app, user);
  });

  test('a good GET reaches the interface: its status, type and body, the quota left, and one record', async () => {
    const before = await callCount();
    // The demo user's quota was charged with the demo history.
    const usage = await get<{ interfaceInfoId: string; leftNum: number }[]>('/api/user/usage', user);
    const leftBefore = usage.data.find((row) => row.interfaceInfoId === weather.id)?.leftNum ?? DEFAULT_QUOTA;

    const answer = await gateway(pair, 'GET', `/gateway/${weather.id}?city=${encodeURIComponent('北京')}&unit=c`);

    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(answer.json()).toMatchObject({ city: '北京' });
    expect(Number(answer.headers.get('x-quota-remaining'))).toBe(leftBefore - 1);
    expect(await callCount()).toBe(before + 1);
  });

  test('a POST sends its JSON body on', async () => {
    const answer = await gateway(pair, echoPost.method, `/gateway/${echoPost.id}`, { body: '{"text":"hello"}' });
    expect(answer.status).toBeLessThan(500);
    expect(answer.headers.get('x-quota-remaining')).not.toBeNull();
  });

  test('every refusal has its status and message, reaches nothing and counts nothing', async () => {
    const before = await callCount();
    const at = `/gateway/${weather.id}?city=x`;
    const now = Math.floor(t.clock.now / 1000);
    const replayed = freshNonce();
    expect((await gateway(pair, 'GET', at, { nonce: replayed })).status).toBe(200);
    const afterGood = await callCount();

    const cases: [string, Awaited<ReturnType<typeof gateway>>, number, number, Message][] = [
      ['no accessKey', await gateway(pair, 'GET', at, { omit: 'accessKey' }), 401, 40100, MESSAGES.signatureMissing('accessKey')],
      ['no sign', await gateway(pair, 'GET', at, { omit: 'sign' }), 401, 40100, MESSAGES.signatureMissing('sign')],
      ['unknown key', await gateway({ ...pair, accessKey: 'ak_nobody' }, 'GET', at), 401, 40100, MESSAGES.unknownAccessKey],
      ['bad signature', await gateway({ ...pair, secretKey: 'sk_wrong' }, 'GET', at), 401, 40100, MESSAGES.badSignature],
      ['301 s early', await gateway(pair, 'GET', at, { timestamp: now - 301 }), 401, 40100, MESSAGES.badTimestamp],
      ['301 s late', await gateway(pair, 'GET', at, { timestamp: now + 301 }), 401, 40100, MESSAGES.badTimestamp],
      ['a short nonce', await gateway(pair, 'GET', at, { nonce: 'short' }), 401, 40100, MESSAGES.badNonce],
      ['a replay', await gateway(pair, 'GET', at, { nonce: replayed }), 401, 40100, MESSAGES.nonceUsed],
      // To a user an offline interface does not exist, as reading it says.
      ['offline', await gateway(pair, offline.method, `/gateway/${offline.id}`), 404, 40400, MESSAGES.interfaceNotFound],
      ['unknown', await gateway(pair, 'GET', '/gateway/1800000000009999999'), 404, 40400, MESSAGES.interfaceNotFound],
      ['no id', await gateway(pair, 'GET', '/gateway/weather'), 400, 40000, MESSAGES.badId],
      ['another method', await gateway(pair, 'POST', `/gateway/${weather.id}`, { body: '{}' }), 405, 40000, MESSAGES.methodNotAllowed('GET')],
    ];

    for (const [label, answer, status, code, message] of cases) {
      expect({
        label,
        status: answer.status,
        body: answer.json(),
        challenge: answer.headers.get('www-authenticate'),
      }).toEqual({
        label,
        status,
        body: refusal(code, message),
        // Every 401 names the scheme that would be accepted (RFC 9110 §15.5.2); nothing else does.
        challenge: status === 401 ? SIGNATURE_CHALLENGE : null,
      });
    }
    expect(await callCount()).toBe(afterGood);
    expect(afterGood).toBe(before + 1);
  });

  test("an offline interface is closed to an admin's key: an admin knows it exists", async () => {
    const adminPair = await keyPairOf(t.app, admin);

    const answer = await gateway(adminPair, offline.method, `/gateway/${offline.id}`);

    expect({ status: answer.status, body: answer.json() }).toEqual({
      status: 403,
      body: refusal(ResponseCode.FORBIDDEN, MESSAGES.interfaceClosed),
    });
  });

  test('HEAD answers the status and headers the GET would, without content, as one call', async () => {
    const at = `/gateway/${weather.id}?city=${encodeURIComponent('北京')}&unit=c`;
    const got = await gateway(pair, 'GET', at);
    const before = await callCount();

    const head = await gateway(pair, 'HEAD', at);

    expect(head.status).toBe(got.status);
    expect(head.text).toBe('');
    for (const name of ['content-type', 'content-length'])
      expect({ name, value: head.headers.get(name) }).toEqual({ name, value: got.headers.get(name) });
    expect(Number(head.headers.get('x-quota-remaining'))).toBe(Number(got.headers.get('x-quota-remaining')) - 1);
    expect(await callCount()).toBe(before + 1);
  });

  test('HEAD is refused as the GET is, without content; another method names HEAD beside GET', async () => {
    const refused = await gateway(pair, 'HEAD', `/gateway/${weather.id}`, { omit: 'sign' });
    const post = await gateway(pair, 'HEAD', `/gateway/${echoPost.id}`);
    const other = await gateway(pair, 'DELETE', `/gateway/${weather.id}`);

    expect({ status: refused.status, text: refused.text }).toEqual({ status: 401, text: '' });
    expect(refused.headers.get('www-authenticate')).toBe(SIGNATURE_CHALLENGE);
    expect({ status: post.status, allow: post.headers.get('allow') }).toEqual({ status: 405, allow: 'POST' });
    expect({ status: other.status, allow: other.headers.get('allow') }).toEqual({ status: 405, allow: 'GET, HEAD' });
  });

  test('300 s off either way is still on time', async () => {
    const now = Math.floor(t.clock.now / 1000);
    expect((await gateway(pair, 'GET', `/gateway/${weather.id}?city=x`, { timestamp: now - 300 })).status).toBe(200);
    expect((await gateway(pair, 'GET', `/gateway/${weather.id}?city=x`, { timestamp: now + 300 })).status).toBe(200);
  });

  test('a new pair: the old one stops at once', async () => {
    const { cookie } = await newUser('rotator_1');
    const old = await keyPairOf(t.app, cookie);
    const fresh = await keyPairOf(t.app, cookie);

    expect((await gateway(old, 'GET', `/gateway/${weather.id}?city=x`)).status).toBe(401);
    expect((await gateway(fresh, 'GET', `/gateway/${weather.id}?city=x`)).status).toBe(200);
  });
});

describe('quotas', () => {
  test('200 concurrent calls with 100 left: exactly 100 answers and 100 refusals (429)', async () => {
    const { cookie, id } = await newUser('busy_1');
    const pair = await keyPairOf(t.app, cookie);
    expect((await post('/api/userInterfaceInfo/update', { userId: id, interfaceInfoId: weather.id, leftNum: 100 }, admin)).code).toBe(0);
    const before = await callCount();

    const answers = await Promise.all(
      Array.from({ length: 200 }, () => gateway(pair, 'GET', `/gateway/${weather.id}?city=x`)),
    );

    const statuses = answers.map((a) => a.status);
    expect(answers.filter((a) => a.status !== 200 && a.status !== 429).map((a) => `${a.status} ${a.text}`)).toEqual([]);
    expect(statuses.filter((s) => s === 200)).toHaveLength(100);
    expect(statuses.filter((s) => s === 429)).toHaveLength(100);
    expect(answers.find((a) => a.status === 429)!.json()).toEqual(refusal(ResponseCode.QUOTA_EXHAUSTED, MESSAGES.quotaExhausted));
    expect(await callCount()).toBe(before + 100);
    const usage = await get<{ interfaceInfoId: string; leftNum: number; totalNum: number; calls: number }[]>(
      '/api/user/usage',
      cookie,
    );
    expect(usage.data.find((row) => row.interfaceInfoId === weather.id)).toMatchObject({ leftNum: 0, totalNum: 100, calls: 100 });
  });

  test('the console counts against the quota too; admins are counted but never limited', async () => {
    const { cookie, id } = await newUser('console_1');
    await post('/api/userInterfaceInfo/update', { userId: id, interfaceInfoId: weather.id, leftNum: 1 }, admin);
    const body = { id: weather.id, userRequestParams: '{"city":"北京"}' };

    expect((await post('/api/interfaceInfo/invoke', body, cookie)).code).toBe(0);
    expect(await post('/api/interfaceInfo/invoke', body, cookie)).toEqual(refusal(ResponseCode.QUOTA_EXHAUSTED, MESSAGES.quotaExhausted));
    for (let i = 0; i < 3; i += 1) expect((await post('/api/interfaceInfo/invoke', body, admin)).code).toBe(0);
  });
});

describe('users for admins', () => {
  test('an admin cannot demote or ban themself; banning stops the user’s session and keys at once', async () => {
    const adminId = (await get<{ id: string }>('/api/user/get/login', admin)).data.id;
    expect((await post('/api/user/update', { id: adminId, userRole: 'user' }, admin)).message).toBe(MESSAGES.selfRole);

    const { cookie, id } = await newUser('troublemaker_1');
    const pair = await keyPairOf(t.app, cookie);
    expect((await post('/api/user/update', { id, userRole: 'ban' }, admin)).code).toBe(0);

    // The session ended with the ban: the browser is logged out.
    expect((await get('/api/user/get/login', cookie)).code).toBe(ResponseCode.NOT_LOGIN);
    expect((await post('/api/interfaceInfo/invoke', { id: weather.id, userRequestParams: '{}' }, cookie)).code).toBe(
      ResponseCode.NOT_LOGIN,
    );
    const answer = await gateway(pair, 'GET', `/gateway/${weather.id}?city=x`);
    expect(answer.status).toBe(403);
    expect(answer.json()).toMatchObject({ code: ResponseCode.FORBIDDEN, message: MESSAGES.banned });
  });

  test('the list finds users by account or name, newest first', async () => {
    await newUser('findme_1');
    const page = await get<{ records: { userAccount: string }[]; total: number }>(
      '/api/user/list/page?searchText=FINDME',
      admin,
    );
    expect(page.data.records.map((r) => r.userAccount)).toEqual(['findme_1']);
    expect((await get('/api/user/list/page', user)).code).toBe(ResponseCode.NO_AUTH);
  });

  test('two admins demoting each other at once leave one admin, never none', async () => {
    const a = await newUser('admin_a');
    const b = await newUser('admin_b');
    await post('/api/user/update', { id: a.id, userRole: 'admin' }, admin);
    await post('/api/user/update', { id: b.id, userRole: 'admin' }, admin);
    const adminId = (await get<{ id: string }>('/api/user/get/login', admin)).data.id;
    // The demo admin steps aside (by another admin's hand) so that a and b are the only admins.
    expect((await post('/api/user/update', { id: adminId, userRole: 'user' }, a.cookie)).code).toBe(0);

    const answers = await Promise.all([
      post('/api/user/update', { id: b.id, userRole: 'user' }, a.cookie),
      post('/api/user/update', { id: a.id, userRole: 'user' }, b.cookie),
    ]);

    // The second is refused: as the last admin (both checked at once) or as no admin any more (the first came first).
    expect(answers.filter((x) => x.code === 0)).toHaveLength(1);
    expect([MESSAGES.lastAdmin, MESSAGES.noAuth]).toContain(answers.find((x) => x.code !== 0)!.message);
    const admins = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`SELECT count(*)::int AS n FROM app_user WHERE user_role = 'admin'`),
    );
    expect(admins[0].n).toBe(1);
    // Back as it was for the other tests.
    const [survivor] = answers[0].code === 0 ? [a] : [b];
    await post('/api/user/update', { id: adminId, userRole: 'admin' }, survivor.cookie);
  });
});

describe('quota alerts', () => {
  test('the call that uses 80 % and the one that uses the last of a quota each tell the user once', async () => {
    const pair = await keyPairOf(t.app, user);
    const target = answeringDemoGets().find((r) => r.id !== weather.id)!;
    // A fresh row: nothing used yet, 10 calls in all.
    await t.database.db.execute(
      sql`DELETE FROM user_interface_info WHERE user_id = ${USER.id}::bigint AND interface_info_id = ${target.id}::bigint`,
    );
    expect(await post('/api/userInterfaceInfo/update', { userId: USER.id, interfaceInfoId: target.id, leftNum: 10 }, admin)).toMatchObject({ code: 0 });
    const kinds = async () =>
      (await get<{ records: { kind: string; interfaceInfoId?: string }[] }>('/api/alert/list?pageSize=50', user)).data.records
        .filter((a) => String(a.interfaceInfoId) === target.id)
        .map((a) => a.kind)
        .sort();
    for (let i = 0; i < 7; i += 1) expect((await gateway(pair, 'GET', `/gateway/${target.id}`)).status).toBe(200);
    expect(await kinds()).toEqual([]);
    expect((await gateway(pair, 'GET', `/gateway/${target.id}`)).status).toBe(200);
    expect(await kinds()).toEqual(['quota_80']);
    for (let i = 0; i < 2; i += 1) expect((await gateway(pair, 'GET', `/gateway/${target.id}`)).status).toBe(200);
    expect((await gateway(pair, 'GET', `/gateway/${target.id}`)).status).toBe(429);
    expect(await kinds()).toEqual(['quota_100', 'quota_80']);
  });
});

describe('lifecycle', () => {
  /** Online GET interfaces a call with no parameters reaches, besides the weather one other tests use. */
  const callableGets = () =>
    answeringDemoGets().filter((r) => r.id !== weather.id);

  test('a deprecated interface says so on every answer, and after its sunset answers 410, counting nothing', async () => {
    const pair = await keyPairOf(t.app, user);
    const [target, replacement] = callableGets().slice(2, 4);
    const tomorrow = new Date(t.clock.now + 86_400_000);
    const sunsetDate = `${tomorrow.getFullYear()}-${String(tomorrow.getMonth() + 1).padStart(2, '0')}-${String(tomorrow.getDate()).padStart(2, '0')}`;
    expect(
      await post('/api/interfaceInfo/update', { id: target.id, deprecated: true, sunsetDate, replacementId: replacement.id }, admin),
    ).toMatchObject({ code: 0 });
    const successor = `<${PUBLIC_URL}/gateway/${replacement.id}>; rel="successor-version"`;

    const before = await gateway(pair, 'GET', `/gateway/${target.id}`);
    expect(before.status).toBe(200);
    expect(before.headers.get('deprecation')).toMatch(/^@\d+$/);
    expect(before.headers.get('sunset')).toBe(new Date(new Date(`${sunsetDate}T00:00:00`).getTime()).toUTCString());
    expect(before.headers.get('link')).toBe(successor);
    const invoked = await t.app.inject({
      method: 'POST',
      url: '/api/interfaceInfo/invoke',
      payload: { id: target.id, userRequestParams: '{}' },
      headers: { cookie: user },
    });
    expect(invoked.json()).toMatchObject({ code: 0 });
    expect(invoked.headers.link).toBe(successor);

    const calls = await callCount();
    const today = t.clock.now;
    t.clock.now = new Date(`${sunsetDate}T00:00:01`).getTime();
    const after = await gateway(pair, 'GET', `/gateway/${target.id}`);
    expect(after.status).toBe(410);
    expect(after.json()).toMatchObject({ code: ResponseCode.GONE, message: expect.stringContaining(`/gateway/${replacement.id}`) });
    expect(after.headers.get('link')).toBe(successor);
    expect(
      await post('/api/interfaceInfo/invoke', { id: target.id, userRequestParams: '{}' }, user),
    ).toMatchObject({ code: ResponseCode.GONE });
    expect(await callCount()).toBe(calls);
    t.clock.now = today;
  });

  test('a replacement the caller may not see is not named: offline looks missing', async () => {
    const pair = await keyPairOf(t.app, user);
    const [target, replacement] = callableGets().slice(4, 6);
    expect(
      await post('/api/interfaceInfo/update', { id: target.id, deprecated: true, replacementId: replacement.id }, admin),
    ).toMatchObject({ code: 0 });
    expect(await post('/api/interfaceInfo/offline', { id: replacement.id }, admin)).toMatchObject({ code: 0 });
    try {
      const answer = await gateway(pair, 'GET', `/gateway/${target.id}`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('deprecation')).toMatch(/^@\d+$/);
      expect(answer.headers.get('link')).toBeNull();
      const asUser = await t.app.inject({
        method: 'POST',
        url: '/api/interfaceInfo/invoke',
        payload: { id: target.id, userRequestParams: '{}' },
        headers: { cookie: user },
      });
      expect(asUser.headers.link).toBeUndefined();
      const asAdmin = await t.app.inject({
        method: 'POST',
        url: '/api/interfaceInfo/invoke',
        payload: { id: target.id, userRequestParams: '{}' },
        headers: { cookie: admin },
      });
      expect(asAdmin.headers.link).toBe(`<${PUBLIC_URL}/gateway/${replacement.id}>; rel="successor-version"`);
    } finally {
      await post('/api/interfaceInfo/online', { id: replacement.id }, admin);
      await post('/api/interfaceInfo/update', { id: target.id, deprecated: false, replacementId: null }, admin);
    }
  });
});

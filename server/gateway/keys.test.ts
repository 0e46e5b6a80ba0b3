/**
 * @jest-environment node
 */
import { sql } from 'drizzle-orm';
import { INTERFACE_STATUS, KEY_LIMITS, ResponseCode } from '@agler/contract/constants';
import { DAY_MS, formatDate } from '@agler/contract/dates';
import { seedInterfaces } from '@agler/contract/demo/seedInterfaces';
import type { KeyAuditVO, KeyVO } from '@agler/contract/keys';
import { MESSAGES } from '@agler/contract/messages';
import type { AccessKeyVO, KeyPairVO, Page } from '@agler/contract/types';
import { rowsOf } from '../db/rows';
import { alertKeysExpiringSoon } from '../domain/keys';
import type { CallLogEntry } from '../domain/usage';
import { DEMO_INTERFACE_COUNT } from '../domain/seed';
import { ADMIN, call, loginAs, registerAs } from '../test/app';
import type { TestApp } from '../test/app';
import { listeningApp, sendSigned } from '../test/gateway';

/**
 * Several keys per user through the listening app: signed calls with each
 * rule of a key (expiry, interface list, rotation's grace, revocation), the
 * key endpoints' checks, the audit trail and the key in the call log.
 */

const PUBLIC_URL = 'http://gateway.test';
const demo = seedInterfaces(DEMO_INTERFACE_COUNT, ADMIN.id);
const first = demo.find((r) => r.name === '天气查询')!;
const second = demo.find(
  (r) => r.status === INTERFACE_STATUS.ONLINE && r.method === 'GET' && r.id !== first.id,
)!;

let t: TestApp;
let base: string;
let admin: string;

beforeAll(async () => {
  ({ t, base } = await listeningApp(PUBLIC_URL, { invokeTimeoutMs: 60_000 }));
  admin = await loginAs(t.app, ADMIN);
}, 180_000);

afterAll(() => t.close());

const post = <T = unknown>(url: string, payload: unknown, cookie?: string) =>
  call<T>(t.app, { method: 'POST', url, payload: payload as object, cookie });
const get = <T = unknown>(url: string, cookie?: string) => call<T>(t.app, { url, cookie });

type Pair = { accessKey: string; secretKey: string };

const gateway = (pair: Pair, interfaceId: string) =>
  sendSigned(t, base, pair, 'GET', `/gateway/${interfaceId}?city=x`);

const pause = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms);
  });

let accounts = 0;
function newUser(): Promise<{ cookie: string; id: string }> {
  accounts += 1;
  return registerAs(t.app, `keys_user_${accounts}`);
}

async function addKey(cookie: string, body: Record<string, unknown>) {
  const answer = await post<KeyPairVO & { id: string }>('/api/user/key/add', body, cookie);
  expect(answer).toMatchObject({ code: 0 });
  return answer.data;
}

const listOf = async (cookie: string, query = '') =>
  (await get<KeyVO[]>(`/api/user/key/list${query}`, cookie)).data;

describe('keys at the gateway', () => {
  test('each key signs its own calls, and the call log names the key', async () => {
    const { cookie } = await newUser();
    const prod = await addKey(cookie, { name: '生产' });
    const test = await addKey(cookie, { name: '测试' });

    expect((await gateway(prod, first.id)).status).toBe(200);
    expect((await gateway(test, first.id)).status).toBe(200);
    expect((await gateway({ ...prod, secretKey: test.secretKey }, first.id)).json().message).toBe(
      MESSAGES.badSignature,
    );

    await t.app.callLog.flush();
    const logged = rowsOf<{ key_id: string }>(
      await t.database.db.execute(
        sql`SELECT key_id::text AS key_id FROM interface_call WHERE key_id IN (${prod.id}::bigint, ${test.id}::bigint)`,
      ),
    );
    expect(logged.map((r) => r.key_id).sort()).toEqual([prod.id, test.id].sort());
  });

  test("我的用量's call log names each call's key, a revoked one too, and the console's calls as online", async () => {
    const { cookie } = await newUser();
    const prod = await addKey(cookie, { name: '生产' });
    const revoked = await addKey(cookie, { name: '测试' });
    expect((await gateway(revoked, first.id)).status).toBe(200);
    expect((await post('/api/user/key/revoke', { id: revoked.id }, cookie)).code).toBe(0);
    // A revoked key's name is free again: its calls keep their own tail and say revoked.
    const again = await addKey(cookie, { name: '测试' });
    expect((await gateway(again, first.id)).status).toBe(200);
    expect((await gateway(prod, first.id)).status).toBe(200);
    const online = await post(
      '/api/interfaceInfo/invoke',
      { id: first.id, userRequestParams: '{"city":"x"}' },
      cookie,
    );
    expect(online.code).toBe(0);

    const log = await get<Page<CallLogEntry>>('/api/user/calls', cookie);
    const keyOf = (pair: { id: string; accessKey: string }, keyName: string, keyRevoked = false) => ({
      online: false,
      keyId: pair.id,
      keyName,
      accessKeyTail: pair.accessKey.slice(-4),
      keyRevoked,
    });
    expect(log.data.records).toMatchObject([
      { online: true, keyId: null, keyName: null, accessKeyTail: null, keyRevoked: false },
      keyOf(prod, '生产'),
      keyOf(again, '测试'),
      keyOf(revoked, '测试', true),
    ]);
  });

  test('an expired key is refused with its own message; the cache needs no announcement', async () => {
    const { cookie, id } = await newUser();
    const pair = await addKey(cookie, { name: '短期', expiresAt: formatDate(t.clock.now) });
    expect((await gateway(pair, first.id)).status).toBe(200);

    const before = t.clock.now;
    t.clock.now += DAY_MS;
    try {
      const refused = await gateway(pair, first.id);
      expect(refused.status).toBe(401);
      expect(refused.json()).toMatchObject({ code: ResponseCode.NOT_LOGIN, message: MESSAGES.keyExpired });
      // A day on, the sessions have ended too: a new one reads the list.
      expect((await listOf(await loginAs(t.app, ADMIN), `?userId=${id}`))[0].status).toBe('expired');
    } finally {
      t.clock.now = before;
    }
  });

  test('a key with a list of interfaces calls only those: others answer 403, 40300', async () => {
    const { cookie } = await newUser();
    const pair = await addKey(cookie, { name: '只读', interfaceIds: [first.id] });
    expect((await gateway(pair, first.id)).status).toBe(200);
    const refused = await gateway(pair, second.id);
    expect(refused.status).toBe(403);
    expect(refused.json()).toMatchObject({
      code: ResponseCode.FORBIDDEN,
      message: MESSAGES.keyInterfaceDenied,
    });
    expect((await listOf(cookie))[0].interfaceIds).toEqual([first.id]);
  });

  test('after a rotation the new secret signs at once and the old one until the grace ends', async () => {
    const { cookie } = await newUser();
    const old = await addKey(cookie, { name: '轮换' });
    expect((await gateway(old, first.id)).status).toBe(200);

    const rotated = await post<KeyPairVO & { id: string }>(
      '/api/user/key/rotate',
      { id: old.id, graceSeconds: 3600 },
      cookie,
    );
    expect(rotated.code).toBe(0);
    expect(rotated.data.accessKey).toBe(old.accessKey);
    expect(rotated.data.secretKey).not.toBe(old.secretKey);
    const fresh = rotated.data;

    expect((await gateway(fresh, first.id)).status).toBe(200);
    expect((await gateway(old, first.id)).status).toBe(200);
    const [listed] = await listOf(cookie);
    expect(listed.graceUntil).not.toBeNull();
    expect(listed.secretKeyTail).toBe(fresh.secretKey.slice(-4));

    const before = t.clock.now;
    t.clock.now += 3600_000 + 1000;
    try {
      expect((await gateway(old, first.id)).json().message).toBe(MESSAGES.badSignature);
      expect((await gateway(fresh, first.id)).status).toBe(200);
      expect((await listOf(cookie))[0].graceUntil).toBeNull();
    } finally {
      t.clock.now = before;
    }

    // Without a grace the old secret stops at once.
    const again = await post<Pair>('/api/user/key/rotate', { id: old.id, graceSeconds: 0 }, cookie);
    expect((await gateway(fresh, first.id)).json().message).toBe(MESSAGES.badSignature);
    expect((await gateway(again.data, first.id)).status).toBe(200);
  });

  test('a revoked key is refused as an unknown one, at once; revoking again changes nothing', async () => {
    const { cookie } = await newUser();
    const pair = await addKey(cookie, { name: '吊销' });
    expect((await gateway(pair, first.id)).status).toBe(200);
    expect((await post('/api/user/key/revoke', { id: pair.id }, cookie)).code).toBe(0);
    const refused = await gateway(pair, first.id);
    expect(refused.status).toBe(401);
    expect(refused.json().message).toBe(MESSAGES.unknownAccessKey);
    expect((await post('/api/user/key/revoke', { id: pair.id }, cookie)).code).toBe(0);
    expect((await listOf(cookie))[0].status).toBe('revoked');
    expect((await post('/api/user/key/rotate', { id: pair.id, graceSeconds: 0 }, cookie)).message).toBe(
      MESSAGES.keyRevoked,
    );
  });

  test('the last use is written at most once a minute', async () => {
    const { cookie } = await newUser();
    const pair = await addKey(cookie, { name: '用过' });
    expect((await listOf(cookie))[0].lastUsed).toBeNull();
    const lastUsed = async () => {
      for (let i = 0; i < 50; i += 1) {
        const [key] = await listOf(cookie);
        if (key.lastUsed) return key.lastUsed;
        await pause(20);
      }
      return null;
    };
    await gateway(pair, first.id);
    const firstUse = await lastUsed();
    expect(firstUse).not.toBeNull();

    const before = t.clock.now;
    try {
      t.clock.now += 30_000;
      await gateway(pair, first.id);
      await pause(100);
      expect((await listOf(cookie))[0].lastUsed).toBe(firstUse);
      t.clock.now += 31_000;
      await gateway(pair, first.id);
      let later = firstUse;
      for (let i = 0; i < 50 && later === firstUse; i += 1) {
        await pause(20);
        later = (await listOf(cookie))[0].lastUsed;
      }
      expect(later).not.toBe(firstUse);
    } finally {
      t.clock.now = before;
    }
  });
});

describe('the key endpoints', () => {
  test('add checks the name, the expiry and the interfaces with clear messages', async () => {
    const { cookie } = await newUser();
    const cases: [Record<string, unknown>, string][] = [
      [{}, MESSAGES.keyNameRequired],
      [{ name: '   ' }, MESSAGES.keyNameRequired],
      [{ name: 'x'.repeat(31) }, MESSAGES.keyNameTooLong],
      [{ name: 'a\u0007b' }, MESSAGES.keyNameInvalid],
      [{ name: 'ok', expiresAt: 'tomorrow' }, MESSAGES.keyExpiryInvalid],
      [{ name: 'ok', expiresAt: '2001-01-01' }, MESSAGES.keyExpiryPast],
      [{ name: 'ok', interfaceIds: 'all' }, MESSAGES.keyInterfacesInvalid],
      [{ name: 'ok', interfaceIds: ['x'] }, MESSAGES.keyInterfacesInvalid],
      [{ name: 'ok', interfaceIds: ['999999999'] }, MESSAGES.keyInterfaceNotFound],
    ];
    for (const [body, message] of cases) {
      expect(await post('/api/user/key/add', body, cookie)).toMatchObject({
        code: ResponseCode.PARAMS_ERROR,
        message,
      });
    }
    await addKey(cookie, { name: '同名' });
    expect((await post('/api/user/key/add', { name: '同名' }, cookie)).message).toBe(MESSAGES.keyNameTaken);
    expect((await post('/api/user/key/rotate', { id: '1', graceSeconds: 60 }, cookie)).message).toBe(
      MESSAGES.badGrace,
    );
    expect((await post('/api/user/key/add', { name: 'x' })).code).toBe(ResponseCode.NOT_LOGIN);
  });

  test(`at most ${KEY_LIMITS.perUser} live keys; a revoked one makes room`, async () => {
    const { cookie } = await newUser();
    const ids: string[] = [];
    for (let i = 0; i < KEY_LIMITS.perUser; i += 1) ids.push((await addKey(cookie, { name: `k${i}` })).id);
    expect((await post('/api/user/key/add', { name: 'one more' }, cookie)).message).toBe(MESSAGES.keyLimit);
    await post('/api/user/key/revoke', { id: ids[0] }, cookie);
    await addKey(cookie, { name: 'one more' });
    // A revoked key's name can be used again.
    await post('/api/user/key/revoke', { id: ids[1] }, cookie);
    await addKey(cookie, { name: 'k1' });
  });

  test("another user's key id answers 40400, as one that does not exist; only admins see others' keys", async () => {
    const owner = await newUser();
    const other = await newUser();
    const pair = await addKey(owner.cookie, { name: '私有' });
    for (const [url, body] of [
      ['/api/user/key/rotate', { id: pair.id, graceSeconds: 0 }],
      ['/api/user/key/revoke', { id: pair.id }],
      ['/api/user/key/revoke', { id: '1' }],
    ] as const) {
      const answer = await post(url, body, other.cookie);
      expect(answer).toMatchObject({ code: ResponseCode.NOT_FOUND, message: MESSAGES.keyNotFound });
    }
    expect((await gateway(pair, first.id)).status).toBe(200);
    expect((await get(`/api/user/key/list?userId=${owner.id}`, other.cookie)).code).toBe(
      ResponseCode.NO_AUTH,
    );
    expect((await get(`/api/user/key/audit?userId=${owner.id}`, other.cookie)).code).toBe(
      ResponseCode.NO_AUTH,
    );
    expect((await get(`/api/user/key/list?userId=abc`, other.cookie)).message).toBe(MESSAGES.userIdInvalid);

    const seen = (await get<KeyVO[]>(`/api/user/key/list?userId=${owner.id}`, admin)).data;
    expect(seen.map((k) => k.name)).toEqual(['私有']);
    expect(JSON.stringify(seen)).not.toContain(pair.secretKey);
  });

  test('every change is in the audit trail with its address; admins read any user’s', async () => {
    const { cookie, id } = await newUser();
    const pair = await addKey(cookie, { name: '审计' });
    await post('/api/user/key/rotate', { id: pair.id, graceSeconds: 86400 }, cookie);
    await post('/api/user/key/regenerate', {}, cookie);
    await post('/api/user/key/revoke', { id: pair.id }, cookie);

    const trail = (await get<KeyAuditVO[]>('/api/user/key/audit', cookie)).data;
    expect(trail.map((e) => e.action)).toEqual(['revoke', 'regenerate', 'rotate', 'add']);
    expect(trail[2]).toMatchObject({ keyId: pair.id, keyName: '审计', graceSeconds: 86400, ip: '127.0.0.1' });
    expect((await get<KeyAuditVO[]>(`/api/user/key/audit?userId=${id}`, admin)).data).toHaveLength(4);
  });

  test('GET /api/user/key and regenerate work on the first key, and make one when there is none', async () => {
    const { cookie } = await newUser();
    expect((await get('/api/user/key', cookie)).data).toBeNull();
    const made = (await post<KeyPairVO>('/api/user/key/regenerate', {}, cookie)).data;
    const later = await addKey(cookie, { name: '第二' });
    expect((await get<AccessKeyVO>('/api/user/key', cookie)).data.accessKey).toBe(made.accessKey);

    const again = (await post<KeyPairVO>('/api/user/key/regenerate', {}, cookie)).data;
    expect(again.accessKey).not.toBe(made.accessKey);
    expect((await gateway(made, first.id)).status).toBe(401);
    expect((await gateway(again, first.id)).status).toBe(200);
    expect((await gateway(later, first.id)).status).toBe(200);
    const keys = await listOf(cookie);
    expect(keys.map((k) => k.name)).toEqual(['默认', '第二']);
    expect(keys[0].accessKey).toBe(again.accessKey);
  });

  test('keys expiring within 7 days alert their users once', async () => {
    const { cookie, id } = await newUser();
    await addKey(cookie, { name: '将过期', expiresAt: formatDate(t.clock.now + 3 * DAY_MS) });
    await addKey(cookie, { name: '还早', expiresAt: formatDate(t.clock.now + 30 * DAY_MS) });
    const noticeMs = 7 * DAY_MS;
    await alertKeysExpiringSoon(t.database.db, t.clock.now, noticeMs);
    await alertKeysExpiringSoon(t.database.db, t.clock.now, noticeMs);
    const alerts = rowsOf<{ kind: string; data: { keyName: string } }>(
      await t.database.db.execute(sql`SELECT kind, data FROM alert WHERE user_id = ${id}::bigint`),
    );
    expect(alerts).toEqual([{ kind: 'key_expiring', data: expect.objectContaining({ keyName: '将过期' }) }]);
  });
});

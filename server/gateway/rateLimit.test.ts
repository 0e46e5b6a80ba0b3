/**
 * @jest-environment node
 */
import { sql } from 'drizzle-orm';
import { DEFAULT_QUOTA, INTERFACE_STATUS, ResponseCode } from '@agler/contract/constants';
import { seedInterfaces } from '@agler/contract/demo/seedInterfaces';
import { MESSAGES } from '@agler/contract/messages';
import type { InterfaceInfo, InterfaceQuota, KeyPairVO } from '@agler/contract/types';
import { rowsOf } from '../db/rows';
import { DEMO_INTERFACE_COUNT } from '../domain/seed';
import { ADMIN, call, loginAs, USER } from '../test/app';
import type { TestApp } from '../test/app';
import { answeringDemoGets } from '../test/database';
import { listeningApp, sendSigned } from '../test/gateway';
import { keyPairOf } from '../test/keys';

/**
 * Rate limits through the gateway and invoke, on one app that listens on
 * 127.0.0.1 (the demo interfaces answer from its own /demo). Time moves with
 * the app's clock, never by sleeping.
 */

const PUBLIC_URL = 'http://ratelimit.test';
const demo = seedInterfaces(DEMO_INTERFACE_COUNT, ADMIN.id);
const [A, B, C, D, E, F] = answeringDemoGets();
const other = demo.filter((r) => r.status === INTERFACE_STATUS.ONLINE).slice(-2);

let t: TestApp;
let admin: string;
let user: string;
let userId: string;
let base: string;
let pair: KeyPairVO;

function post<T = unknown>(url: string, payload: unknown, cookie?: string) {
  return call<T>(t.app, { method: 'POST', url, payload: payload as object, cookie });
}
function get<T = unknown>(url: string, cookie?: string) {
  return call<T>(t.app, { url, cookie });
}

beforeAll(async () => {
  ({ t, base } = await listeningApp(PUBLIC_URL));
  [admin, user] = await Promise.all([loginAs(t.app, ADMIN), loginAs(t.app, USER)]);
  pair = await keyPairOf(t.app, user);
  userId = (await get<{ id: string }>('/api/user/get/login', user)).data.id;
}, 180_000);

afterAll(() => t.close());

// Every allowance of the earlier tests is whole again (no limit here is under 1 per second or over 10 at once).
beforeEach(() => {
  t.clock.now += 10_000;
});

const gateway = (id: string) => sendSigned(t, base, pair, 'GET', `/gateway/${id}`);

async function setLimits(id: string, limits: { rateLimit?: unknown; rateBurst?: unknown }) {
  return post<boolean>('/api/interfaceInfo/update', { id, ...limits }, admin);
}

async function setOverride(id: string, limits: Record<string, unknown>) {
  return post<boolean>('/api/userInterfaceInfo/update', { userId, interfaceInfoId: id, ...limits }, admin);
}

async function callCount(): Promise<number> {
  await t.app.callLog.flush();
  return rowsOf<{ n: number }>(
    await t.database.db.execute(sql`SELECT count(*)::int AS n FROM interface_call`),
  )[0].n;
}

async function quotaOf(id: string): Promise<InterfaceQuota | undefined> {
  return (await get<InterfaceQuota[]>('/api/user/usage', user)).data.find((q) => q.interfaceInfoId === id);
}

/** How many of `n` gateway calls made at the same instant are answered. */
async function answered(id: string, n: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < n; i += 1) statuses.push((await gateway(id)).status);
  return statuses;
}

describe('an interface with a rate limit', () => {
  test('get and list/page answer the limits; a burst left out equals the limit, no limit has no burst', async () => {
    const target = A;
    expect((await setLimits(target.id, { rateLimit: 7 })).code).toBe(0);
    expect((await get<InterfaceInfo>(`/api/interfaceInfo/get?id=${target.id}`, user)).data).toMatchObject({
      rateLimit: 7,
      rateBurst: 7,
    });
    expect((await setLimits(target.id, { rateBurst: 9 })).code).toBe(0);
    const page = await get<{ records: InterfaceInfo[] }>(
      `/api/interfaceInfo/list/page?pageSize=50&name=${encodeURIComponent(target.name)}`,
      user,
    );
    expect(page.data.records.find((r) => r.id === target.id)).toMatchObject({ rateLimit: 7, rateBurst: 9 });
    expect((await setLimits(target.id, { rateLimit: 0, rateBurst: 5 })).code).toBe(0);
    expect((await get<InterfaceInfo>(`/api/interfaceInfo/get?id=${target.id}`, user)).data).toMatchObject({
      rateLimit: 0,
      rateBurst: 0,
    });
  });

  test.each([
    [{ rateLimit: -1 }, MESSAGES.badRateLimit],
    [{ rateLimit: 1.5 }, MESSAGES.badRateLimit],
    [{ rateLimit: '5' }, MESSAGES.badRateLimit],
    [{ rateLimit: 100_001 }, MESSAGES.badRateLimit],
    [{ rateLimit: 10, rateBurst: 9 }, MESSAGES.badRateBurst],
    [{ rateLimit: 10, rateBurst: null }, MESSAGES.badRateBurst],
  ])('add and update refuse %j', async (limits, message) => {
    const target = other[0];
    const fields = { name: '限速', url: 'https://example.com/x', method: 'GET' };

    expect(await post('/api/interfaceInfo/add', { ...fields, ...limits }, admin)).toMatchObject({
      code: ResponseCode.PARAMS_ERROR,
      message,
    });
    expect(await setLimits(target.id, limits)).toMatchObject({ code: ResponseCode.PARAMS_ERROR, message });
  });

  test('the burst is answered at once, the next call is 429 with Retry-After, and nothing is charged', async () => {
    const target = A;
    await setLimits(target.id, { rateLimit: 2, rateBurst: 3 });
    // The demo user's quota was charged with the demo history.
    const leftAtStart = (await quotaOf(target.id))?.leftNum ?? DEFAULT_QUOTA;

    const first = await gateway(target.id);
    expect(first.status).toBe(200);
    expect(first.headers.get('ratelimit-policy')).toBe('"rate";q=2;w=1;agler-burst=3');
    expect(first.headers.get('ratelimit')).toBe('"rate";r=2;t=1');
    expect(await answered(target.id, 2)).toEqual([200, 200]);
    const quotaBefore = await quotaOf(target.id);
    const callsBefore = await callCount();
    const overviewUrl = '/api/analysis/top/interface/invoke?limit=20';
    const analysisBefore = JSON.stringify((await get(overviewUrl, admin)).data);

    const refused = await gateway(target.id);

    expect(refused.status).toBe(429);
    expect(refused.json()).toMatchObject({
      code: ResponseCode.QUOTA_EXHAUSTED,
      message: MESSAGES.rateLimited,
    });
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(refused.headers.get('ratelimit')).toBe('"rate";r=0;t=1');
    expect(refused.headers.get('x-quota-remaining')).toBeNull();
    expect(await quotaOf(target.id)).toEqual(quotaBefore);
    expect(await callCount()).toBe(callsBefore);
    expect(JSON.stringify((await get(overviewUrl, admin)).data)).toBe(analysisBefore);
    expect(quotaBefore).toMatchObject({ leftNum: leftAtStart - 3 });

    // Half a second later, one more call of a rate of 2 per second is due.
    t.clock.now += 500;
    expect(await answered(target.id, 2)).toEqual([200, 429]);
    // A refusal does not push the allowance further away: a second later two more are due.
    t.clock.now += 1000;
    expect(await answered(target.id, 3)).toEqual([200, 200, 429]);
  });

  test('Retry-After says how long until the next call is due, in whole seconds', async () => {
    const target = B;
    await setLimits(target.id, { rateLimit: 1, rateBurst: 1 });
    expect((await gateway(target.id)).status).toBe(200);

    t.clock.now += 200;
    const refused = await gateway(target.id);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('1');
    t.clock.now += 800;
    expect((await gateway(target.id)).status).toBe(200);
  });

  test('an interface without a limit answers no RateLimit headers and never 429 for rate', async () => {
    const target = C;
    const statuses = await answered(target.id, 5);

    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    const answer = await gateway(target.id);
    expect(answer.headers.get('ratelimit')).toBeNull();
    expect(answer.headers.get('ratelimit-policy')).toBeNull();
  });
});

describe("a user's own limits", () => {
  test("an override beats the interface's; null goes back to the interface's", async () => {
    const target = D;
    await setLimits(target.id, { rateLimit: 5, rateBurst: 5 });
    expect((await setOverride(target.id, { rateLimit: 1, rateBurst: 2 })).code).toBe(0);

    expect(await answered(target.id, 3)).toEqual([200, 200, 429]);
    const list = await get<InterfaceQuota[]>(`/api/userInterfaceInfo/list?userId=${userId}`, admin);
    expect(list.data.find((q) => q.interfaceInfoId === target.id)).toMatchObject({
      rateLimit: 1,
      rateBurst: 2,
      effectiveRateLimit: 1,
      effectiveRateBurst: 2,
    });

    t.clock.now += 10_000;
    expect((await setOverride(target.id, { rateLimit: null })).code).toBe(0);
    expect(await answered(target.id, 6)).toEqual([200, 200, 200, 200, 200, 429]);
    const after = await get<InterfaceQuota[]>(`/api/userInterfaceInfo/list?userId=${userId}`, admin);
    expect(after.data.find((q) => q.interfaceInfoId === target.id)).toMatchObject({
      rateLimit: null,
      rateBurst: null,
      effectiveRateLimit: 5,
      effectiveRateBurst: 5,
    });
  });

  test('an override of 0 lifts the limit for that user only; leftNum stays as it was', async () => {
    const target = E;
    await setLimits(target.id, { rateLimit: 1, rateBurst: 1 });
    expect((await setOverride(target.id, { leftNum: 40 })).code).toBe(0);
    expect((await setOverride(target.id, { rateLimit: 0 })).code).toBe(0);
    const set = await quotaOf(target.id);
    expect(set).toMatchObject({ leftNum: 40 });

    expect(await answered(target.id, 4)).toEqual([200, 200, 200, 200]);
    expect(await quotaOf(target.id)).toMatchObject({ leftNum: 36, totalNum: set!.totalNum });
  });

  test('an override may give a limit to an interface that has none', async () => {
    const target = F;
    expect((await setOverride(target.id, { rateLimit: 1 })).code).toBe(0);

    expect(await answered(target.id, 2)).toEqual([200, 429]);
  });

  test.each([
    [{ rateLimit: 3, rateBurst: 2 }, MESSAGES.badRateBurst],
    [{ rateLimit: -3 }, MESSAGES.badRateLimit],
    [{ rateBurst: 3 }, MESSAGES.burstWithoutLimit],
    [{ rateLimit: null, rateBurst: 3 }, MESSAGES.burstWithoutLimit],
    [{}, MESSAGES.badLeftNum],
  ])('the override %j is refused', async (limits, message) => {
    expect(await setOverride(other[1].id, limits)).toMatchObject({
      code: ResponseCode.PARAMS_ERROR,
      message,
    });
  });
});

describe('invoke', () => {
  test('shares the gateway’s allowance: over it, 42900 with its message and Retry-After, nothing counted', async () => {
    const target = A;
    await setLimits(target.id, { rateLimit: 1, rateBurst: 2 });
    const invoke = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/interfaceInfo/invoke',
        payload: { id: target.id },
        headers: { cookie: user },
      });

    expect((await gateway(target.id)).status).toBe(200);
    expect(JSON.parse((await invoke()).body).code).toBe(0);
    const callsBefore = await callCount();
    const quotaBefore = await quotaOf(target.id);
    const refused = await invoke();

    expect(refused.statusCode).toBe(200);
    expect(JSON.parse(refused.body)).toMatchObject({
      code: ResponseCode.QUOTA_EXHAUSTED,
      message: MESSAGES.rateLimited,
    });
    expect(refused.headers['retry-after']).toBe('1');
    expect((await gateway(target.id)).status).toBe(429);
    expect(await callCount()).toBe(callsBefore);
    expect(await quotaOf(target.id)).toEqual(quotaBefore);

    t.clock.now += 1000;
    expect(JSON.parse((await invoke()).body).code).toBe(0);
  });

  test('applies to admins too', async () => {
    const target = B;
    await setLimits(target.id, { rateLimit: 1, rateBurst: 1 });
    const invoke = async () =>
      JSON.parse(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/interfaceInfo/invoke',
            payload: { id: target.id },
            headers: { cookie: admin },
          })
        ).body,
      ).code;

    expect([await invoke(), await invoke()]).toEqual([0, ResponseCode.QUOTA_EXHAUSTED]);
  });
});

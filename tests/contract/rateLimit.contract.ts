import { ResponseCode } from '@agler/contract/constants';
import { MESSAGES } from '@agler/contract/messages';
import type { InterfaceInfo, InterfaceQuota, KeyPairVO, LoginUserVO, Page } from '@agler/contract/types';
import { expectRefusal, expectSuccess, refusal } from './client';
import { API, createInterface, demoInterface, gatewayCall, specSessions } from './interfaces';

/**
 * Rate limits: the interface's fields (add, update, get, list/page), a user's
 * own limit (userInterfaceInfo), and the gateway's 429 with Retry-After and
 * the IETF draft's RateLimit headers. On interfaces of its own at the demo
 * Echo's address, so no other spec meets its limits.
 */

const QUOTAS = { update: '/api/userInterfaceInfo/update', list: '/api/userInterfaceInfo/list' } as const;

const spec = specSessions();

async function echoInterface(limits: Record<string, unknown>): Promise<string> {
  const { url, method } = await demoInterface(spec.user, 'Echo');
  const id = await createInterface(spec.admin, { online: true, overrides: { url, method, ...limits } });
  spec.created.push(id);
  return id;
}

describe('the fields', () => {
  it('add, get and list/page answer rateLimit and rateBurst; a burst left out equals the limit', async () => {
    const id = await echoInterface({ rateLimit: 4 });
    expect(expectSuccess(await spec.user.get<InterfaceInfo>(API.get, { id }))).toMatchObject({
      rateLimit: 4,
      rateBurst: 4,
    });

    expectSuccess(await spec.admin.post(API.update, { id, rateLimit: 2, rateBurst: 6 }));
    const { name } = expectSuccess(await spec.user.get<InterfaceInfo>(API.get, { id }));
    const page = expectSuccess(await spec.user.get<Page<InterfaceInfo>>(API.list, { name, pageSize: 50 }));
    expect(page.records.find((r) => r.id === id)).toMatchObject({ rateLimit: 2, rateBurst: 6 });
  });

  it.each([
    [{ rateLimit: -1 }, MESSAGES.badRateLimit],
    [{ rateLimit: 2.5 }, MESSAGES.badRateLimit],
    [{ rateLimit: 100_001 }, MESSAGES.badRateLimit],
    [{ rateLimit: 5, rateBurst: 4 }, MESSAGES.badRateBurst],
  ])('add and update refuse %j with the contract’s message', async (limits, message) => {
    expectRefusal(
      await spec.admin.post(API.add, {
        name: '限速',
        url: 'https://example.com/x',
        method: 'GET',
        ...limits,
      }),
      ResponseCode.PARAMS_ERROR,
      message,
    );
    const id = await echoInterface({});
    expectRefusal(await spec.admin.post(API.update, { id, ...limits }), ResponseCode.PARAMS_ERROR, message);
  });

  it("a user's own limit: set, listed with the one that applies, refused when the burst is below it", async () => {
    const id = await echoInterface({ rateLimit: 10, rateBurst: 20 });
    const me = expectSuccess(await spec.user.get<LoginUserVO>('/api/user/get/login'));
    const change = { userId: me.id, interfaceInfoId: id };

    expectRefusal(
      await spec.admin.post(QUOTAS.update, { ...change, rateLimit: 3, rateBurst: 2 }),
      ResponseCode.PARAMS_ERROR,
      MESSAGES.badRateBurst,
    );
    expectRefusal(
      await spec.admin.post(QUOTAS.update, { ...change, rateBurst: 2 }),
      ResponseCode.PARAMS_ERROR,
      MESSAGES.burstWithoutLimit,
    );
    expectSuccess(await spec.admin.post(QUOTAS.update, { ...change, rateLimit: 3 }));
    const listed = expectSuccess(await spec.admin.get<InterfaceQuota[]>(QUOTAS.list, { userId: me.id }));
    expect(listed.find((q) => q.interfaceInfoId === id)).toMatchObject({
      rateLimit: 3,
      rateBurst: 3,
      effectiveRateLimit: 3,
      effectiveRateBurst: 3,
    });

    expectSuccess(await spec.admin.post(QUOTAS.update, { ...change, rateLimit: null }));
    const after = expectSuccess(await spec.admin.get<InterfaceQuota[]>(QUOTAS.list, { userId: me.id }));
    expect(after.find((q) => q.interfaceInfoId === id)).toMatchObject({
      rateLimit: null,
      rateBurst: null,
      effectiveRateLimit: 10,
      effectiveRateBurst: 20,
    });
  });
});

describe('the gateway', () => {
  it('answers the RateLimit headers, then 429/42900 with its own message and Retry-After when over the limit', async () => {
    const id = await echoInterface({ rateLimit: 1, rateBurst: 1 });
    const pair = expectSuccess(await spec.user.post<KeyPairVO>('/api/user/key/regenerate', {}));
    const call = () => gatewayCall(pair, 'POST', `/gateway/${id}`, { body: '{}' });

    const first = await call();
    expect(first.status).toBe(200);
    expect(first.headers.get('ratelimit-policy')).toBe('"rate";q=1;w=1;agler-burst=1');
    expect(first.headers.get('ratelimit')).toMatch(/^"rate";r=0;t=\d+$/);
    expect(first.headers.get('x-quota-remaining')).toMatch(/^\d+$/);
    const left = Number(first.headers.get('x-quota-remaining'));

    const refused = await call();
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.text)).toEqual(refusal(ResponseCode.QUOTA_EXHAUSTED, MESSAGES.rateLimited));
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(refused.headers.get('ratelimit')).toMatch(/^"rate";r=0;t=\d+$/);

    // Nothing was charged: the quota is where the first call left it.
    const usage = expectSuccess(await spec.user.get<InterfaceQuota[]>('/api/user/usage'));
    expect(usage.find((q) => q.interfaceInfoId === id)).toMatchObject({ leftNum: left, calls: 1 });
  });

  it('answers no RateLimit headers for an interface without a limit', async () => {
    const id = await echoInterface({});
    const invoke = await spec.user.post(API.invoke, { id, userRequestParams: '{}' });
    expect(invoke.headers.get('ratelimit')).toBeNull();
    expectSuccess(invoke);
  });
});

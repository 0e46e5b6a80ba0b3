import {
  CALL_LOG_PAGE_SIZE,
  PAGE_SIZE_MAX,
  QUOTA_REQUEST_LIMITS,
  ResponseCode,
} from '@agler/contract/constants';
import { MESSAGES, TEXT_MESSAGES } from '@agler/contract/messages';
import type { PlanVO, SubscriptionVO } from '@agler/contract/plans';
import type { QuotaRequestVO } from '@agler/contract/quotaRequests';
import type { DailyCalls, InterfaceInfo, InterfaceQuota, KeyPairVO, Page } from '@agler/contract/types';
import { Client, expectRefusal, expectSuccess, loggedIn } from './client';
import { API, callSigned, demoInterface, today } from './interfaces';

/**
 * 我的用量 and quota requests: a user's calls per day, summary and call log
 * (their own only; an admin names anyone), and requests for more calls that
 * admins approve or refuse. On a user of its own, registered here, so the
 * counts it reads are its own calls.
 */

const USAGE = {
  daily: '/api/user/usage/daily',
  summary: '/api/user/usage/summary',
  calls: '/api/user/calls',
  quotas: '/api/user/usage',
} as const;
const REQUESTS = {
  ask: '/api/quota/request',
  list: '/api/quota/request/list',
  review: '/api/quota/request/review',
} as const;

type CallLogEntry = {
  id: string;
  time: string;
  interfaceInfoId: string;
  status: number | null;
  statusClass: string;
  latency: number;
  bytes: number;
  online: boolean;
  keyId: string | null;
  keyName: string | null;
  accessKeyTail: string | null;
  keyRevoked: boolean;
};
type UsageSummary = {
  calls: number;
  errors: number;
  p95Latency: number;
  unlimited: boolean;
  interfaces: { interfaceInfoId: string; leftNum: number; burnPerDay: number }[];
  callRetentionDays?: number;
};

let mine: Client;
let myId: string;
let demoUser: Client;
let admin: Client;
let echo: InterfaceInfo;

beforeAll(async () => {
  mine = new Client();
  const account = `usage_${Date.now().toString(36)}`;
  myId = expectSuccess(
    await mine.post<string>('/api/user/register', {
      userAccount: account,
      userPassword: '12345678',
      checkPassword: '12345678',
    }),
  );
  [demoUser, admin] = await Promise.all([loggedIn('user'), loggedIn('admin')]);
  echo = await demoInterface(mine, 'Echo');
  for (let i = 0; i < 3; i += 1)
    expectSuccess(await mine.post(API.invoke, { id: echo.id, userRequestParams: `{"n":${i}}` }));
});

describe('usage per day', () => {
  it("answers every day of the range with the user's own calls, zeros included", async () => {
    const days = expectSuccess(
      await mine.get<DailyCalls[]>(USAGE.daily, { startDate: '2026-01-01', endDate: today() }),
    );
    expect(days[days.length - 1]).toEqual({ date: today(), calls: 3, errors: 0 });
    expect(days.slice(0, -1).every((day) => day.calls === 0)).toBe(true);
    const other = expectSuccess(
      await mine.get<DailyCalls[]>(USAGE.daily, {
        startDate: today(),
        endDate: today(),
        interfaceInfoId: '1',
      }),
    );
    expect(other).toEqual([{ date: today(), calls: 0, errors: 0 }]);
  });

  it.each([
    [{}, MESSAGES.dateRequired('startDate')],
    [{ startDate: '2026-01-01' }, MESSAGES.dateRequired('endDate')],
    [{ startDate: '2026-13-01', endDate: '2026-01-01' }, MESSAGES.dateInvalid('startDate')],
    [{ startDate: '2026-01-01', endDate: 'today' }, MESSAGES.dateInvalid('endDate')],
    [{ startDate: '2026-01-02', endDate: '2026-01-01' }, MESSAGES.dateOrder],
    [{ startDate: '2024-01-01', endDate: '2026-01-01' }, MESSAGES.rangeTooLong],
    [
      { startDate: '2026-01-01', endDate: '2026-01-01', interfaceInfoId: 'abc' },
      MESSAGES.idParamInvalid('interfaceInfoId'),
    ],
    [{ startDate: '2026-01-01', endDate: '2026-01-01', keyId: '0' }, MESSAGES.keyIdInvalid],
    [{ startDate: '2026-01-01', endDate: '2026-01-01', userId: '-5' }, MESSAGES.userIdInvalid],
  ])('refuses %j with its message', async (query, message) => {
    expectRefusal(await mine.get(USAGE.daily, query), ResponseCode.PARAMS_ERROR, message);
  });
});

describe('the summary', () => {
  it('counts the calls, with p95, and per interface the quota left and its burn rate', async () => {
    const summary = expectSuccess(
      await mine.get<UsageSummary>(USAGE.summary, { startDate: today(), endDate: today() }),
    );
    // The target runs without CALL_LOG_RETENTION_DAYS: the default.
    expect(summary).toMatchObject({ calls: 3, errors: 0, unlimited: false, callRetentionDays: 90 });
    expect(summary.p95Latency).toBeGreaterThanOrEqual(0);
    const row = summary.interfaces.find((r) => r.interfaceInfoId === echo.id)!;
    expect(row.burnPerDay).toBe(0.4);
  });
});

describe('the call log', () => {
  it('lists the newest first, paged, and filters by status class', async () => {
    const page = expectSuccess(await mine.get<Page<CallLogEntry>>(USAGE.calls, { pageSize: 2 }));
    expect(page.total).toBe(3);
    expect(page.records).toHaveLength(2);
    expect(page.records[0]).toMatchObject({ interfaceInfoId: echo.id, status: 200, statusClass: '2xx' });
    // 在线调用 from the console: no key.
    expect(page.records[0]).toMatchObject({ online: true, keyId: null, keyName: null, accessKeyTail: null });
    expect(page.records[0].time >= page.records[1].time).toBe(true);
    expect(expectSuccess(await mine.get<Page<CallLogEntry>>(USAGE.calls, { status: '5xx' })).total).toBe(0);
    expect(
      expectSuccess(
        await mine.get<Page<CallLogEntry>>(USAGE.calls, { status: '2xx', interfaceInfoId: echo.id }),
      ).total,
    ).toBe(3);
  });

  it('names the key of a gateway call by its name and tail, and still once the key is revoked', async () => {
    const pair = expectSuccess(
      await mine.post<KeyPairVO & { id: string }>('/api/user/key/add', { name: '生产' }),
    );
    expect((await callSigned(echo, pair)).status).toBe(200);
    expectSuccess(await mine.post('/api/user/key/revoke', { id: pair.id }));
    const [latest] = expectSuccess(await mine.get<Page<CallLogEntry>>(USAGE.calls, { pageSize: 1 })).records;
    expect(latest).toMatchObject({
      online: false,
      keyId: pair.id,
      keyName: '生产',
      accessKeyTail: pair.accessKey.slice(-4),
      keyRevoked: true,
    });
  });

  it.each([
    [{ current: 0 }, MESSAGES.badCurrent],
    [{ current: 'x' }, MESSAGES.badCurrent],
    [{ pageSize: CALL_LOG_PAGE_SIZE.max + 1 }, MESSAGES.badCallPageSize],
    [{ pageSize: 0 }, MESSAGES.badCallPageSize],
    [{ status: '1xx' }, MESSAGES.badCallStatus],
    [{ interfaceInfoId: '1e3' }, MESSAGES.idParamInvalid('interfaceInfoId')],
    [{ keyId: 'k' }, MESSAGES.keyIdInvalid],
    [{ userId: 'u' }, MESSAGES.userIdInvalid],
    [{ status: ['2xx', '4xx'] }, MESSAGES.notText('status')],
  ])('refuses %j with its message', async (query, message) => {
    expectRefusal(await mine.get(USAGE.calls, query), ResponseCode.PARAMS_ERROR, message);
  });
});

describe("another user's usage", () => {
  it.each([USAGE.daily, USAGE.summary, USAGE.calls])(
    '%s: a user naming another is refused; an admin reads it',
    async (path) => {
      const query = { startDate: today(), endDate: today(), userId: myId };
      expectRefusal(await demoUser.get(path, query), ResponseCode.NO_AUTH, MESSAGES.noAuth);
      expectSuccess(await admin.get(path, query));
      expectSuccess(await mine.get(path, query));
    },
  );

  it.each([USAGE.daily, USAGE.summary, USAGE.calls])('%s without a session: 40100', async (path) => {
    expectRefusal(
      await new Client().get(path, { startDate: today(), endDate: today() }),
      ResponseCode.NOT_LOGIN,
      MESSAGES.notLogin,
    );
  });
});

describe('quota requests', () => {
  it('asked, listed, approved once: the quota rises by the amount', async () => {
    const before = expectSuccess(await mine.get<InterfaceQuota[]>(USAGE.quotas)).find(
      (q) => q.interfaceInfoId === echo.id,
    )!;
    const asked = expectSuccess(
      await mine.post<QuotaRequestVO>(REQUESTS.ask, {
        interfaceInfoId: echo.id,
        amount: 50,
        reason: '契约测试',
      }),
    );
    expect(asked).toMatchObject({ userId: myId, amount: 50, status: 'pending', leftNum: before.leftNum });
    expectRefusal(
      await mine.post(REQUESTS.ask, { interfaceInfoId: echo.id, amount: 1, reason: '再要' }),
      ResponseCode.PARAMS_ERROR,
      MESSAGES.requestOpen,
    );
    const own = expectSuccess(await mine.get<Page<QuotaRequestVO>>(REQUESTS.list, {}));
    expect(own.records.map((r) => r.id)).toEqual([asked.id]);
    const open = expectSuccess(
      await admin.get<Page<QuotaRequestVO>>(REQUESTS.list, { status: 'pending', userId: myId }),
    );
    expect(open.records.map((r) => r.id)).toEqual([asked.id]);

    // Another user can neither list nor answer it.
    expectRefusal(await demoUser.get(REQUESTS.list, { userId: myId }), ResponseCode.NO_AUTH, MESSAGES.noAuth);
    expect(
      expectSuccess(await demoUser.get<Page<QuotaRequestVO>>(REQUESTS.list, {})).records.some(
        (r) => r.id === asked.id,
      ),
    ).toBe(false);
    expectRefusal(
      await demoUser.post(REQUESTS.review, { id: asked.id, approve: true }),
      ResponseCode.NO_AUTH,
      MESSAGES.noAuth,
    );
    expectRefusal(
      await mine.post(REQUESTS.review, { id: asked.id, approve: true }),
      ResponseCode.NO_AUTH,
      MESSAGES.noAuth,
    );

    const approved = expectSuccess(
      await admin.post<QuotaRequestVO>(REQUESTS.review, { id: asked.id, approve: true }),
    );
    expect(approved).toMatchObject({
      status: 'approved',
      leftNum: before.leftNum + 50,
      totalNum: before.totalNum + 50,
    });
    const after = expectSuccess(await mine.get<InterfaceQuota[]>(USAGE.quotas)).find(
      (q) => q.interfaceInfoId === echo.id,
    )!;
    expect(after).toMatchObject({ leftNum: before.leftNum + 50, totalNum: before.totalNum + 50 });
    expectRefusal(
      await admin.post(REQUESTS.review, { id: asked.id, approve: false, reason: '晚了' }),
      ResponseCode.PARAMS_ERROR,
      MESSAGES.requestReviewed,
    );
  });

  it('refused with its reason, the quota unchanged', async () => {
    const asked = expectSuccess(
      await mine.post<QuotaRequestVO>(REQUESTS.ask, {
        interfaceInfoId: echo.id,
        amount: 7,
        reason: '再要一些',
      }),
    );
    const refused = expectSuccess(
      await admin.post<QuotaRequestVO>(REQUESTS.review, { id: asked.id, approve: false, reason: '用量不符' }),
    );
    expect(refused).toMatchObject({ status: 'refused', reviewReason: '用量不符', leftNum: asked.leftNum });
  });

  const LONG = 'x'.repeat(QUOTA_REQUEST_LIMITS.reasonMax + 1);
  it.each([
    ['no interface', { amount: 5, reason: 'r' }, MESSAGES.idParamInvalid('interfaceInfoId')],
    [
      'an interface that is no id',
      { interfaceInfoId: 'x', amount: 5, reason: 'r' },
      MESSAGES.idParamInvalid('interfaceInfoId'),
    ],
    ['no amount', { interfaceInfoId: '1', reason: 'r' }, MESSAGES.badAmount],
    ['amount 0', { interfaceInfoId: '1', amount: 0, reason: 'r' }, MESSAGES.badAmount],
    ['a fractional amount', { interfaceInfoId: '1', amount: 2.5, reason: 'r' }, MESSAGES.badAmount],
    ['an amount as text', { interfaceInfoId: '1', amount: '5', reason: 'r' }, MESSAGES.badAmount],
    [
      'too large an amount',
      { interfaceInfoId: '1', amount: QUOTA_REQUEST_LIMITS.amountMax + 1, reason: 'r' },
      MESSAGES.badAmount,
    ],
    ['no reason', { interfaceInfoId: '1', amount: 5 }, MESSAGES.reasonRequired],
    ['a blank reason', { interfaceInfoId: '1', amount: 5, reason: '  ' }, MESSAGES.reasonRequired],
    ['a reason that is no text', { interfaceInfoId: '1', amount: 5, reason: ['r'] }, MESSAGES.reasonNotText],
    ['too long a reason', { interfaceInfoId: '1', amount: 5, reason: LONG }, MESSAGES.reasonTooLong],
    [
      'a reason with a NUL',
      { interfaceInfoId: '1', amount: 5, reason: 'a\u0000' },
      TEXT_MESSAGES.field('理由', 'control'),
    ],
  ])('asking with %s is refused', async (_case, body, message) => {
    expectRefusal(await mine.post(REQUESTS.ask, body), ResponseCode.PARAMS_ERROR, message);
  });

  it('asking on an interface that does not exist is 40400; an admin has nothing to ask', async () => {
    expectRefusal(
      await mine.post(REQUESTS.ask, { interfaceInfoId: '1', amount: 5, reason: 'r' }),
      ResponseCode.NOT_FOUND,
      MESSAGES.interfaceNotFound,
    );
    expectRefusal(
      await admin.post(REQUESTS.ask, { interfaceInfoId: echo.id, amount: 5, reason: 'r' }),
      ResponseCode.PARAMS_ERROR,
      MESSAGES.adminUnlimited,
    );
  });

  it.each([
    ['no id', { approve: true }, MESSAGES.badId],
    ['approve as text', { id: '1', approve: 'true' }, MESSAGES.badApprove],
    ['a refusal without a reason', { id: '1', approve: false }, MESSAGES.reviewReasonRequired],
    ['too long a reason', { id: '1', approve: true, reason: LONG }, MESSAGES.reasonTooLong],
  ])('reviewing with %s is refused', async (_case, body, message) => {
    expectRefusal(await admin.post(REQUESTS.review, body), ResponseCode.PARAMS_ERROR, message);
  });

  it('reviewing a request that does not exist is 40400', async () => {
    expectRefusal(
      await admin.post(REQUESTS.review, { id: '999999999', approve: true }),
      ResponseCode.NOT_FOUND,
      MESSAGES.requestNotFound,
    );
  });

  it('under a subscription: a top-up of the period, then a plan that switches it', async () => {
    const plans = expectSuccess(await mine.get<PlanVO[]>('/api/plan/list', {}));
    const free = plans.find((p) => p.name === '免费')!;
    const pro = plans.find((p) => p.name === '专业')!;
    const held = expectSuccess(await mine.post<SubscriptionVO>('/api/subscription/add', { planId: free.id }));
    const interfaceInfoId = free.interfaceIds[0];

    const topUp = expectSuccess(
      await mine.post<QuotaRequestVO>(REQUESTS.ask, { interfaceInfoId, amount: 20, reason: '本月加量' }),
    );
    expect(topUp).toMatchObject({ kind: 'topup', amount: 20, planId: null, planName: null });
    expectSuccess(await admin.post<QuotaRequestVO>(REQUESTS.review, { id: topUp.id, approve: true }));
    const mySubscriptions = async () =>
      expectSuccess(await mine.get<Page<SubscriptionVO>>('/api/subscription/list', {})).records;
    expect((await mySubscriptions()).find((s) => s.id === held.id)).toMatchObject({
      planId: free.id,
      quota: free.quota + 20,
      extra: 20,
    });

    expectRefusal(
      await mine.post(REQUESTS.ask, { interfaceInfoId, planId: free.id, reason: '升级' }),
      ResponseCode.PARAMS_ERROR,
      MESSAGES.requestPlanSame,
    );
    const upgrade = expectSuccess(
      await mine.post<QuotaRequestVO>(REQUESTS.ask, { interfaceInfoId, planId: pro.id, reason: '升级' }),
    );
    expect(upgrade).toMatchObject({ kind: 'plan', amount: 0, planId: pro.id, planName: pro.name });
    expectSuccess(await admin.post<QuotaRequestVO>(REQUESTS.review, { id: upgrade.id, approve: true }));
    expect((await mySubscriptions()).find((s) => s.id === held.id)).toMatchObject({
      planId: pro.id,
      status: 'active',
      quota: pro.quota + 20,
    });
  });

  it.each([
    [{ current: 0 }, MESSAGES.badCurrent],
    [{ pageSize: PAGE_SIZE_MAX + 1 }, MESSAGES.badPageSize],
    [{ status: 'open' }, MESSAGES.badRequestStatus],
    [{ userId: 'me' }, MESSAGES.userIdInvalid],
  ])('listing with %j is refused', async (query, message) => {
    expectRefusal(await mine.get(REQUESTS.list, query), ResponseCode.PARAMS_ERROR, message);
  });
});

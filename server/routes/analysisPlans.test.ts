/**
 * @jest-environment node
 */
import { eq, sql } from 'drizzle-orm';
import { ResponseCode } from '@agler/contract/constants';
import { formatTime } from '@agler/contract/dates';
import { interfaceIdOf, USER_ID } from '@agler/contract/demo/accounts';
import { DEMO_PLANS, DEMO_USER_PLAN } from '@agler/contract/demo/plans';
import { MESSAGES } from '@agler/contract/messages';
import type { SubscriptionVO } from '@agler/contract/plans';
import { subscriptions } from '../db/schema';
import type { PlanUsage } from '../domain/analysis/plans';
import { periodAt } from '../domain/periods';
import { ADMIN, call, loginAs, registerAs, setUpTestApp, USER } from '../test/app';
import { refusal } from '../test/refusal';

/**
 * `GET /api/analysis/plans`: each plan's subscribers, what waits for it and
 * its subscribers' calls this period (docs/plans.md). Subscriptions are made
 * through the API; their calls are set in the database, as the admission
 * would have counted them. On interfaces the demo's plans leave alone.
 */

const t = setUpTestApp({ login: { admin: ADMIN, user: USER } });

const URL = '/api/analysis/plans';
const [A, B, C] = [11, 12, 13].map(interfaceIdOf);
const DAY_MS = 86_400_000;

const post = <T = unknown>(url: string, payload: Record<string, unknown>, cookie: string) =>
  call<T>(t.app, { method: 'POST', url, payload, cookie });
const usage = async (cookie = t.cookie.admin) => (await call<PlanUsage[]>(t.app, { url: URL, cookie })).data;

let named = 0;
/** Adds a public plan as the admin and answers its id. */
async function addPlan(interfaceIds: string[], fields: Record<string, unknown>): Promise<string> {
  const added = await post<string>(
    '/api/plan/add',
    {
      name: `分析套餐 ${(named += 1)}`,
      interfaceIds,
      period: 'month',
      approval: false,
      overage: 'block',
      visibility: 'public',
      ...fields,
    },
    t.cookie.admin,
  );
  if (added.code !== 0) throw new Error(`adding a plan: ${added.message}`);
  return added.data;
}

async function subscribe(planId: string, cookie: string): Promise<SubscriptionVO> {
  const answer = await post<SubscriptionVO>('/api/subscription/add', { planId }, cookie);
  if (answer.code !== 0) throw new Error(`subscribing: ${answer.message}`);
  return answer.data;
}

/** Sets a subscription's calls this period, and optionally its period, as the admission would have. */
async function charge(id: string, used: number, period?: { start: number; end: number }) {
  await t.database.db
    .update(subscriptions)
    .set({
      used,
      ...(period ? { periodStart: new Date(period.start), periodEnd: new Date(period.end) } : {}),
    })
    .where(eq(subscriptions.id, Number(id)));
}

describe('who may read it', () => {
  test('40100 without a session, 40101 for a user', async () => {
    expect(await call(t.app, { url: URL })).toEqual(refusal(ResponseCode.NOT_LOGIN, MESSAGES.notLogin));
    expect(await call(t.app, { url: URL, cookie: t.cookie.user })).toEqual(
      refusal(ResponseCode.NO_AUTH, MESSAGES.noAuth),
    );
  });
});

describe('per plan', () => {
  const ids = { month: '', upgrade: '', daily: '', retired: '' };

  beforeAll(async () => {
    const [u1, u2, u3, u4] = await Promise.all(
      ['ap-1', 'ap-2', 'ap-3', 'ap-4'].map((name) => registerAs(t.app, name)),
    );
    ids.month = await addPlan([A], { quota: 10 });
    ids.upgrade = await addPlan([A], { quota: 5, approval: true, overage: 'allow' });
    ids.daily = await addPlan([B], { quota: 3, period: 'day', overage: 'allow' });
    ids.retired = await addPlan([C], { quota: 1 });
    await post('/api/plan/retire', { id: ids.retired }, t.cookie.admin);

    // The month plan: one subscriber at its quota, one below it; the first asks to switch to the upgrade.
    await charge((await subscribe(ids.month, u1.cookie)).id, 10);
    await charge((await subscribe(ids.month, u2.cookie)).id, 4);
    await subscribe(ids.upgrade, u1.cookie);
    // The upgrade: one subscription waits for approval.
    await subscribe(ids.upgrade, u3.cookie);

    // The day plan: one subscriber past its quota, one whose period ended (its next call starts
    // the next with nothing used), and one who cancelled and whose period ended: settled, not counted.
    const now = t.clock.now;
    const yesterday = periodAt('day', now - DAY_MS);
    await charge((await subscribe(ids.daily, u1.cookie)).id, 7);
    await charge((await subscribe(ids.daily, u2.cookie)).id, 9, yesterday);
    const cancelled = await subscribe(ids.daily, u4.cookie);
    await post('/api/subscription/cancel', { id: cancelled.id }, u4.cookie);
    await charge(cancelled.id, 5, yesterday);
  });

  test('every plan in the plan list order, with its subscribers, waiting requests and calls this period', async () => {
    const now = t.clock.now;
    const [demoUse] = await t.database.db
      .select({ used: subscriptions.used })
      .from(subscriptions)
      .where(sql`${subscriptions.userId} = ${USER_ID}::bigint AND ${subscriptions.status} = 'active'`);
    const month = periodAt('month', now);
    const day = periodAt('day', now);
    const bounds = (period: { start: number; end: number }) => ({
      periodStart: formatTime(period.start),
      periodEnd: formatTime(period.end),
    });
    const zero = {
      subscribers: 0,
      pending: 0,
      callsThisPeriod: 0,
      overageThisPeriod: 0,
      atQuotaThisPeriod: 0,
    };
    const demo = DEMO_PLANS.map((plan) => ({
      planName: plan.name,
      period: plan.period,
      quota: plan.quota,
      overage: plan.overage,
      retired: false,
      ...bounds(periodAt(plan.period, now)),
      ...zero,
      ...(plan.name === DEMO_USER_PLAN ? { subscribers: 1, callsThisPeriod: demoUse.used } : {}),
    }));

    const answer = await usage();

    expect(demoUse.used).toBeGreaterThan(0);
    expect(answer).toEqual([
      {
        planId: ids.daily,
        planName: '分析套餐 3',
        period: 'day',
        quota: 3,
        overage: 'allow',
        retired: false,
        ...bounds(day),
        subscribers: 2,
        pending: 0,
        callsThisPeriod: 7,
        overageThisPeriod: 4,
        atQuotaThisPeriod: 1,
      },
      {
        planId: ids.upgrade,
        planName: '分析套餐 2',
        period: 'month',
        quota: 5,
        overage: 'allow',
        retired: false,
        ...bounds(month),
        ...zero,
        pending: 2,
      },
      {
        planId: ids.month,
        planName: '分析套餐 1',
        period: 'month',
        quota: 10,
        overage: 'block',
        retired: false,
        ...bounds(month),
        subscribers: 2,
        pending: 0,
        callsThisPeriod: 14,
        overageThisPeriod: 0,
        atQuotaThisPeriod: 1,
      },
      ...demo.map((plan) => ({ planId: expect.any(String), ...plan })),
      {
        planId: ids.retired,
        planName: '分析套餐 4',
        period: 'month',
        quota: 1,
        overage: 'block',
        retired: true,
        ...bounds(month),
        ...zero,
      },
    ]);
    // The cancelled subscription was ended by the read, as the plan list would have.
    const [cancelled] = await t.database.db
      .select({ status: subscriptions.status })
      .from(subscriptions)
      .where(sql`${subscriptions.used} = 5`);
    expect(cancelled.status).toBe('ended');
  });

  test("a top-up raises a subscription's quota for the period: its overage and whether it is at its quota follow", async () => {
    const of = async () => (await usage()).find((row) => row.planId === ids.daily)!;
    const pastQuota = sql`${subscriptions.used} = 7`;

    await t.database.db.update(subscriptions).set({ extra: 2 }).where(pastQuota);
    expect(await of()).toMatchObject({ callsThisPeriod: 7, overageThisPeriod: 2, atQuotaThisPeriod: 1 });

    await t.database.db.update(subscriptions).set({ extra: 5 }).where(pastQuota);
    expect(await of()).toMatchObject({ callsThisPeriod: 7, overageThisPeriod: 0, atQuotaThisPeriod: 0 });
  });

  test('the next period starts with nothing used, the subscribers stay', async () => {
    const before = await usage();
    const next = periodAt('month', t.clock.now).end;
    t.clock.now = next + 1000;

    // A month on, the admin's session has lapsed.
    const after = await usage(await loginAs(t.app, ADMIN));

    const of = (answer: PlanUsage[], id: string) => answer.find((row) => row.planId === id)!;
    expect(of(before, ids.month)).toMatchObject({
      subscribers: 2,
      callsThisPeriod: 14,
      atQuotaThisPeriod: 1,
    });
    expect(of(after, ids.month)).toMatchObject({
      subscribers: 2,
      callsThisPeriod: 0,
      atQuotaThisPeriod: 0,
      periodStart: formatTime(next),
      periodEnd: formatTime(periodAt('month', next).end),
    });
    expect(of(after, ids.daily)).toMatchObject({ subscribers: 2, callsThisPeriod: 0, overageThisPeriod: 0 });
  });
});

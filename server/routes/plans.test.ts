/**
 * @jest-environment node
 */
import { sql } from 'drizzle-orm';
import { PLAN_LIMITS, ResponseCode } from '@agler/contract/constants';
import { formatTime } from '@agler/contract/dates';
import { interfaceIdOf, USER_ID } from '@agler/contract/demo/accounts';
import { DEMO_PLAN_INTERFACES, DEMO_PLANS, DEMO_USER_PLAN } from '@agler/contract/demo/plans';
import { MESSAGES, PLAN_MESSAGES } from '@agler/contract/messages';
import type { PlanVO, SubscriptionVO } from '@agler/contract/plans';
import type { Envelope, Page } from '@agler/contract/types';
import { rowsOf } from '../db/rows';
import { periodAt } from '../domain/periods';
import { settleSubscriptions } from '../domain/subscriptions';
import { ADMIN, call, loginAs, registerAs, testApp, USER } from '../test/app';
import type { TestApp } from '../test/app';
import { refusal } from '../test/refusal';

/**
 * The rules of plans and subscriptions behind /api/plan and /api/subscription
 * (docs/plans.md); the contract suite (tests/contract/plans.contract.ts)
 * holds each operation to config/openapi.json over HTTP. On interfaces the
 * demo's plans leave alone, and on users of its own.
 */

let t: TestApp;
let admin: string;
let user: string;
let userId: string;
let other: string;
let otherId: string;

/** Demo interfaces no demo plan covers: two online pairs, and an offline one. */
const [A, B, C, D] = [11, 12, 13, 14].map(interfaceIdOf);
const OFFLINE = interfaceIdOf(8);

beforeAll(async () => {
  t = await testApp();
  admin = await loginAs(t.app, ADMIN);
  ({ cookie: user, id: userId } = await registerAs(t.app, 'plan-user'));
  ({ cookie: other, id: otherId } = await registerAs(t.app, 'plan-other'));
}, 180_000);
afterAll(() => t.close());

const post = <T = unknown>(url: string, payload: Record<string, unknown>, cookie: string) =>
  call<T>(t.app, { method: 'POST', url, payload, cookie });
const get = <T = unknown>(url: string, cookie: string) => call<T>(t.app, { method: 'GET', url, cookie });

let named = 0;
/** A plan's add body: a month of 1000 calls over `interfaceIds`, public, blocking, no approval. */
const planBody = (interfaceIds: string[], extra: Record<string, unknown> = {}) => ({
  name: `套餐 ${(named += 1)}`,
  interfaceIds,
  quota: 1000,
  period: 'month',
  approval: false,
  overage: 'block',
  visibility: 'public',
  ...extra,
});

/** Adds a plan as the admin and answers it as the admin reads it. */
async function addPlan(interfaceIds: string[], extra: Record<string, unknown> = {}): Promise<PlanVO> {
  const added = await post<string>('/api/plan/add', planBody(interfaceIds, extra), admin);
  expect(added).toMatchObject({ code: 0 });
  return (await get<PlanVO>(`/api/plan/get?id=${added.data}`, admin)).data;
}

const subscribe = (planId: string, cookie = user, reason?: string) =>
  post<SubscriptionVO>('/api/subscription/add', { planId, ...(reason ? { reason } : {}) }, cookie);
const retire = (id: string) => post<PlanVO>('/api/plan/retire', { id }, admin);
const mine = async (cookie = user) =>
  (await get<Page<SubscriptionVO>>('/api/subscription/list?pageSize=50', cookie)).data.records;

/** Frees the interfaces the tests use: ends every live subscription and retires every plan on them. */
async function clean() {
  await t.database.db.execute(sql`
    UPDATE subscription SET status = 'ended' WHERE status IN ('pending', 'active')
      AND plan_id IN (SELECT plan_id FROM plan_interface WHERE interface_info_id IN (${A}::bigint, ${B}::bigint, ${C}::bigint, ${D}::bigint, ${OFFLINE}::bigint))`);
  await t.database.db.execute(sql`DELETE FROM subscription_cover WHERE subscription_id IN (SELECT id FROM subscription WHERE status = 'ended')`);
  await t.database.db.execute(sql`
    UPDATE plan SET retired_at = now(), is_default = false
    WHERE id IN (SELECT plan_id FROM plan_interface WHERE interface_info_id IN (${A}::bigint, ${B}::bigint, ${C}::bigint, ${D}::bigint, ${OFFLINE}::bigint))`);
  await t.database.db.execute(sql`
    UPDATE plan_interface SET is_default = false
    WHERE interface_info_id IN (${A}::bigint, ${B}::bigint, ${C}::bigint, ${D}::bigint, ${OFFLINE}::bigint)`);
}
beforeEach(clean);

describe('adding and changing plans', () => {
  test('bad input is refused naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [planBody([A], { name: undefined }), PLAN_MESSAGES.nameRequired],
      [planBody([A], { name: 'x'.repeat(PLAN_LIMITS.nameMax + 1) }), PLAN_MESSAGES.nameTooLong],
      [planBody([A], { name: 'a\u0000b' }), PLAN_MESSAGES.nameInvalid],
      [planBody([A], { description: 'x'.repeat(PLAN_LIMITS.descriptionMax + 1) }), PLAN_MESSAGES.descriptionInvalid],
      [planBody([A], { priceLabel: 'x'.repeat(PLAN_LIMITS.priceLabelMax + 1) }), PLAN_MESSAGES.priceLabelInvalid],
      [planBody([]), PLAN_MESSAGES.interfacesInvalid],
      [planBody([A, A]), PLAN_MESSAGES.interfacesInvalid],
      [planBody(['x']), PLAN_MESSAGES.interfacesInvalid],
      [planBody(['9000000000000000001']), PLAN_MESSAGES.interfaceNotFound],
      [planBody([A], { quota: 0 }), PLAN_MESSAGES.badQuota],
      [planBody([A], { quota: PLAN_LIMITS.quotaMax + 1 }), PLAN_MESSAGES.badQuota],
      [planBody([A], { quota: 1.5 }), PLAN_MESSAGES.badQuota],
      [planBody([A], { period: 'week' }), PLAN_MESSAGES.badPeriod],
      [planBody([A], { overage: 'charge' }), PLAN_MESSAGES.badOverage],
      [planBody([A], { visibility: 'secret' }), PLAN_MESSAGES.badVisibility],
      [planBody([A], { approval: 'no' }), PLAN_MESSAGES.badApproval],
      [planBody([A], { isDefault: 1 }), PLAN_MESSAGES.badIsDefault],
      [planBody([A], { rateLimit: -1 }), MESSAGES.badRateLimit],
      [planBody([A], { rateLimit: 10, rateBurst: 5 }), MESSAGES.badRateBurst],
      [planBody([A], { rateBurst: 5 }), MESSAGES.burstWithoutLimit],
    ];
    for (const [body, message] of cases) {
      expect([body, await post('/api/plan/add', body, admin)]).toEqual([body, refusal(ResponseCode.PARAMS_ERROR, message)]);
    }
    expect(await post('/api/plan/update', { id: 'x' }, admin)).toEqual(refusal(ResponseCode.PARAMS_ERROR, MESSAGES.badId));
    expect(await post('/api/plan/update', { id: '1', quota: -5 }, admin)).toEqual(
      refusal(ResponseCode.PARAMS_ERROR, PLAN_MESSAGES.badQuota),
    );
  });

  test('admins only: a user gets 40101 from every admin operation', async () => {
    const plan = await addPlan([A]);
    for (const [url, body] of [
      ['/api/plan/add', planBody([A])],
      ['/api/plan/update', { id: plan.id, quota: 5 }],
      ['/api/plan/retire', { id: plan.id }],
      ['/api/subscription/review', { id: '1', approve: true }],
      ['/api/subscription/assign', { userId, planId: plan.id }],
      ['/api/subscription/end', { id: '1' }],
    ] as const) {
      expect([url, await post(url, body, user)]).toEqual([url, refusal(ResponseCode.NO_AUTH, MESSAGES.noAuth)]);
    }
  });

  test('a plan is answered with its fields, limits and interfaces; an update changes the fields present', async () => {
    const plan = await addPlan([A, B], {
      description: '  说明  ',
      rateLimit: 10,
      priceLabel: '¥99/月',
      overage: 'allow',
    });
    expect(plan).toMatchObject({
      description: '说明',
      interfaceIds: [A, B],
      quota: 1000,
      period: 'month',
      rateLimit: 10,
      rateBurst: 10,
      approval: false,
      overage: 'allow',
      priceLabel: '¥99/月',
      visibility: 'public',
      isDefault: false,
      retired: false,
      retireTime: null,
      subscribers: 0,
    });
    const updated = await post<PlanVO>('/api/plan/update', { id: plan.id, quota: 5000, rateLimit: null, interfaceIds: [A] }, admin);
    expect(updated.data).toMatchObject({ name: plan.name, quota: 5000, rateLimit: null, rateBurst: null, interfaceIds: [A] });
    expect(await post('/api/plan/update', { id: '9000000000000000001', quota: 5 }, admin)).toEqual(
      refusal(ResponseCode.NOT_FOUND, PLAN_MESSAGES.planNotFound),
    );
  });

  test('its interfaces change only while nobody holds or waits for it', async () => {
    const plan = await addPlan([A]);
    const held = await subscribe(plan.id);
    expect(await post('/api/plan/update', { id: plan.id, interfaceIds: [A, B] }, admin)).toEqual(
      refusal(ResponseCode.PARAMS_ERROR, PLAN_MESSAGES.interfacesLocked),
    );
    // Other fields still change, and the same interfaces again are no change.
    expect((await post('/api/plan/update', { id: plan.id, quota: 7, interfaceIds: [A] }, admin)).code).toBe(0);
    await post('/api/subscription/cancel', { id: held.data.id }, user);
    await post('/api/subscription/end', { id: held.data.id }, admin);
    expect((await post<PlanVO>('/api/plan/update', { id: plan.id, interfaceIds: [A, B] }, admin)).data.interfaceIds).toEqual([A, B]);
  });
});

describe('default plans', () => {
  test('a default plan is public without approval, and the only default of each of its interfaces', async () => {
    expect(await post('/api/plan/add', planBody([A], { isDefault: true, visibility: 'private' }), admin)).toEqual(
      refusal(ResponseCode.PARAMS_ERROR, PLAN_MESSAGES.defaultNeedsPublic),
    );
    expect(await post('/api/plan/add', planBody([A], { isDefault: true, approval: true }), admin)).toEqual(
      refusal(ResponseCode.PARAMS_ERROR, PLAN_MESSAGES.defaultNeedsPublic),
    );
    const first = await addPlan([A, B], { isDefault: true });
    expect(first.isDefault).toBe(true);
    expect(await post('/api/plan/add', planBody([B, C], { isDefault: true }), admin)).toEqual(
      refusal(ResponseCode.PARAMS_ERROR, PLAN_MESSAGES.defaultTaken(first.name)),
    );
    const second = await addPlan([B, C]);
    expect(await post('/api/plan/update', { id: second.id, isDefault: true }, admin)).toEqual(
      refusal(ResponseCode.PARAMS_ERROR, PLAN_MESSAGES.defaultTaken(first.name)),
    );
    expect(await post('/api/plan/update', { id: first.id, approval: true }, admin)).toEqual(
      refusal(ResponseCode.PARAMS_ERROR, PLAN_MESSAGES.defaultNeedsPublic),
    );
    // Retiring the first clears its default, and the interface may have another.
    expect((await retire(first.id)).data).toMatchObject({ retired: true, isDefault: false });
    expect((await post<PlanVO>('/api/plan/update', { id: second.id, isDefault: true }, admin)).data.isDefault).toBe(true);
  });
});

describe('retiring', () => {
  test('a retired plan takes no subscription nor change, and retiring it again is refused', async () => {
    const plan = await addPlan([A]);
    const retired = await retire(plan.id);
    expect(retired.data).toMatchObject({ retired: true, retireTime: formatTime(t.clock.now) });
    expect(await retire(plan.id)).toEqual(refusal(ResponseCode.PARAMS_ERROR, PLAN_MESSAGES.planRetired));
    expect(await post('/api/plan/update', { id: plan.id, quota: 5 }, admin)).toEqual(
      refusal(ResponseCode.PARAMS_ERROR, PLAN_MESSAGES.planRetired),
    );
    expect(await subscribe(plan.id)).toEqual(refusal(ResponseCode.PARAMS_ERROR, PLAN_MESSAGES.planRetired));
    expect(await retire('9000000000000000001')).toEqual(refusal(ResponseCode.NOT_FOUND, PLAN_MESSAGES.planNotFound));
  });

  test("an active subscription runs to its period's end, then reads ended and frees its interfaces", async () => {
    const plan = await addPlan([A], { period: 'day' });
    const held = await subscribe(plan.id);
    await retire(plan.id);
    expect((await mine()).find((s) => s.id === held.data.id)?.status).toBe('active');
    const saved = t.clock.now;
    try {
      t.clock.now = periodAt('day', saved).end + 1000;
      expect((await mine()).find((s) => s.id === held.data.id)?.status).toBe('ended');
      expect((await subscribe((await addPlan([A])).id)).data.status).toBe('active');
    } finally {
      t.clock.now = saved;
    }
  });
});

describe('who sees which plan', () => {
  test('a user sees public plans and those they hold; a private or retired one is 40400 to them', async () => {
    const open = await addPlan([A]);
    const hidden = await addPlan([B], { visibility: 'private' });
    const gone = await addPlan([C]);
    await retire(gone.id);
    const notFound = refusal(ResponseCode.NOT_FOUND, PLAN_MESSAGES.planNotFound);

    const listed = async (cookie: string) => (await get<PlanVO[]>('/api/plan/list', cookie)).data.map((p) => p.id);
    expect(await listed(user)).toEqual(expect.arrayContaining([open.id]));
    expect(await listed(user)).not.toContain(hidden.id);
    expect(await listed(user)).not.toContain(gone.id);
    expect(await listed(admin)).toEqual(expect.arrayContaining([open.id, hidden.id, gone.id]));
    expect(await get(`/api/plan/get?id=${hidden.id}`, user)).toEqual(notFound);
    expect(await get(`/api/plan/get?id=${gone.id}`, user)).toEqual(notFound);
    // A user may not subscribe to a private plan: it is missing to them. An admin assigns it.
    expect(await subscribe(hidden.id)).toEqual(notFound);
    expect((await post('/api/subscription/assign', { userId, planId: hidden.id }, admin)).code).toBe(0);
    expect(await listed(user)).toContain(hidden.id);
    expect((await get<PlanVO>(`/api/plan/get?id=${hidden.id}`, user)).data.id).toBe(hidden.id);
    expect(await listed(other)).not.toContain(hidden.id);
  });

  test('an offline interface is not there to a user, in a plan or as a filter', async () => {
    const plan = await addPlan([A, OFFLINE]);
    expect((await get<PlanVO>(`/api/plan/get?id=${plan.id}`, user)).data.interfaceIds).toEqual([A]);
    expect((await get<PlanVO>(`/api/plan/get?id=${plan.id}`, admin)).data.interfaceIds).toEqual([OFFLINE, A]);
    expect((await get<PlanVO[]>(`/api/plan/list?interfaceInfoId=${OFFLINE}`, user)).data).toEqual([]);
    expect((await get<PlanVO[]>(`/api/plan/list?interfaceInfoId=${OFFLINE}`, admin)).data.map((p) => p.id)).toContain(plan.id);
    expect((await get<PlanVO[]>(`/api/plan/list?interfaceInfoId=${A}`, user)).data.map((p) => p.id)).toEqual([plan.id]);
    // A plan of offline interfaces only is not there to a user yet.
    const unpublished = await addPlan([OFFLINE]);
    expect(await get(`/api/plan/get?id=${unpublished.id}`, user)).toEqual(refusal(ResponseCode.NOT_FOUND, PLAN_MESSAGES.planNotFound));
    expect(await get(`/api/plan/list?interfaceInfoId=${OFFLINE}`, admin)).toMatchObject({ code: 0 });
    expect(await get('/api/plan/list?interfaceInfoId=x', user)).toEqual(
      refusal(ResponseCode.PARAMS_ERROR, MESSAGES.idParamInvalid('interfaceInfoId')),
    );
  });
});

describe('subscribing', () => {
  test('a subscription is active from the period that holds now, over the plan’s interfaces', async () => {
    const plan = await addPlan([A, B]);
    const held = await subscribe(plan.id, user, '  试用  ');
    const period = periodAt('month', t.clock.now);
    expect(held.data).toMatchObject({
      planId: plan.id,
      planName: plan.name,
      userId,
      userName: 'plan-user',
      status: 'active',
      requestedPlanId: null,
      period: 'month',
      periodStart: formatTime(period.start),
      periodEnd: formatTime(period.end),
      used: 0,
      quota: 1000,
      overage: 'block',
      cancelAtPeriodEnd: false,
      reason: '试用',
      reply: null,
      interfaceIds: [A, B],
    });
    expect((await get<PlanVO>(`/api/plan/get?id=${plan.id}`, admin)).data.subscribers).toBe(1);
    expect(await subscribe(plan.id)).toEqual(refusal(ResponseCode.PARAMS_ERROR, PLAN_MESSAGES.alreadyOnPlan(plan.name)));
    expect(await subscribe('x')).toEqual(refusal(ResponseCode.PARAMS_ERROR, PLAN_MESSAGES.badPlanId));
    expect(await subscribe('9000000000000000001')).toEqual(refusal(ResponseCode.NOT_FOUND, PLAN_MESSAGES.planNotFound));
  });

  test('one live subscription per interface: another plan on one of them is refused, naming the plan that covers it', async () => {
    const held = await addPlan([A, B]);
    const overlapping = await addPlan([B, C]);
    const wider = await addPlan([A, B, C]);
    await subscribe(held.id);
    const covered = refusal(ResponseCode.PARAMS_ERROR, PLAN_MESSAGES.covered(held.name));
    expect(await subscribe(overlapping.id)).toEqual(covered);
    expect(await subscribe(wider.id)).toEqual(covered);
    expect(await post('/api/subscription/assign', { userId, planId: overlapping.id }, admin)).toEqual(covered);
    // Another user's subscription does not count.
    expect((await subscribe(overlapping.id, other)).data.status).toBe('active');
  });

  test('a switch over the same interfaces keeps the subscription, its period and its calls used', async () => {
    const basic = await addPlan([A, B]);
    const pro = await addPlan([A, B], { quota: 100_000 });
    const held = await subscribe(basic.id);
    await t.database.db.execute(sql`UPDATE subscription SET used = 42 WHERE id = ${held.data.id}::bigint`);
    const switched = await subscribe(pro.id);
    expect(switched.data).toMatchObject({
      id: held.data.id,
      planId: pro.id,
      quota: 100_000,
      used: 42,
      periodStart: held.data.periodStart,
      periodEnd: held.data.periodEnd,
      status: 'active',
    });
  });

  test('a switch to a plan that needs approval waits, and the review switches it or drops the request', async () => {
    const basic = await addPlan([A]);
    const enterprise = await addPlan([A], { approval: true });
    const held = await subscribe(basic.id);
    const asked = await subscribe(enterprise.id, user, '要更多');
    expect(asked.data).toMatchObject({
      id: held.data.id,
      planId: basic.id,
      status: 'active',
      requestedPlanId: enterprise.id,
      requestedPlanName: enterprise.name,
      reason: '要更多',
    });
    const pending = await get<Page<SubscriptionVO>>('/api/subscription/list?status=pending&pageSize=50', admin);
    expect(pending.data.records.map((s) => s.id)).toContain(held.data.id);
    const dropped = await post<SubscriptionVO>('/api/subscription/review', { id: held.data.id, approve: false, reply: '不行' }, admin);
    expect(dropped.data).toMatchObject({ planId: basic.id, requestedPlanId: null, reply: '不行', status: 'active' });
    await subscribe(enterprise.id);
    const approved = await post<SubscriptionVO>('/api/subscription/review', { id: held.data.id, approve: true }, admin);
    expect(approved.data).toMatchObject({ planId: enterprise.id, requestedPlanId: null, status: 'active' });
    expect(await post('/api/subscription/review', { id: held.data.id, approve: true }, admin)).toEqual(
      refusal(ResponseCode.PARAMS_ERROR, PLAN_MESSAGES.nothingPending),
    );
  });

  test('a plan that needs approval: pending holds its interfaces; refused frees them; approved starts the period', async () => {
    const plan = await addPlan([C, D], { approval: true });
    const asked = await subscribe(plan.id, user, '企业用途');
    expect(asked.data).toMatchObject({ status: 'pending', periodStart: null, periodEnd: null, reason: '企业用途' });
    expect(await subscribe(plan.id)).toEqual(refusal(ResponseCode.PARAMS_ERROR, PLAN_MESSAGES.covered(plan.name)));
    const refused = await post<SubscriptionVO>('/api/subscription/review', { id: asked.data.id, approve: false }, admin);
    expect(refused.data.status).toBe('refused');
    const again = await subscribe(plan.id);
    expect(again.data.status).toBe('pending');
    const approved = await post<SubscriptionVO>('/api/subscription/review', { id: again.data.id, approve: true, reply: '已开通' }, admin);
    const period = periodAt('month', t.clock.now);
    expect(approved.data).toMatchObject({
      status: 'active',
      reply: '已开通',
      periodStart: formatTime(period.start),
      periodEnd: formatTime(period.end),
    });
    expect(await post('/api/subscription/review', { id: asked.data.id, approve: true }, admin)).toEqual(
      refusal(ResponseCode.PARAMS_ERROR, PLAN_MESSAGES.nothingPending),
    );
    expect(await post('/api/subscription/review', { id: asked.data.id, approve: 'yes' }, admin)).toEqual(
      refusal(ResponseCode.PARAMS_ERROR, MESSAGES.badApprove),
    );
    expect(await post('/api/subscription/review', { id: '9000000000000000001', approve: true }, admin)).toEqual(
      refusal(ResponseCode.NOT_FOUND, PLAN_MESSAGES.subscriptionNotFound),
    );
  });

  test('a plan retired while a subscription waits cannot be approved; it can be refused', async () => {
    const plan = await addPlan([D], { approval: true });
    const asked = await subscribe(plan.id);
    await retire(plan.id);
    expect(await post('/api/subscription/review', { id: asked.data.id, approve: true }, admin)).toEqual(
      refusal(ResponseCode.PARAMS_ERROR, PLAN_MESSAGES.planRetired),
    );
    expect((await post<SubscriptionVO>('/api/subscription/review', { id: asked.data.id, approve: false }, admin)).data.status).toBe('refused');
  });

  test('an admin assigns any plan that is not retired, active at once; a missing user or plan is 40400', async () => {
    const plan = await addPlan([C], { approval: true, visibility: 'private' });
    const assigned = await post<SubscriptionVO>('/api/subscription/assign', { userId: otherId, planId: plan.id }, admin);
    expect(assigned.data).toMatchObject({ userId: otherId, status: 'active', planId: plan.id });
    expect(await post('/api/subscription/assign', { userId: '9000000000000000001', planId: plan.id }, admin)).toEqual(
      refusal(ResponseCode.NOT_FOUND, MESSAGES.userNotFound),
    );
    expect(await post('/api/subscription/assign', { userId, planId: '9000000000000000001' }, admin)).toEqual(
      refusal(ResponseCode.NOT_FOUND, PLAN_MESSAGES.planNotFound),
    );
    expect(await post('/api/subscription/assign', { userId: 'x', planId: plan.id }, admin)).toEqual(
      refusal(ResponseCode.PARAMS_ERROR, MESSAGES.userIdInvalid),
    );
  });
});

describe('cancelling and ending', () => {
  test('a pending subscription ends at once; an active one at its period’s end, withdrawing a switch', async () => {
    const waiting = await subscribe((await addPlan([C], { approval: true })).id);
    expect((await post<SubscriptionVO>('/api/subscription/cancel', { id: waiting.data.id }, user)).data.status).toBe('ended');

    const basic = await addPlan([A], { period: 'day' });
    const held = await subscribe(basic.id);
    await subscribe((await addPlan([A], { approval: true })).id);
    const cancelled = await post<SubscriptionVO>('/api/subscription/cancel', { id: held.data.id }, user);
    expect(cancelled.data).toMatchObject({ status: 'active', cancelAtPeriodEnd: true, requestedPlanId: null });
    const saved = t.clock.now;
    try {
      t.clock.now = periodAt('day', saved).end;
      expect((await mine()).find((s) => s.id === held.data.id)?.status).toBe('ended');
      expect(await post('/api/subscription/cancel', { id: held.data.id }, user)).toEqual(
        refusal(ResponseCode.PARAMS_ERROR, PLAN_MESSAGES.subscriptionOver),
      );
    } finally {
      t.clock.now = saved;
    }
  });

  test("another user's subscription is 40400 to cancel, as one that does not exist", async () => {
    const held = await subscribe((await addPlan([A])).id);
    const notFound = refusal(ResponseCode.NOT_FOUND, PLAN_MESSAGES.subscriptionNotFound);
    expect(await post('/api/subscription/cancel', { id: held.data.id }, other)).toEqual(notFound);
    expect(await post('/api/subscription/cancel', { id: '9000000000000000001' }, user)).toEqual(notFound);
    expect(await post('/api/subscription/cancel', { id: -1 }, user)).toEqual(refusal(ResponseCode.PARAMS_ERROR, MESSAGES.badId));
  });

  test('an admin ends a subscription at once, freeing its interfaces; one over is refused', async () => {
    const plan = await addPlan([A]);
    const held = await subscribe(plan.id);
    expect((await post<SubscriptionVO>('/api/subscription/end', { id: held.data.id }, admin)).data.status).toBe('ended');
    expect(await post('/api/subscription/end', { id: held.data.id }, admin)).toEqual(
      refusal(ResponseCode.PARAMS_ERROR, PLAN_MESSAGES.subscriptionOver),
    );
    expect((await subscribe(plan.id)).data.status).toBe('active');
  });

  test('the maintenance loop ends what was to end with its period, as a read does', async () => {
    const held = await subscribe((await addPlan([B], { period: 'day' })).id);
    await post('/api/subscription/cancel', { id: held.data.id }, user);
    expect(await settleSubscriptions(t.database.db, t.clock.now)).toBe(0);
    expect(await settleSubscriptions(t.database.db, periodAt('day', t.clock.now).end)).toBe(1);
    const [row] = rowsOf<{ status: string; covers: number }>(
      await t.database.db.execute(sql`
        SELECT s.status, (SELECT count(*)::int FROM subscription_cover c WHERE c.subscription_id = s.id) AS covers
        FROM subscription s WHERE s.id = ${held.data.id}::bigint`),
    );
    expect(row).toEqual({ status: 'ended', covers: 0 });
  });
});

describe('listing subscriptions', () => {
  test("a user lists their own; naming another user is 40101; admins filter by user, plan and status", async () => {
    const plan = await addPlan([A]);
    const own = await subscribe(plan.id);
    const theirs = await subscribe(plan.id, other);
    expect((await mine()).map((s) => s.id)).toContain(own.data.id);
    expect((await mine()).map((s) => s.id)).not.toContain(theirs.data.id);
    expect(await get(`/api/subscription/list?userId=${otherId}`, user)).toEqual(refusal(ResponseCode.NO_AUTH, MESSAGES.noAuth));
    const byPlan = await get<Page<SubscriptionVO>>(`/api/subscription/list?planId=${plan.id}`, admin);
    expect(byPlan.data.records.map((s) => s.id).sort()).toEqual([own.data.id, theirs.data.id].sort());
    const byUser = await get<Page<SubscriptionVO>>(`/api/subscription/list?planId=${plan.id}&userId=${otherId}&status=active`, admin);
    expect(byUser.data).toMatchObject({ total: 1, current: 1, size: 10, pages: 1 });
    const paged = await get<Page<SubscriptionVO>>(`/api/subscription/list?planId=${plan.id}&pageSize=1&current=2`, admin);
    expect(paged.data).toMatchObject({ total: 2, size: 1, current: 2, pages: 2 });
    expect(paged.data.records).toHaveLength(1);
    for (const [query, message] of [
      ['status=over', PLAN_MESSAGES.badStatus],
      ['planId=x', PLAN_MESSAGES.badPlanId],
      ['pageSize=51', MESSAGES.badPageSize],
      ['current=0', MESSAGES.badCurrent],
    ] as const) {
      expect(await get(`/api/subscription/list?${query}`, admin)).toEqual(refusal(ResponseCode.PARAMS_ERROR, message));
    }
  });

  test('live: the pending and active ones, a switch waiting among them, none that is over', async () => {
    const [basic, enterprise, waiting, dropped] = await Promise.all([
      addPlan([A]),
      addPlan([A], { approval: true }),
      addPlan([B], { approval: true }),
      addPlan([C]),
    ]);
    const switching = await subscribe(basic.id);
    await subscribe(enterprise.id);
    const pending = await subscribe(waiting.id);
    const ended = await subscribe(dropped.id);
    await post('/api/subscription/end', { id: ended.data.id }, admin);
    const live = await get<Page<SubscriptionVO>>('/api/subscription/list?status=live&pageSize=50', user);
    expect(live.data.records.map((s) => [s.id, s.status, s.requestedPlanId])).toEqual([
      [pending.data.id, 'pending', null],
      [switching.data.id, 'active', enterprise.id],
    ]);
    expect(live.data.total).toBe(2);
  });

  test('without a session every operation answers 40100', async () => {
    const answer = (await t.app.inject({ method: 'GET', url: '/api/plan/list' })).json<Envelope>();
    expect(answer.code).toBe(ResponseCode.NOT_LOGIN);
  });
});

describe("the demo's plans", () => {
  test('three tiers over the same interfaces, 免费 their default; the demo user holds 专业, charged with this month’s calls', async () => {
    const demoUser = await loginAs(t.app, USER);
    const plans = (await get<PlanVO[]>(`/api/plan/list?interfaceInfoId=${DEMO_PLAN_INTERFACES[0]}`, demoUser)).data;
    expect(plans.map((p) => [p.name, p.quota, p.isDefault, p.approval, p.priceLabel])).toEqual(
      DEMO_PLANS.map((p) => [p.name, p.quota, p.isDefault, p.approval, p.priceLabel]),
    );
    for (const plan of plans) expect(plan.interfaceIds).toEqual([...DEMO_PLAN_INTERFACES].sort());
    const [held] = (await get<Page<SubscriptionVO>>('/api/subscription/list', demoUser)).data.records;
    const period = periodAt('month', t.clock.now);
    const [{ charged }] = rowsOf<{ charged: number }>(
      await t.database.db.execute(sql`
        SELECT count(*)::int AS charged FROM interface_call
        WHERE user_id = ${USER_ID}::bigint AND time >= ${new Date(period.start).toISOString()}::timestamptz
          AND interface_info_id = ANY(${`{${DEMO_PLAN_INTERFACES.join(',')}}`}::bigint[])
          AND (success OR status BETWEEN 400 AND 499)`),
    );
    expect(held).toMatchObject({ planName: DEMO_USER_PLAN, status: 'active', used: charged, periodStart: formatTime(period.start) });
    expect(charged).toBeGreaterThan(0);
  });
});

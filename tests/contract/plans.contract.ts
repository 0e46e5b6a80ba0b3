import { ResponseCode } from '@agler/contract/constants';
import { MESSAGES, PLAN_MESSAGES } from '@agler/contract/messages';
import type { PlanVO, SubscriptionVO } from '@agler/contract/plans';
import type { Page } from '@agler/contract/types';
import type { Client } from './client';
import { expectRefusal, expectSuccess, registeredUser, uniqueName } from './client';
import { createInterface, specSessions } from './interfaces';

/**
 * Plans and subscriptions over HTTP: each of the nine operations once as it
 * succeeds and once as it refuses, every exchange checked against
 * config/openapi.json. The rules behind them are server/routes/plans.test.ts's.
 * On interfaces and users of its own.
 */

const PLAN = { add: '/api/plan/add', update: '/api/plan/update', retire: '/api/plan/retire', list: '/api/plan/list', get: '/api/plan/get' } as const;
const SUBSCRIPTION = {
  add: '/api/subscription/add',
  cancel: '/api/subscription/cancel',
  list: '/api/subscription/list',
  review: '/api/subscription/review',
  assign: '/api/subscription/assign',
  end: '/api/subscription/end',
} as const;

const spec = specSessions();
let subscriber: Client;
let subscriberId: string;
let first: string;
let second: string;

beforeAll(async () => {
  ({ client: subscriber, id: subscriberId } = await registeredUser('plans'));
  first = await createInterface(spec.admin, { online: true });
  second = await createInterface(spec.admin, { online: true });
  spec.created.push(first, second);
});

const planBody = (interfaceIds: string[], extra: Record<string, unknown> = {}) => ({
  name: uniqueName('套餐'),
  description: '契约测试的套餐',
  interfaceIds,
  quota: 1000,
  period: 'month',
  rateLimit: 5,
  approval: false,
  overage: 'block',
  priceLabel: '¥9/月',
  visibility: 'public',
  ...extra,
});

describe('plans', () => {
  let plan: PlanVO;

  it('add: answers the id; a bad field is refused by name', async () => {
    const id = expectSuccess(await spec.admin.post<string>(PLAN.add, planBody([first])));
    expect(id).toMatch(/^\d+$/);
    plan = expectSuccess(await spec.admin.get<PlanVO>(PLAN.get, { id }));
    expect(plan).toMatchObject({ id, interfaceIds: [first], rateLimit: 5, rateBurst: 5, subscribers: 0, retired: false });
    expectRefusal(await spec.admin.post(PLAN.add, planBody([first], { period: 'week' })), ResponseCode.PARAMS_ERROR, PLAN_MESSAGES.badPeriod);
  });

  it('update: answers the plan as changed; a user is refused', async () => {
    const updated = expectSuccess(await spec.admin.post<PlanVO>(PLAN.update, { id: plan.id, quota: 2000, rateLimit: null }));
    expect(updated).toMatchObject({ id: plan.id, quota: 2000, rateLimit: null, rateBurst: null });
    expectRefusal(await spec.user.post(PLAN.update, { id: plan.id, quota: 1 }), ResponseCode.NO_AUTH, MESSAGES.noAuth);
  });

  it('list and get: a user sees the public plan; a private one is missing to them', async () => {
    const listed = expectSuccess(await spec.user.get<PlanVO[]>(PLAN.list, { interfaceInfoId: first }));
    expect(listed.map((p) => p.id)).toEqual([plan.id]);
    expect(expectSuccess(await spec.user.get<PlanVO>(PLAN.get, { id: plan.id })).name).toBe(plan.name);
    const hidden = expectSuccess(await spec.admin.post<string>(PLAN.add, planBody([second], { visibility: 'private' })));
    expectRefusal(await spec.user.get(PLAN.get, { id: hidden }), ResponseCode.NOT_FOUND, PLAN_MESSAGES.planNotFound);
    expectRefusal(await spec.user.get(PLAN.list, { interfaceInfoId: 'x' }), ResponseCode.PARAMS_ERROR, MESSAGES.idParamInvalid('interfaceInfoId'));
    expectSuccess(await spec.admin.post(PLAN.retire, { id: hidden }));
  });
});

describe('subscriptions', () => {
  let plan: string;
  let enterprise: string;
  let held: SubscriptionVO;

  beforeAll(async () => {
    plan = expectSuccess(await spec.admin.post<string>(PLAN.add, planBody([second])));
    enterprise = expectSuccess(await spec.admin.post<string>(PLAN.add, planBody([first], { approval: true })));
  });

  it('add: active at once; a plan that needs approval waits; one already held is refused', async () => {
    held = expectSuccess(await subscriber.post<SubscriptionVO>(SUBSCRIPTION.add, { planId: plan }));
    expect(held).toMatchObject({ planId: plan, userId: subscriberId, status: 'active', used: 0, interfaceIds: [second] });
    expect(held.periodStart).toMatch(/^\d{4}-\d{2}-\d{2} 00:00:00$/);
    const waiting = expectSuccess(await subscriber.post<SubscriptionVO>(SUBSCRIPTION.add, { planId: enterprise, reason: '评估' }));
    expect(waiting).toMatchObject({ status: 'pending', periodStart: null, periodEnd: null, reason: '评估' });
    expectRefusal(await subscriber.post(SUBSCRIPTION.add, { planId: enterprise }), ResponseCode.PARAMS_ERROR, /「.+」/);
  });

  it('list: a user reads their own, and may not name another user', async () => {
    const page = expectSuccess(await subscriber.get<Page<SubscriptionVO>>(SUBSCRIPTION.list, { status: 'pending' }));
    expect(page.records.map((s) => s.planId)).toEqual([enterprise]);
    expectRefusal(await spec.user.get(SUBSCRIPTION.list, { userId: subscriberId }), ResponseCode.NO_AUTH, MESSAGES.noAuth);
  });

  it('list: live is the pending and the active ones in one list; an unknown status is refused', async () => {
    const live = expectSuccess(await subscriber.get<Page<SubscriptionVO>>(SUBSCRIPTION.list, { status: 'live' }));
    expect(live.records.map((s) => [s.planId, s.status])).toEqual([
      [enterprise, 'pending'],
      [plan, 'active'],
    ]);
    expectRefusal(await subscriber.get(SUBSCRIPTION.list, { status: 'over' }), ResponseCode.PARAMS_ERROR, PLAN_MESSAGES.badStatus);
  });

  it('review: approves what waits; nothing waiting is refused', async () => {
    const [waiting] = expectSuccess(await spec.admin.get<Page<SubscriptionVO>>(SUBSCRIPTION.list, { userId: subscriberId, status: 'pending' })).records;
    const approved = expectSuccess(await spec.admin.post<SubscriptionVO>(SUBSCRIPTION.review, { id: waiting.id, approve: true, reply: '已开通' }));
    expect(approved).toMatchObject({ id: waiting.id, status: 'active', reply: '已开通' });
    expectRefusal(await spec.admin.post(SUBSCRIPTION.review, { id: waiting.id, approve: true }), ResponseCode.PARAMS_ERROR, PLAN_MESSAGES.nothingPending);
  });

  it("cancel: an active subscription ends with its period; another user's is missing", async () => {
    const cancelled = expectSuccess(await subscriber.post<SubscriptionVO>(SUBSCRIPTION.cancel, { id: held.id }));
    expect(cancelled).toMatchObject({ id: held.id, status: 'active', cancelAtPeriodEnd: true });
    expectRefusal(await spec.user.post(SUBSCRIPTION.cancel, { id: held.id }), ResponseCode.NOT_FOUND, PLAN_MESSAGES.subscriptionNotFound);
  });

  it('end: an admin ends it at once; again is refused', async () => {
    expect(expectSuccess(await spec.admin.post<SubscriptionVO>(SUBSCRIPTION.end, { id: held.id })).status).toBe('ended');
    expectRefusal(await spec.admin.post(SUBSCRIPTION.end, { id: held.id }), ResponseCode.PARAMS_ERROR, PLAN_MESSAGES.subscriptionOver);
  });

  it('assign: an admin subscribes a user, active at once; a retired plan is refused', async () => {
    const assigned = expectSuccess(await spec.admin.post<SubscriptionVO>(SUBSCRIPTION.assign, { userId: subscriberId, planId: plan }));
    expect(assigned).toMatchObject({ userId: subscriberId, planId: plan, status: 'active' });
    expectSuccess(await spec.admin.post(SUBSCRIPTION.end, { id: assigned.id }));
    const retired = expectSuccess(await spec.admin.post<PlanVO>(PLAN.retire, { id: plan }));
    expect(retired).toMatchObject({ retired: true, isDefault: false });
    expectRefusal(await spec.admin.post(SUBSCRIPTION.assign, { userId: subscriberId, planId: plan }), ResponseCode.PARAMS_ERROR, PLAN_MESSAGES.planRetired);
  });

  it('retire: retiring again is refused', async () => {
    expectRefusal(await spec.admin.post(PLAN.retire, { id: plan }), ResponseCode.PARAMS_ERROR, PLAN_MESSAGES.planRetired);
  });

  afterAll(async () => {
    await spec.admin.post(PLAN.retire, { id: enterprise });
  });
});

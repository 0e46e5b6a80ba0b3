/**
 * @jest-environment node
 */
import { ResponseCode } from '@agler/contract/constants';
import { MESSAGES, PLAN_MESSAGES } from '@agler/contract/messages';
import type { PlanPeriod, SubscriptionVO } from '@agler/contract/plans';
import type { QuotaRequestVO } from '@agler/contract/quotaRequests';
import type { KeyPairVO, Page } from '@agler/contract/types';
import { periodAt } from '../domain/periods';
import { ADMIN, call, loginAs, registerAs } from '../test/app';
import type { TestApp } from '../test/app';
import { answeringDemoGets } from '../test/database';
import { listeningApp, sendSigned } from '../test/gateway';
import { keyPairOf } from '../test/keys';
import { refusal } from '../test/refusal';

/**
 * Quota requests on interfaces a subscription covers (docs/plans.md, "Asking for more"): a request for a plan
 * switches the subscription when granted, a top-up adds calls to its current period only. The app listens on
 * 127.0.0.1 so the gateway's calls reach its own /demo; time moves with the app's clock.
 */

const PUBLIC_URL = 'http://quota-plans.test';
/** The tests' interfaces call it. */
const [answering] = answeringDemoGets();

let t: TestApp;
let base: string;
let admin: string;
let user: string;
let pair: KeyPairVO;
let answeringUrl: string;

beforeAll(async () => {
  ({ t, base } = await listeningApp(PUBLIC_URL));
  admin = await loginAs(t.app, ADMIN);
  ({ cookie: user } = await registerAs(t.app, 'plan-asker'));
  pair = await keyPairOf(t.app, user);
  answeringUrl = (await call<{ url: string }>(t.app, { url: `/api/interfaceInfo/get?id=${answering.id}`, cookie: admin }))
    .data.url;
}, 180_000);

afterAll(() => t.close());

let made = 0;

/** A new online GET interface of its own for a test. */
async function take(): Promise<string> {
  made += 1;
  const added = await call<string>(t.app, {
    method: 'POST',
    url: '/api/interfaceInfo/add',
    payload: { name: `加量接口 ${made}`, url: answeringUrl, method: 'GET' },
    cookie: admin,
  });
  if (added.code !== 0) throw new Error(`adding an interface: ${added.message}`);
  await call(t.app, { method: 'POST', url: '/api/interfaceInfo/online', payload: { id: added.data }, cookie: admin });
  return added.data;
}

async function addPlan(interfaceIds: string[], quota: number, extra: Record<string, unknown> = {}): Promise<string> {
  made += 1;
  const added = await call<string>(t.app, {
    method: 'POST',
    url: '/api/plan/add',
    payload: {
      name: `加量套餐 ${made}`,
      interfaceIds,
      quota,
      period: 'day' as PlanPeriod,
      approval: false,
      overage: 'block',
      visibility: 'public',
      rateLimit: 0,
      ...extra,
    },
    cookie: admin,
  });
  if (added.code !== 0) throw new Error(`adding a plan: ${added.message}`);
  return String(added.data);
}

async function subscribe(planId: string): Promise<SubscriptionVO> {
  const added = await call<SubscriptionVO>(t.app, { method: 'POST', url: '/api/subscription/add', payload: { planId }, cookie: user });
  if (added.code !== 0) throw new Error(`subscribing: ${added.message}`);
  return added.data;
}

async function subscriptionOf(id: string): Promise<SubscriptionVO> {
  const page = await call<Page<SubscriptionVO>>(t.app, { url: '/api/subscription/list?pageSize=50', cookie: user });
  return page.data.records.find((s) => s.id === id)!;
}

const ask = (payload: Record<string, unknown>) =>
  call<QuotaRequestVO>(t.app, { method: 'POST', url: '/api/quota/request', payload: { reason: '用量增加', ...payload }, cookie: user });
const approve = (id: string) =>
  call<QuotaRequestVO>(t.app, { method: 'POST', url: '/api/quota/request/review', payload: { id, approve: true }, cookie: admin });
const gateway = (id: string) => sendSigned(t, base, pair, 'GET', `/gateway/${id}`);

/** The statuses of `n` gateway calls made one after another. */
async function statuses(id: string, n: number): Promise<number[]> {
  const answers: number[] = [];
  for (let i = 0; i < n; i += 1) answers.push((await gateway(id)).status);
  return answers;
}

describe('a request for a plan', () => {
  test('granted, switches the subscription: the same id, the new plan, the calls used carried', async () => {
    const ids = [await take(), await take()];
    const free = await addPlan(ids, 5);
    const pro = await addPlan(ids, 50, { visibility: 'private' });
    const held = await subscribe(free);
    expect(await statuses(ids[0], 2)).toEqual([200, 200]);

    const asked = await ask({ interfaceInfoId: ids[1], planId: pro, amount: 'not read beside a plan' });
    expect(asked).toMatchObject({ code: 0, data: { kind: 'plan', planId: pro, amount: 0, status: 'pending' } });
    expect(asked.data.planName).toMatch(/^加量套餐/);
    const granted = await approve(asked.data.id);

    expect(granted).toMatchObject({ code: 0, data: { status: 'approved', kind: 'plan', planId: pro } });
    expect(await subscriptionOf(held.id)).toMatchObject({ id: held.id, planId: pro, status: 'active', used: 2, quota: 50 });
  });

  test.each([
    ['not an id', 'abc', PLAN_MESSAGES.badPlanId],
    ['no plan', '999999999', MESSAGES.requestPlanUnknown],
  ])('%s answers 40000 naming planId', async (_, planId, message) => {
    const id = await take();
    await subscribe(await addPlan([id], 5));
    expect(await ask({ interfaceInfoId: id, planId })).toEqual(refusal(ResponseCode.PARAMS_ERROR, message));
  });

  test('a plan over other interfaces, a retired one, the current one, or one on an uncovered interface is refused', async () => {
    const ids = [await take(), await take()];
    const current = await addPlan(ids, 5);
    const narrower = await addPlan([ids[0]], 50);
    const retired = await addPlan(ids, 50);
    await call(t.app, { method: 'POST', url: '/api/plan/retire', payload: { id: retired }, cookie: admin });
    await subscribe(current);
    const uncovered = await take();

    expect(await ask({ interfaceInfoId: ids[0], planId: narrower })).toEqual(
      refusal(ResponseCode.PARAMS_ERROR, MESSAGES.requestPlanNotSwitch),
    );
    expect(await ask({ interfaceInfoId: ids[0], planId: retired })).toEqual(
      refusal(ResponseCode.PARAMS_ERROR, MESSAGES.requestPlanRetired),
    );
    expect(await ask({ interfaceInfoId: ids[0], planId: current })).toEqual(
      refusal(ResponseCode.PARAMS_ERROR, MESSAGES.requestPlanSame),
    );
    expect(await ask({ interfaceInfoId: uncovered, planId: current })).toEqual(
      refusal(ResponseCode.PARAMS_ERROR, MESSAGES.requestPlanUncovered),
    );
    expect(await ask({ interfaceInfoId: ids[0], amount: 0 })).toEqual(refusal(ResponseCode.PARAMS_ERROR, MESSAGES.badAmount));
  });

  test('a subscription ended before the grant answers 40000 and leaves the request open', async () => {
    const ids = [await take()];
    const held = await subscribe(await addPlan(ids, 5));
    const asked = await ask({ interfaceInfoId: ids[0], planId: await addPlan(ids, 50) });
    await call(t.app, { method: 'POST', url: '/api/subscription/end', payload: { id: held.id }, cookie: admin });

    expect(await approve(asked.data.id)).toEqual(refusal(ResponseCode.PARAMS_ERROR, MESSAGES.requestSubscriptionGone));
    const open = await call<Page<QuotaRequestVO>>(t.app, { url: '/api/quota/request/list?status=pending', cookie: user });
    expect(open.data.records.map((r) => r.id)).toContain(asked.data.id);
  });
});

describe('a top-up', () => {
  test("lets exactly quota + amount calls through in the period, and the next period has the plan's quota", async () => {
    const id = await take();
    const held = await subscribe(await addPlan([id], 3));
    const asked = await ask({ interfaceInfoId: id, amount: 2 });
    expect(asked).toMatchObject({ code: 0, data: { kind: 'topup', planId: null, planName: null, amount: 2 } });
    expect((await approve(asked.data.id)).code).toBe(0);

    expect(await subscriptionOf(held.id)).toMatchObject({ quota: 5, extra: 2, used: 0 });
    expect(await statuses(id, 6)).toEqual([200, 200, 200, 200, 200, 429]);
    const last = await gateway(id);
    expect(last.headers.get('ratelimit-policy')).toBe('"day";q=5;w=86400');

    t.clock.now = periodAt('day', t.clock.now).end;
    [admin, user] = await Promise.all([loginAs(t.app, ADMIN), loginAs(t.app, { userAccount: 'plan-asker', userPassword: 'password-123' })]);
    expect(await subscriptionOf(held.id)).toMatchObject({ quota: 3, extra: 0, used: 0 });
    expect(await statuses(id, 4)).toEqual([200, 200, 200, 429]);
    expect(await subscriptionOf(held.id)).toMatchObject({ quota: 3, extra: 0, used: 3 });
  });

  test('granted after its period ended, it counts in the period holding the grant', async () => {
    const id = await take();
    const held = await subscribe(await addPlan([id], 1));
    expect(await statuses(id, 2)).toEqual([200, 429]);
    const asked = await ask({ interfaceInfoId: id, amount: 1 });

    t.clock.now = periodAt('day', t.clock.now).end + 1_000;
    [admin, user] = await Promise.all([loginAs(t.app, ADMIN), loginAs(t.app, { userAccount: 'plan-asker', userPassword: 'password-123' })]);
    expect((await approve(asked.data.id)).code).toBe(0);

    expect(await subscriptionOf(held.id)).toMatchObject({ quota: 2, extra: 1, used: 0 });
    expect(await statuses(id, 3)).toEqual([200, 200, 429]);
  });
});

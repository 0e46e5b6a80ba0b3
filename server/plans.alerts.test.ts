/**
 * @jest-environment node
 */
import { sql } from 'drizzle-orm';
import { ResponseCode } from '@agler/contract/constants';
import type { AlertData } from '@agler/contract/alerts';
import type { PlanVO, SubscriptionVO } from '@agler/contract/plans';
import type { KeyPairVO } from '@agler/contract/types';
import { rowsOf } from './db/rows';
import { periodAt } from './domain/periods';
import { ADMIN, call, loginAs, registerAs } from './test/app';
import type { TestApp } from './test/app';
import { answeringDemoGets } from './test/database';
import { listeningApp, sendSigned } from './test/gateway';
import { keyPairOf } from './test/keys';
import { webhookReceiver } from './test/webhookReceiver';
import type { WebhookReceiver } from './test/webhookReceiver';

/**
 * The alerts of plans and subscriptions (docs/alerts.md, docs/plans.md): a plan's overage begun, a
 * subscription approved or refused, ending because its plan was retired, and ended (by an admin, or
 * with its period after a cancel or a retirement, whether a read, the maintenance loop or the gateway
 * ended it). Each is raised once, and delivered to the webhook of a user who chose its kind. On an
 * app listening on 127.0.0.1, with interfaces and users of its own; time moves with the app's clock.
 */

const PUBLIC_URL = 'http://plan-alerts.test';
/** The tests' interfaces call it. */
const [answering] = answeringDemoGets();
const HOLDER = { userAccount: 'plan-alerts-holder', userPassword: 'password-123' };
const SECOND = { userAccount: 'plan-alerts-second', userPassword: 'password-123' };

let receiver: WebhookReceiver;
let t: TestApp;
let base: string;
let admin: string;
let holder: string;
let holderId: string;
let second: string;
let secondId: string;
let pair: KeyPairVO;
let answeringUrl: string;

beforeAll(async () => {
  receiver = await webhookReceiver();
  ({ t, base } = await listeningApp(PUBLIC_URL, { invokeAllowHosts: [`127.0.0.1:${receiver.port}`] }));
  admin = await loginAs(t.app, ADMIN);
  ({ cookie: holder, id: holderId } = await registerAs(t.app, HOLDER.userAccount, HOLDER.userPassword));
  ({ cookie: second, id: secondId } = await registerAs(t.app, SECOND.userAccount, SECOND.userPassword));
  pair = await keyPairOf(t.app, holder);
  answeringUrl = (
    await call<{ url: string }>(t.app, { url: `/api/interfaceInfo/get?id=${answering.id}`, cookie: admin })
  ).data.url;
  const saved = await call(t.app, {
    method: 'POST',
    url: '/api/user/webhook',
    cookie: holder,
    payload: { url: `http://127.0.0.1:${receiver.port}/hook`, kinds: ['plan_overage', 'subscription'] },
  });
  if (saved.code !== ResponseCode.SUCCESS) throw new Error(`saving the webhook: ${saved.message}`);
}, 180_000);
afterAll(async () => {
  await t.close();
  await receiver.close();
});

// The clock only moves forward, past the sessions' life: log in again before each test.
beforeEach(async () => {
  t.clock.now += 10_000;
  [admin, holder, second] = await Promise.all([
    loginAs(t.app, ADMIN),
    loginAs(t.app, HOLDER),
    loginAs(t.app, SECOND),
  ]);
});

const post = <T = unknown>(url: string, payload: Record<string, unknown>, cookie: string) =>
  call<T>(t.app, { method: 'POST', url, payload, cookie });

let made = 0;
/** The names of the interfaces the tests made, by id. */
const names = new Map<string, string>();

/** A new online GET interface of its own for a test. */
async function take(): Promise<string> {
  made += 1;
  const name = `套餐提醒接口 ${made}`;
  const added = await post<string>(
    '/api/interfaceInfo/add',
    { name, url: answeringUrl, method: 'GET' },
    admin,
  );
  if (added.code !== ResponseCode.SUCCESS) throw new Error(`adding an interface: ${added.message}`);
  await post('/api/interfaceInfo/online', { id: added.data }, admin);
  names.set(added.data, name);
  return added.data;
}

/** Adds a public plan of a day's 10 calls over `interfaceIds` as the admin; `extra` changes its fields. */
async function addPlan(interfaceIds: string[], extra: Record<string, unknown> = {}): Promise<PlanVO> {
  made += 1;
  const added = await post<string>(
    '/api/plan/add',
    {
      name: `提醒套餐 ${made}`,
      interfaceIds,
      quota: 10,
      period: 'day',
      approval: false,
      overage: 'block',
      visibility: 'public',
      ...extra,
    },
    admin,
  );
  if (added.code !== ResponseCode.SUCCESS) throw new Error(`adding a plan: ${added.message}`);
  return (await call<PlanVO>(t.app, { url: `/api/plan/get?id=${added.data}`, cookie: admin })).data;
}

async function subscribe(planId: string, cookie = holder): Promise<SubscriptionVO> {
  const added = await post<SubscriptionVO>('/api/subscription/add', { planId }, cookie);
  if (added.code !== ResponseCode.SUCCESS) throw new Error(`subscribing: ${added.message}`);
  return added.data;
}

const review = (id: string, approve: boolean, reply?: string) =>
  post<SubscriptionVO>('/api/subscription/review', { id, approve, ...(reply ? { reply } : {}) }, admin);

const gateway = (id: string) => sendSigned(t, base, pair, 'GET', `/gateway/${id}`);

type AlertRow = { kind: string; userId: string; interfaceInfoId: string | null; data: AlertData };

/** The alerts about one subscription (their subject), oldest first. */
async function alertsOf(subscriptionId: string): Promise<AlertRow[]> {
  return rowsOf<AlertRow>(
    await t.database.db.execute(sql`
      SELECT kind, user_id::text AS "userId", interface_info_id::text AS "interfaceInfoId", data
      FROM alert WHERE subject_id = ${subscriptionId} ORDER BY id`),
  );
}

/** What reached the holder's webhook about one subscription, once the worker has sent what is due (in any order). */
async function deliveredOf(
  subscriptionId: string,
): Promise<{ type: string; data: Record<string, unknown> }[]> {
  await t.app.webhooks.runDue();
  return receiver.received
    .map((message) => JSON.parse(message.body) as { type: string; data: Record<string, unknown> })
    .filter((body) => body.data.subjectId === subscriptionId);
}

test('the first call past the quota of a plan that allows overage raises plan_overage, once per period', async () => {
  const id = await take();
  const plan = await addPlan([id], { quota: 2, overage: 'allow' });
  const sub = await subscribe(plan.id);

  const statuses = [];
  for (let i = 0; i < 4; i += 1) statuses.push((await gateway(id)).status);

  expect(statuses).toEqual([200, 200, 200, 200]);
  expect((await alertsOf(sub.id)).map((a) => a.kind)).toEqual(['quota_100', 'plan_overage']);
  const [, overage] = await alertsOf(sub.id);
  expect(overage).toEqual({
    kind: 'plan_overage',
    userId: holderId,
    interfaceInfoId: id,
    data: { planId: plan.id, planName: plan.name, totalNum: 2, interfaceName: names.get(id) },
  });
  // The webhook takes plan_overage, not quota_100.
  expect((await deliveredOf(sub.id)).map((body) => body.type)).toEqual(['alert.plan_overage']);
  expect((await deliveredOf(sub.id))[0].data).toMatchObject({
    kind: 'plan_overage',
    interfaceInfoId: id,
    details: { planId: plan.id, planName: plan.name, totalNum: 2 },
  });

  t.clock.now = periodAt('day', t.clock.now).end;
  for (let i = 0; i < 4; i += 1) await gateway(id);
  expect((await alertsOf(sub.id)).map((a) => a.kind)).toEqual([
    'quota_100',
    'plan_overage',
    'quota_100',
    'plan_overage',
  ]);
});

test('a plan that blocks overage raises no plan_overage: the calls past its quota are refused', async () => {
  const id = await take();
  const sub = await subscribe((await addPlan([id], { quota: 1 })).id);

  expect([(await gateway(id)).status, (await gateway(id)).status]).toEqual([200, 429]);
  expect((await alertsOf(sub.id)).map((a) => a.kind)).toEqual(['quota_100']);
});

test('a review tells the subscriber: approved or refused with the reply; a switch names both plans', async () => {
  const [id, other] = [await take(), await take()];
  const waiting = await addPlan([id], { approval: true });
  const refused = await subscribe(waiting.id);
  await review(refused.id, false, '请补充用途');
  const approved = await subscribe(waiting.id);
  await review(approved.id, true);

  expect(await alertsOf(refused.id)).toEqual([
    {
      kind: 'subscription',
      userId: holderId,
      interfaceInfoId: null,
      data: { event: 'refused', planId: waiting.id, planName: waiting.name, reason: '请补充用途' },
    },
  ]);
  expect((await alertsOf(approved.id)).map((a) => a.data)).toEqual([
    { event: 'approved', planId: waiting.id, planName: waiting.name },
  ]);

  const basic = await addPlan([other]);
  const enterprise = await addPlan([other], { approval: true });
  const held = await subscribe(basic.id);
  await subscribe(enterprise.id);
  await review(held.id, false);
  await subscribe(enterprise.id);
  await review(held.id, true, '已开通');

  expect((await alertsOf(held.id)).map((a) => a.data)).toEqual([
    { event: 'refused', planId: enterprise.id, planName: enterprise.name, fromPlanName: basic.name },
    {
      event: 'approved',
      planId: enterprise.id,
      planName: enterprise.name,
      fromPlanName: basic.name,
      reason: '已开通',
    },
  ]);
  expect(
    (await deliveredOf(held.id)).map((body) => [body.type, (body.data.details as AlertData).event]).sort(),
  ).toEqual([
    ['alert.subscription', 'approved'],
    ['alert.subscription', 'refused'],
  ]);
});

test("an admin's end tells the holder, once; the holder's own cancel tells nobody", async () => {
  const id = await take();
  const plan = await addPlan([id]);
  const held = await subscribe(plan.id);

  await post('/api/subscription/cancel', { id: held.id }, holder);
  expect(await alertsOf(held.id)).toEqual([]);
  await post('/api/subscription/end', { id: held.id }, admin);
  await post('/api/subscription/end', { id: held.id }, admin);

  expect((await alertsOf(held.id)).map((a) => a.data)).toEqual([
    { event: 'ended', cause: 'admin', planId: plan.id, planName: plan.name, endsAt: t.clock.now },
  ]);
  expect((await deliveredOf(held.id)).map((body) => body.type)).toEqual(['alert.subscription']);
});

test('retiring a plan tells each active subscriber when theirs ends; when it ends, each is told once', async () => {
  const id = await take();
  const plan = await addPlan([id]);
  const [mine, theirs] = [await subscribe(plan.id), await subscribe(plan.id, second)];
  const { end } = periodAt('day', t.clock.now);

  await post('/api/plan/retire', { id: plan.id }, admin);

  const ending = { event: 'ending', cause: 'retired', planId: plan.id, planName: plan.name, endsAt: end };
  expect(await alertsOf(mine.id)).toEqual([
    { kind: 'subscription', userId: holderId, interfaceInfoId: null, data: ending },
  ]);
  expect(await alertsOf(theirs.id)).toEqual([
    { kind: 'subscription', userId: secondId, interfaceInfoId: null, data: ending },
  ]);

  // A read after the period's end settles them; the next read finds nothing more to tell.
  t.clock.now = end + 1_000;
  [admin, holder] = await Promise.all([loginAs(t.app, ADMIN), loginAs(t.app, HOLDER)]);
  await call(t.app, { url: '/api/subscription/list', cookie: holder });
  await call(t.app, { url: '/api/subscription/list', cookie: holder });

  const ended = { event: 'ended', cause: 'retired', planId: plan.id, planName: plan.name, endsAt: end };
  expect((await alertsOf(mine.id)).map((a) => a.data)).toEqual([ending, ended]);
  expect((await alertsOf(theirs.id)).map((a) => a.data)).toEqual([ending, ended]);
  expect((await deliveredOf(mine.id)).map((body) => (body.data.details as AlertData).event).sort()).toEqual([
    'ended',
    'ending',
  ]);
  // The other user has no webhook: nothing of theirs was sent.
  expect(await deliveredOf(theirs.id)).toEqual([]);
});

test('a plan retired after its subscription’s period ran out ends that subscription at once, with no ending first', async () => {
  const id = await take();
  const plan = await addPlan([id]);
  const held = await subscribe(plan.id);
  const { end } = periodAt('day', t.clock.now);
  t.clock.now = end + 1_000;
  admin = await loginAs(t.app, ADMIN);

  await post('/api/plan/retire', { id: plan.id }, admin);

  expect((await alertsOf(held.id)).map((a) => a.data)).toEqual([
    { event: 'ended', cause: 'retired', planId: plan.id, planName: plan.name, endsAt: end },
  ]);
});

test('a cancelled subscription the gateway ends with its period tells its holder at once, once', async () => {
  const id = await take();
  const plan = await addPlan([id]);
  const held = await subscribe(plan.id);
  await post('/api/subscription/cancel', { id: held.id }, holder);
  const { end } = periodAt('day', t.clock.now);

  t.clock.now = end;
  const after = await gateway(id);

  expect(after.status).toBe(403);
  const ended = { event: 'ended', cause: 'cancelled', planId: plan.id, planName: plan.name, endsAt: end };
  expect((await alertsOf(held.id)).map((a) => a.data)).toEqual([ended]);
  holder = await loginAs(t.app, HOLDER);
  await call(t.app, { url: '/api/subscription/list', cookie: holder });
  await gateway(id);
  expect((await alertsOf(held.id)).map((a) => a.data)).toEqual([ended]);
  expect((await deliveredOf(held.id)).map((body) => body.type)).toEqual(['alert.subscription']);
});

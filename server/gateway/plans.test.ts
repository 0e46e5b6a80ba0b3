/**
 * @jest-environment node
 */
import { and, eq, sql } from 'drizzle-orm';
import { DEFAULT_QUOTA, ResponseCode } from '@agler/contract/constants';
import { MESSAGES } from '@agler/contract/messages';
import type { PlanOverage, PlanPeriod, SubscriptionStatus } from '@agler/contract/plans';
import type { InterfaceQuota, KeyPairVO } from '@agler/contract/types';
import { announce } from '../cache/changes';
import { rowsOf } from '../db/rows';
import { planInterfaces, plans, subscriptionCovers, subscriptions } from '../db/schema';
import { periodAt } from '../domain/periods';
import { ADMIN, call, loginAs, USER } from '../test/app';
import type { TestApp } from '../test/app';
import { answeringDemoGets } from '../test/database';
import { listeningApp, sendSigned } from '../test/gateway';
import { keyPairOf } from '../test/keys';

/**
 * Calls charged to plans (docs/plans.md) through the gateway and invoke, on one app that listens on 127.0.0.1
 * (the demo interfaces answer from its own /demo). Plans and subscriptions are written straight into the
 * database; time moves with the app's clock, never by sleeping.
 */

const PUBLIC_URL = 'http://plans.test';
/** Each test's interfaces call it. */
const [answering] = answeringDemoGets();

let t: TestApp;
let admin: string;
let user: string;
let userId: string;
let base: string;
let pair: KeyPairVO;
let answeringUrl: string;

beforeAll(async () => {
  ({ t, base } = await listeningApp(PUBLIC_URL));
  [admin, user] = await Promise.all([loginAs(t.app, ADMIN), loginAs(t.app, USER)]);
  pair = await keyPairOf(t.app, user);
  userId = (await call<{ id: string }>(t.app, { url: '/api/user/get/login', cookie: user })).data.id;
  answeringUrl = (await call<{ url: string }>(t.app, { url: `/api/interfaceInfo/get?id=${answering.id}`, cookie: admin })).data.url;
}, 180_000);

let made = 0;

/** A new online GET interface of its own for a test (calling `url`, else the demo's). */
async function take(url = answeringUrl): Promise<string> {
  made += 1;
  const added = await call<string>(t.app, {
    method: 'POST',
    url: '/api/interfaceInfo/add',
    payload: { name: `套餐接口 ${made}`, url, method: 'GET' },
    cookie: admin,
  });
  if (added.code !== 0) throw new Error(`adding an interface: ${added.message}`);
  await call(t.app, { method: 'POST', url: '/api/interfaceInfo/online', payload: { id: added.data }, cookie: admin });
  return added.data;
}

afterAll(() => t.close());

// Every rate allowance of the earlier tests is whole again; the clock only moves forward, past the sessions' life.
beforeEach(async () => {
  t.clock.now += 10_000;
  [admin, user] = await Promise.all([loginAs(t.app, ADMIN), loginAs(t.app, USER)]);
});

const gateway = (id: string) => sendSigned(t, base, pair, 'GET', `/gateway/${id}`);

type PlanInput = {
  interfaceIds: string[];
  quota: number;
  period?: PlanPeriod;
  overage?: PlanOverage;
  rateLimit?: number | null;
  rateBurst?: number | null;
  isDefault?: boolean;
  approval?: boolean;
};

async function addPlan(input: PlanInput): Promise<number> {
  const now = new Date(t.clock.now);
  const [row] = await t.database.db
    .insert(plans)
    .values({
      name: `plan ${input.interfaceIds.join(',')}`,
      period: input.period ?? 'day',
      quota: input.quota,
      overage: input.overage ?? 'block',
      rateLimit: input.rateLimit ?? null,
      rateBurst: input.rateBurst ?? null,
      approval: input.approval ?? false,
      isDefault: input.isDefault ?? false,
      createTime: now,
      updateTime: now,
    })
    .returning({ id: plans.id });
  await t.database.db
    .insert(planInterfaces)
    .values(input.interfaceIds.map((id) => ({ planId: row.id, interfaceInfoId: id, isDefault: input.isDefault ?? false })));
  await announce(t.database.db, { kind: 'plans' });
  return row.id;
}

async function subscribe(
  planId: number,
  status: SubscriptionStatus = 'active',
  extra: { used?: number; cancelAtPeriodEnd?: boolean; period?: PlanPeriod } = {},
): Promise<number> {
  const now = new Date(t.clock.now);
  const period = status === 'active' ? periodAt(extra.period ?? 'day', t.clock.now) : undefined;
  const [row] = await t.database.db
    .insert(subscriptions)
    .values({
      userId,
      planId,
      status,
      periodStart: period ? new Date(period.start) : null,
      periodEnd: period ? new Date(period.end) : null,
      used: extra.used ?? 0,
      cancelAtPeriodEnd: extra.cancelAtPeriodEnd ?? false,
      createTime: now,
      updateTime: now,
    })
    .returning({ id: subscriptions.id });
  const ids = await t.database.db
    .select({ id: planInterfaces.interfaceInfoId })
    .from(planInterfaces)
    .where(eq(planInterfaces.planId, planId));
  await t.database.db
    .insert(subscriptionCovers)
    .values(ids.map(({ id }) => ({ userId, interfaceInfoId: id, subscriptionId: row.id })));
  await announce(t.database.db, { kind: 'plans' });
  return row.id;
}

async function subscriptionOf(id: number) {
  const [row] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.id, id));
  return row;
}

async function coversOf(id: number): Promise<string[]> {
  const rows = await t.database.db
    .select({ id: subscriptionCovers.interfaceInfoId })
    .from(subscriptionCovers)
    .where(eq(subscriptionCovers.subscriptionId, id));
  return rows.map((r) => r.id).sort();
}

async function callCount(interfaceId: string): Promise<number> {
  await t.app.callLog.flush();
  return rowsOf<{ n: number }>(
    await t.database.db.execute(
      sql`SELECT count(*)::int AS n FROM interface_call WHERE interface_info_id = ${interfaceId}::bigint`,
    ),
  )[0].n;
}

async function quotaOf(id: string): Promise<InterfaceQuota | undefined> {
  return (await call<InterfaceQuota[]>(t.app, { url: '/api/user/usage', cookie: user })).data.find(
    (q) => q.interfaceInfoId === id,
  );
}

const secondsToDayEnd = () => Math.ceil((periodAt('day', t.clock.now).end - t.clock.now) / 1000);

describe('a plan that blocks overage', () => {
  test('grants its quota, then answers 429 with Retry-After at the period end and both headers', async () => {
    const id = await take();
    const sub = await subscribe(await addPlan({ interfaceIds: [id], quota: 3 }));

    const answers = [await gateway(id), await gateway(id), await gateway(id)];
    const blocked = await gateway(id);

    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers.map((a) => a.headers.get('x-quota-remaining'))).toEqual(['2', '1', '0']);
    const t0 = secondsToDayEnd();
    expect(answers[0].headers.get('ratelimit-policy')).toBe('"day";q=3;w=86400');
    expect(answers[0].headers.get('ratelimit')).toBe(`"day";r=2;t=${t0}`);
    expect(blocked.status).toBe(429);
    expect(blocked.json()).toMatchObject({ code: ResponseCode.QUOTA_EXHAUSTED, message: MESSAGES.planQuotaExhausted });
    expect(blocked.headers.get('retry-after')).toBe(String(t0));
    expect(blocked.headers.get('ratelimit-policy')).toBe('"day";q=3;w=86400');
    expect(blocked.headers.get('ratelimit')).toBe(`"day";r=0;t=${t0}`);
    expect((await subscriptionOf(sub)).used).toBe(3);
    expect(await callCount(id)).toBe(3);
  });

  test('never grants more than the quota to calls made at once', async () => {
    const id = await take();
    const sub = await subscribe(await addPlan({ interfaceIds: [id], quota: 7 }));

    const statuses = (await Promise.all(Array.from({ length: 20 }, () => gateway(id)))).map((a) => a.status);

    expect(statuses.filter((s) => s === 200)).toHaveLength(7);
    expect(statuses.filter((s) => s === 429)).toHaveLength(13);
    expect((await subscriptionOf(sub)).used).toBe(7);
    expect(await callCount(id)).toBe(7);
  });
});

test("the calls crossing 80 % and 100 % of a period's quota raise their alerts, once per period", async () => {
  const id = await take();
  const sub = await subscribe(await addPlan({ interfaceIds: [id], quota: 5 }));
  const kinds = async () =>
    rowsOf<{ kind: string }>(
      await t.database.db.execute(
        sql`SELECT kind FROM alert WHERE user_id = ${userId}::bigint AND dedupe_key LIKE ${`%:subscription:${sub}:%`} ORDER BY id`,
      ),
    ).map((row) => row.kind);

  for (let i = 0; i < 3; i += 1) await gateway(id);
  expect(await kinds()).toEqual([]);
  await gateway(id);
  expect(await kinds()).toEqual(['quota_80']);
  await gateway(id);
  await gateway(id);
  expect(await kinds()).toEqual(['quota_80', 'quota_100']);
  t.clock.now = periodAt('day', t.clock.now).end;
  for (let i = 0; i < 5; i += 1) await gateway(id);
  expect(await kinds()).toEqual(['quota_80', 'quota_100', 'quota_80', 'quota_100']);
});

test('a plan that allows overage lets every call through and counts it', async () => {
  const id = await take();
  const sub = await subscribe(await addPlan({ interfaceIds: [id], quota: 2, overage: 'allow', period: 'month' }), 'active', {
    period: 'month',
  });

  const answers = [await gateway(id), await gateway(id), await gateway(id), await gateway(id)];

  expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
  const toEnd = Math.ceil((periodAt('month', t.clock.now).end - t.clock.now) / 1000);
  expect(answers.map((a) => a.headers.get('ratelimit'))).toEqual(
    [1, 0, 0, 0].map((r) => `"month";r=${r};t=${toEnd}`),
  );
  expect(answers[0].headers.get('ratelimit-policy')).toBe('"month";q=2;w=2592000');
  expect((await subscriptionOf(sub)).used).toBe(4);
});

describe('the period boundary', () => {
  test('a call just before it counts in the old period, one just after starts the new one from nothing', async () => {
    const id = await take();
    const sub = await subscribe(await addPlan({ interfaceIds: [id], quota: 2 }), 'active', { used: 1 });
    const { end } = periodAt('day', t.clock.now);
    t.clock.now = end - 1;

    const before = await gateway(id);
    const stillBlocked = await gateway(id);
    t.clock.now = end;
    const after = await gateway(id);

    expect(before.status).toBe(200);
    expect(before.headers.get('ratelimit')).toBe('"day";r=0;t=1');
    expect(stillBlocked.status).toBe(429);
    expect(stillBlocked.headers.get('retry-after')).toBe('1');
    expect(after.status).toBe(200);
    expect(after.headers.get('ratelimit')).toBe(`"day";r=1;t=${secondsToDayEnd()}`);
    expect(await subscriptionOf(sub)).toMatchObject({
      used: 1,
      status: 'active',
      periodStart: new Date(end),
      periodEnd: new Date(periodAt('day', end).end),
    });
  });

  test('a cancelled subscription ends with its period; the interface then needs a plan again', async () => {
    const id = await take();
    const planId = await addPlan({ interfaceIds: [id], quota: 5 });
    const sub = await subscribe(planId, 'active', { cancelAtPeriodEnd: true });
    const { end } = periodAt('day', t.clock.now);

    expect((await gateway(id)).status).toBe(200);
    t.clock.now = end;
    const after = await gateway(id);

    expect(after.status).toBe(403);
    expect(after.json()).toMatchObject({ code: ResponseCode.FORBIDDEN, message: MESSAGES.planRequired });
    expect(await subscriptionOf(sub)).toMatchObject({ status: 'ended', used: 1, endTime: new Date(end) });
    expect(await coversOf(sub)).toEqual([]);
  });

  test("a retired plan's subscription ends with its period; the interface goes back to its quota", async () => {
    const id = await take();
    const planId = await addPlan({ interfaceIds: [id], quota: 5 });
    const sub = await subscribe(planId);
    await t.database.db.update(plans).set({ retiredAt: new Date(t.clock.now) }).where(eq(plans.id, planId));
    const { end } = periodAt('day', t.clock.now);

    const during = await gateway(id);
    t.clock.now = end + 5_000;
    const after = await gateway(id);

    expect(during.headers.get('ratelimit')).toMatch(/^"day";r=4;/);
    expect(after.status).toBe(200);
    expect(after.headers.get('ratelimit')).toBeNull();
    expect(after.headers.get('x-quota-remaining')).toBe(String((await quotaOf(id))!.leftNum));
    expect(await subscriptionOf(sub)).toMatchObject({ status: 'ended', used: 1, endTime: new Date(end) });
  });
});

describe('a default plan', () => {
  test("subscribes its caller on the first call, over all of the plan's interfaces", async () => {
    const [id, other] = [await take(), await take()];
    const planId = await addPlan({ interfaceIds: [id, other], quota: 10, isDefault: true });

    const first = await gateway(id);
    const second = await gateway(other);

    expect([first.status, second.status]).toEqual([200, 200]);
    expect(first.headers.get('ratelimit')).toBe(`"day";r=9;t=${secondsToDayEnd()}`);
    expect(second.headers.get('ratelimit')).toBe(`"day";r=8;t=${secondsToDayEnd()}`);
    const rows = await t.database.db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, userId), eq(subscriptions.planId, planId)));
    expect(rows).toHaveLength(1);
    const { start, end } = periodAt('day', t.clock.now);
    expect(rows[0]).toMatchObject({ status: 'active', used: 2, periodStart: new Date(start), periodEnd: new Date(end) });
    expect(await coversOf(rows[0].id)).toEqual([id, other].sort());
  });

  test('is not taken when one of its interfaces is covered already: the call needs a plan', async () => {
    const [id, other] = [await take(), await take()];
    await subscribe(await addPlan({ interfaceIds: [other], quota: 10 }));
    const defaultPlan = await addPlan({ interfaceIds: [id, other], quota: 10, isDefault: true });

    const answer = await gateway(id);

    expect(answer.status).toBe(403);
    expect(answer.json()).toMatchObject({ code: ResponseCode.FORBIDDEN, message: MESSAGES.planRequired });
    expect(await t.database.db.select().from(subscriptions).where(eq(subscriptions.planId, defaultPlan))).toEqual([]);
  });
});

describe('refusals', () => {
  test('a pending subscription: 403, nothing counted, no unit taken', async () => {
    const id = await take();
    const sub = await subscribe(await addPlan({ interfaceIds: [id], quota: 10, approval: true }), 'pending');

    const answer = await gateway(id);

    expect(answer.status).toBe(403);
    expect(answer.json()).toMatchObject({ code: ResponseCode.FORBIDDEN, message: MESSAGES.subscriptionPending });
    expect(answer.headers.get('ratelimit')).toBeNull();
    expect(await callCount(id)).toBe(0);
    expect((await subscriptionOf(sub)).used).toBe(0);
  });

  test('an interface in a plan its caller holds none of: 403, nothing counted', async () => {
    const id = await take();
    await addPlan({ interfaceIds: [id], quota: 10 });

    const answer = await gateway(id);

    expect(answer.status).toBe(403);
    expect(answer.json()).toMatchObject({ code: ResponseCode.FORBIDDEN, message: MESSAGES.planRequired });
    expect(await callCount(id)).toBe(0);
  });

  test('invoke refuses the same and charges the same subscription', async () => {
    const [pendingId, activeId] = [await take(), await take()];
    await subscribe(await addPlan({ interfaceIds: [pendingId], quota: 10, approval: true }), 'pending');
    const sub = await subscribe(await addPlan({ interfaceIds: [activeId], quota: 10 }));
    const invoke = async (id: string) =>
      call(t.app, { method: 'POST', url: '/api/interfaceInfo/invoke', payload: { id }, cookie: user });

    expect(await invoke(pendingId)).toMatchObject({ code: ResponseCode.FORBIDDEN, message: MESSAGES.subscriptionPending });
    expect((await invoke(activeId)).code).toBe(0);
    expect((await gateway(activeId)).status).toBe(200);
    expect((await subscriptionOf(sub)).used).toBe(2);
  });

  test("an admin's calls are not charged", async () => {
    const id = await take();
    const sub = await subscribe(await addPlan({ interfaceIds: [id], quota: 1 }));
    const invoke = async () =>
      call(t.app, { method: 'POST', url: '/api/interfaceInfo/invoke', payload: { id }, cookie: admin });

    expect([(await invoke()).code, (await invoke()).code]).toEqual([0, 0]);
    expect((await subscriptionOf(sub)).used).toBe(0);
  });
});

test('a call its interface never answered gives its unit back to the subscription', async () => {
  const id = await take('http://unreachable.invalid/nothing');
  const sub = await subscribe(await addPlan({ interfaceIds: [id], quota: 3 }));

  const answer = await gateway(id);

  expect(answer.status).toBeGreaterThanOrEqual(400);
  expect(answer.headers.get('x-quota-remaining')).toBe('3');
  expect(answer.headers.get('ratelimit')).toBe(`"day";r=3;t=${secondsToDayEnd()}`);
  expect((await subscriptionOf(sub)).used).toBe(0);
});

describe('rate limits', () => {
  test("the user's override, else the plan's, else the interface's", async () => {
    const [id, own] = [await take(), await take()];
    await call(t.app, { method: 'POST', url: '/api/interfaceInfo/update', payload: { id, rateLimit: 50, rateBurst: 50 }, cookie: admin });
    await call(t.app, { method: 'POST', url: '/api/interfaceInfo/update', payload: { id: own, rateLimit: 50, rateBurst: 50 }, cookie: admin });
    await subscribe(await addPlan({ interfaceIds: [id], quota: 100, rateLimit: 1, rateBurst: 1 }));
    await subscribe(await addPlan({ interfaceIds: [own], quota: 100 }));

    const [planFirst, planSecond] = [await gateway(id), await gateway(id)];
    const interfaceOwn = await gateway(own);

    expect([planFirst.status, planSecond.status]).toEqual([200, 429]);
    expect(planFirst.headers.get('ratelimit-policy')).toBe('"rate";q=1;w=1;agler-burst=1, "day";q=100;w=86400');
    expect(planFirst.headers.get('ratelimit')).toBe(`"rate";r=0;t=1, "day";r=99;t=${secondsToDayEnd()}`);
    expect(planSecond.json()).toMatchObject({ message: MESSAGES.rateLimited });
    expect(planSecond.headers.get('ratelimit')).toBe(`"rate";r=0;t=1, "day";r=99;t=${secondsToDayEnd()}`);
    expect(interfaceOwn.headers.get('ratelimit-policy')).toBe('"rate";q=50;w=1;agler-burst=50, "day";q=100;w=86400');

    await call(t.app, {
      method: 'POST',
      url: '/api/userInterfaceInfo/update',
      payload: { userId, interfaceInfoId: id, rateLimit: 5, rateBurst: 5 },
      cookie: admin,
    });
    t.clock.now += 10_000;
    expect((await gateway(id)).headers.get('ratelimit-policy')).toBe('"rate";q=5;w=1;agler-burst=5, "day";q=100;w=86400');
  });
});

test('an interface in no plan keeps its quota and its headers as they were', async () => {
  const id = await take();
  const before = (await quotaOf(id))?.leftNum;

  const answer = await gateway(id);

  expect(answer.status).toBe(200);
  expect(answer.headers.get('ratelimit')).toBeNull();
  expect(answer.headers.get('ratelimit-policy')).toBeNull();
  const after = (await quotaOf(id))!.leftNum;
  expect(answer.headers.get('x-quota-remaining')).toBe(String(after));
  expect(after).toBe((before ?? DEFAULT_QUOTA) - 1);
  expect(await t.database.db.select().from(subscriptionCovers).where(eq(subscriptionCovers.interfaceInfoId, id))).toEqual([]);
});

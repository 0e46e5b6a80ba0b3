/**
 * @jest-environment node
 */
import { and, eq, sql } from 'drizzle-orm';
import type { KeyPairVO } from '@agler/contract/types';
import { announce } from './cache/changes';
import { rowsOf } from './db/rows';
import { planInterfaces, plans, subscriptionCovers, subscriptions } from './db/schema';
import { periodAt } from './domain/periods';
import { ADMIN, call, loginAs, USER } from './test/app';
import { answeringDemoGets, SEED_NOW } from './test/database';
import { keyPairOf } from './test/keys';
import { setUpAppsOnPostgres } from './test/appsOnPostgres';
import { postgresAvailable } from './test/postgres';
import { freshNonce, signedHeaders } from './test/sign';

/**
 * A plan's period quota shared by two apps, each with its own connection pool, on one PostgreSQL database (as two
 * server processes would be): calls sent to either at once, on two interfaces of one subscription with rate rows
 * of their own, are granted exactly the quota; a default plan is subscribed once however many first calls race;
 * the period's boundary splits calls by the clock the apps share, which the test moves.
 */

const PUBLIC_URL = 'http://plans-pg.test';

(postgresAvailable ? describe : describe.skip)('plans across processes on PostgreSQL', () => {
  const clock = { now: SEED_NOW + 86_400_000 };
  const { apps, bases, databases } = setUpAppsOnPostgres(PUBLIC_URL, clock);
  let pair: KeyPairVO;
  let userId: string;
  let admin: string;
  let answeringUrl: string;

  beforeAll(async () => {
    const [answering] = answeringDemoGets();
    admin = await loginAs(apps[0].app, ADMIN);
    answeringUrl = (
      await call<{ url: string }>(apps[0].app, {
        url: `/api/interfaceInfo/get?id=${answering.id}`,
        cookie: admin,
      })
    ).data.url;
    const user = await loginAs(apps[0].app, USER);
    pair = await keyPairOf(apps[1].app, user);
    userId = (await call<{ id: string }>(apps[0].app, { url: '/api/user/get/login', cookie: user })).data.id;
  }, 300_000);

  const db = () => databases[0].db;

  /** Online GET interfaces of their own, each with a rate limit far above the calls sent, so each has its rate row. */
  async function interfacesOf(n: number): Promise<string[]> {
    admin = await loginAs(apps[0].app, ADMIN);
    const ids: string[] = [];
    for (let i = 0; i < n; i += 1) {
      const added = await call<string>(apps[0].app, {
        method: 'POST',
        url: '/api/interfaceInfo/add',
        payload: { name: `套餐 pg ${clock.now} ${i}`, url: answeringUrl, method: 'GET', rateLimit: 10_000 },
        cookie: admin,
      });
      await call(apps[0].app, {
        method: 'POST',
        url: '/api/interfaceInfo/online',
        payload: { id: added.data },
        cookie: admin,
      });
      ids.push(added.data);
    }
    return ids;
  }

  async function addPlan(interfaceIds: string[], quota: number, isDefault = false): Promise<number> {
    const now = new Date(clock.now);
    const [row] = await db()
      .insert(plans)
      .values({
        name: `pg ${interfaceIds.join(',')}`,
        period: 'day',
        quota,
        isDefault,
        createTime: now,
        updateTime: now,
      })
      .returning({ id: plans.id });
    await db()
      .insert(planInterfaces)
      .values(interfaceIds.map((id) => ({ planId: row.id, interfaceInfoId: id, isDefault })));
    return row.id;
  }

  async function subscribe(planId: number, interfaceIds: string[], used = 0): Promise<number> {
    const now = new Date(clock.now);
    const { start, end } = periodAt('day', clock.now);
    const [row] = await db()
      .insert(subscriptions)
      .values({
        userId,
        planId,
        status: 'active',
        periodStart: new Date(start),
        periodEnd: new Date(end),
        used,
        createTime: now,
        updateTime: now,
      })
      .returning({ id: subscriptions.id });
    await db()
      .insert(subscriptionCovers)
      .values(interfaceIds.map((id) => ({ userId, interfaceInfoId: id, subscriptionId: row.id })));
    await announce(db(), { kind: 'plans' });
    return row.id;
  }

  /** `n` calls at once, alternating between the apps and over `ids`; their statuses. */
  async function burst(ids: string[], n: number): Promise<number[]> {
    return Promise.all(
      Array.from({ length: n }, async (_, i) => {
        const path = `/gateway/${ids[i % ids.length]}`;
        const headers = signedHeaders(pair, 'GET', path, {
          timestamp: Math.floor(clock.now / 1000),
          nonce: freshNonce(),
        });
        const response = await fetch(`${bases[Math.floor(i / ids.length) % 2]}${path}`, { headers });
        await response.arrayBuffer();
        return response.status;
      }),
    );
  }

  const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

  test("the admission's function of the arguments before plans is gone: one of each name", async () => {
    const names = rowsOf<{ name: string; n: number }>(
      await db().execute(
        sql`SELECT proname AS name, count(*)::int AS n FROM pg_proc WHERE proname IN ('gateway_admit', 'gateway_give_back') GROUP BY proname ORDER BY proname`,
      ),
    );
    expect(names).toEqual([
      { name: 'gateway_admit', n: 1 },
      { name: 'gateway_give_back', n: 1 },
    ]);
  });

  test('calls at once through both apps on two interfaces of one subscription get exactly its quota', async () => {
    const ids = await interfacesOf(2);
    const sub = await subscribe(await addPlan(ids, 37), ids);

    const statuses = [...(await burst(ids, 60)), ...(await burst([...ids].reverse(), 60))];

    expect(count(statuses, 200)).toBe(37);
    expect(count(statuses, 429)).toBe(120 - 37);
    const [row] = await db().select().from(subscriptions).where(eq(subscriptions.id, sub));
    expect(row.used).toBe(37);
  }, 120_000);

  test('a default plan is subscribed once when first calls race through both apps', async () => {
    clock.now += 10_000;
    const ids = await interfacesOf(2);
    const planId = await addPlan(ids, 1000, true);

    const statuses = await burst(ids, 24);

    expect(count(statuses, 200)).toBe(24);
    const rows = await db()
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.planId, planId), eq(subscriptions.userId, userId)));
    expect(rows.map((r) => [r.status, r.used])).toEqual([['active', 24]]);
  }, 120_000);

  test('the boundary: calls before it count in the old period, calls after it in the new one', async () => {
    clock.now += 10_000;
    const ids = await interfacesOf(1);
    const sub = await subscribe(await addPlan(ids, 10), ids, 4);
    const { end } = periodAt('day', clock.now);
    clock.now = end - 1;

    const before = await burst(ids, 10);
    clock.now = end;
    const after = await burst(ids, 14);

    expect(count(before, 200)).toBe(6);
    expect(count(after, 200)).toBe(10);
    const [row] = await db().select().from(subscriptions).where(eq(subscriptions.id, sub));
    expect(row).toMatchObject({
      used: 10,
      periodStart: new Date(end),
      periodEnd: new Date(periodAt('day', end).end),
    });
  }, 120_000);

  test('two subscriptions racing for one interface through both apps: one is taken, the other refused naming it', async () => {
    clock.now += 10_000;
    const user = await loginAs(apps[0].app, USER);
    for (let round = 0; round < 4; round += 1) {
      const [shared, own] = await interfacesOf(2);
      const planIds: string[] = [];
      for (const [name, ids] of [
        [`竞争甲 ${round}`, [shared]],
        [`竞争乙 ${round}`, [shared, own]],
      ] as const) {
        const added = await call<string>(apps[0].app, {
          method: 'POST',
          url: '/api/plan/add',
          payload: {
            name,
            interfaceIds: ids,
            quota: 10,
            period: 'day',
            approval: false,
            overage: 'block',
            visibility: 'public',
          },
          cookie: admin,
        });
        planIds.push(added.data);
      }

      const answers = await Promise.all(
        planIds.map(async (planId, i) => {
          const response = await fetch(`${bases[i]}/api/subscription/add`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', cookie: user },
            body: JSON.stringify({ planId }),
          });
          return (await response.json()) as { code: number; data?: { planId: string }; message: string };
        }),
      );

      const taken = answers.filter((a) => a.code === 0);
      const refused = answers.filter((a) => a.code === 40000);
      expect([taken.length, refused.length]).toEqual([1, 1]);
      const winner = taken[0].data!.planId === planIds[0] ? `竞争甲 ${round}` : `竞争乙 ${round}`;
      expect(refused[0].message).toContain(winner);
      const covers = await db()
        .select()
        .from(subscriptionCovers)
        .where(and(eq(subscriptionCovers.interfaceInfoId, shared), eq(subscriptionCovers.userId, userId)));
      expect(covers).toHaveLength(1);
    }
  }, 180_000);
});

import { and, count, eq, isNotNull, or } from 'drizzle-orm';
import { quotaAfterSet } from '@agler/contract/accounts';
import type { QuotaChange } from '@agler/contract/accounts';
import { ResponseCode } from '@agler/contract/constants';
import type { HttpMethod, InterfaceStatus } from '@agler/contract/constants';
import { compareIds } from '@agler/contract/ids';
import type { Id } from '@agler/contract/ids';
import { MESSAGES } from '@agler/contract/messages';
import { effectiveLimits } from '@agler/contract/rateLimit';
import type { RateOverride } from '@agler/contract/rateLimit';
import type { InterfaceQuota } from '@agler/contract/types';
import { announce } from '../cache/changes';
import { resetQuotaAlerts } from './alerts';
import type { Db, Queryable } from '../db/connect';
import { calls, interfaces, plans, quotas, subscriptionCovers, subscriptions, users } from '../db/schema';
import { refuse } from './errors';
import { LIVE_INTERFACE } from './interfaceInfo';

/**
 * Quotas: what is left of a user's calls per interface. The first call makes
 * the row with `defaultQuota`; every call of a user who is no admin takes a
 * unit first, in its admission (server/invoke/admission.ts), which never
 * takes more than there is, in one process or several. A call that the
 * interface did not answer with 2xx to 4xx gives its unit back (contract/charge.ts).
 */

const quotaOf = (userId: Id, interfaceInfoId: Id) =>
  and(eq(quotas.userId, userId), eq(quotas.interfaceInfoId, interfaceInfoId));

/** A user's own rate limits on an interface (undefined: none set), for a call whose caller was read without them. */
export async function rateOverrideOf(
  db: Db,
  userId: string,
  interfaceInfoId: string,
): Promise<RateOverride | undefined> {
  const [row] = await db
    .select({ rateLimit: quotas.rateLimit, rateBurst: quotas.rateBurst })
    .from(quotas)
    .where(quotaOf(userId, interfaceInfoId));
  return row;
}

/** The rate limits of the plan of the user's active subscription covering the interface (docs/plans.md); undefined: none. */
export async function planLimitsOf(
  db: Db,
  userId: string,
  interfaceInfoId: string,
): Promise<RateOverride | undefined> {
  const [row] = await db
    .select({ rateLimit: plans.rateLimit, rateBurst: plans.rateBurst })
    .from(subscriptionCovers)
    .innerJoin(subscriptions, and(eq(subscriptions.id, subscriptionCovers.subscriptionId), eq(subscriptions.status, 'active')))
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(and(eq(subscriptionCovers.userId, userId), eq(subscriptionCovers.interfaceInfoId, interfaceInfoId)));
  return row;
}

/** What sets a user's limits on an interface besides the interface: their own override, their plan's. */
export type LimitSources = { override?: RateOverride; plan?: RateOverride };

export async function limitSourcesOf(db: Db, userId: string, interfaceInfoId: string): Promise<LimitSources> {
  return {
    override: await rateOverrideOf(db, userId, interfaceInfoId),
    plan: await planLimitsOf(db, userId, interfaceInfoId),
  };
}

/** A user's calls and quotas per interface: every interface they called or hold a quota for. */
export async function usageOf(db: Queryable, userId: string, defaultQuota: number): Promise<InterfaceQuota[]> {
  const q = db
    .select({
      interfaceInfoId: quotas.interfaceInfoId,
      leftNum: quotas.leftNum,
      totalNum: quotas.totalNum,
      ownLimit: quotas.rateLimit,
      ownBurst: quotas.rateBurst,
    })
    .from(quotas)
    .where(eq(quotas.userId, userId))
    .as('q');
  const c = db
    .select({ interfaceInfoId: calls.interfaceInfoId, calls: count().as('calls') })
    .from(calls)
    .where(eq(calls.userId, userId))
    .groupBy(calls.interfaceInfoId)
    .as('c');
  const rows = await db
    .select({
      id: interfaces.id,
      name: interfaces.name,
      method: interfaces.method,
      status: interfaces.status,
      rateLimit: interfaces.rateLimit,
      rateBurst: interfaces.rateBurst,
      calls: c.calls,
      leftNum: q.leftNum,
      totalNum: q.totalNum,
      ownLimit: q.ownLimit,
      ownBurst: q.ownBurst,
    })
    .from(interfaces)
    .leftJoin(q, eq(q.interfaceInfoId, interfaces.id))
    .leftJoin(c, eq(c.interfaceInfoId, interfaces.id))
    .where(and(or(isNotNull(q.interfaceInfoId), isNotNull(c.interfaceInfoId)), LIVE_INTERFACE));
  return rows
    .map((row) => {
      const override = { rateLimit: row.ownLimit, rateBurst: row.ownBurst };
      const effective = effectiveLimits({ rateLimit: row.rateLimit, rateBurst: row.rateBurst }, override);
      return {
        interfaceInfoId: row.id,
        name: row.name,
        method: row.method as HttpMethod,
        status: row.status as InterfaceStatus,
        calls: Number(row.calls ?? 0),
        leftNum: row.leftNum ?? defaultQuota,
        totalNum: row.totalNum ?? defaultQuota,
        ...override,
        effectiveRateLimit: effective.rateLimit,
        effectiveRateBurst: effective.rateBurst,
      };
    })
    .sort((a, b) => b.calls - a.calls || compareIds(a.interfaceInfoId, b.interfaceInfoId));
}

async function userExists(db: Queryable, id: Id): Promise<boolean> {
  return (await db.select({ id: users.id }).from(users).where(eq(users.id, id))).length > 0;
}

/** `GET /api/userInterfaceInfo/list` (admins). */
export async function usageOfUser(db: Db, userId: Id, defaultQuota: number): Promise<InterfaceQuota[]> {
  if (!(await userExists(db, userId))) refuse(ResponseCode.NOT_FOUND, MESSAGES.userNotFound);
  return usageOf(db, userId, defaultQuota);
}

/**
 * `POST /api/userInterfaceInfo/update` (admins): sets what is left (what was
 * used stays used), the user's own rate limits, or both. A user without a
 * quota row gets one with `defaultQuota`, as their first call would make it.
 */
export async function setQuota(db: Db, change: QuotaChange, defaultQuota: number): Promise<true> {
  const { userId, interfaceInfoId, leftNum, rate } = change;
  await db.transaction(async (tx) => {
    if (!(await userExists(tx, userId))) refuse(ResponseCode.NOT_FOUND, MESSAGES.userNotFound);
    const [live] = await tx
      .select({ id: interfaces.id })
      .from(interfaces)
      .where(and(eq(interfaces.id, interfaceInfoId), LIVE_INTERFACE));
    if (!live) refuse(ResponseCode.NOT_FOUND, MESSAGES.interfaceNotFound);
    const [current] = await tx
      .select()
      .from(quotas)
      .where(quotaOf(userId, interfaceInfoId))
      .for('update');
    const quota = current
      ? { leftNum: current.leftNum, totalNum: current.totalNum }
      : { leftNum: defaultQuota, totalNum: defaultQuota };
    const next = leftNum === undefined ? quota : quotaAfterSet(current && quota, leftNum);
    const own = rate ?? { rateLimit: current?.rateLimit ?? null, rateBurst: current?.rateBurst ?? null };
    const values = { leftNum: next.leftNum, totalNum: next.totalNum, ...own };
    await tx
      .insert(quotas)
      .values({ userId, interfaceInfoId, ...values })
      .onConflictDoUpdate({ target: [quotas.userId, quotas.interfaceInfoId], set: values });
    // A quota set anew may run low again: its alerts at 80 % and 100 % can be raised again.
    if (leftNum !== undefined) await resetQuotaAlerts(tx, userId, interfaceInfoId);
    await announce(tx, { kind: 'quota', userId, interfaceId: interfaceInfoId });
  });
  return true;
}

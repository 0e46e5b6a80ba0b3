import { and, count, desc, eq, inArray, isNotNull, lte, or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ResponseCode } from '@agler/contract/constants';
import { formatTime } from '@agler/contract/dates';
import type { Id } from '@agler/contract/ids';
import { MESSAGES, PLAN_MESSAGES } from '@agler/contract/messages';
import { LIVE_SUBSCRIPTION_STATUSES, samePlanInterfaces } from '@agler/contract/plans';
import type { SubscriptionListQuery, SubscriptionReview, SubscriptionVO } from '@agler/contract/plans';
import type { Page } from '@agler/contract/types';
import { announce } from '../cache/changes';
import type { Db, Queryable } from '../db/connect';
import { isUniqueViolation } from '../db/errors';
import { idIs } from '../db/rows';
import { alertEndedByAdmin, alertEndedWithPeriod, alertSubscriptionReviewed } from './alerts';
import { interfaces, planInterfaces, plans, subscriptionCovers, subscriptions, users } from '../db/schema';
import { refuse } from './errors';
import { visibleInterface } from './interfaceInfo';
import { periodAt } from './periods';
import type { SessionUser } from './session';
import { isAdmin } from './user';

/**
 * Subscriptions (docs/plans.md): a user's hold on a plan. While live
 * (pending or active) a subscription has one cover row per interface of its
 * plan, whose primary key keeps a user to one live subscription per
 * interface; ending or refusing one deletes its covers. Every write
 * announces `plans`, so the gateway forgets whose limits it knew.
 */

/** Deletes a subscription's covers: its interfaces are free for another subscription. */
const freeCovers = (tx: Queryable, id: number) =>
  tx.delete(subscriptionCovers).where(eq(subscriptionCovers.subscriptionId, id));

/**
 * Ends the active subscriptions whose period is over and that were to end
 * with it (cancelled, or their plan retired), as the gateway's first call
 * after the period would: ended at the period's end, covers freed, holders
 * told (a `subscription` alert). Reads and the maintenance loop run it, so
 * such a subscription never reads active. Answers how many ended.
 */
export async function settleSubscriptions(db: Queryable, now: number): Promise<number> {
  const retired = db.select({ id: plans.id }).from(plans).where(isNotNull(plans.retiredAt));
  const due = and(
    eq(subscriptions.status, 'active'),
    lte(subscriptions.periodEnd, new Date(now)),
    or(eq(subscriptions.cancelAtPeriodEnd, true), inArray(subscriptions.planId, retired)),
  );
  return db.transaction(async (tx) => {
    const ended = await tx
      .update(subscriptions)
      .set({
        status: 'ended',
        endTime: sql`${subscriptions.periodEnd}`,
        requestedPlanId: null,
        updateTime: new Date(now),
      })
      .where(due)
      .returning({ id: subscriptions.id });
    if (ended.length === 0) return 0;
    const ids = ended.map((row) => row.id);
    await tx.delete(subscriptionCovers).where(inArray(subscriptionCovers.subscriptionId, ids));
    await alertEndedWithPeriod(tx, ids, now);
    await announce(tx, { kind: 'plans' });
    return ended.length;
  });
}

const requestedPlans = alias(plans, 'requested_plan');

const selectSubscriptions = (db: Queryable) =>
  db
    .select({
      id: subscriptions.id,
      planId: subscriptions.planId,
      planName: plans.name,
      userId: subscriptions.userId,
      userName: users.userName,
      status: subscriptions.status,
      requestedPlanId: subscriptions.requestedPlanId,
      requestedPlanName: requestedPlans.name,
      period: plans.period,
      periodStart: subscriptions.periodStart,
      periodEnd: subscriptions.periodEnd,
      used: subscriptions.used,
      quota: plans.quota,
      extra: subscriptions.extra,
      overage: plans.overage,
      cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
      reason: subscriptions.reason,
      reply: subscriptions.reply,
      createTime: subscriptions.createTime,
    })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .leftJoin(requestedPlans, eq(requestedPlans.id, subscriptions.requestedPlanId))
    .leftJoin(users, eq(users.id, subscriptions.userId));

type SubscriptionRow = Awaited<ReturnType<typeof selectSubscriptions>>[number];

/** The interfaces of each plan that `viewer` may see, by plan id. */
export async function planInterfaceIds(
  db: Queryable,
  viewer: SessionUser,
  planIds: readonly number[],
): Promise<Map<number, string[]>> {
  const byPlan = new Map<number, string[]>(planIds.map((id) => [id, []]));
  if (planIds.length === 0) return byPlan;
  const rows = await db
    .select({ planId: planInterfaces.planId, interfaceInfoId: planInterfaces.interfaceInfoId })
    .from(planInterfaces)
    .innerJoin(interfaces, and(eq(interfaces.id, planInterfaces.interfaceInfoId), visibleInterface(viewer)))
    .where(inArray(planInterfaces.planId, [...new Set(planIds)]))
    .orderBy(planInterfaces.planId, planInterfaces.interfaceInfoId);
  for (const row of rows) byPlan.get(row.planId)?.push(row.interfaceInfoId);
  return byPlan;
}

/**
 * The subscriptions as answered. An active one whose period is over shows
 * the period that holds `now`, with nothing used: its next call starts that
 * period (settleSubscriptions has ended those that were to end).
 */
async function subscriptionsOf(
  db: Queryable,
  viewer: SessionUser,
  rows: SubscriptionRow[],
  now: number,
): Promise<SubscriptionVO[]> {
  const ids = await planInterfaceIds(
    db,
    viewer,
    rows.map((row) => row.planId),
  );
  return rows.map((row) => {
    const stale = row.status === 'active' && row.periodEnd !== null && row.periodEnd.getTime() <= now;
    const current = stale ? periodAt(row.period, now) : undefined;
    const periodStart = current?.start ?? row.periodStart?.getTime();
    const periodEnd = current?.end ?? row.periodEnd?.getTime();
    return {
      ...row,
      id: String(row.id),
      planId: String(row.planId),
      userName: row.userName ?? '',
      requestedPlanId: row.requestedPlanId === null ? null : String(row.requestedPlanId),
      periodStart: periodStart === undefined ? null : formatTime(periodStart),
      periodEnd: periodEnd === undefined ? null : formatTime(periodEnd),
      used: stale ? 0 : row.used,
      // A top-up is for its period only.
      extra: stale ? 0 : row.extra,
      quota: row.quota + (stale ? 0 : row.extra),
      createTime: formatTime(row.createTime.getTime()),
      interfaceIds: ids.get(row.planId) ?? [],
    };
  });
}

async function subscriptionById(db: Queryable, viewer: SessionUser, id: Id, now: number): Promise<SubscriptionVO> {
  const rows = await selectSubscriptions(db).where(idIs(subscriptions.id, id));
  if (rows.length === 0) refuse(ResponseCode.NOT_FOUND, PLAN_MESSAGES.subscriptionNotFound);
  return (await subscriptionsOf(db, viewer, rows, now))[0];
}

/** The live subscriptions' rows that cover any of `interfaceIds` for a user. */
const coversOf = (tx: Queryable, userId: Id, interfaceIds: readonly Id[]) =>
  tx
    .select({
      subscriptionId: subscriptions.id,
      status: subscriptions.status,
      planId: subscriptions.planId,
      planName: plans.name,
    })
    .from(subscriptionCovers)
    .innerJoin(subscriptions, eq(subscriptions.id, subscriptionCovers.subscriptionId))
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(and(eq(subscriptionCovers.userId, userId), inArray(subscriptionCovers.interfaceInfoId, [...interfaceIds])));

/** Who subscribes whom: a user themself, or an admin assigning a plan (no approval, private plans too). */
type Subscriber = { viewer: SessionUser; userId: Id; assigned: boolean };

/**
 * Subscribes a user to a plan, or switches their one active subscription
 * over exactly the plan's interfaces to it (its period and calls used carry;
 * a plan that needs approval waits for review instead). Any other live
 * subscription on one of its interfaces is refused, naming its plan.
 */
async function subscribe(db: Db, who: Subscriber, planId: Id, reason: string, now: number): Promise<SubscriptionVO> {
  let id: Id;
  try {
    id = await db.transaction(async (tx) => {
      await settleSubscriptions(tx, now);
      // Shared: the plan's interfaces cannot change while it is read here (updatePlan locks it).
      const [plan] = await tx.select().from(plans).where(idIs(plans.id, planId)).for('share');
      if (!plan || (!who.assigned && plan.visibility === 'private'))
        refuse(ResponseCode.NOT_FOUND, PLAN_MESSAGES.planNotFound);
      if (plan.retiredAt !== null) refuse(ResponseCode.PARAMS_ERROR, PLAN_MESSAGES.planRetired);
      const interfaceIds = (
        await tx
          .select({ id: planInterfaces.interfaceInfoId })
          .from(planInterfaces)
          .where(eq(planInterfaces.planId, plan.id))
      ).map((row) => row.id);
      const waits = plan.approval && !who.assigned;
      const time = new Date(now);
      const held = await coversOf(tx, who.userId, interfaceIds);
      if (held.length > 0) {
        const [first] = held;
        // A user's covers are one per interface: when the first covers exactly the plan's, no other covers any of them.
        const covered = (
          await tx
            .select({ id: subscriptionCovers.interfaceInfoId })
            .from(subscriptionCovers)
            .where(eq(subscriptionCovers.subscriptionId, first.subscriptionId))
        ).map((row) => row.id);
        if (!samePlanInterfaces(covered, interfaceIds) || first.status !== 'active')
          refuse(ResponseCode.PARAMS_ERROR, PLAN_MESSAGES.covered(first.planName));
        if (first.planId === plan.id) refuse(ResponseCode.PARAMS_ERROR, PLAN_MESSAGES.alreadyOnPlan(plan.name));
        await tx
          .update(subscriptions)
          .set(
            waits
              ? { requestedPlanId: plan.id, reason, reply: null, updateTime: time }
              : {
                  planId: plan.id,
                  requestedPlanId: null,
                  cancelAtPeriodEnd: false,
                  ...(who.assigned ? { reviewerId: who.viewer.id } : {}),
                  updateTime: time,
                },
          )
          .where(eq(subscriptions.id, first.subscriptionId));
        await announce(tx, { kind: 'plans' });
        return String(first.subscriptionId);
      }
      const period = waits ? undefined : periodAt(plan.period, now);
      const [created] = await tx
        .insert(subscriptions)
        .values({
          userId: who.userId,
          planId: plan.id,
          status: waits ? 'pending' : 'active',
          periodStart: period ? new Date(period.start) : null,
          periodEnd: period ? new Date(period.end) : null,
          reason,
          reviewerId: who.assigned ? who.viewer.id : null,
          createTime: time,
          updateTime: time,
        })
        .returning({ id: subscriptions.id });
      await tx
        .insert(subscriptionCovers)
        .values(interfaceIds.map((interfaceInfoId) => ({ userId: who.userId, interfaceInfoId, subscriptionId: created.id })));
      await announce(tx, { kind: 'plans' });
      return String(created.id);
    });
  } catch (error) {
    // Another request took one of the interfaces between the check and the insert (the covers' key is the
    // transaction's one unique rule it can break): name its plan.
    if (!isUniqueViolation(error)) throw error;
    const interfaceIds = db
      .select({ id: planInterfaces.interfaceInfoId })
      .from(planInterfaces)
      .where(idIs(planInterfaces.planId, planId));
    const [first] = await db
      .select({ planName: plans.name })
      .from(subscriptionCovers)
      .innerJoin(subscriptions, eq(subscriptions.id, subscriptionCovers.subscriptionId))
      .innerJoin(plans, eq(plans.id, subscriptions.planId))
      .where(and(eq(subscriptionCovers.userId, who.userId), inArray(subscriptionCovers.interfaceInfoId, interfaceIds)))
      .limit(1);
    refuse(ResponseCode.PARAMS_ERROR, PLAN_MESSAGES.covered(first?.planName ?? ''));
  }
  return subscriptionById(db, who.viewer, id, now);
}

/** `POST /api/subscription/add`: the caller subscribes to a plan they may see. */
export function addSubscription(
  db: Db,
  user: SessionUser,
  input: { planId: Id; reason: string },
  now: number,
): Promise<SubscriptionVO> {
  return subscribe(db, { viewer: user, userId: user.id, assigned: false }, input.planId, input.reason, now);
}

/** `POST /api/subscription/assign` (admins): subscribes a user to any plan that is not retired, active at once. */
export async function assignSubscription(
  db: Db,
  admin: SessionUser,
  input: { userId: Id; planId: Id },
  now: number,
): Promise<SubscriptionVO> {
  const [user] = await db.select({ id: users.id }).from(users).where(idIs(users.id, input.userId));
  if (!user) refuse(ResponseCode.NOT_FOUND, MESSAGES.userNotFound);
  return subscribe(db, { viewer: admin, userId: user.id, assigned: true }, input.planId, '', now);
}

/** A subscription locked for a change; `owner`: only theirs (another user's answers as one that does not exist). */
async function lockSubscription(tx: Queryable, id: Id, owner?: Id) {
  const [row] = await tx
    .select()
    .from(subscriptions)
    .where(and(idIs(subscriptions.id, id), owner === undefined ? undefined : eq(subscriptions.userId, owner)))
    .for('update');
  if (!row) refuse(ResponseCode.NOT_FOUND, PLAN_MESSAGES.subscriptionNotFound);
  return row;
}

const isLive = (status: string) => (LIVE_SUBSCRIPTION_STATUSES as readonly string[]).includes(status);

/**
 * `POST /api/subscription/cancel`: the caller's own. A pending one ends at
 * once; an active one ends with its period, and a switch waiting for review
 * is withdrawn.
 */
export async function cancelSubscription(db: Db, user: SessionUser, id: Id, now: number): Promise<SubscriptionVO> {
  await db.transaction(async (tx) => {
    await settleSubscriptions(tx, now);
    const row = await lockSubscription(tx, id, user.id);
    const time = new Date(now);
    if (row.status === 'pending') {
      await tx.update(subscriptions).set({ status: 'ended', endTime: time, updateTime: time }).where(eq(subscriptions.id, row.id));
      await freeCovers(tx, row.id);
    } else if (row.status === 'active') {
      await tx
        .update(subscriptions)
        .set({ cancelAtPeriodEnd: true, requestedPlanId: null, updateTime: time })
        .where(eq(subscriptions.id, row.id));
    } else refuse(ResponseCode.PARAMS_ERROR, PLAN_MESSAGES.subscriptionOver);
    await announce(tx, { kind: 'plans' });
  });
  return subscriptionById(db, user, id, now);
}

/** `POST /api/subscription/end` (admins): ends a live subscription at once and frees its interfaces. */
export async function endSubscription(db: Db, admin: SessionUser, id: Id, now: number): Promise<SubscriptionVO> {
  await db.transaction(async (tx) => {
    await settleSubscriptions(tx, now);
    const row = await lockSubscription(tx, id);
    if (!isLive(row.status)) refuse(ResponseCode.PARAMS_ERROR, PLAN_MESSAGES.subscriptionOver);
    const time = new Date(now);
    await tx
      .update(subscriptions)
      .set({ status: 'ended', endTime: time, requestedPlanId: null, updateTime: time })
      .where(eq(subscriptions.id, row.id));
    await freeCovers(tx, row.id);
    await alertEndedByAdmin(tx, row.id, now);
    await announce(tx, { kind: 'plans' });
  });
  return subscriptionById(db, admin, id, now);
}

/**
 * `POST /api/subscription/review` (admins): a pending subscription becomes
 * active from the current period, or refused (its interfaces freed); a
 * switch waiting for review switches the plan, or is dropped.
 */
export async function reviewSubscription(
  db: Db,
  admin: SessionUser,
  review: SubscriptionReview,
  now: number,
): Promise<SubscriptionVO> {
  await db.transaction(async (tx) => {
    await settleSubscriptions(tx, now);
    const row = await lockSubscription(tx, review.id);
    const switching = row.status === 'active' && row.requestedPlanId !== null;
    if (row.status !== 'pending' && !switching) refuse(ResponseCode.PARAMS_ERROR, PLAN_MESSAGES.nothingPending);
    const [plan] = await tx
      .select({ id: plans.id, name: plans.name, period: plans.period, retiredAt: plans.retiredAt })
      .from(plans)
      .where(eq(plans.id, switching ? row.requestedPlanId! : row.planId));
    if (review.approve && plan.retiredAt !== null) refuse(ResponseCode.PARAMS_ERROR, PLAN_MESSAGES.planRetired);
    const time = new Date(now);
    const answered = { reply: review.reply, reviewerId: admin.id, updateTime: time };
    let change: Partial<typeof subscriptions.$inferInsert>;
    if (switching) {
      change = review.approve
        ? { planId: plan.id, requestedPlanId: null, cancelAtPeriodEnd: false }
        : { requestedPlanId: null };
    } else if (review.approve) {
      const period = periodAt(plan.period, now);
      change = { status: 'active', periodStart: new Date(period.start), periodEnd: new Date(period.end), used: 0 };
    } else {
      change = { status: 'refused', endTime: time };
      await freeCovers(tx, row.id);
    }
    await tx
      .update(subscriptions)
      .set({ ...change, ...answered })
      .where(eq(subscriptions.id, row.id));
    const from = switching
      ? (await tx.select({ name: plans.name }).from(plans).where(eq(plans.id, row.planId)))[0]?.name
      : undefined;
    await alertSubscriptionReviewed(
      tx,
      { userId: row.userId, subscriptionId: row.id, approved: review.approve, plan, fromPlanName: from, reply: review.reply },
      now,
    );
    await announce(tx, { kind: 'plans' });
  });
  return subscriptionById(db, admin, review.id, now);
}

/**
 * `GET /api/subscription/list`: newest first. A user reads their own (naming
 * another user is refused); an admin anyone's. `pending` also lists the
 * active ones whose switch waits for review; `live` lists the pending and
 * active ones, those whose covers hold interfaces.
 */
export async function listSubscriptions(
  db: Db,
  viewer: SessionUser,
  query: SubscriptionListQuery,
  now: number,
): Promise<Page<SubscriptionVO>> {
  let { userId } = query;
  if (!isAdmin(viewer)) {
    if (userId !== undefined && userId !== viewer.id) refuse(ResponseCode.NO_AUTH, MESSAGES.noAuth);
    userId = viewer.id;
  }
  await settleSubscriptions(db, now);
  let status: SQL | undefined;
  if (query.status === 'pending')
    status = or(
      eq(subscriptions.status, 'pending'),
      and(eq(subscriptions.status, 'active'), isNotNull(subscriptions.requestedPlanId)),
    );
  else if (query.status === 'live') status = inArray(subscriptions.status, [...LIVE_SUBSCRIPTION_STATUSES]);
  else if (query.status !== undefined) status = eq(subscriptions.status, query.status);
  const where = and(
    userId === undefined ? undefined : eq(subscriptions.userId, userId),
    query.planId === undefined ? undefined : idIs(subscriptions.planId, query.planId),
    status,
  );
  const { current, pageSize } = query;
  const [[{ total }], rows] = await Promise.all([
    db.select({ total: count() }).from(subscriptions).where(where),
    selectSubscriptions(db)
      .where(where)
      .orderBy(desc(subscriptions.createTime), desc(subscriptions.id))
      .limit(pageSize)
      .offset((current - 1) * pageSize),
  ]);
  return {
    records: await subscriptionsOf(db, viewer, rows, now),
    total,
    current,
    size: pageSize,
    pages: Math.ceil(total / pageSize),
  };
}

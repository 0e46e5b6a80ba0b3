import { and, count, desc, eq, sql } from 'drizzle-orm';
import { QUOTA_MAX, ResponseCode } from '@agler/contract/constants';
import { formatTime } from '@agler/contract/dates';
import type { Id } from '@agler/contract/ids';
import { MESSAGES } from '@agler/contract/messages';
import { samePlanInterfaces } from '@agler/contract/plans';
import { QUOTA_REQUEST_STATUS } from '@agler/contract/quotaRequests';
import type {
  NewQuotaRequest,
  QuotaRequestKind,
  QuotaRequestListQuery,
  QuotaRequestVO,
  QuotaReview,
} from '@agler/contract/quotaRequests';
import type { Page } from '@agler/contract/types';
import type { Db, Queryable } from '../db/connect';
import { idIs, rowsOf } from '../db/rows';
import { interfaces, planInterfaces, plans, quotaRequests, quotas, subscriptionCovers, subscriptions, users } from '../db/schema';
import { raiseAlert, resetQuotaAlerts } from './alerts';
import { refuse } from './errors';
import { LIVE_INTERFACE, requireVisible, visibleInterface } from './interfaceInfo';
import { periodAt } from './periods';
import { assignSubscription, settleSubscriptions } from './subscriptions';
import type { SessionUser } from './session';
import { isAdmin } from './user';

/**
 * Requests for more calls: a user asks (one open request per interface, held
 * by a partial unique index), an admin approves, which raises the user's
 * quota by the amount in the same transaction, or refuses with a reason. On an
 * interface the user's active subscription covers the quota is not used, so
 * there a request asks for calls on top of the period's quota (a top-up) or for
 * a switch to another plan over the same interfaces (docs/plans.md).
 */

/**
 * Raises a user's quota on an interface by `amount`, what is left and what
 * was granted together, in one statement as the quotas' own writes are; a
 * user without a row gets one with `defaultQuota` plus the amount, as their
 * first call would have made it. Answers false, changing nothing, when what
 * is left would pass QUOTA_MAX. Raw: the builder's insert takes no
 * condition on the row it inserts, and both branches must check QUOTA_MAX in
 * the one statement.
 */
export async function raiseQuota(
  db: Queryable,
  userId: Id,
  interfaceInfoId: Id,
  amount: number,
  defaultQuota: number,
): Promise<boolean> {
  const result = await db.execute(sql`
    INSERT INTO user_interface_info (user_id, interface_info_id, left_num, total_num)
    SELECT ${userId}::bigint, ${interfaceInfoId}::bigint, ${defaultQuota}::int + ${amount}::int,
           ${defaultQuota}::int + ${amount}::int
    WHERE ${defaultQuota}::int + ${amount}::int <= ${QUOTA_MAX}::int
    ON CONFLICT (user_id, interface_info_id) DO UPDATE
      SET left_num = user_interface_info.left_num + ${amount}::int,
          total_num = user_interface_info.total_num + ${amount}::int
      WHERE user_interface_info.left_num + ${amount}::int <= ${QUOTA_MAX}::int
    RETURNING left_num`);
  return rowsOf(result).length > 0;
}

/** A request's id: a 64-bit id compared as PostgreSQL's bigint (the column's JavaScript number would round it). */
const requestIs = (id: Id) => idIs(quotaRequests.id, id);

/** The requests with their names; an interface `viewer` may not see (visibleInterface) is not named. */
const selectRequests = (db: Queryable, viewer: SessionUser) =>
  db
    .select({
      id: quotaRequests.id,
      userId: quotaRequests.userId,
      userAccount: users.userAccount,
      userName: users.userName,
      interfaceInfoId: quotaRequests.interfaceInfoId,
      interfaceName: interfaces.name,
      amount: quotaRequests.amount,
      kind: quotaRequests.kind,
      planId: quotaRequests.planId,
      planName: plans.name,
      reason: quotaRequests.reason,
      status: quotaRequests.status,
      reviewReason: quotaRequests.reviewReason,
      createTime: quotaRequests.createTime,
      reviewTime: quotaRequests.reviewTime,
      leftNum: quotas.leftNum,
      totalNum: quotas.totalNum,
    })
    .from(quotaRequests)
    .leftJoin(users, eq(users.id, quotaRequests.userId))
    .leftJoin(plans, eq(plans.id, quotaRequests.planId))
    .leftJoin(interfaces, and(eq(interfaces.id, quotaRequests.interfaceInfoId), visibleInterface(viewer)))
    .leftJoin(
      quotas,
      and(eq(quotas.userId, quotaRequests.userId), eq(quotas.interfaceInfoId, quotaRequests.interfaceInfoId)),
    );

type RequestRow = Awaited<ReturnType<typeof selectRequests>>[number];

function requestOf(row: RequestRow, defaultQuota: number): QuotaRequestVO {
  return {
    ...row,
    id: String(row.id),
    userAccount: row.userAccount ?? '',
    userName: row.userName ?? '',
    planId: row.planId === null ? null : String(row.planId),
    createTime: formatTime(row.createTime.getTime()),
    reviewTime: row.reviewTime === null ? null : formatTime(row.reviewTime.getTime()),
    leftNum: row.leftNum ?? defaultQuota,
    totalNum: row.totalNum ?? defaultQuota,
  };
}

async function requestById(
  db: Queryable,
  viewer: SessionUser,
  id: string,
  defaultQuota: number,
): Promise<QuotaRequestVO> {
  const [row] = await selectRequests(db, viewer).where(requestIs(id));
  if (!row) refuse(ResponseCode.NOT_FOUND, MESSAGES.requestNotFound);
  return requestOf(row, defaultQuota);
}

/** The live subscription covering a user's interface, if any. */
async function coverOf(tx: Queryable, userId: Id, interfaceInfoId: Id) {
  const [row] = await tx
    .select({ id: subscriptions.id, status: subscriptions.status, planId: subscriptions.planId })
    .from(subscriptionCovers)
    .innerJoin(subscriptions, eq(subscriptions.id, subscriptionCovers.subscriptionId))
    .where(and(eq(subscriptionCovers.userId, userId), eq(subscriptionCovers.interfaceInfoId, interfaceInfoId)));
  return row;
}

/**
 * Refuses a plan a subscription cannot be switched to by an admin: not a
 * plan, retired, its own, or not over exactly its interfaces (the switch rule).
 */
async function checkSwitch(tx: Queryable, subscription: { id: number; planId: number }, planId: Id): Promise<void> {
  const [plan] = await tx.select({ id: plans.id, retiredAt: plans.retiredAt }).from(plans).where(idIs(plans.id, planId));
  if (!plan) refuse(ResponseCode.PARAMS_ERROR, MESSAGES.requestPlanUnknown);
  if (plan.retiredAt !== null) refuse(ResponseCode.PARAMS_ERROR, MESSAGES.requestPlanRetired);
  if (plan.id === subscription.planId) refuse(ResponseCode.PARAMS_ERROR, MESSAGES.requestPlanSame);
  const [wanted, held] = await Promise.all([
    tx.select({ id: planInterfaces.interfaceInfoId }).from(planInterfaces).where(eq(planInterfaces.planId, plan.id)),
    tx
      .select({ id: subscriptionCovers.interfaceInfoId })
      .from(subscriptionCovers)
      .where(eq(subscriptionCovers.subscriptionId, subscription.id)),
  ]);
  if (!samePlanInterfaces(held.map((row) => row.id), wanted.map((row) => row.id)))
    refuse(ResponseCode.PARAMS_ERROR, MESSAGES.requestPlanNotSwitch);
}

/**
 * What a request on this interface asks for: a plan or a top-up when an
 * active subscription covers it, the interface's quota otherwise.
 */
async function kindOf(tx: Queryable, userId: Id, interfaceInfoId: Id, planId: Id | null): Promise<QuotaRequestKind> {
  const cover = await coverOf(tx, userId, interfaceInfoId);
  if (!cover) {
    if (planId) refuse(ResponseCode.PARAMS_ERROR, MESSAGES.requestPlanUncovered);
    return 'quota';
  }
  if (cover.status !== 'active') refuse(ResponseCode.PARAMS_ERROR, MESSAGES.requestSubscriptionPending);
  if (!planId) return 'topup';
  await checkSwitch(tx, cover, planId);
  return 'plan';
}

/**
 * Adds a granted top-up to a subscription's current period: a period that is
 * over rolls first, as the admission would (settleSubscriptions has ended
 * those that were to end with it). Answers false, changing nothing, when the
 * period's extra calls would pass QUOTA_MAX.
 */
async function topUp(tx: Queryable, subscriptionId: number, amount: number, now: number): Promise<boolean> {
  const [row] = await tx
    .select({ periodEnd: subscriptions.periodEnd, extra: subscriptions.extra, period: plans.period })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(eq(subscriptions.id, subscriptionId))
    .for('update', { of: subscriptions });
  const over = row.periodEnd !== null && row.periodEnd.getTime() <= now;
  const extra = (over ? 0 : row.extra) + amount;
  if (extra > QUOTA_MAX) return false;
  const period = over ? periodAt(row.period, now) : undefined;
  await tx
    .update(subscriptions)
    .set(
      period
        ? { periodStart: new Date(period.start), periodEnd: new Date(period.end), used: 0, extra }
        : { extra },
    )
    .where(eq(subscriptions.id, subscriptionId));
  return true;
}

/**
 * `POST /api/quota/request`: a user asks for more calls on an interface they
 * may see (or, under a subscription, for a plan); a second open request is refused.
 */
export async function askForQuota(
  db: Db,
  user: SessionUser,
  request: NewQuotaRequest,
  now: number,
  defaultQuota: number,
): Promise<QuotaRequestVO> {
  if (isAdmin(user)) refuse(ResponseCode.PARAMS_ERROR, MESSAGES.adminUnlimited);
  const id = await db.transaction(async (tx) => {
    await requireVisible(tx, user, [request.interfaceInfoId]);
    await settleSubscriptions(tx, now);
    const kind = await kindOf(tx, user.id, request.interfaceInfoId, request.planId);
    const [row] = await tx
      .insert(quotaRequests)
      .values({
        userId: user.id,
        interfaceInfoId: request.interfaceInfoId,
        amount: request.amount,
        kind,
        planId: request.planId === null ? null : Number(request.planId),
        reason: request.reason,
        createTime: new Date(now),
      })
      .onConflictDoNothing({
        target: [quotaRequests.userId, quotaRequests.interfaceInfoId],
        where: eq(quotaRequests.status, QUOTA_REQUEST_STATUS.PENDING),
      })
      .returning({ id: quotaRequests.id });
    if (!row) refuse(ResponseCode.PARAMS_ERROR, MESSAGES.requestOpen);
    return String(row.id);
  });
  return requestById(db, user, id, defaultQuota);
}

/**
 * `GET /api/quota/request/list`: newest first. A user reads their own (naming
 * another user is refused); an admin reads everyone's, or one user's.
 */
export async function listQuotaRequests(
  db: Queryable,
  viewer: SessionUser,
  query: QuotaRequestListQuery,
  defaultQuota: number,
): Promise<Page<QuotaRequestVO>> {
  let userId = query.userId;
  if (!isAdmin(viewer)) {
    if (userId !== undefined && userId !== viewer.id) refuse(ResponseCode.NO_AUTH, MESSAGES.noAuth);
    userId = viewer.id;
  }
  const where = and(
    userId === undefined ? undefined : eq(quotaRequests.userId, userId),
    query.status === undefined ? undefined : eq(quotaRequests.status, query.status),
  );
  const { current, pageSize } = query;
  const [[{ total }], rows] = await Promise.all([
    db.select({ total: count() }).from(quotaRequests).where(where),
    selectRequests(db, viewer)
      .where(where)
      .orderBy(desc(quotaRequests.createTime), desc(quotaRequests.id))
      .limit(pageSize)
      .offset((current - 1) * pageSize),
  ]);
  return {
    records: rows.map((row) => requestOf(row, defaultQuota)),
    total,
    current,
    size: pageSize,
    pages: Math.ceil(total / pageSize),
  };
}

/** What a user is told when their request is answered. */
export type QuotaRequestAnswer = {
  userId: Id;
  requestId: string;
  interfaceInfoId: Id;
  interfaceName: string | null;
  approved: boolean;
  amount: number;
  reason: string | null;
};

/**
 * The one place that tells a user their request was answered (a
 * `quota_request` alert, in the bell and by webhook): in the review's
 * transaction, so the answer and what the user is told stay together. An
 * approval raised the quota, so its 80 % and 100 % alerts may be raised again.
 */
export async function quotaRequestAnswered(
  tx: Queryable,
  answer: QuotaRequestAnswer,
  now: number,
): Promise<void> {
  if (answer.approved) await resetQuotaAlerts(tx, answer.userId, answer.interfaceInfoId);
  await raiseAlert(tx, {
    userId: answer.userId,
    kind: 'quota_request',
    interfaceInfoId: answer.interfaceInfoId,
    subjectId: answer.requestId,
    data: {
      approved: answer.approved,
      amount: answer.amount,
      ...(answer.reason === null ? {} : { reason: answer.reason }),
    },
    now,
  });
}

/**
 * Grants a top-up or a plan on the subscription that covers the interface now
 * (the user may have switched or lost it since asking): a plan switches it
 * through the subscriptions' own assign, so the switch is written once.
 */
async function grantOnSubscription(
  tx: Queryable,
  admin: SessionUser,
  request: { userId: Id; interfaceInfoId: Id; amount: number; kind: QuotaRequestKind; planId: number | null },
  now: number,
): Promise<void> {
  await settleSubscriptions(tx, now);
  const cover = await coverOf(tx, request.userId, request.interfaceInfoId);
  if (!cover || cover.status !== 'active') refuse(ResponseCode.PARAMS_ERROR, MESSAGES.requestSubscriptionGone);
  if (request.kind === 'topup') {
    if (!(await topUp(tx, cover.id, request.amount, now))) refuse(ResponseCode.PARAMS_ERROR, MESSAGES.quotaTooHigh);
    return;
  }
  const planId = String(request.planId);
  await checkSwitch(tx, cover, planId);
  await assignSubscription(tx, admin, { userId: request.userId, planId }, now);
}

/**
 * `POST /api/quota/request/review` (admins): approves (the quota rises by the
 * amount) or refuses an open request, once; the user is told afterwards.
 */
export async function reviewQuotaRequest(
  db: Db,
  admin: SessionUser,
  review: QuotaReview,
  now: number,
  defaultQuota: number,
): Promise<QuotaRequestVO> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        userId: quotaRequests.userId,
        interfaceInfoId: quotaRequests.interfaceInfoId,
        amount: quotaRequests.amount,
        kind: quotaRequests.kind,
        planId: quotaRequests.planId,
        status: quotaRequests.status,
      })
      .from(quotaRequests)
      .where(requestIs(review.id))
      .for('update');
    if (!row) refuse(ResponseCode.NOT_FOUND, MESSAGES.requestNotFound);
    if (row.status !== QUOTA_REQUEST_STATUS.PENDING)
      refuse(ResponseCode.PARAMS_ERROR, MESSAGES.requestReviewed);
    if (review.approve) {
      const [live] = await tx
        .select({ id: interfaces.id })
        .from(interfaces)
        .where(and(eq(interfaces.id, row.interfaceInfoId), LIVE_INTERFACE));
      if (!live) refuse(ResponseCode.NOT_FOUND, MESSAGES.interfaceNotFound);
      if (row.kind === 'quota') {
        if (!(await raiseQuota(tx, row.userId, row.interfaceInfoId, row.amount, defaultQuota)))
          refuse(ResponseCode.PARAMS_ERROR, MESSAGES.quotaTooHigh);
      } else {
        await grantOnSubscription(tx, admin, row, now);
      }
    }
    await tx
      .update(quotaRequests)
      .set({
        status: review.approve ? QUOTA_REQUEST_STATUS.APPROVED : QUOTA_REQUEST_STATUS.REFUSED,
        reviewReason: review.reason,
        reviewerId: admin.id,
        reviewTime: new Date(now),
      })
      .where(requestIs(review.id));
    const answered = await requestById(tx, admin, review.id, defaultQuota);
    await quotaRequestAnswered(
      tx,
      {
        userId: answered.userId,
        requestId: answered.id,
        interfaceInfoId: answered.interfaceInfoId,
        interfaceName: answered.interfaceName,
        approved: review.approve,
        amount: answered.amount,
        reason: review.reason,
      },
      now,
    );
    return answered;
  });
}

import { and, count, desc, eq, sql } from 'drizzle-orm';
import { QUOTA_MAX, ResponseCode } from '@agler/contract/constants';
import { formatTime } from '@agler/contract/dates';
import type { Id } from '@agler/contract/ids';
import { MESSAGES } from '@agler/contract/messages';
import { QUOTA_REQUEST_STATUS } from '@agler/contract/quotaRequests';
import type {
  NewQuotaRequest,
  QuotaRequestListQuery,
  QuotaRequestVO,
  QuotaReview,
} from '@agler/contract/quotaRequests';
import type { Page } from '@agler/contract/types';
import type { Db, Queryable } from '../db/connect';
import { idIs, rowsOf } from '../db/rows';
import { interfaces, quotaRequests, quotas, users } from '../db/schema';
import { raiseAlert, resetQuotaAlerts } from './alerts';
import { refuse } from './errors';
import { LIVE_INTERFACE, requireVisible, visibleInterface } from './interfaceInfo';
import type { SessionUser } from './session';
import { isAdmin } from './user';

/**
 * Requests for more calls: a user asks (one open request per interface, held
 * by a partial unique index), an admin approves, which raises the user's
 * quota by the amount in the same transaction, or refuses with a reason.
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

/** `POST /api/quota/request`: a user asks for more calls on an interface they may see; a second open request is refused. */
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
    const [row] = await tx
      .insert(quotaRequests)
      .values({
        userId: user.id,
        interfaceInfoId: request.interfaceInfoId,
        amount: request.amount,
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
      if (!(await raiseQuota(tx, row.userId, row.interfaceInfoId, row.amount, defaultQuota)))
        refuse(ResponseCode.PARAMS_ERROR, MESSAGES.quotaTooHigh);
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

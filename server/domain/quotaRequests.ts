import { sql } from 'drizzle-orm';
import { QUOTA_MAX, ResponseCode } from '@agler/contract/constants';
import { formatTime } from '@agler/contract/dates';
import type { Id } from '@agler/contract/ids';
import { MESSAGES } from '@agler/contract/messages';
import { QUOTA_REQUEST_STATUS } from '@agler/contract/quotaRequests';
import type {
  NewQuotaRequest,
  QuotaRequestListQuery,
  QuotaRequestStatus,
  QuotaRequestVO,
  QuotaReview,
} from '@agler/contract/quotaRequests';
import type { Page } from '@agler/contract/types';
import type { Db, Queryable } from '../db/connect';
import { rowsOf } from '../db/rows';
import { raiseAlert, resetQuotaAlerts } from './alerts';
import { refuse } from './errors';
import { requireVisible, visibleInterface } from './interfaceInfo';
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
 * is left would pass QUOTA_MAX.
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

type RequestRow = {
  id: string;
  user_id: string;
  user_account: string | null;
  user_name: string | null;
  iid: string;
  interface_name: string | null;
  amount: number;
  reason: string;
  status: QuotaRequestStatus;
  review_reason: string | null;
  create_time: Date | string;
  review_time: Date | string | null;
  left_num: number | string | null;
  total_num: number | string | null;
};

/** The drivers answer a timestamp as a Date or as text. */
const timeOf = (value: Date | string) =>
  formatTime(value instanceof Date ? value.getTime() : Date.parse(value));

function requestOf(row: RequestRow, defaultQuota: number): QuotaRequestVO {
  return {
    id: String(row.id),
    userId: String(row.user_id),
    userAccount: row.user_account ?? '',
    userName: row.user_name ?? '',
    interfaceInfoId: String(row.iid),
    interfaceName: row.interface_name,
    amount: Number(row.amount),
    reason: row.reason,
    status: row.status,
    reviewReason: row.review_reason,
    createTime: timeOf(row.create_time),
    reviewTime: row.review_time === null ? null : timeOf(row.review_time),
    leftNum: row.left_num === null ? defaultQuota : Number(row.left_num),
    totalNum: row.total_num === null ? defaultQuota : Number(row.total_num),
  };
}

/** The requests with their names; an interface `viewer` may not see (visibleInterface) is not named. */
const selectRequests = (viewer: SessionUser) => sql`
  SELECT r.id::text AS id, r.user_id::text AS user_id, u.user_account, u.user_name,
         r.interface_info_id::text AS iid, interface_info.name AS interface_name, r.amount, r.reason, r.status,
         r.review_reason, r.create_time, r.review_time, q.left_num, q.total_num
  FROM quota_request r
  LEFT JOIN app_user u ON u.id = r.user_id
  LEFT JOIN interface_info ON interface_info.id = r.interface_info_id AND ${visibleInterface(viewer)}
  LEFT JOIN user_interface_info q ON q.user_id = r.user_id AND q.interface_info_id = r.interface_info_id`;

async function requestById(
  db: Queryable,
  viewer: SessionUser,
  id: string,
  defaultQuota: number,
): Promise<QuotaRequestVO> {
  const [row] = rowsOf<RequestRow>(
    await db.execute(sql`${selectRequests(viewer)} WHERE r.id = ${id}::bigint`),
  );
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
    const [row] = rowsOf<{ id: string }>(
      await tx.execute(sql`
        INSERT INTO quota_request (user_id, interface_info_id, amount, reason, create_time)
        VALUES (${user.id}::bigint, ${request.interfaceInfoId}::bigint, ${request.amount}::int, ${request.reason},
                ${new Date(now).toISOString()}::timestamptz)
        ON CONFLICT (user_id, interface_info_id) WHERE status = 'pending' DO NOTHING
        RETURNING id::text AS id`),
    );
    if (!row) refuse(ResponseCode.PARAMS_ERROR, MESSAGES.requestOpen);
    return row.id;
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
  const conditions = [
    userId === undefined ? sql`TRUE` : sql`r.user_id = ${userId}::bigint`,
    query.status === undefined ? sql`TRUE` : sql`r.status = ${query.status}`,
  ];
  const where = sql.join(conditions, sql` AND `);
  const { current, pageSize } = query;
  const [[count], rows] = await Promise.all([
    db
      .execute(sql`SELECT count(*)::int AS total FROM quota_request r WHERE ${where}`)
      .then((result) => rowsOf<{ total: number }>(result)),
    db
      .execute(
        sql`${selectRequests(viewer)} WHERE ${where} ORDER BY r.create_time DESC, r.id DESC
            LIMIT ${pageSize} OFFSET ${(current - 1) * pageSize}`,
      )
      .then((result) => rowsOf<RequestRow>(result)),
  ]);
  const total = Number(count.total);
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
    const [row] = rowsOf<{ user_id: string; iid: string; amount: number; status: string }>(
      await tx.execute(sql`
        SELECT user_id::text AS user_id, interface_info_id::text AS iid, amount, status
        FROM quota_request WHERE id = ${review.id}::bigint FOR UPDATE`),
    );
    if (!row) refuse(ResponseCode.NOT_FOUND, MESSAGES.requestNotFound);
    if (row.status !== QUOTA_REQUEST_STATUS.PENDING)
      refuse(ResponseCode.PARAMS_ERROR, MESSAGES.requestReviewed);
    if (review.approve) {
      const [live] = rowsOf(
        await tx.execute(
          sql`SELECT 1 FROM interface_info WHERE id = ${row.iid}::bigint AND deleted_at IS NULL`,
        ),
      );
      if (!live) refuse(ResponseCode.NOT_FOUND, MESSAGES.interfaceNotFound);
      if (!(await raiseQuota(tx, row.user_id, row.iid, Number(row.amount), defaultQuota)))
        refuse(ResponseCode.PARAMS_ERROR, MESSAGES.quotaTooHigh);
    }
    await tx.execute(sql`
      UPDATE quota_request
      SET status = ${review.approve ? QUOTA_REQUEST_STATUS.APPROVED : QUOTA_REQUEST_STATUS.REFUSED},
          review_reason = ${review.reason}, reviewer_id = ${admin.id}::bigint,
          review_time = ${new Date(now).toISOString()}::timestamptz
      WHERE id = ${review.id}::bigint`);
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

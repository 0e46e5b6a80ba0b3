import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import {
  ALERT_MESSAGES,
  alertEventType,
  INTERFACE_ALERT_DAYS,
  isExpiringSoon,
  planCrossing,
  planDedupeKey,
  quotaCrossing,
  quotaDedupeKey,
} from '@agler/contract/alerts';
import type {
  AlertData,
  AlertKind,
  AlertListQuery,
  SubscriptionEvent,
} from '@agler/contract/alerts';
import { ResponseCode } from '@agler/contract/constants';
import { DAY_MS, dayNumberOf, formatTime } from '@agler/contract/dates';
import type { Id } from '@agler/contract/ids';
import type { components } from '@agler/contract/openapi';
import type { Page } from '@agler/contract/types';
import type { Db, Queryable } from '../db/connect';
import { rowsOf } from '../db/rows';
import { alerts } from '../db/schema';
import { at } from '../db/time';
import { refuse } from './errors';
import type { KeyRow } from './keys';

/**
 * Alerts (contract/alerts.ts). raiseAlert is the one way in: one statement
 * that writes the alert (unless its dedupe key was already used) and queues a
 * webhook delivery when the user's webhook takes that kind. Nothing is sent
 * here: the worker (server/webhooks/worker.ts) delivers, so whoever raises an
 * alert, the gateway included, never waits for a receiver.
 */

export type NewAlert = {
  userId: string;
  kind: AlertKind;
  /** The interface it is about, whose name the alert then carries (unless `data` names it). */
  interfaceInfoId?: string;
  /** The key, the quota request or the subscription it is about. */
  subjectId?: string;
  data?: AlertData;
  /** Set: at most one alert per user with this key (see resetQuotaAlerts). */
  dedupeKey?: string;
  /** epoch milliseconds */
  now: number;
};

type Schemas = components['schemas'];

/** The server answers every field, null where there is nothing. */
export type AlertVO = Required<Schemas['AlertVO']>;

export type AlertPage = Page<AlertVO> & Pick<Schemas['PageAlertVO'], 'unread'>;

/**
 * The recipients of an alert that differs per recipient: a query with the
 * columns `user_id`, `subject_id` (text), `data` (jsonb, over the alert's
 * own) and `dedupe_key` (text); a null column takes the alert's value.
 */
type Recipients = SQL;

/** Recipients who all get the same alert: `users` selects a `user_id` column. */
const usersOf = (users: SQL): Recipients =>
  sql`SELECT u.user_id, NULL::text AS subject_id, NULL::jsonb AS data, NULL::text AS dedupe_key FROM (${users}) u`;

/**
 * Writes the alert for each of `recipients` and queues its webhook
 * deliveries, in one statement; answers how many alerts were written. Raw:
 * one statement with data-modifying CTEs writes the alerts (skipping used
 * dedupe keys) and their deliveries for any number of recipients, which the
 * builder cannot chain.
 */
async function insertAlerts(
  db: Queryable,
  recipients: Recipients,
  alert: Omit<NewAlert, 'userId'>,
): Promise<number> {
  const sentAt = new Date(alert.now).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const type = alertEventType(alert.kind);
  const interfaceId = alert.interfaceInfoId ?? null;
  const result = await db.execute(sql`
    WITH recipient AS (${recipients}),
    named AS (
      SELECT coalesce((SELECT jsonb_build_object('interfaceName', name) FROM interface_info
                       WHERE id = ${interfaceId}::bigint), '{}'::jsonb) || ${JSON.stringify(alert.data ?? {})}::jsonb AS data
    ),
    a AS (
      INSERT INTO alert (user_id, kind, interface_info_id, subject_id, data, create_time, dedupe_key)
      SELECT r.user_id, ${alert.kind}, ${interfaceId}::bigint, coalesce(r.subject_id, ${alert.subjectId ?? null}::text),
             n.data || coalesce(r.data, '{}'::jsonb),
             ${at(Math.floor(alert.now / 1000) * 1000)}, coalesce(r.dedupe_key, ${alert.dedupeKey ?? null}::text)
      FROM recipient r CROSS JOIN named n
      ON CONFLICT (user_id, dedupe_key) DO NOTHING
      RETURNING id, user_id, subject_id, data
    ),
    d AS (
      INSERT INTO webhook_delivery (id, user_id, alert_id, event_type, payload, next_try_time, create_time)
      SELECT 'msg_' || replace(gen_random_uuid()::text, '-', ''), a.user_id, a.id, ${type},
             json_build_object('type', ${type}::text, 'timestamp', ${sentAt}::text, 'data',
               json_build_object('alertId', a.id::text, 'kind', ${alert.kind}::text,
                 'interfaceInfoId', ${interfaceId}::text, 'subjectId', a.subject_id,
                 'details', a.data))::text,
             ${at(alert.now)}, ${at(alert.now)}
      FROM a JOIN webhook w ON w.user_id = a.user_id AND ${alert.kind}::text = ANY (w.kinds)
    )
    SELECT count(*)::int AS written FROM a`);
  return rowsOf<{ written: number }>(result)[0]?.written ?? 0;
}

/**
 * Raises an alert for one user: one INSERT (and a queued delivery when their
 * webhook takes the kind), in the caller's transaction when `db` is one.
 * Answers whether it was written (false: its dedupe key had been used).
 */
export async function raiseAlert(db: Queryable, alert: NewAlert): Promise<boolean> {
  const { userId, ...rest } = alert;
  return (await insertAlerts(db, usersOf(sql`SELECT ${userId}::bigint AS user_id`), rest)) > 0;
}

/**
 * After a call has spent its unit (the gateway, invoke): raises `quota_80` or
 * `quota_100` when this very call crossed the threshold (contract/alerts.ts
 * quotaCrossing), once until the quota is raised. Makes no query at all on
 * the calls that cross nothing.
 */
export async function quotaCrossings(
  db: Queryable,
  userId: string,
  interfaceInfoId: string,
  leftNum: number,
  totalNum: number,
  now: number = Date.now(),
): Promise<void> {
  const kind = quotaCrossing(leftNum, totalNum);
  if (kind !== 'quota_80' && kind !== 'quota_100') return;
  await raiseAlert(db, {
    userId,
    kind,
    interfaceInfoId,
    data: { leftNum, totalNum },
    dedupeKey: quotaDedupeKey(kind, interfaceInfoId),
    now,
  });
}

/**
 * The same for a call charged to a subscription (docs/plans.md): the period's quota is the total, and each
 * threshold is raised once per subscription and period, the next period starting afresh; so is
 * `plan_overage`, the first call past the quota of a plan that lets overage through (contract/alerts.ts
 * planCrossing). Makes no query on the calls that cross nothing.
 */
export async function planQuotaCrossings(
  db: Queryable,
  userId: string,
  interfaceInfoId: string,
  plan: { subscriptionId: string; quota: number; used: number; periodEnd: number; overage: 'block' | 'allow' },
  now: number,
): Promise<void> {
  const kind = planCrossing(plan);
  if (kind === undefined) return;
  const dedupeKey = planDedupeKey(kind, plan.subscriptionId, plan.periodEnd);
  if (kind === 'plan_overage') {
    await insertAlerts(
      db,
      sql`SELECT s.user_id, s.id::text AS subject_id, NULL::text AS dedupe_key,
                 jsonb_build_object('planId', p.id::text, 'planName', p.name, 'totalNum', ${plan.quota}::int) AS data
          FROM subscription s JOIN plan p ON p.id = s.plan_id
          WHERE s.id = ${plan.subscriptionId}::bigint AND s.user_id = ${userId}::bigint`,
      { kind, interfaceInfoId, dedupeKey, now },
    );
    return;
  }
  await raiseAlert(db, {
    userId,
    kind,
    interfaceInfoId,
    subjectId: plan.subscriptionId,
    data: { leftNum: plan.quota - plan.used, totalNum: plan.quota },
    dedupeKey,
    now,
  });
}

// ---------------------------------------------------------------- subscriptions

/**
 * A `subscription` alert for each subscription `which` selects (a condition
 * on `s`, the subscription, joined with `p`, its plan), in one statement:
 * `cause` and `endsAt` are SQL over those rows, the dedupe key is the
 * subscription's id and `key`. Answers how many were written.
 */
function alertSubscriptions(
  db: Queryable,
  which: SQL,
  alert: { event: 'ending' | 'ended'; cause: SQL; endsAt: SQL; key: SQL },
  now: number,
): Promise<number> {
  return insertAlerts(
    db,
    sql`SELECT s.user_id, s.id::text AS subject_id, 'subscription:' || s.id || ':' || ${alert.key} AS dedupe_key,
               jsonb_build_object('planId', p.id::text, 'planName', p.name, 'event', ${alert.event}::text,
                 'cause', ${alert.cause}, 'endsAt', round(extract(epoch FROM ${alert.endsAt}) * 1000)::bigint) AS data
        FROM subscription s JOIN plan p ON p.id = s.plan_id
        WHERE ${which}`,
    { kind: 'subscription', now },
  );
}

/** Why a subscription that ended with its period ended: its holder cancelled it, else its plan was retired. */
const CAUSE_AT_PERIOD_END = sql`CASE WHEN s.cancel_at_period_end THEN 'cancelled' ELSE 'retired' END`;

/**
 * `subscription` (`ending`, cause `retired`) for each active subscription of
 * a plan just retired whose period is still running: it ends on `endsAt`,
 * the period's end. Once per subscription and plan.
 */
export function alertPlanRetired(db: Queryable, planId: number, now: number): Promise<number> {
  return alertSubscriptions(
    db,
    sql`s.plan_id = ${planId} AND s.status = 'active' AND s.period_end > ${at(now)}`,
    { event: 'ending', cause: sql`'retired'`, endsAt: sql`s.period_end`, key: sql`'ending:' || p.id` },
    now,
  );
}

/**
 * `subscription` (`ended`) for the subscriptions of `ids` that ended with
 * their period (settleSubscriptions), once per subscription.
 */
export function alertEndedWithPeriod(db: Queryable, ids: readonly number[], now: number): Promise<number> {
  if (ids.length === 0) return Promise.resolve(0);
  return alertSubscriptions(
    db,
    sql`s.id = ANY(${`{${ids.join(',')}}`}::bigint[])`,
    { event: 'ended', cause: CAUSE_AT_PERIOD_END, endsAt: sql`s.end_time`, key: sql`'ended'` },
    now,
  );
}

/**
 * The same for the subscriptions the gateway's admission at `nowMs` ended
 * (server/invoke/admission.ts, when its batch changed subscriptions): the
 * statement stamps those it ends with its time, which is how they are found
 * here among the batch's callers', without a word from the SQL function.
 */
export function alertEndedByAdmission(db: Queryable, userIds: readonly string[], nowMs: number): Promise<number> {
  return alertSubscriptions(
    db,
    sql`s.user_id = ANY(${`{${[...new Set(userIds)].join(',')}}`}::bigint[]) AND s.status = 'ended'
        AND s.update_time = to_timestamp(${nowMs}::float8 / 1000) AND s.end_time = s.period_end`,
    { event: 'ended', cause: CAUSE_AT_PERIOD_END, endsAt: sql`s.end_time`, key: sql`'ended'` },
    nowMs,
  );
}

/** `subscription` (`ended`, cause `admin`) for a subscription an admin has just ended. */
export async function alertEndedByAdmin(db: Queryable, id: number, now: number): Promise<void> {
  await alertSubscriptions(
    db,
    sql`s.id = ${id}`,
    { event: 'ended', cause: sql`'admin'`, endsAt: sql`s.end_time`, key: sql`'ended'` },
    now,
  );
}

/**
 * `subscription` (`approved` or `refused`) for a reviewed subscription: a
 * pending one (`plan` is its plan), or a requested switch (`plan` the one
 * requested, `fromPlanName` the one it was on), with the admin's reply.
 */
export async function alertSubscriptionReviewed(
  db: Queryable,
  review: {
    userId: string;
    subscriptionId: number;
    approved: boolean;
    plan: { id: number; name: string };
    fromPlanName?: string;
    reply: string | null;
  },
  now: number,
): Promise<void> {
  const event: SubscriptionEvent = review.approved ? 'approved' : 'refused';
  await raiseAlert(db, {
    userId: review.userId,
    kind: 'subscription',
    subjectId: String(review.subscriptionId),
    data: {
      planId: String(review.plan.id),
      planName: review.plan.name,
      event,
      ...(review.fromPlanName === undefined ? {} : { fromPlanName: review.fromPlanName }),
      ...(review.reply ? { reason: review.reply } : {}),
    },
    now,
  });
}

/**
 * Lets the quota alerts of a user's interface be raised again: to be called
 * whenever an admin sets the quota (server/domain/quotas.ts setQuota) or an
 * approved request raises it, in the same transaction.
 */
export async function resetQuotaAlerts(
  db: Queryable,
  userId: string,
  interfaceInfoId: string,
): Promise<void> {
  await db
    .update(alerts)
    .set({ dedupeKey: null })
    .where(
      and(
        eq(alerts.userId, userId),
        inArray(alerts.dedupeKey, [
          quotaDedupeKey('quota_80', interfaceInfoId),
          quotaDedupeKey('quota_100', interfaceInfoId),
        ]),
      ),
    );
}

/**
 * `key_expiring` for each key that expires within the notice
 * (KEY_EXPIRY_NOTICE_MS), once per key and expiry date: a sweep passes the
 * keys that may qualify. Answers how many alerts were written.
 */
export async function alertExpiringKeys(
  db: Queryable,
  keys: readonly KeyRow[],
  now: number,
): Promise<number> {
  let written = 0;
  for (const key of keys) {
    if (key.expiresAt === null || !isExpiringSoon(key.expiresAt, now)) continue;
    const raised = await raiseAlert(db, {
      userId: key.userId,
      kind: 'key_expiring',
      subjectId: key.id,
      data: { keyName: key.name, expiresAt: key.expiresAt },
      dedupeKey: `key_expiring:${key.id}:${key.expiresAt}`,
      now,
    });
    if (raised) written += 1;
  }
  return written;
}

/**
 * `interface_offline` or `interface_deprecated` for every user who called
 * the interface in the last INTERFACE_ALERT_DAYS days, at most once a day per
 * interface and kind. `callLog` is flushed first, so that calls still waiting
 * to be written count. Answers how many alerts were written.
 */
export async function alertInterfaceCallers(
  db: Queryable,
  interfaceInfoId: Id,
  kind: 'interface_offline' | 'interface_deprecated',
  now: number,
  callLog?: { flush(): Promise<void> },
): Promise<number> {
  await callLog?.flush();
  return insertAlerts(
    db,
    usersOf(sql`SELECT DISTINCT c.user_id FROM interface_call c JOIN app_user u ON u.id = c.user_id
        WHERE c.interface_info_id = ${interfaceInfoId}::bigint AND c.time >= ${at(now - INTERFACE_ALERT_DAYS * DAY_MS)}`),
    { kind, interfaceInfoId, dedupeKey: `${kind}:${interfaceInfoId}:${dayNumberOf(now)}`, now },
  );
}

// ---------------------------------------------------------------- the user's own alerts

const ALERT_COLUMNS = {
  id: alerts.id,
  kind: alerts.kind,
  interfaceInfoId: alerts.interfaceInfoId,
  subjectId: alerts.subjectId,
  data: alerts.data,
  createTime: alerts.createTime,
  readTime: alerts.readTime,
};

const toVO = (row: Pick<typeof alerts.$inferSelect, keyof typeof ALERT_COLUMNS>): AlertVO => ({
  id: String(row.id),
  kind: row.kind,
  interfaceInfoId: row.interfaceInfoId,
  subjectId: row.subjectId,
  data: row.data,
  createTime: formatTime(row.createTime.getTime()),
  read: row.readTime !== null,
});

const UNREAD = isNull(alerts.readTime);

/** How many of the user's alerts are unread: the bell's poll, one index-only count. */
export async function unreadCount(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(alerts)
    .where(and(eq(alerts.userId, userId), UNREAD));
  return row?.n ?? 0;
}

/** `GET /api/alert/list`: newest first, with the unread count. */
export async function listAlerts(
  db: Db,
  userId: string,
  { current, pageSize, unreadOnly }: AlertListQuery,
): Promise<AlertPage> {
  const mine = eq(alerts.userId, userId);
  // count(read_time) counts the read ones: the unread are the rest.
  const [counts] = await db
    .select({ total: count(), read: count(alerts.readTime) })
    .from(alerts)
    .where(mine);
  const unread = counts.total - counts.read;
  const total = unreadOnly ? unread : counts.total;
  const rows =
    (current - 1) * pageSize < total
      ? await db
          .select(ALERT_COLUMNS)
          .from(alerts)
          .where(and(mine, unreadOnly ? UNREAD : undefined))
          .orderBy(desc(alerts.id))
          .limit(pageSize)
          .offset((current - 1) * pageSize)
      : [];
  return {
    records: rows.map(toVO),
    total,
    current,
    size: pageSize,
    pages: Math.ceil(total / pageSize),
    unread,
  };
}

/** An id of the contract's 64-bit range, compared as PostgreSQL's bigint (the column's JavaScript number would round it). */
const bigintOf = (id: Id) => sql`${id}::bigint`;

/** `POST /api/alert/read {id}`: one of the user's own alerts; anyone else's is not found. */
export async function markRead(db: Db, userId: string, id: Id, now: number): Promise<true> {
  const found = await db
    .update(alerts)
    .set({ readTime: sql`coalesce(${alerts.readTime}, ${at(now)})` })
    .where(and(eq(alerts.id, bigintOf(id)), eq(alerts.userId, userId)))
    .returning({ id: alerts.id });
  if (found.length === 0) refuse(ResponseCode.NOT_FOUND, ALERT_MESSAGES.alertNotFound);
  return true;
}

/** `POST /api/alert/read/all`: answers how many were unread. */
export async function markAllRead(db: Db, userId: string, now: number): Promise<number> {
  const marked = await db
    .update(alerts)
    .set({ readTime: new Date(now) })
    .where(and(eq(alerts.userId, userId), UNREAD))
    .returning({ id: alerts.id });
  return marked.length;
}

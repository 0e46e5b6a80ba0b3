import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import {
  ALERT_MESSAGES,
  alertEventType,
  INTERFACE_ALERT_DAYS,
  isExpiringSoon,
  quotaCrossing,
  quotaDedupeKey,
} from '@agler/contract/alerts';
import type { AlertData, AlertKind, AlertListQuery } from '@agler/contract/alerts';
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
  /** The key or the quota request it is about. */
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
 * Writes the alert for each user `recipients` selects (a query with a
 * `user_id` column) and queues its webhook deliveries, in one statement;
 * answers how many alerts were written. Raw: one statement with data-modifying
 * CTEs writes the alerts (skipping used dedupe keys) and their deliveries for
 * any number of recipients, which the builder cannot chain.
 */
async function insertAlerts(
  db: Queryable,
  recipients: SQL,
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
      SELECT r.user_id, ${alert.kind}, ${interfaceId}::bigint, ${alert.subjectId ?? null}, n.data,
             ${at(Math.floor(alert.now / 1000) * 1000)}, ${alert.dedupeKey ?? null}
      FROM recipient r CROSS JOIN named n
      ON CONFLICT (user_id, dedupe_key) DO NOTHING
      RETURNING id, user_id, data
    ),
    d AS (
      INSERT INTO webhook_delivery (id, user_id, alert_id, event_type, payload, next_try_time, create_time)
      SELECT 'msg_' || replace(gen_random_uuid()::text, '-', ''), a.user_id, a.id, ${type},
             json_build_object('type', ${type}::text, 'timestamp', ${sentAt}::text, 'data',
               json_build_object('alertId', a.id::text, 'kind', ${alert.kind}::text,
                 'interfaceInfoId', ${interfaceId}::text, 'subjectId', ${alert.subjectId ?? null}::text,
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
  return (await insertAlerts(db, sql`SELECT ${userId}::bigint AS user_id`, rest)) > 0;
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
 * threshold is raised once per subscription and period, the next period starting afresh.
 */
export async function planQuotaCrossings(
  db: Queryable,
  userId: string,
  interfaceInfoId: string,
  plan: { subscriptionId: string; quota: number; used: number; periodEnd: number },
  now: number,
): Promise<void> {
  const leftNum = plan.quota - plan.used;
  const kind = quotaCrossing(leftNum, plan.quota);
  if (kind !== 'quota_80' && kind !== 'quota_100') return;
  await raiseAlert(db, {
    userId,
    kind,
    interfaceInfoId,
    data: { leftNum, totalNum: plan.quota },
    dedupeKey: `${kind}:subscription:${plan.subscriptionId}:${plan.periodEnd}`,
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
    sql`SELECT DISTINCT c.user_id FROM interface_call c JOIN app_user u ON u.id = c.user_id
        WHERE c.interface_info_id = ${interfaceInfoId}::bigint AND c.time >= ${at(now - INTERFACE_ALERT_DAYS * DAY_MS)}`,
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

import { and, desc, eq, sql } from 'drizzle-orm';
import { ResponseCode } from '@agler/contract/constants';
import { DAY_MS, formatTime } from '@agler/contract/dates';
import type { Id } from '@agler/contract/ids';
import { NOTICE_WINDOW_DAYS, sunsetDateError } from '@agler/contract/lifecycle';
import type { LifecycleInput } from '@agler/contract/lifecycle';
import type { components } from '@agler/contract/openapi';
import { LIFECYCLE_MESSAGES } from '@agler/contract/messages';
import type { Db, Queryable } from '../db/connect';
import { rowsOf } from '../db/rows';
import { interfaceNotices, interfaces, users } from '../db/schema';
import { alertInterfaceCallers } from './alerts';
import { refuse } from './errors';

/**
 * An interface's retirement on the server's side: the replacement it names
 * must be a live interface, and marking it deprecated records a notice for
 * every user who called it in the last NOTICE_WINDOW_DAYS days (the table
 * interface_notice, which admins read on the interface page).
 */

/**
 * The lifecycle columns an add or update writes: the fields present, and the
 * deprecation's time when it starts (cleared when it ends).
 */
export function lifecycleColumns(input: LifecycleInput, wasDeprecated: boolean, time: Date) {
  const columns: Partial<
    Pick<typeof interfaces.$inferInsert, 'deprecated' | 'deprecatedAt' | 'sunsetDate' | 'replacementId'>
  > = {};
  if (input.sunsetDate !== undefined) columns.sunsetDate = input.sunsetDate;
  if (input.replacementId !== undefined) columns.replacementId = input.replacementId;
  if (input.deprecated !== undefined && input.deprecated !== wasDeprecated) {
    columns.deprecated = input.deprecated;
    columns.deprecatedAt = input.deprecated ? time : null;
  }
  return columns;
}

type Retirement = { deprecated: boolean; deprecatedAt: Date | null; sunsetDate: string | null };

/**
 * Refuses a write that would leave an interface deprecated with a sunset on
 * or before the day of its deprecation (contract/lifecycle.ts sunsetDateError).
 * Only a write that sets the sunset date or starts the deprecation is checked,
 * so an interface retired before the rule can still be edited otherwise.
 * `row` is the interface before the write (none for an add).
 */
export function checkSunset(input: LifecycleInput, row: Retirement | undefined, now: number): void {
  const deprecated = input.deprecated ?? row?.deprecated ?? false;
  const starts = deprecated && !row?.deprecated;
  if (!deprecated || (input.sunsetDate === undefined && !starts)) return;
  const sunsetDate = input.sunsetDate !== undefined ? input.sunsetDate : (row?.sunsetDate ?? null);
  if (sunsetDate === null) return;
  const deprecatedAt = starts ? now : (row?.deprecatedAt?.getTime() ?? now);
  const message = sunsetDateError(sunsetDate, deprecatedAt);
  if (message) refuse(ResponseCode.PARAMS_ERROR, message);
}

/** Refuses a replacement that is not a live interface. */
export async function checkReplacement(db: Queryable, replacementId: string): Promise<void> {
  const [row] = await db
    .select({ id: interfaces.id })
    .from(interfaces)
    .where(and(eq(interfaces.id, replacementId), sql`${interfaces.deletedAt} IS NULL`));
  if (!row) refuse(ResponseCode.PARAMS_ERROR, LIFECYCLE_MESSAGES.replacementNotFound);
}

/**
 * Writes the notices of an interface just marked deprecated and raises the
 * `interface_deprecated` alert for the same callers (the bell and their
 * webhooks); answers how many notices.
 */
export async function recordNotices(
  db: Queryable,
  interfaceInfoId: string,
  lifecycle: { sunsetDate: string | null; replacementId: string | null },
  now: number,
): Promise<number> {
  const since = new Date(now - NOTICE_WINDOW_DAYS * DAY_MS).toISOString();
  const created = new Date(Math.floor(now / 1000) * 1000).toISOString();
  const result = await db.execute(sql`
    INSERT INTO interface_notice (interface_info_id, user_id, last_call_time, sunset_date, replacement_id, create_time)
    SELECT ${interfaceInfoId}::bigint, c.user_id, max(c.time), ${lifecycle.sunsetDate}::date,
           ${lifecycle.replacementId}::bigint, ${created}::timestamptz
    FROM interface_call c
    WHERE c.interface_info_id = ${interfaceInfoId}::bigint AND c.time >= ${since}::timestamptz
    GROUP BY c.user_id
    RETURNING id`);
  await alertInterfaceCallers(db, interfaceInfoId, 'interface_deprecated', now);
  return rowsOf(result).length;
}

export type InterfaceNoticeVO = components['schemas']['InterfaceNoticeVO'];

/** The most notices one answer lists (newest first). */
export const NOTICE_LIST_MAX = 200;

/** `GET /api/interfaceInfo/notices?id=`: who was told of the interface's retirement, newest first. */
export async function listNotices(db: Db, id: Id): Promise<InterfaceNoticeVO[]> {
  const rows = await db
    .select({
      userId: interfaceNotices.userId,
      userAccount: users.userAccount,
      userName: users.userName,
      lastCallTime: interfaceNotices.lastCallTime,
      sunsetDate: interfaceNotices.sunsetDate,
      replacementId: interfaceNotices.replacementId,
      createTime: interfaceNotices.createTime,
    })
    .from(interfaceNotices)
    .leftJoin(users, eq(users.id, interfaceNotices.userId))
    .where(eq(interfaceNotices.interfaceInfoId, id))
    .orderBy(desc(interfaceNotices.createTime), desc(interfaceNotices.id))
    .limit(NOTICE_LIST_MAX);
  return rows.map((row) => ({
    ...row,
    userAccount: row.userAccount ?? '',
    userName: row.userName ?? '',
    lastCallTime: formatTime(row.lastCallTime.getTime()),
    createTime: formatTime(row.createTime.getTime()),
  }));
}

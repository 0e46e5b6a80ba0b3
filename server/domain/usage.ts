import { eq, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { statusClassOf } from '@agler/contract/callers';
import { CALL_LOG_LIMIT, ResponseCode, USER_ROLE } from '@agler/contract/constants';
import { formatDate, formatTime, startOfDay } from '@agler/contract/dates';
import type { Id } from '@agler/contract/ids';
import { KEY_TAIL_LENGTH } from '@agler/contract/keys';
import { MESSAGES } from '@agler/contract/messages';
import type { DayRange } from '@agler/contract/queries';
import { FREE_FROM_STATUS } from '@agler/contract/charge';
import { BURN_WINDOW_DAYS, burnOf } from '@agler/contract/usage';
import type { CallLogQuery, CallStatusFilter, DailyUsageQuery } from '@agler/contract/usage';
import type { components } from '@agler/contract/openapi';
import type { DailyCalls, Page } from '@agler/contract/types';
import type { Queryable } from '../db/connect';
import { rowsOf } from '../db/rows';
import { users } from '../db/schema';
import { at } from '../db/time';
import { refuse } from './errors';
import { usageOf } from './quotas';
import type { SessionUser } from './session';
import { isAdmin } from './user';

/**
 * 我的用量: one user's calls, read from the call log through its
 * (user_id, time) and (user_id, interface_info_id, time) indexes. The
 * roll-up keeps no users, so the log is the only source; a user's calls are
 * few enough next to everyone's. Days are local days, bounded by the local
 * midnights computed here, as the analysis bounds them.
 */

/** Whose usage a request reads: the viewer's own, or, for an admin, any user's that exists. */
export async function subjectOf(
  db: Queryable,
  viewer: SessionUser,
  userId: Id | undefined,
): Promise<SessionUser['id']> {
  if (userId === undefined || userId === viewer.id) return viewer.id;
  if (!isAdmin(viewer)) refuse(ResponseCode.NO_AUTH, MESSAGES.noAuth);
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!row) refuse(ResponseCode.NOT_FOUND, MESSAGES.userNotFound);
  return userId;
}

/**
 * The conditions on the log (`c`) that a query's filters add. A key's filter
 * keeps the gateway calls made with that key, when the key is the user's.
 */
function filtersOf({ interfaceInfoId, keyId }: { interfaceInfoId?: Id; keyId?: Id }): SQL[] {
  const conditions: SQL[] = [];
  if (interfaceInfoId !== undefined) conditions.push(sql`c.interface_info_id = ${interfaceInfoId}::bigint`);
  if (keyId !== undefined)
    conditions.push(
      sql`c.key_id = ${keyId}::bigint AND EXISTS (SELECT 1 FROM access_key k WHERE k.id = ${keyId}::bigint AND k.user_id = c.user_id)`,
    );
  return conditions;
}

const STATUS_CONDITIONS: Record<CallStatusFilter, SQL> = {
  '2xx': sql`c.status BETWEEN 200 AND 299`,
  '4xx': sql`c.status BETWEEN 400 AND 499`,
  '5xx': sql`c.status BETWEEN 500 AND 599`,
  none: sql`c.status IS NULL`,
};

const all = (conditions: SQL[]) => sql.join(conditions, sql` AND `);

/** `GET /api/user/usage/daily`: calls and errors per local day of the range, every day, zeros included. */
export async function dailyUsage(db: Queryable, userId: Id, query: DailyUsageQuery): Promise<DailyCalls[]> {
  const { range } = query;
  const bounds = [range.startMs];
  for (let i = 1; i <= range.days; i += 1) bounds.push(startOfDay(range.startMs, i));
  const boundsArray = `{${bounds.map((ms) => `"${new Date(ms).toISOString()}"`).join(',')}}`;
  // Raw: width_bucket over the local midnights counts every day of the range in one pass of the index.
  const rows = rowsOf<{ day: number; calls: number; errors: number }>(
    await db.execute(sql`
      SELECT width_bucket(c.time, ${boundsArray}::timestamptz[]) AS day, count(*)::int AS calls,
             (count(*) FILTER (WHERE NOT c.success))::int AS errors
      FROM interface_call c
      WHERE ${all([
        sql`c.user_id = ${userId}::bigint`,
        sql`c.time >= ${at(range.startMs)}`,
        sql`c.time < ${at(range.endMs)}`,
        ...filtersOf(query),
      ])}
      GROUP BY 1`),
  );
  const byDay = new Map(rows.map((row) => [Number(row.day), row]));
  return bounds.slice(0, -1).map((ms, i) => {
    const row = byDay.get(i + 1);
    return { date: formatDate(ms), calls: Number(row?.calls ?? 0), errors: Number(row?.errors ?? 0) };
  });
}

type Schemas = components['schemas'];

/** One interface in 我的用量's table: its calls in the range, its quota and how fast it goes (its id as text). */
export type InterfaceUsageOfUser = Required<Omit<Schemas['InterfaceUsageOfUser'], 'interfaceInfoId'>> & {
  interfaceInfoId: Id;
};

/** The summary before the route adds the retention it reads from the settings. */
export type UsageSummary = Omit<Schemas['UsageSummary'], 'interfaces' | 'callRetentionDays'> & {
  interfaces: InterfaceUsageOfUser[];
};

/** A call that cost a unit of its quota, as loggedCallIsCharged (contract/charge.ts) reads the log: only these burn it. */
const CHARGED = sql`(c.success OR c.status BETWEEN 400 AND ${FREE_FROM_STATUS - 1})`;

type FigureRow = { iid: string | null; calls: number; errors: number; p95: number | null; recent: number };

/**
 * `GET /api/user/usage/summary`: the range's totals and p95, and per interface
 * (every one the user called or holds a quota for) its calls, p95, quota and
 * burn rate over the last BURN_WINDOW_DAYS days.
 */
export async function usageSummary(
  db: Queryable,
  userId: Id,
  range: DayRange,
  now: number,
  defaultQuota: number,
): Promise<UsageSummary> {
  const burnStart = startOfDay(now, 1 - BURN_WINDOW_DAYS);
  const burnEnd = startOfDay(now, 1);
  const from = Math.min(range.startMs, burnStart);
  const to = Math.max(range.endMs, burnEnd);
  const inRange = sql`c.time >= ${at(range.startMs)} AND c.time < ${at(range.endMs)}`;
  // Raw: one pass over the user's calls of both windows, per interface and (iid null) all together,
  // with GROUPING SETS and percentile_disc, which the builder does not write.
  const figures = rowsOf<FigureRow>(
    await db.execute(sql`
      SELECT c.interface_info_id::text AS iid,
             (count(*) FILTER (WHERE ${inRange}))::int AS calls,
             (count(*) FILTER (WHERE ${inRange} AND NOT c.success))::int AS errors,
             percentile_disc(0.95) WITHIN GROUP (ORDER BY c.latency) FILTER (WHERE ${inRange}) AS p95,
             (count(*) FILTER (WHERE c.time >= ${at(burnStart)} AND c.time < ${at(burnEnd)} AND ${CHARGED}))::int AS recent
      FROM interface_call c
      WHERE c.user_id = ${userId}::bigint AND c.time >= ${at(from)} AND c.time < ${at(to)}
      GROUP BY GROUPING SETS ((c.interface_info_id), ())`),
  );
  const [role] = await db.select({ userRole: users.userRole }).from(users).where(eq(users.id, userId));
  const total = figures.find((row) => row.iid === null);
  const byInterface = new Map(figures.filter((row) => row.iid !== null).map((row) => [row.iid!, row]));
  const quotas = await usageOf(db, userId, defaultQuota);
  return {
    startDate: range.startDate,
    endDate: range.endDate,
    calls: Number(total?.calls ?? 0),
    errors: Number(total?.errors ?? 0),
    p95Latency: Number(total?.p95 ?? 0),
    unlimited: role?.userRole === USER_ROLE.ADMIN,
    interfaces: quotas.map((quota) => {
      const row = byInterface.get(quota.interfaceInfoId);
      return {
        interfaceInfoId: quota.interfaceInfoId,
        name: quota.name,
        method: quota.method,
        status: quota.status,
        calls: Number(row?.calls ?? 0),
        errors: Number(row?.errors ?? 0),
        p95Latency: Number(row?.p95 ?? 0),
        leftNum: quota.leftNum,
        totalNum: quota.totalNum,
        ...burnOf(quota.leftNum, Number(row?.recent ?? 0), now),
      };
    }),
  };
}

/** One call of the log as 我的用量 lists it (its interface's id as text). */
export type CallLogEntry = Required<Omit<Schemas['CallLogEntry'], 'interfaceInfoId'>> & { interfaceInfoId: Id };

type LogRow = {
  id: string;
  ms: number;
  iid: string;
  name: string | null;
  method: string | null;
  status: number | null;
  success: boolean;
  latency: number;
  bytes: number;
  key_id: string | null;
  key_name: string | null;
  key_tail: string | null;
  key_revoked: boolean | null;
};

/**
 * `GET /api/user/calls`: a page of the user's last CALL_LOG_LIMIT calls,
 * newest first. The interface's filter narrows the calls read (its own
 * index); the status class is chosen among those last calls, so a page never
 * reads more than the limit of rows. The keys are read for the page's rows
 * only, each by its primary key; a revoked key keeps its row, so it still names itself.
 */
export async function callLog(db: Queryable, userId: Id, query: CallLogQuery): Promise<Page<CallLogEntry>> {
  const { current, pageSize, status } = query;
  // Raw: a MATERIALIZED CTE bounds the rows read to CALL_LOG_LIMIT before the status filter, and the page
  // comes back as one JSON text with its keys' names, in one round trip.
  const [row] = rowsOf<{ total: number; page: string }>(
    await db.execute(sql`
      WITH recent AS MATERIALIZED (
        SELECT c.id, c.time, c.interface_info_id, c.status, c.success, c.latency, c.bytes, c.key_id
        FROM interface_call c
        WHERE ${all([sql`c.user_id = ${userId}::bigint`, ...filtersOf(query)])}
        ORDER BY c.time DESC, c.id DESC
        LIMIT ${CALL_LOG_LIMIT}
      ), kept AS (
        SELECT * FROM recent c ${status ? sql`WHERE ${STATUS_CONDITIONS[status]}` : sql``}
      )
      SELECT (SELECT count(*) FROM kept)::int AS total,
             coalesce((
               SELECT json_agg(p ORDER BY p.ms DESC, p.id DESC)
               FROM (
                 SELECT k.id::text AS id, round(date_part('epoch', k.time) * 1000)::float8 AS ms,
                        k.interface_info_id::text AS iid, i.name, i.method, k.status::int AS status,
                        k.success, k.latency, k.bytes, k.key_id::text AS key_id, a.name AS key_name,
                        right(a.access_key, ${KEY_TAIL_LENGTH}::int) AS key_tail, a.revoked_at IS NOT NULL AS key_revoked
                 FROM kept k LEFT JOIN interface_info i ON i.id = k.interface_info_id
                   LEFT JOIN access_key a ON a.id = k.key_id
                 ORDER BY k.time DESC, k.id DESC
                 LIMIT ${pageSize} OFFSET ${Math.min((current - 1) * pageSize, CALL_LOG_LIMIT)}
               ) p
             ), '[]')::text AS page`),
  );
  const total = Number(row.total);
  const records = (JSON.parse(row.page) as LogRow[]).map((entry): CallLogEntry => ({
    id: entry.id,
    time: formatTime(entry.ms),
    interfaceInfoId: entry.iid,
    interfaceName: entry.name,
    method: entry.method,
    status: entry.status,
    statusClass: statusClassOf(entry.status, entry.success),
    success: entry.success,
    latency: entry.latency,
    bytes: entry.bytes,
    online: entry.key_id === null,
    keyId: entry.key_id,
    keyName: entry.key_name,
    accessKeyTail: entry.key_tail,
    keyRevoked: entry.key_revoked === true,
  }));
  return { records, total, current, size: pageSize, pages: Math.ceil(total / pageSize) };
}

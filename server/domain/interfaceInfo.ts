import { and, asc, count, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Column, SQL } from 'drizzle-orm';
import { INTERFACE_STATUS, ResponseCode } from '@agler/contract/constants';
import type { InterfaceStatus, ResponseCodeValue } from '@agler/contract/constants';
import { formatTime } from '@agler/contract/dates';
import type { Id } from '@agler/contract/ids';
import type { InterfaceChange, NewInterface } from '@agler/contract/interfaceInput';
import type { Message } from '@agler/contract/messageKeys';
import { MESSAGES } from '@agler/contract/messages';
import type { ListQuery } from '@agler/contract/queries';
import { parseInterfaceLimits } from '@agler/contract/rateLimit';
import type { InterfaceInfo, Page } from '@agler/contract/types';
import type { Db, Queryable } from '../db/connect';
import { prepared } from '../db/prepared';
import { interfaces } from '../db/schema';
import { refuse } from './errors';
import { checkReplacement, checkSunset, lifecycleColumns, recordNotices } from './lifecycle';
import { rankFor } from './nameOrder';
import type { SessionUser } from './session';
import { isAdmin } from './user';

/** The interface catalogue: the list, one interface and the admin writes (invoke: server/invoke). */

/** The columns an answer holds (not the search copies or the name's rank). */
export const PUBLIC_COLUMNS = {
  id: interfaces.id,
  name: interfaces.name,
  description: interfaces.description,
  url: interfaces.url,
  method: interfaces.method,
  requestParams: interfaces.requestParams,
  requestHeader: interfaces.requestHeader,
  responseHeader: interfaces.responseHeader,
  status: interfaces.status,
  userId: interfaces.userId,
  createTime: interfaces.createTime,
  updateTime: interfaces.updateTime,
  rateLimit: interfaces.rateLimit,
  rateBurst: interfaces.rateBurst,
  deprecated: interfaces.deprecated,
  deprecatedAt: interfaces.deprecatedAt,
  sunsetDate: interfaces.sunsetDate,
  replacementId: interfaces.replacementId,
};

export type Row = Pick<typeof interfaces.$inferSelect, keyof typeof PUBLIC_COLUMNS>;

/**
 * A catalogue row: an interface without its three JSON texts (up to 8 KB
 * each), so a page stays small whatever an admin stores; `get` answers them.
 */
export type InterfaceSummary = Omit<InterfaceInfo, 'requestParams' | 'requestHeader' | 'responseHeader'>;
const {
  requestParams: _params,
  requestHeader: _request,
  responseHeader: _response,
  ...SUMMARY_COLUMNS
} = PUBLIC_COLUMNS;
type SummaryRow = Omit<Row, 'requestParams' | 'requestHeader' | 'responseHeader'>;

function toSummary(row: SummaryRow): InterfaceSummary {
  const { deprecatedAt, ...rest } = row;
  return {
    ...rest,
    deprecatedTime: deprecatedAt ? formatTime(deprecatedAt.getTime()) : null,
    method: row.method as InterfaceInfo['method'],
    status: row.status as InterfaceStatus,
    createTime: formatTime(row.createTime.getTime()),
    updateTime: formatTime(row.updateTime.getTime()),
  };
}

export function toInterfaceInfo(row: Row): InterfaceInfo {
  return {
    ...toSummary(row),
    requestParams: row.requestParams,
    requestHeader: row.requestHeader,
    responseHeader: row.responseHeader,
  };
}

/** The search copies of the texts that can be searched. */
export function lowerCopies(values: { name?: string; description?: string; url?: string }) {
  const copies: { nameLower?: string; descriptionLower?: string; urlLower?: string } = {};
  if (values.name !== undefined) copies.nameLower = values.name.toLowerCase();
  if (values.description !== undefined) copies.descriptionLower = values.description.toLowerCase();
  if (values.url !== undefined) copies.urlLower = values.url.toLowerCase();
  return copies;
}

/**
 * Rows that are not deleted. Deleting only marks a row (its calls keep their
 * name in the analysis); every list and lookup reads through this, and the
 * catalogue's indexes are partial on the same condition.
 */
export const LIVE_INTERFACE = isNull(interfaces.deletedAt);

/**
 * The one rule of which interfaces a user may see: an admin every live one,
 * anyone else the online ones. Every surface that takes an interface id or
 * names an interface reads through it (this condition, maySee, hideOffline,
 * visibleIds), so to a user an offline or deleted interface answers exactly
 * as an id that never existed.
 */
export function visibleInterface(user: SessionUser): SQL {
  return isAdmin(user)
    ? LIVE_INTERFACE
    : and(LIVE_INTERFACE, eq(interfaces.status, INTERFACE_STATUS.ONLINE))!;
}

/** visibleInterface for a live row already read. */
export const maySee = (row: Pick<Row, 'status'>, user: SessionUser): boolean =>
  isAdmin(user) || row.status === INTERFACE_STATUS.ONLINE;

/**
 * An offline interface exists for admins only: to anyone else it is 40400,
 * whether they read it, invoke it or call it through the gateway, so no
 * answer tells an unpublished interface from a missing one.
 */
export function hideOffline(row: Pick<Row, 'status'>, user: SessionUser): void {
  if (!maySee(row, user)) refuse(ResponseCode.NOT_FOUND, MESSAGES.interfaceNotFound);
}

/** The ones among `ids` that `user` may see (visibleInterface), in one query. */
export async function visibleIds(db: Queryable, user: SessionUser, ids: readonly Id[]): Promise<Set<Id>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: interfaces.id })
    .from(interfaces)
    .where(and(inArray(interfaces.id, [...ids]), visibleInterface(user)));
  return new Set(rows.map((row) => row.id));
}

/**
 * Refuses unless `user` may see every one of `ids`, with the refusal an id
 * that never existed gets on that surface (40400 unless it says otherwise).
 */
export async function requireVisible(
  db: Queryable,
  user: SessionUser,
  ids: readonly Id[],
  refusal: { code: ResponseCodeValue; message: Message } = {
    code: ResponseCode.NOT_FOUND,
    message: MESSAGES.interfaceNotFound,
  },
): Promise<void> {
  const visible = await visibleIds(db, user, ids);
  if (ids.some((id) => !visible.has(id))) refuse(refusal.code, refusal.message);
}

/**
 * The replacement a user is shown: none when it is not one they may see, so
 * a deprecated interface never points to an unpublished or deleted one.
 */
async function shownReplacements<T extends { replacementId: Id | null }>(
  db: Queryable,
  user: SessionUser,
  rows: T[],
): Promise<T[]> {
  if (isAdmin(user)) return rows;
  const named = [...new Set(rows.flatMap((row) => (row.replacementId ? [row.replacementId] : [])))];
  const visible = await visibleIds(db, user, named);
  return rows.map((row) =>
    row.replacementId && !visible.has(row.replacementId) ? { ...row, replacementId: null } : row,
  );
}

/** Times are kept to the second, as the contract writes them. */
export const toSecond = (ms: number) => new Date(Math.floor(ms / 1000) * 1000);

const contains = (column: Column, text: string) => sql`strpos(${column}, ${text}) > 0`;

const SORT_COLUMNS = {
  createTime: interfaces.createTime,
  updateTime: interfaces.updateTime,
  name: interfaces.nameRank,
} as const;

/** `GET /api/interfaceInfo/list/page`: one page in SQL, ties by id, the way the mocks order. */
export async function listPage(db: Db, query: ListQuery, user: SessionUser): Promise<Page<InterfaceSummary>> {
  const { current, pageSize, sortField, sortOrder, method, status, name, description, url, searchText } = query;

  // PostgreSQL text cannot hold NUL, and no stored text does (the field rules refuse control characters).
  if ([name, description, url, searchText].some((text) => text?.includes('\u0000'))) {
    return { records: [], total: 0, current, size: pageSize, pages: 0 };
  }
  const conditions: (SQL | undefined)[] = [visibleInterface(user)];
  if (status !== undefined) conditions.push(eq(interfaces.status, status));
  if (method) conditions.push(eq(interfaces.method, method));
  if (name) conditions.push(contains(interfaces.nameLower, name));
  if (description) conditions.push(contains(interfaces.descriptionLower, description));
  if (url) conditions.push(contains(interfaces.urlLower, url));
  if (searchText) {
    conditions.push(
      or(
        contains(interfaces.nameLower, searchText),
        contains(interfaces.descriptionLower, searchText),
        contains(interfaces.urlLower, searchText),
      ),
    );
  }
  const where = and(...conditions);
  const direction = sortOrder === 'ascend' ? asc : desc;

  const [{ total }] = await db.select({ total: count() }).from(interfaces).where(where);
  const rows =
    (current - 1) * pageSize < total
      ? await db
          .select(SUMMARY_COLUMNS)
          .from(interfaces)
          .where(where)
          .orderBy(direction(SORT_COLUMNS[sortField]), direction(interfaces.id))
          .limit(pageSize)
          .offset((current - 1) * pageSize)
      : [];
  return {
    records: (await shownReplacements(db, user, rows)).map(toSummary),
    total,
    current,
    size: pageSize,
    pages: Math.ceil(total / pageSize),
  };
}

export async function findRow(db: Queryable, id: Id, forUpdate = false): Promise<Row> {
  const query = db
    .select(PUBLIC_COLUMNS)
    .from(interfaces)
    .where(and(eq(interfaces.id, id), LIVE_INTERFACE));
  const [row] = await (forUpdate ? query.for('update') : query);
  if (!row) refuse(ResponseCode.NOT_FOUND, MESSAGES.interfaceNotFound);
  return row;
}

const interfaceById = (db: Db) =>
  db
    .select(PUBLIC_COLUMNS)
    .from(interfaces)
    .where(and(eq(interfaces.id, sql.placeholder('id')), LIVE_INTERFACE))
    .prepare('interface_by_id');

/** findRow on the hot path of calls (invoke, the gateway): a prepared statement, outside any transaction. */
export async function findInterface(db: Db, id: Id): Promise<Row> {
  const [row] = await prepared(db, 'interface_by_id', interfaceById).execute({ id });
  if (!row) refuse(ResponseCode.NOT_FOUND, MESSAGES.interfaceNotFound);
  return row;
}

/** `GET /api/interfaceInfo/get`. */
export async function getOne(db: Db, id: Id, user: SessionUser): Promise<InterfaceInfo> {
  const row = await findRow(db, id);
  hideOffline(row, user);
  const [shown] = await shownReplacements(db, user, [row]);
  return toInterfaceInfo(shown);
}

/** `POST /api/interfaceInfo/add`: a new interface starts offline; the answer is its id. */
export async function add(db: Db, input: NewInterface, admin: SessionUser, now: number): Promise<string> {
  const { fields: values, limits, lifecycle } = input;
  checkSunset(lifecycle, undefined, now);
  const time = toSecond(now);
  return db.transaction(async (tx) => {
    if (lifecycle.replacementId) await checkReplacement(tx, lifecycle.replacementId);
    const [row] = await tx
      .insert(interfaces)
      .values({
        ...values,
        ...limits,
        ...lifecycleColumns(lifecycle, false, time),
        ...(lowerCopies(values) as Required<ReturnType<typeof lowerCopies>>),
        nameRank: await rankFor(tx, values.name),
        status: INTERFACE_STATUS.OFFLINE,
        userId: admin.id,
        createTime: time,
        updateTime: time,
      })
      .returning({ id: interfaces.id });
    return row.id;
  });
}

/**
 * `POST /api/interfaceInfo/update`: changes the fields present (each checked),
 * and the update time. A new rate limit applies from the next call.
 */
export async function update(
  db: Db,
  change: InterfaceChange,
  now: number,
  callLog?: { flush(): Promise<void> },
): Promise<true> {
  const { fields: changes, lifecycle } = change;
  // Calls still waiting in the recorder are written first: a deprecation's notices name every recent caller.
  if (lifecycle.deprecated === true) await callLog?.flush();
  return db.transaction(async (tx) => {
    // FOR UPDATE: a delete in between waits, so an update never writes to a row just deleted.
    const row = await findRow(tx, change.id, true);
    // The limits left out are the stored ones, so a burst is held to the limit it will stand beside.
    const limits = parseInterfaceLimits(change.limits, row);
    if (!limits.ok) refuse(ResponseCode.PARAMS_ERROR, limits.message);
    checkSunset(lifecycle, row, now);
    if (lifecycle.replacementId) await checkReplacement(tx, lifecycle.replacementId);
    const renamed = changes.name !== undefined && changes.name !== row.name;
    await tx
      .update(interfaces)
      .set({
        ...changes,
        ...limits.value,
        ...lowerCopies(changes),
        ...(renamed ? { nameRank: await rankFor(tx, changes.name!, row.id) } : {}),
        ...lifecycleColumns(lifecycle, row.deprecated, toSecond(now)),
        updateTime: toSecond(now),
      })
      .where(eq(interfaces.id, row.id));
    if (lifecycle.deprecated && !row.deprecated) {
      await recordNotices(
        tx,
        row.id,
        {
          sunsetDate: lifecycle.sunsetDate !== undefined ? lifecycle.sunsetDate : row.sunsetDate,
          replacementId: lifecycle.replacementId !== undefined ? lifecycle.replacementId : row.replacementId,
        },
        now,
      );
    }
    return true as const;
  });
}

/**
 * `POST /api/interfaceInfo/delete`: a soft delete. The row stays, marked, so
 * the analysis keeps its calls under its name; a second delete finds nothing.
 */
export async function remove(db: Db, id: Id, now: number): Promise<true> {
  const deleted = await db
    .update(interfaces)
    .set({ deletedAt: new Date(now) })
    .where(and(eq(interfaces.id, id), LIVE_INTERFACE))
    .returning({ id: interfaces.id });
  if (deleted.length === 0) refuse(ResponseCode.NOT_FOUND, MESSAGES.interfaceNotFound);
  return true;
}

/** `POST /api/interfaceInfo/online` and `offline`: only the status changes. */
export async function setStatus(db: Db, id: Id, status: InterfaceStatus): Promise<true> {
  const changed = await db
    .update(interfaces)
    .set({ status })
    .where(and(eq(interfaces.id, id), LIVE_INTERFACE))
    .returning({ id: interfaces.id });
  if (changed.length === 0) refuse(ResponseCode.NOT_FOUND, MESSAGES.interfaceNotFound);
  return true;
}

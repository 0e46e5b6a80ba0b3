import { and, asc, count, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Column, SQL } from 'drizzle-orm';
import { INTERFACE_STATUS, ResponseCode } from '@agler/contract/constants';
import type { InterfaceStatus, ResponseCodeValue } from '@agler/contract/constants';
import { formatTime } from '@agler/contract/dates';
import { parseId } from '@agler/contract/ids';
import type { Id } from '@agler/contract/ids';
import { INTERFACE_FIELDS, validateInterface } from '@agler/contract/interfaceValidation';
import { parseLifecycle } from '@agler/contract/lifecycle';
import type { InterfaceField } from '@agler/contract/interfaceValidation';
import { JsonDepthError, parseJsonExact } from '@agler/contract/json';
import { MESSAGES, TEXT_MESSAGES } from '@agler/contract/messages';
import { parseListQuery } from '@agler/contract/queries';
import { parseInterfaceLimits } from '@agler/contract/rateLimit';
import type { Query } from '@agler/contract/queries';
import { textFault } from '@agler/contract/text';
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

/** Field values as stored: names and URLs without surrounding whitespace, absent texts empty. */
function storedValue(field: InterfaceField, value: unknown): string {
  const text = typeof value === 'string' ? value : '';
  return field === 'name' || field === 'url' ? text.trim() : text;
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
  refusal: { code: ResponseCodeValue; message: string } = {
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
export async function listPage(db: Db, query: Query, user: SessionUser): Promise<Page<InterfaceSummary>> {
  const parsed = parseListQuery(query);
  if (!parsed.ok) refuse(ResponseCode.PARAMS_ERROR, parsed.message);
  const { current, pageSize, sortField, sortOrder, method, status, name, description, url, searchText } =
    parsed.value;

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

export async function findRow(db: Queryable, rawId: unknown, forUpdate = false): Promise<Row> {
  const id = parseId(rawId);
  if (!id) refuse(ResponseCode.PARAMS_ERROR, MESSAGES.badId);
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
export async function findInterface(db: Db, rawId: unknown): Promise<Row> {
  const id = parseId(rawId);
  if (!id) refuse(ResponseCode.PARAMS_ERROR, MESSAGES.badId);
  const [row] = await prepared(db, 'interface_by_id', interfaceById).execute({ id });
  if (!row) refuse(ResponseCode.NOT_FOUND, MESSAGES.interfaceNotFound);
  return row;
}

/** `GET /api/interfaceInfo/get`. */
export async function getOne(db: Db, query: Query, user: SessionUser): Promise<InterfaceInfo> {
  const row = await findRow(db, query.id);
  hideOffline(row, user);
  const [shown] = await shownReplacements(db, user, [row]);
  return toInterfaceInfo(shown);
}

/** `POST /api/interfaceInfo/add`: a new interface starts offline; the answer is its id. */
export async function add(
  db: Db,
  body: Record<string, unknown>,
  admin: SessionUser,
  now: number,
): Promise<string> {
  const error = validateInterface(body);
  if (error) refuse(ResponseCode.PARAMS_ERROR, error.message);
  const limits = parseInterfaceLimits(body);
  if (!limits.ok) refuse(ResponseCode.PARAMS_ERROR, limits.message);
  const lifecycle = parseLifecycle(body);
  if (!lifecycle.ok) refuse(ResponseCode.PARAMS_ERROR, lifecycle.message);
  checkSunset(lifecycle.value, undefined, now);
  const values = Object.fromEntries(
    INTERFACE_FIELDS.map((field) => [field, storedValue(field, body[field])]),
  ) as Record<InterfaceField, string>;
  const time = toSecond(now);
  return db.transaction(async (tx) => {
    if (lifecycle.value.replacementId) await checkReplacement(tx, lifecycle.value.replacementId);
    const [row] = await tx
      .insert(interfaces)
      .values({
        ...values,
        ...limits.value,
        ...lifecycleColumns(lifecycle.value, false, time),
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
  body: Record<string, unknown>,
  now: number,
  callLog?: { flush(): Promise<void> },
): Promise<true> {
  // Calls still waiting in the recorder are written first: a deprecation's notices name every recent caller.
  if (body.deprecated === true) await callLog?.flush();
  return db.transaction(async (tx) => {
    // FOR UPDATE: a delete in between waits, so an update never writes to a row just deleted.
    const row = await findRow(tx, body.id, true);
    const error = validateInterface(body, { partial: true });
    if (error) refuse(ResponseCode.PARAMS_ERROR, error.message);
    const limits = parseInterfaceLimits(body, row);
    if (!limits.ok) refuse(ResponseCode.PARAMS_ERROR, limits.message);
    const lifecycle = parseLifecycle(body, row.id);
    if (!lifecycle.ok) refuse(ResponseCode.PARAMS_ERROR, lifecycle.message);
    checkSunset(lifecycle.value, row, now);
    if (lifecycle.value.replacementId) await checkReplacement(tx, lifecycle.value.replacementId);
    const changes: Partial<Record<InterfaceField, string>> = {};
    for (const field of INTERFACE_FIELDS) {
      if (body[field] !== undefined) changes[field] = storedValue(field, body[field]);
    }
    const renamed = changes.name !== undefined && changes.name !== row.name;
    await tx
      .update(interfaces)
      .set({
        ...changes,
        ...limits.value,
        ...lowerCopies(changes),
        ...(renamed ? { nameRank: await rankFor(tx, changes.name!, row.id) } : {}),
        ...lifecycleColumns(lifecycle.value, row.deprecated, toSecond(now)),
        updateTime: toSecond(now),
      })
      .where(eq(interfaces.id, row.id));
    if (lifecycle.value.deprecated && !row.deprecated) {
      await recordNotices(
        tx,
        row.id,
        {
          sunsetDate: lifecycle.value.sunsetDate !== undefined ? lifecycle.value.sunsetDate : row.sunsetDate,
          replacementId:
            lifecycle.value.replacementId !== undefined ? lifecycle.value.replacementId : row.replacementId,
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
export async function remove(db: Db, body: Record<string, unknown>, now: number): Promise<true> {
  const id = parseId(body.id);
  if (!id) refuse(ResponseCode.PARAMS_ERROR, MESSAGES.badId);
  const deleted = await db
    .update(interfaces)
    .set({ deletedAt: new Date(now) })
    .where(and(eq(interfaces.id, id), LIVE_INTERFACE))
    .returning({ id: interfaces.id });
  if (deleted.length === 0) refuse(ResponseCode.NOT_FOUND, MESSAGES.interfaceNotFound);
  return true;
}

/** `POST /api/interfaceInfo/online` and `offline`: only the status changes. */
export async function setStatus(
  db: Db,
  body: Record<string, unknown>,
  status: InterfaceStatus,
): Promise<true> {
  const id = parseId(body.id);
  if (!id) refuse(ResponseCode.PARAMS_ERROR, MESSAGES.badId);
  const changed = await db
    .update(interfaces)
    .set({ status })
    .where(and(eq(interfaces.id, id), LIVE_INTERFACE))
    .returning({ id: interfaces.id });
  if (changed.length === 0) refuse(ResponseCode.NOT_FOUND, MESSAGES.interfaceNotFound);
  return true;
}

/** The parameters of a call: a JSON text, empty meaning none. */
export function readParams(raw: unknown): unknown {
  if (raw === undefined || raw === null) return {};
  if (typeof raw !== 'string') refuse(ResponseCode.PARAMS_ERROR, MESSAGES.paramsNotText);
  // The call log keeps the text; JSON may span lines.
  const fault = textFault(raw, { lineBreaks: true, directionMarks: true });
  if (fault) refuse(ResponseCode.PARAMS_ERROR, TEXT_MESSAGES.param('userRequestParams', fault));
  if (!raw.trim()) return {};
  try {
    return parseJsonExact(raw);
  } catch (error) {
    refuse(
      ResponseCode.PARAMS_ERROR,
      error instanceof JsonDepthError ? MESSAGES.paramsTooDeep : MESSAGES.paramsNotJson,
    );
  }
}

import { HTTP_METHODS, INTERFACE_STATUS, MAX_RANGE_DAYS, PAGE_SIZE_MAX, SORT_FIELDS, SORT_ORDERS, TOP_INVOKE_LIMIT } from './constants';
import type { HttpMethod, InterfaceStatus, SortField, SortOrder } from './constants';
import { DAY_MS, formatDate, parseDate, startOfDay } from './dates';
import { parseId } from './ids';
import type { Id } from './ids';
import { MESSAGES } from './messages';

/**
 * The query parameters of the read endpoints, read the same way by the mocks
 * and the server: a value is one text (repeated keys are refused), defaults
 * are the contract's, and every refusal names the parameter.
 */

/** Whole local days; `endMs` is the midnight after the last day. */
export type DayRange = {
  startDate: string;
  endDate: string;
  startMs: number;
  endMs: number;
  days: number;
};

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

/** A span of time: `startMs` inclusive, `endMs` exclusive. */
export type TimeWindow = { startMs: number; endMs: number };

export type Query = Record<string, unknown>;

/** A range of `days` whole days ending with the day that holds `now`. */
export function lastDays(days: number, now: number): DayRange {
  const endMs = startOfDay(now, 1);
  const startMs = startOfDay(now, 1 - days);
  return { startDate: formatDate(startMs), endDate: formatDate(now), startMs, endMs, days };
}

/** The range from one `yyyy-MM-dd` to another, both included (already valid texts). */
export function dayRange(startDate: string, endDate: string): DayRange {
  const startMs = parseDate(startDate);
  const lastMs = parseDate(endDate);
  if (startMs === undefined || lastMs === undefined)
    throw new Error(`invalid range ${startDate}..${endDate}`);
  const endMs = startOfDay(lastMs, 1);
  return { startDate, endDate, startMs, endMs, days: Math.round((endMs - startMs) / DAY_MS) };
}

function readDate(query: Query, name: string): Parsed<number | undefined> {
  const raw = query[name];
  if (raw === undefined || raw === '') return { ok: true, value: undefined };
  const ms = parseDate(raw);
  return ms === undefined
    ? { ok: false, message: MESSAGES.dateInvalid(name) }
    : { ok: true, value: ms };
}

function readDates(query: Query): Parsed<{ start?: number; end?: number }> {
  const start = readDate(query, 'startDate');
  if (!start.ok) return start;
  const end = readDate(query, 'endDate');
  if (!end.ok) return end;
  return { ok: true, value: { start: start.value, end: end.value } };
}

function rangeOf(start: number, end: number): Parsed<DayRange> {
  if (start > end) return { ok: false, message: MESSAGES.dateOrder };
  const range = dayRange(formatDate(start), formatDate(end));
  if (range.days > MAX_RANGE_DAYS) return { ok: false, message: MESSAGES.rangeTooLong };
  return { ok: true, value: range };
}

/** `startDate` and `endDate` of the overview: both required, at most MAX_RANGE_DAYS days. */
export function parseOverviewQuery(query: Query): Parsed<DayRange> {
  const dates = readDates(query);
  if (!dates.ok) return dates;
  const { start, end } = dates.value;
  if (start === undefined) return { ok: false, message: MESSAGES.dateRequired('startDate') };
  if (end === undefined) return { ok: false, message: MESSAGES.dateRequired('endDate') };
  return rangeOf(start, end);
}

/**
 * `interfaceInfoId`, `startDate` and `endDate` of an interface's callers: the
 * id first (a positive 64-bit integer), then the overview's range rules.
 */
export function parseCallersQuery(query: Query): Parsed<{ interfaceInfoId: Id; range: DayRange }> {
  const interfaceInfoId = parseId(query.interfaceInfoId);
  if (interfaceInfoId === undefined) return { ok: false, message: MESSAGES.idParamInvalid('interfaceInfoId') };
  const range = parseOverviewQuery(query);
  if (!range.ok) return range;
  return { ok: true, value: { interfaceInfoId, range: range.value } };
}

/** `limit` of the top list: absent means the contract's default. */
export function parseLimit(raw: unknown): Parsed<number> {
  if (raw === undefined || raw === '') return { ok: true, value: TOP_INVOKE_LIMIT.default };
  const text = typeof raw === 'number' ? String(raw) : raw;
  if (typeof text !== 'string' || !/^\d{1,3}$/.test(text))
    return { ok: false, message: MESSAGES.limitInvalid };
  const limit = Number(text);
  if (limit < 1 || limit > TOP_INVOKE_LIMIT.max) return { ok: false, message: MESSAGES.limitInvalid };
  return { ok: true, value: limit };
}

/**
 * `limit`, `startDate` and `endDate` of the top list. Without `startDate` it
 * counts all history (the contract's original form), without `endDate` up to
 * today.
 */
export function parseTopQuery(query: Query, now: number): Parsed<{ limit: number; window: TimeWindow }> {
  const limit = parseLimit(query.limit);
  if (!limit.ok) return limit;
  const dates = readDates(query);
  if (!dates.ok) return dates;
  const end = dates.value.end ?? startOfDay(now);
  if (dates.value.start === undefined) {
    return {
      ok: true,
      value: { limit: limit.value, window: { startMs: -Infinity, endMs: startOfDay(end, 1) } },
    };
  }
  const range = rangeOf(dates.value.start, end);
  if (!range.ok) return range;
  return { ok: true, value: { limit: limit.value, window: range.value } };
}

// ---------------------------------------------------------------- the catalogue's list

export type ListQuery = {
  current: number;
  pageSize: number;
  sortField: SortField;
  sortOrder: SortOrder;
  /** Filters: lower-cased, trimmed, absent when empty. */
  name?: string;
  description?: string;
  url?: string;
  searchText?: string;
  method?: HttpMethod;
  status?: InterfaceStatus;
};

const LIST_KEYS = ['current', 'pageSize', 'sortField', 'sortOrder', 'name', 'description', 'url', 'method', 'status', 'searchText'] as const;

function positiveInt(text: string | undefined, fallback: number): number | undefined {
  if (text === undefined || text === '') return fallback;
  return /^\d{1,9}$/.test(text) ? Number(text) : undefined;
}

const filterText = (text: string | undefined) => text?.trim().toLowerCase() || undefined;

/** `GET /api/interfaceInfo/list/page`'s query. Without sortField: newest first; with it: ascending unless told. */
export function parseListQuery(query: Query): Parsed<ListQuery> {
  const texts: Partial<Record<(typeof LIST_KEYS)[number], string>> = {};
  for (const key of LIST_KEYS) {
    const value = query[key];
    if (value === undefined) continue;
    if (typeof value === 'number') texts[key] = String(value);
    else if (typeof value === 'string') texts[key] = value;
    else return { ok: false, message: MESSAGES.notText(key) };
  }
  const current = positiveInt(texts.current, 1);
  if (current === undefined || current < 1) return { ok: false, message: MESSAGES.badCurrent };
  const pageSize = positiveInt(texts.pageSize, 10);
  if (pageSize === undefined || pageSize < 1 || pageSize > PAGE_SIZE_MAX) return { ok: false, message: MESSAGES.badPageSize };
  const sortField = (texts.sortField || 'createTime') as SortField;
  if (!SORT_FIELDS.includes(sortField)) return { ok: false, message: MESSAGES.badSortField };
  const sortOrder = (texts.sortOrder || (texts.sortField ? 'ascend' : 'descend')) as SortOrder;
  if (!SORT_ORDERS.includes(sortOrder)) return { ok: false, message: MESSAGES.badSortOrder };
  const method = texts.method ? (texts.method.toUpperCase() as HttpMethod) : undefined;
  if (method && !HTTP_METHODS.includes(method)) return { ok: false, message: MESSAGES.badMethod };
  let status: InterfaceStatus | undefined;
  if (texts.status) {
    const value = Number(texts.status);
    if (value !== INTERFACE_STATUS.ONLINE && value !== INTERFACE_STATUS.OFFLINE) return { ok: false, message: MESSAGES.badStatus };
    status = value;
  }
  return {
    ok: true,
    value: {
      current,
      pageSize,
      sortField,
      sortOrder,
      name: filterText(texts.name),
      description: filterText(texts.description),
      url: filterText(texts.url),
      searchText: filterText(texts.searchText),
      method,
      status,
    },
  };
}

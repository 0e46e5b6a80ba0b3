import {
  HTTP_METHODS,
  INTERFACE_STATUS,
  MAX_RANGE_DAYS,
  PAGE_SIZE_MAX,
  SORT_FIELDS,
  SORT_ORDERS,
  TOP_INVOKE_LIMIT,
  USAGE_PAGE_SIZE,
  USAGE_SORT_FIELDS,
} from './constants';
import type { HttpMethod, InterfaceStatus, SortField, SortOrder, UsageSortField } from './constants';
import { DAY_MS, formatDate, parseDate, startOfDay } from './dates';
import { parseId } from './ids';
import type { Id } from './ids';
import type { Message } from './messageKeys';
import { MESSAGES, TEXT_MESSAGES } from './messages';
import { textFault } from './text';

/**
 * The query parameters of the read endpoints: a value is one text (repeated
 * keys are refused) that
 * passes contract/text.ts textFault, defaults are the contract's, and every
 * refusal names the parameter. Each parser takes the query as it arrives
 * (unknown), so a route reads its input through one without a cast.
 */

/** Whole local days; `endMs` is the midnight after the last day. */
export type DayRange = {
  startDate: string;
  endDate: string;
  startMs: number;
  endMs: number;
  days: number;
};

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: Message };

/** A span of time: `startMs` inclusive, `endMs` exclusive. */
export type TimeWindow = { startMs: number; endMs: number };

export type Query = Record<string, unknown>;

const isQuery = (input: unknown): input is Query =>
  typeof input === 'object' && input !== null && !Array.isArray(input);

/** A request's query parameters as a record; anything else holds none. */
export const queryOf = (input: unknown): Query => (isQuery(input) ? input : {});

/** A search is never shown or stored, and may look for the line breaks a description holds. */
const SEARCH_ALLOWS = { lineBreaks: true, directionMarks: true } as const;

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
  return ms === undefined ? { ok: false, message: MESSAGES.dateInvalid(name) } : { ok: true, value: ms };
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
export function parseOverviewQuery(input: unknown): Parsed<DayRange> {
  const query = queryOf(input);
  const dates = readDates(query);
  if (!dates.ok) return dates;
  const { start, end } = dates.value;
  if (start === undefined) return { ok: false, message: MESSAGES.dateRequired('startDate') };
  if (end === undefined) return { ok: false, message: MESSAGES.dateRequired('endDate') };
  return rangeOf(start, end);
}

/**
 * The texts of `keys` in `query`: a value that is neither a text nor a
 * number, or a text that fails textFault, is refused, naming its key.
 */
export function textsOf<K extends string>(
  query: Query,
  keys: readonly K[],
): Parsed<Partial<Record<K, string>>> {
  const texts: Partial<Record<K, string>> = {};
  for (const key of keys) {
    const value = query[key];
    if (value === undefined) continue;
    if (typeof value === 'number') texts[key] = String(value);
    else if (typeof value !== 'string') return { ok: false, message: MESSAGES.notText(key) };
    else {
      const fault = textFault(value, SEARCH_ALLOWS);
      if (fault) return { ok: false, message: TEXT_MESSAGES.param(key, fault) };
      texts[key] = value;
    }
  }
  return { ok: true, value: texts };
}

function positiveInt(text: string | undefined, fallback: number): number | undefined {
  if (text === undefined || text === '') return fallback;
  return /^\d{1,9}$/.test(text) ? Number(text) : undefined;
}

/** A filter as the lists compare it: lower-cased and trimmed, absent when empty. */
const filterText = (text: string | undefined) => text?.trim().toLowerCase() || undefined;

/** A page size of the usage table, 1 to USAGE_PAGE_SIZE.max; `fallback` when absent. */
function usagePageSize<T>(text: string | undefined, fallback: T): Parsed<number | T> {
  if (text === undefined || text === '') return { ok: true, value: fallback };
  const pageSize = positiveInt(text, 0);
  return pageSize === undefined || pageSize < 1 || pageSize > USAGE_PAGE_SIZE.max
    ? { ok: false, message: MESSAGES.badUsagePageSize }
    : { ok: true, value: pageSize };
}

/** The overview's query: its range, and `pageSize` when its usage table is to hold only the first rows. */
export type OverviewQuery = { range: DayRange; pageSize?: number };

/** `GET /api/analysis/overview`'s query: the range (parseOverviewQuery), then the optional `pageSize`. */
export function parseOverviewRequest(input: unknown): Parsed<OverviewQuery> {
  const query = queryOf(input);
  const range = parseOverviewQuery(query);
  if (!range.ok) return range;
  const texts = textsOf(query, ['pageSize'] as const);
  if (!texts.ok) return texts;
  const pageSize = usagePageSize(texts.value.pageSize, undefined);
  if (!pageSize.ok) return pageSize;
  return { ok: true, value: { range: range.value, pageSize: pageSize.value } };
}

/** One page of the usage table: which rows, in which order. */
export type UsageQuery = {
  range: DayRange;
  current: number;
  pageSize: number;
  sortField: UsageSortField;
  sortOrder: SortOrder;
  /** Keeps the names that hold it: lower-cased, trimmed, absent when empty. */
  searchText?: string;
};

const USAGE_KEYS = ['current', 'pageSize', 'sortField', 'sortOrder', 'searchText'] as const;

/**
 * `GET /api/analysis/interfaces`' query: the overview's range rules, then the
 * page. Without sortField most called first; with it ascending unless told.
 */
export function parseUsageQuery(input: unknown): Parsed<UsageQuery> {
  const query = queryOf(input);
  const range = parseOverviewQuery(query);
  if (!range.ok) return range;
  const parsed = textsOf(query, USAGE_KEYS);
  if (!parsed.ok) return parsed;
  const texts = parsed.value;
  const current = positiveInt(texts.current, 1);
  if (current === undefined || current < 1) return { ok: false, message: MESSAGES.badCurrent };
  const pageSize = usagePageSize(texts.pageSize, USAGE_PAGE_SIZE.default);
  if (!pageSize.ok) return pageSize;
  const sortField = (texts.sortField || 'calls') as UsageSortField;
  if (!USAGE_SORT_FIELDS.includes(sortField)) return { ok: false, message: MESSAGES.badUsageSortField };
  const sortOrder = (texts.sortOrder || (texts.sortField ? 'ascend' : 'descend')) as SortOrder;
  if (!SORT_ORDERS.includes(sortOrder)) return { ok: false, message: MESSAGES.badSortOrder };
  return {
    ok: true,
    value: {
      range: range.value,
      current,
      pageSize: pageSize.value,
      sortField,
      sortOrder,
      searchText: filterText(texts.searchText),
    },
  };
}

/**
 * `interfaceInfoId`, `startDate` and `endDate` of an interface's callers: the
 * id first (a positive 64-bit integer), then the overview's range rules.
 */
export function parseCallersQuery(input: unknown): Parsed<{ interfaceInfoId: Id; range: DayRange }> {
  const query = queryOf(input);
  const interfaceInfoId = parseId(query.interfaceInfoId);
  if (interfaceInfoId === undefined)
    return { ok: false, message: MESSAGES.idParamInvalid('interfaceInfoId') };
  const range = parseOverviewQuery(query);
  if (!range.ok) return range;
  return { ok: true, value: { interfaceInfoId, range: range.value } };
}

/** An id parameter (`id`, `userId`): a positive 64-bit integer. */
export function parseIdParam(input: unknown, name: string): Parsed<Id> {
  const id = parseId(queryOf(input)[name]);
  return id === undefined ? { ok: false, message: MESSAGES.badId } : { ok: true, value: id };
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
export function parseTopQuery(input: unknown, now: number): Parsed<{ limit: number; window: TimeWindow }> {
  const query = queryOf(input);
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

const LIST_KEYS = [
  'current',
  'pageSize',
  'sortField',
  'sortOrder',
  'name',
  'description',
  'url',
  'method',
  'status',
  'searchText',
] as const;

/** `GET /api/interfaceInfo/list/page`'s query. Without sortField: newest first; with it: ascending unless told. */
export function parseListQuery(input: unknown): Parsed<ListQuery> {
  const query = queryOf(input);
  const parsed = textsOf(query, LIST_KEYS);
  if (!parsed.ok) return parsed;
  const texts = parsed.value;
  const current = positiveInt(texts.current, 1);
  if (current === undefined || current < 1) return { ok: false, message: MESSAGES.badCurrent };
  const pageSize = positiveInt(texts.pageSize, 10);
  if (pageSize === undefined || pageSize < 1 || pageSize > PAGE_SIZE_MAX)
    return { ok: false, message: MESSAGES.badPageSize };
  const sortField = (texts.sortField || 'createTime') as SortField;
  if (!SORT_FIELDS.includes(sortField)) return { ok: false, message: MESSAGES.badSortField };
  const sortOrder = (texts.sortOrder || (texts.sortField ? 'ascend' : 'descend')) as SortOrder;
  if (!SORT_ORDERS.includes(sortOrder)) return { ok: false, message: MESSAGES.badSortOrder };
  const method = texts.method ? (texts.method.toUpperCase() as HttpMethod) : undefined;
  if (method && !HTTP_METHODS.includes(method)) return { ok: false, message: MESSAGES.badMethod };
  let status: InterfaceStatus | undefined;
  if (texts.status) {
    const value = Number(texts.status);
    if (value !== INTERFACE_STATUS.ONLINE && value !== INTERFACE_STATUS.OFFLINE)
      return { ok: false, message: MESSAGES.badStatus };
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

import { CALL_LOG_PAGE_SIZE } from './constants';
import { formatDate, startOfDay } from './dates';
import { parseId } from './ids';
import type { Id } from './ids';
import type { Message } from './messageKeys';
import { MESSAGES } from './messages';
import { parseOverviewQuery, queryOf, textsOf } from './queries';
import type { DayRange, Parsed, Query } from './queries';

/**
 * 我的用量: a user's own calls per day, their last calls and how fast each
 * quota is used. The server answers with these rules and the console reads
 * its answers with them; an admin may name any user (`userId`), a user only
 * themself.
 */

/** The status classes the call log filters by: an HTTP status's hundred, or `none` (no answer). */
export const CALL_STATUS_FILTERS = ['2xx', '4xx', '5xx', 'none'] as const;
export type CallStatusFilter = (typeof CALL_STATUS_FILTERS)[number];

/** The burn rate is the average of this many days, up to and including today. */
export const BURN_WINDOW_DAYS = 7;

/** Whose usage, and of which key: both optional. */
type Subject = { userId?: Id; keyId?: Id };

export type DailyUsageQuery = Subject & { range: DayRange; interfaceInfoId?: Id };
export type UsageSummaryQuery = Pick<Subject, 'userId'> & { range: DayRange };
export type CallLogQuery = Subject & {
  current: number;
  pageSize: number;
  interfaceInfoId?: Id;
  status?: CallStatusFilter;
};

/** An optional id parameter: absent or empty is none; anything else must be a positive 64-bit integer. */
function optionalId(query: Query, name: string, message: Message): Parsed<Id | undefined> {
  const raw = query[name];
  if (raw === undefined || raw === '') return { ok: true, value: undefined };
  const id = parseId(raw);
  return id === undefined ? { ok: false, message } : { ok: true, value: id };
}

/** `userId` and `keyId`, each optional. */
function subjectOf(query: Query): Parsed<Subject> {
  const userId = optionalId(query, 'userId', MESSAGES.userIdInvalid);
  if (!userId.ok) return userId;
  const keyId = optionalId(query, 'keyId', MESSAGES.keyIdInvalid);
  if (!keyId.ok) return keyId;
  return { ok: true, value: { userId: userId.value, keyId: keyId.value } };
}

/** `GET /api/user/usage/daily`: the range (both days required, as the analysis), then the optional filters. */
export function parseDailyUsageQuery(input: unknown): Parsed<DailyUsageQuery> {
  const query = queryOf(input);
  const range = parseOverviewQuery(query);
  if (!range.ok) return range;
  const interfaceInfoId = optionalId(query, 'interfaceInfoId', MESSAGES.idParamInvalid('interfaceInfoId'));
  if (!interfaceInfoId.ok) return interfaceInfoId;
  const subject = subjectOf(query);
  if (!subject.ok) return subject;
  return {
    ok: true,
    value: { range: range.value, interfaceInfoId: interfaceInfoId.value, ...subject.value },
  };
}

/** `GET /api/user/usage/summary`: the range, and whose. */
export function parseUsageSummaryQuery(input: unknown): Parsed<UsageSummaryQuery> {
  const query = queryOf(input);
  const range = parseOverviewQuery(query);
  if (!range.ok) return range;
  const userId = optionalId(query, 'userId', MESSAGES.userIdInvalid);
  if (!userId.ok) return userId;
  return { ok: true, value: { range: range.value, userId: userId.value } };
}

function pageNumber(text: string | undefined, fallback: number): number | undefined {
  if (text === undefined || text === '') return fallback;
  return /^\d{1,9}$/.test(text) ? Number(text) : undefined;
}

/** `GET /api/user/calls`: a page of the last CALL_LOG_LIMIT calls, newest first, with its filters. */
export function parseCallLogQuery(input: unknown): Parsed<CallLogQuery> {
  const query = queryOf(input);
  const texts = textsOf(query, ['current', 'pageSize', 'status'] as const);
  if (!texts.ok) return texts;
  const current = pageNumber(texts.value.current, 1);
  if (current === undefined || current < 1) return { ok: false, message: MESSAGES.badCurrent };
  const pageSize = pageNumber(texts.value.pageSize, CALL_LOG_PAGE_SIZE.default);
  if (pageSize === undefined || pageSize < 1 || pageSize > CALL_LOG_PAGE_SIZE.max)
    return { ok: false, message: MESSAGES.badCallPageSize };
  const statusText = texts.value.status || undefined;
  if (statusText !== undefined && !(CALL_STATUS_FILTERS as readonly string[]).includes(statusText))
    return { ok: false, message: MESSAGES.badCallStatus };
  const interfaceInfoId = optionalId(query, 'interfaceInfoId', MESSAGES.idParamInvalid('interfaceInfoId'));
  if (!interfaceInfoId.ok) return interfaceInfoId;
  const subject = subjectOf(query);
  if (!subject.ok) return subject;
  return {
    ok: true,
    value: {
      current,
      pageSize,
      interfaceInfoId: interfaceInfoId.value,
      status: statusText as CallStatusFilter | undefined,
      ...subject.value,
    },
  };
}

/** How fast a quota goes: calls per day, and the day it runs out at that pace (null: it does not). */
export type Burn = { burnPerDay: number; runsOutOn: string | null };

/**
 * The burn rate of a quota with `leftNum` left, from `recentCalls` made in the
 * BURN_WINDOW_DAYS days up to today: their daily average (to a tenth), and
 * the first day whose end would see it used up. A quota already used up runs
 * out today; one with no recent calls never does.
 */
export function burnOf(leftNum: number, recentCalls: number, now: number): Burn {
  const burnPerDay = Math.round((recentCalls / BURN_WINDOW_DAYS) * 10) / 10;
  if (leftNum <= 0) return { burnPerDay, runsOutOn: formatDate(now) };
  if (recentCalls <= 0) return { burnPerDay, runsOutOn: null };
  const days = Math.ceil((leftNum * BURN_WINDOW_DAYS) / recentCalls);
  return { burnPerDay, runsOutOn: formatDate(startOfDay(now, days - 1)) };
}

import { compareIds } from './ids';
import type { Id } from './ids';
import type { CallerUsage, InterfaceCallers, StatusClasses } from './types';

/**
 * An interface's callers and its calls by HTTP status class, as the mocks and
 * the server answer them (`GET /api/analysis/interface/callers`): both count
 * the calls per user and per (status, success), and finish with the functions
 * here, so they rank and classify alike.
 */

/** How many callers the answer lists. */
export const CALLERS_LIMIT = 10;

export type StatusClass = keyof StatusClasses;

/** The classes in the order a reader goes through them. */
export const STATUS_CLASSES: readonly StatusClass[] = ['2xx', '3xx', '4xx', '5xx', 'other', 'noAnswer', 'unrecorded'];

/**
 * The class of a recorded call: its HTTP status's hundred; without a status,
 * `noAnswer` when it failed (asked, never answered) and `unrecorded` when it
 * succeeded (history from before statuses were recorded).
 */
export function statusClassOf(status: number | null | undefined, success: boolean): StatusClass {
  if (status === null || status === undefined) return success ? 'unrecorded' : 'noAnswer';
  if (status >= 200 && status < 300) return '2xx';
  if (status >= 300 && status < 400) return '3xx';
  if (status >= 400 && status < 500) return '4xx';
  if (status >= 500 && status < 600) return '5xx';
  return 'other';
}

/** Every class at zero. */
export function emptyStatusClasses(): StatusClasses {
  return { '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0, other: 0, noAnswer: 0, unrecorded: 0 };
}

/** Counts of calls per (status, success), summed into classes. */
export function statusClassesOf(
  groups: Iterable<{ status: number | null | undefined; success: boolean; calls: number }>,
): StatusClasses {
  const classes = emptyStatusClasses();
  for (const { status, success, calls } of groups) classes[statusClassOf(status, success)] += calls;
  return classes;
}

export type CallerCount = { userId: Id; calls: number; errors: number };

/** The `limit` callers with the most calls, most first; ties go to the smaller user id. */
export function topCallers(counts: readonly CallerCount[], limit: number = CALLERS_LIMIT): CallerCount[] {
  return [...counts].sort((a, b) => b.calls - a.calls || compareIds(a.userId, b.userId)).slice(0, limit);
}

/** A caller as answered, with the names the user has (empty when the user is unknown). */
export function callerUsageOf(
  count: CallerCount,
  user: { userAccount: string; userName: string } | undefined,
): CallerUsage {
  return {
    userId: count.userId,
    userAccount: user?.userAccount ?? '',
    userName: user?.userName ?? '',
    calls: count.calls,
    errors: count.errors,
  };
}

/**
 * The answer for one interface and range: every caller's counts, the calls per (status, success),
 * and the names of the users (asked for the top callers only).
 */
export function interfaceCallersOf(
  interfaceInfoId: Id,
  range: { startDate: string; endDate: string },
  counts: readonly CallerCount[],
  statuses: Iterable<{ status: number | null | undefined; success: boolean; calls: number }>,
  userOf: (userId: Id) => { userAccount: string; userName: string } | undefined,
): InterfaceCallers {
  let totalCalls = 0;
  let errorCalls = 0;
  for (const count of counts) {
    totalCalls += count.calls;
    errorCalls += count.errors;
  }
  return {
    interfaceInfoId,
    startDate: range.startDate,
    endDate: range.endDate,
    totalCalls,
    errorCalls,
    callerCount: counts.length,
    callers: topCallers(counts).map((count) => callerUsageOf(count, userOf(count.userId))),
    statusClasses: statusClassesOf(statuses),
  };
}

import dayjs from 'dayjs';
import type { Dayjs } from 'dayjs';
import { MAX_RANGE_DAYS } from '@agler/contract/constants';
import { DATE_FORMAT, parseDate } from '@agler/contract/dates';

/**
 * The page's state in the URL query, so a view can be shared, reloaded and
 * left with the back button: `?range=7|30|90` (the last days, today
 * included) or `?start=YYYY-MM-DD&end=YYYY-MM-DD`, `top=3|5|10|20`, and
 * `caller=<interface id>` while an interface's callers are open.
 */

export const PRESET_DAYS = [7, 30, 90] as const;
export type PresetDays = (typeof PRESET_DAYS)[number];
export const DEFAULT_PRESET: PresetDays = 30;

export const TOP_LIMITS = [3, 5, 10, 20] as const;
export type TopLimit = (typeof TOP_LIMITS)[number];
export const DEFAULT_TOP_LIMIT: TopLimit = 5;

export const RANGE_QUERY_KEYS = { range: 'range', start: 'start', end: 'end', top: 'top', caller: 'caller' } as const;

export type AnalysisRange =
  | { kind: 'preset'; days: PresetDays; startDate: string; endDate: string }
  | { kind: 'custom'; startDate: string; endDate: string };

export function presetRange(days: PresetDays, today: Dayjs = dayjs()): AnalysisRange {
  return {
    kind: 'preset',
    days,
    startDate: today.subtract(days - 1, 'day').format(DATE_FORMAT),
    endDate: today.format(DATE_FORMAT),
  };
}

/** A day from the address, read by the contract's parser: what the server would refuse is no day. */
function parseDay(text: string | null): Dayjs | undefined {
  const ms = parseDate(text);
  return ms === undefined ? undefined : dayjs(ms);
}

/** Whole days from `start` to `end`, both included. */
export function spanDays(start: Dayjs, end: Dayjs): number {
  return end.startOf('day').diff(start.startOf('day'), 'day') + 1;
}

/**
 * Why a query's range could not be shown as written: its start after its end
 * (shown the other way round), longer than the endpoints accept, or not a
 * range at all (a day that does not exist, half a range, an unknown preset).
 */
export type RangeProblem = 'reversed' | 'tooLong' | 'invalid';

export type RangeReading = {
  range: AnalysisRange;
  /** set when `range` is not what the query asked for: the URL should then be corrected to it */
  problem?: RangeProblem;
};

/**
 * The range a query describes, and what was wrong with it if it cannot be
 * shown as written. A start after the end is taken the other way round (the
 * days asked for are still clear); anything else that is not a range means
 * the default range.
 */
export function readRangeQuery(query: URLSearchParams, today: Dayjs = dayjs()): RangeReading {
  const startText = query.get(RANGE_QUERY_KEYS.start);
  const endText = query.get(RANGE_QUERY_KEYS.end);
  const fallback = (problem?: RangeProblem): RangeReading => {
    const preset = query.get(RANGE_QUERY_KEYS.range);
    const days = PRESET_DAYS.find((d) => String(d) === preset);
    const unknownPreset = preset !== null && days === undefined;
    return {
      range: presetRange(days ?? DEFAULT_PRESET, today),
      problem: problem ?? (unknownPreset ? 'invalid' : undefined),
    };
  };
  if (startText === null && endText === null) return fallback();
  let start = parseDay(startText);
  let end = parseDay(endText);
  if (!start || !end) return fallback('invalid');
  const reversed = start.isAfter(end);
  if (reversed) [start, end] = [end, start];
  if (spanDays(start, end) > MAX_RANGE_DAYS) return fallback('tooLong');
  return {
    range: { kind: 'custom', startDate: start.format(DATE_FORMAT), endDate: end.format(DATE_FORMAT) },
    problem: reversed ? 'reversed' : undefined,
  };
}

/** The range a query describes (see readRangeQuery). */
export function rangeFromQuery(query: URLSearchParams, today: Dayjs = dayjs()): AnalysisRange {
  return readRangeQuery(query, today).range;
}

export function topLimitFromQuery(query: URLSearchParams): TopLimit {
  const limit = Number(query.get(RANGE_QUERY_KEYS.top));
  return TOP_LIMITS.find((l) => l === limit) ?? DEFAULT_TOP_LIMIT;
}

/** The interface whose callers are open: an id's digits, or none. */
export function callerFromQuery(query: URLSearchParams): string | undefined {
  const id = query.get(RANGE_QUERY_KEYS.caller);
  return id && /^\d{1,20}$/.test(id) ? id : undefined;
}

/** The query for a range, limit and open callers; defaults are left out so the plain page URL stays plain. */
export function queryFor(range: AnalysisRange, limit: TopLimit, caller?: string): URLSearchParams {
  const query = new URLSearchParams();
  if (range.kind === 'custom') {
    query.set(RANGE_QUERY_KEYS.start, range.startDate);
    query.set(RANGE_QUERY_KEYS.end, range.endDate);
  } else if (range.days !== DEFAULT_PRESET) {
    query.set(RANGE_QUERY_KEYS.range, String(range.days));
  }
  if (limit !== DEFAULT_TOP_LIMIT) query.set(RANGE_QUERY_KEYS.top, String(limit));
  if (caller) query.set(RANGE_QUERY_KEYS.caller, caller);
  return query;
}

/** Days the range picker offers: none after today, and a span the endpoints accept. */
export function isDisabledDay(day: Dayjs, from: Dayjs | null | undefined, today: Dayjs = dayjs()): boolean {
  if (day.isAfter(today, 'day')) return true;
  if (!from) return false;
  return Math.abs(day.startOf('day').diff(from.startOf('day'), 'day')) + 1 > MAX_RANGE_DAYS;
}

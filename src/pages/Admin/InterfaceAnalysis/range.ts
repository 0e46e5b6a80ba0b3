import dayjs from 'dayjs';
import type { Dayjs } from 'dayjs';
import { MAX_RANGE_DAYS } from '@agler/contract/constants';
import { DATE_FORMAT } from '@agler/contract/dates';

/**
 * The page's state in the URL query, so a view can be shared, reloaded and
 * left with the back button: `?range=7|30|90` (the last days, today
 * included) or `?start=YYYY-MM-DD&end=YYYY-MM-DD`, and `top=3|5|10|20`.
 */

export const PRESET_DAYS = [7, 30, 90] as const;
export type PresetDays = (typeof PRESET_DAYS)[number];
export const DEFAULT_PRESET: PresetDays = 30;

export const TOP_LIMITS = [3, 5, 10, 20] as const;
export type TopLimit = (typeof TOP_LIMITS)[number];
export const DEFAULT_TOP_LIMIT: TopLimit = 5;

export const RANGE_QUERY_KEYS = { range: 'range', start: 'start', end: 'end', top: 'top' } as const;

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

function parseDay(text: string | null): Dayjs | undefined {
  if (!text || !/^\d{4}-\d{2}-\d{2}$/.test(text)) return undefined;
  const day = dayjs(text);
  return day.isValid() && day.format(DATE_FORMAT) === text ? day : undefined;
}

/** Whole days from `start` to `end`, both included. */
export function spanDays(start: Dayjs, end: Dayjs): number {
  return end.startOf('day').diff(start.startOf('day'), 'day') + 1;
}

/** The range a query describes; anything missing or invalid means the default range. */
export function rangeFromQuery(query: URLSearchParams, today: Dayjs = dayjs()): AnalysisRange {
  const start = parseDay(query.get(RANGE_QUERY_KEYS.start));
  const end = parseDay(query.get(RANGE_QUERY_KEYS.end));
  if (start && end && !start.isAfter(end) && spanDays(start, end) <= MAX_RANGE_DAYS) {
    return { kind: 'custom', startDate: start.format(DATE_FORMAT), endDate: end.format(DATE_FORMAT) };
  }
  const days = Number(query.get(RANGE_QUERY_KEYS.range));
  const preset = PRESET_DAYS.find((d) => d === days) ?? DEFAULT_PRESET;
  return presetRange(preset, today);
}

export function topLimitFromQuery(query: URLSearchParams): TopLimit {
  const limit = Number(query.get(RANGE_QUERY_KEYS.top));
  return TOP_LIMITS.find((l) => l === limit) ?? DEFAULT_TOP_LIMIT;
}

/** The query for a range and limit; defaults are left out so the plain page URL stays plain. */
export function queryFor(range: AnalysisRange, limit: TopLimit): URLSearchParams {
  const query = new URLSearchParams();
  if (range.kind === 'custom') {
    query.set(RANGE_QUERY_KEYS.start, range.startDate);
    query.set(RANGE_QUERY_KEYS.end, range.endDate);
  } else if (range.days !== DEFAULT_PRESET) {
    query.set(RANGE_QUERY_KEYS.range, String(range.days));
  }
  if (limit !== DEFAULT_TOP_LIMIT) query.set(RANGE_QUERY_KEYS.top, String(limit));
  return query;
}

/** Days the range picker offers: none after today, and a span the endpoints accept. */
export function isDisabledDay(day: Dayjs, from: Dayjs | null | undefined, today: Dayjs = dayjs()): boolean {
  if (day.isAfter(today, 'day')) return true;
  if (!from) return false;
  return Math.abs(day.startOf('day').diff(from.startOf('day'), 'day')) + 1 > MAX_RANGE_DAYS;
}

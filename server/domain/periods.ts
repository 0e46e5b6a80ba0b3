import dayjs from 'dayjs';
import type { PlanPeriod } from '@agler/contract/plans';

/**
 * A plan's periods (docs/plans.md): a day runs from local midnight to the
 * next, a month from the first of the month at 00:00 to the first of the
 * next, in this process's time zone (TZ), so a day across a daylight-saving
 * change is 23 or 25 hours long. The admission computes them from its
 * batch's `now` and hands them to the database, which never reads a clock.
 */

/** The period's length as the RateLimit-Policy header's `w` states it: a day, or 30 days for a month. */
export const PERIOD_WINDOW_SECONDS: Record<PlanPeriod, number> = { day: 86_400, month: 2_592_000 };

/** The period of kind `period` that holds `nowMs`: [start, end) in epoch ms. */
export function periodAt(period: PlanPeriod, nowMs: number): { start: number; end: number } {
  const start = dayjs(nowMs).startOf(period);
  return { start: start.valueOf(), end: start.add(1, period).valueOf() };
}

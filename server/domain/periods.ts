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

type Period = { start: number; end: number };

/** The last period computed of each kind, and in which zone: every admission batch of a day asks for the same two. */
const lastPeriod: Partial<Record<PlanPeriod, Period & { zone: string | undefined }>> = {};

/** The period of kind `period` that holds `nowMs`: [start, end) in epoch ms. */
export function periodAt(period: PlanPeriod, nowMs: number): Period {
  const zone = process.env.TZ;
  const last = lastPeriod[period];
  if (last && last.zone === zone && last.start <= nowMs && nowMs < last.end)
    return { start: last.start, end: last.end };
  const start = dayjs(nowMs).startOf(period);
  const found = { start: start.valueOf(), end: start.add(1, period).valueOf() };
  lastPeriod[period] = { ...found, zone };
  return found;
}

/**
 * Whether a key figure can be set against the previous period, and if not,
 * why. The overview always answers the previous period (the equally long one
 * right before the range) as totals, zero when no call is on record there: the
 * log may simply not reach back that far, so "no calls" would claim more than
 * is known; "no data" is what is true. A rate or a latency also needs calls in
 * the range itself; a count does not (from some to none is -100%).
 */
export type ComparisonGap = 'noPrevious' | 'noCurrent';

export type FigureKind = 'count' | 'perCall';

export function comparisonGap(
  currentCalls: number,
  previousCalls: number,
  kind: FigureKind,
): ComparisonGap | undefined {
  if (previousCalls <= 0) return 'noPrevious';
  if (kind === 'perCall' && currentCalls <= 0) return 'noCurrent';
  return undefined;
}

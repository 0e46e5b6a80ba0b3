/**
 * Whether a key figure can be set against the previous period, and if not, why: a previous period
 * with no calls may predate the log, so it means "no data", not "no calls"; a rate or a latency
 * also needs calls in the range itself.
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

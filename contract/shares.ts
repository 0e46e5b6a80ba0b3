/**
 * Shares of a whole, rounded once to tenths of a percent so that the parts
 * shown add up to exactly the whole shown (100.0%). Each part is rounded down,
 * and the tenths still missing go to the parts that lost the most by it
 * (the largest-remainder method): every share is its exact value rounded down
 * or up, never further off.
 */

/** Tenths of a percent in a whole. */
export const WHOLE_TENTHS = 1000;

/**
 * Each count's share of their sum in tenths of a percent (integers that sum
 * to 1000), or all zeros when nothing was counted. Ties go to the larger
 * count, then to the earlier part, so the answer never depends on chance.
 */
export function shareTenths(counts: readonly number[]): number[] {
  const total = counts.reduce((sum, count) => sum + count, 0);
  if (total <= 0) return counts.map(() => 0);
  // Integer arithmetic: counts * 1000 stay far below 2^53, so floors and remainders are exact.
  const tenths = counts.map((count) => Math.floor((count * WHOLE_TENTHS) / total));
  const remainders = counts.map((count) => (count * WHOLE_TENTHS) % total);
  let missing = WHOLE_TENTHS - tenths.reduce((sum, t) => sum + t, 0);
  const order = counts
    .map((_, i) => i)
    .sort((a, b) => remainders[b] - remainders[a] || counts[b] - counts[a] || a - b);
  for (const i of order) {
    if (missing === 0) break;
    tenths[i] += 1;
    missing -= 1;
  }
  return tenths;
}

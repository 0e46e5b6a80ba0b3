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

/** A share in tenths of a percent as the page writes it: `17.2%`. */
export function formatShare(tenths: number): string {
  return `${(tenths / 10).toFixed(1)}%`;
}

/** The usage table's shares: each interface's (by id) among all the table's calls. */
export type TableShares = { shares: Map<string, number>; calls: Map<string, number>; totalCalls: number };

export function tableShares(rows: readonly { interfaceInfoId: string | number; calls: number }[]): TableShares {
  const tenths = shareTenths(rows.map((row) => row.calls));
  return {
    shares: new Map(rows.map((row, i) => [String(row.interfaceInfoId), tenths[i]])),
    calls: new Map(rows.map((row) => [String(row.interfaceInfoId), row.calls])),
    totalCalls: rows.reduce((sum, row) => sum + row.calls, 0),
  };
}

export type TopShares = {
  /** each listed interface's share, in the list's order */
  items: number[];
  /** the share of every call outside the list (其他) */
  rest: number;
  /** the list's share as a whole: the sum of `items`, what the donut's centre shows */
  listed: number;
};

/**
 * The donut's shares: the top list and the rest (其他). When the table holds
 * the same calls, the list takes the table's own shares and the rest is what
 * the table's other rows add up to, so an interface reads the same in both
 * and the figures still add up to 100.0%. Answers read a moment apart can
 * differ by a call; then the list and the rest are rounded on their own.
 */
export function topShares(
  items: readonly { id: string; calls: number }[],
  restCalls: number,
  table?: TableShares,
): TopShares {
  const listedCalls = items.reduce((sum, item) => sum + item.calls, 0);
  const fromTable =
    table &&
    table.totalCalls === listedCalls + restCalls &&
    items.every((item) => table.calls.get(item.id) === item.calls && table.shares.has(item.id));
  const shares = fromTable
    ? [...items.map((item) => table.shares.get(item.id)!), 0]
    : shareTenths([...items.map((item) => item.calls), restCalls]);
  const itemShares = shares.slice(0, items.length);
  const listed = itemShares.reduce((sum, t) => sum + t, 0);
  const anyCalls = listedCalls + restCalls > 0;
  return { items: itemShares, rest: anyCalls ? WHOLE_TENTHS - listed : 0, listed };
}

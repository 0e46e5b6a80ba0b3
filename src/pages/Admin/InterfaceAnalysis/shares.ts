/**
 * The page's shares: the rule that rounds them is the contract's (the server
 * and the mocks write the usage table's shares by it), the rest is how the
 * page shows and combines them.
 */
import { shareTenths, WHOLE_TENTHS } from '@agler/contract/shares';

export { shareTenths, WHOLE_TENTHS };

/** A share in tenths of a percent as the page writes it: `17.2%`. */
export function formatShare(tenths: number): string {
  return `${(tenths / 10).toFixed(1)}%`;
}

/** The usage table's shares: each interface's (by id) among all the range's calls. */
export type TableShares = { shares: Map<string, number>; calls: Map<string, number>; totalCalls: number };

/**
 * The shares of the usage table's rows as the server wrote them (of all the
 * range's calls, `totalCalls`); the rows may be only some of the table's.
 */
export function tableShares(
  rows: readonly { interfaceInfoId: string | number; calls: number; share: number }[],
  totalCalls: number,
): TableShares {
  return {
    shares: new Map(rows.map((row) => [String(row.interfaceInfoId), row.share])),
    calls: new Map(rows.map((row) => [String(row.interfaceInfoId), row.calls])),
    totalCalls,
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
 * The donut's shares: the top list and the rest (其他). The list takes the table's own shares when
 * both count the same calls, so an interface reads the same in both; otherwise (answers read a
 * moment apart) the list and the rest are rounded on their own.
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

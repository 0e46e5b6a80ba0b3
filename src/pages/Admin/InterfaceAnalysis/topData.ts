import type { TableShares } from './shares';
import { topShares } from './shares';

/** An interface of the top list; `share` is in tenths of a percent (see shares.ts). */
export type TopDatum = { id: string; name: string; calls: number; share: number };

export type TopView = {
  items: TopDatum[];
  /** calls outside the top list (其他) and their share */
  restCalls: number;
  restShare: number;
  /** the list's share as a whole, the sum of its items' shares: the donut's centre */
  listedShare: number;
  totalCalls: number;
};

/**
 * The top list with each interface's share of all calls in the range, and the
 * calls outside it. The two answers are read a moment apart, so the total is
 * never taken as smaller than what the list itself counts.
 */
export function topView(top: API.InterfaceInfoInvokeVO[], rangeTotal: number, table?: TableShares): TopView {
  const listed = top.reduce((sum, item) => sum + item.totalNum, 0);
  const totalCalls = Math.max(rangeTotal, listed);
  const restCalls = totalCalls - listed;
  const items = top.map((item) => ({ id: String(item.id), name: item.name, calls: item.totalNum }));
  const shares = topShares(items, restCalls, table);
  return {
    items: items.map((item, i) => ({ ...item, share: shares.items[i] })),
    restCalls,
    restShare: shares.rest,
    listedShare: shares.listed,
    totalCalls,
  };
}

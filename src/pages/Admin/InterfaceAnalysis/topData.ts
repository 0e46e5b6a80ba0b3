export type TopDatum = { id: string; name: string; calls: number; share: number };

export type TopView = { items: TopDatum[]; restCalls: number; totalCalls: number };

/**
 * The top list with each interface's share of all calls in the range, and the
 * calls outside it. The two answers are read a moment apart, so the total is
 * never taken as smaller than what the list itself counts.
 */
export function topView(top: API.InterfaceInfoInvokeVO[], rangeTotal: number): TopView {
  const listed = top.reduce((sum, item) => sum + item.totalNum, 0);
  const totalCalls = Math.max(rangeTotal, listed);
  return {
    items: top.map((item) => ({
      id: String(item.id),
      name: item.name,
      calls: item.totalNum,
      share: totalCalls ? item.totalNum / totalCalls : 0,
    })),
    restCalls: totalCalls - listed,
    totalCalls,
  };
}

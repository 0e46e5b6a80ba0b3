import { ok } from './envelope';

/** A status filter as the server applies it: `pending` holds the active ones whose switch waits, `live` the pending and active ones. */
function matches(row: API.SubscriptionVO, status: API.listSubscriptionsParams['status']): boolean {
  if (status === undefined) return true;
  if (status === 'live') return row.status === 'pending' || row.status === 'active';
  if (status === 'pending') return row.status === 'pending' || row.requestedPlanId !== null;
  return row.status === status;
}

/**
 * A mocked `listSubscriptions` answering from `rows` as the server would, in the order given, one
 * page of `pageSize` at a time: `jest.mocked(listSubscriptions).mockImplementation(subscriptionList(rows))`.
 */
export function subscriptionList(rows: API.SubscriptionVO[]) {
  return async ({ status, current = 1, pageSize = 10 }: API.listSubscriptionsParams) => {
    const kept = rows.filter((row) => matches(row, status));
    return ok({
      records: kept.slice((current - 1) * pageSize, current * pageSize),
      total: kept.length,
      current,
      size: pageSize,
      pages: Math.ceil(kept.length / pageSize),
    });
  };
}

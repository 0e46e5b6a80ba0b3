import { PAGE_SIZE_MAX } from '@/constants';
import { listSubscriptions } from '@/services/agler/subscription';

/** Pages read at most: a user holds at most one live subscription per interface, so this is far beyond any real count. */
export const LIVE_PAGES_MAX = 20;

/**
 * A user's live subscriptions (pending or active, a switch waiting or not), newest first: the
 * caller's own, or, for an admin, those of the user `userId` names. Failures are the caller's to show.
 */
export async function listLiveSubscriptions(userId?: string): Promise<API.SubscriptionVO[]> {
  // A subscription made while the pages are read pushes the rest down a row: one id is kept once.
  const byId = new Map<string, API.SubscriptionVO>();
  for (let current = 1; current <= LIVE_PAGES_MAX; current += 1) {
    const page = (
      await listSubscriptions(
        { ...(userId === undefined ? {} : { userId }), status: 'live', current, pageSize: PAGE_SIZE_MAX },
        { skipErrorHandler: true },
      )
    ).data;
    for (const row of page?.records ?? []) if (!byId.has(row.id)) byId.set(row.id, row);
    if (!page || current >= page.pages) break;
  }
  return [...byId.values()];
}

/** The caller's live subscription covering an interface, if they hold one (at most one does). */
export async function liveSubscriptionCovering(interfaceId: string): Promise<API.SubscriptionVO | undefined> {
  return (await listLiveSubscriptions()).find((row) => row.interfaceIds.includes(interfaceId));
}

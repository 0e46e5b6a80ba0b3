import { useRequest } from 'ahooks';
import { useMemo } from 'react';
import { takeEarly, useArrived } from './early';

// Apart from early.ts, which the entry chunk imports through earlyRoute.ts: ahooks' useRequest is
// for the pages' chunks.

/** The page shows a failure itself: ahooks would otherwise log it too. */
const shownByThePage = () => undefined;

export type EarlyRequestOptions = {
  /** What the request depends on besides `key`: it asks again when one changes. */
  refreshDeps: unknown[];
  /** ahooks' `loadingDelay`: answers faster than this show no loading state. */
  loadingDelay?: number;
};

/**
 * A page's request whose first answer may already have been asked for under `key` (early.ts): an
 * answer that has come is the first render's data, one on its way is awaited instead of asking
 * again. `unpack` turns an answer into the page's data; a failure is in `error`, for the page to show.
 */
export function useEarlyRequest<A, T>(
  key: string,
  ask: () => Promise<A>,
  unpack: (answer: A) => T,
  { refreshDeps, loadingDelay }: EarlyRequestOptions,
) {
  const early = useArrived<A>(key);
  const request = useRequest(async () => unpack(await (takeEarly<A>(key) ?? ask())), {
    ready: !early.current,
    refreshDeps,
    loadingDelay,
    onError: shownByThePage,
  });
  const { arrived } = early;
  // The first answer, unpacked once: it stays while the next view loads, as the request's own data does.
  const first = useMemo(() => arrived && unpack(arrived.value), [arrived]);
  return {
    data: request.data ?? (request.error ? undefined : first),
    error: request.error,
    loading: request.loading,
    refresh: early.current ? early.leave : request.refresh,
  };
}

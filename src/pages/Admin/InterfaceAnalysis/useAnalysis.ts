import { useRequest } from 'ahooks';
import { unpackOverview, unpackUsage } from '@agler/contract/analysis';
import type { AnalysisOverviewAnswer } from '@agler/contract/types';
import {
  getAnalysisInterfaces,
  getAnalysisOverview,
  getInterfaceCallers,
  getPlanUsage,
  listTopInvokeInterfaceInfo,
} from '@/services/agler/analysis';
import { useEarlyRequest } from '@/utils/useEarlyRequest';
import { askOverview, overviewKey, SHOWN_INLINE, topKey } from './earlyAnalysis';
import type { AnalysisRange, TopLimit } from './range';
import type { UsageView } from './usageView';
import { isDefaultView } from './usageView';

/** The overview with its interfaces as records (the answer carries them as a table). */
export type Overview = Omit<API.AnalysisOverview, 'interfaces'> & { interfaces: API.InterfaceUsage[] };

type OverviewAnswer = Awaited<ReturnType<typeof getAnalysisOverview>>;
type TopAnswer = Awaited<ReturnType<typeof listTopInvokeInterfaceInfo>>;

const overviewOf = (res: OverviewAnswer) =>
  unpackOverview(res.data as unknown as AnalysisOverviewAnswer) as Overview;
const topOf = (res: TopAnswer) => res.data ?? [];

/** The page shows the error itself (ahooks would otherwise log it too). */
const onError = () => undefined;

/**
 * The overview and the top list of a range. Each reloads when its inputs
 * change; an answer that arrives after a newer request started is dropped.
 */
export function useAnalysis(range: AnalysisRange, limit: TopLimit) {
  const { startDate, endDate } = range;
  const overview = useEarlyRequest(overviewKey(range), () => askOverview(range), overviewOf, {
    refreshDeps: [startDate, endDate],
  });
  const top = useEarlyRequest(
    topKey(range, limit),
    () => listTopInvokeInterfaceInfo({ limit, startDate, endDate }, SHOWN_INLINE),
    topOf,
    { refreshDeps: [startDate, endDate, limit] },
  );
  return { overview, top };
}

/** The callers of interface `id` in the range; nothing is asked while no interface is open. */
export function useCallers(id: string | undefined, range: AnalysisRange) {
  const { startDate, endDate } = range;
  return useRequest(
    async () => {
      const res = await getInterfaceCallers({ interfaceInfoId: id!, startDate, endDate }, SHOWN_INLINE);
      return res.data as API.InterfaceCallers;
    },
    { ready: id !== undefined, refreshDeps: [id, startDate, endDate], onError },
  );
}

/** Every plan's subscribers and calls this period: not of a range, so asked once (and on refresh). */
export function usePlanUsage() {
  return useRequest(
    async () => {
      const res = await getPlanUsage(SHOWN_INLINE);
      return res.data as API.PlanUsage[];
    },
    { onError },
  );
}

/** Rows of the usage table, and how many the view holds in all (every page's). */
export type UsageRows = { rows: API.InterfaceUsage[]; total: number };

/**
 * The usage table's rows for `view` of the days `startDate`–`endDate`: the default view is the
 * overview's first page (`first`), yet still a run of the request, so a late answer for an older
 * view never replaces it; while a view loads, the last rows stay (`rows`, with `loading`).
 */
export function useUsageRows(startDate: string, endDate: string, view: UsageView, first: UsageRows) {
  const isDefault = isDefaultView(view);
  const request = useRequest(
    async (): Promise<UsageRows> => {
      if (isDefault) return first;
      const { searchText, ...page } = view;
      const res = await getAnalysisInterfaces(
        { startDate, endDate, ...page, searchText: searchText || undefined },
        SHOWN_INLINE,
      );
      const answer = res.data as API.UsagePage;
      return { rows: unpackUsage(answer), total: answer.total };
    },
    // The first page's rows, not the object around them: it is made anew on each render.
    { refreshDeps: [startDate, endDate, view, first.rows, first.total], onError },
  );
  const loading = !isDefault && request.loading;
  const shown = isDefault ? first : (request.data ?? first);
  return {
    ...shown,
    loading,
    error: isDefault || loading ? undefined : request.error,
    retry: request.refresh,
  };
}

/** Every row of the range's usage table, most called first, for the export. */
export async function fetchAllUsage(startDate: string, endDate: string): Promise<API.InterfaceUsage[]> {
  return overviewOf(await getAnalysisOverview({ startDate, endDate }, SHOWN_INLINE)).interfaces;
}

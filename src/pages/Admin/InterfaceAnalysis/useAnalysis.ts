import { useRequest } from 'ahooks';
import { unpackOverview } from '@agler/contract/analysis';
import type { AnalysisOverviewAnswer } from '@agler/contract/types';
import {
  getAnalysisOverview,
  getInterfaceCallers,
  listTopInvokeInterfaceInfo,
} from '@/services/agler/analysis';
import { takeEarly } from '@/utils/early';
import { overviewKey, SHOWN_INLINE, topKey } from './earlyAnalysis';
import type { AnalysisRange, TopLimit } from './range';

/** The overview with its interfaces as records (the answer carries them as a table). */
export type Overview = Omit<API.AnalysisOverview, 'interfaces'> & { interfaces: API.InterfaceUsage[] };

type OverviewAnswer = Awaited<ReturnType<typeof getAnalysisOverview>>;
type TopAnswer = Awaited<ReturnType<typeof listTopInvokeInterfaceInfo>>;

/** The page shows the error itself (ahooks would otherwise log it too). */
const onError = () => undefined;

/**
 * The overview and the top list of a range. Each reloads when its inputs
 * change; an answer that arrives after a newer request started is dropped.
 * On a deep link the first of each may have been asked for already, as
 * soon as the page's chunk came (earlyAnalysis.ts): it is taken instead of
 * asking again.
 */
export function useAnalysis(range: AnalysisRange, limit: TopLimit) {
  const { startDate, endDate } = range;
  const overview = useRequest(
    async () => {
      const res = await (takeEarly<OverviewAnswer>(overviewKey(range)) ??
        getAnalysisOverview({ startDate, endDate }, SHOWN_INLINE));
      return unpackOverview(res.data as unknown as AnalysisOverviewAnswer) as Overview;
    },
    { refreshDeps: [startDate, endDate], onError },
  );
  const top = useRequest(
    async () => {
      const res = await (takeEarly<TopAnswer>(topKey(range, limit)) ??
        listTopInvokeInterfaceInfo({ limit, startDate, endDate }, SHOWN_INLINE));
      return res.data ?? [];
    },
    { refreshDeps: [startDate, endDate, limit], onError },
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

import { getAnalysisOverview, listTopInvokeInterfaceInfo } from '@/services/agler/analysis';
import { startEarly } from '@/utils/early';
import { loadCharts } from './components/charts';
import type { AnalysisRange, TopLimit } from './range';
import { readRangeQuery, topLimitFromQuery } from './range';
import { USAGE_TABLE_PAGE_SIZE } from './usageView';

/** The early answers' keys: the range's days (and the top list's length) asked for. */
export const overviewKey = ({ startDate, endDate }: AnalysisRange) =>
  `analysis overview ${startDate} ${endDate}`;
export const topKey = ({ startDate, endDate }: AnalysisRange, limit: TopLimit) =>
  `analysis top ${limit} ${startDate} ${endDate}`;

/** The page shows failures itself, next to what failed, with a way to retry. */
export const SHOWN_INLINE = { skipErrorHandler: true };

/**
 * The page's overview of a range, its usage table cut to the table's first page (the table asks
 * for any other page itself). Early and from the page the same request, so the early answer fits.
 */
export const askOverview = ({ startDate, endDate }: AnalysisRange) =>
  getAnalysisOverview({ startDate, endDate, pageSize: USAGE_TABLE_PAGE_SIZE }, SHOWN_INLINE);

/**
 * Asks for the overview and the top list of the view in `search` (a URL's query text), as the page
 * would (src/utils/early.ts), and starts the charts' chunks: the chart library is the page's
 * largest, otherwise asked for once the page has rendered with its answers.
 */
export function startAnalysis(search: string): void {
  // A chunk that fails here fails again, and is reported, where the page loads it.
  loadCharts().catch(() => undefined);
  const query = new URLSearchParams(search);
  const { range } = readRangeQuery(query);
  const limit = topLimitFromQuery(query);
  const { startDate, endDate } = range;
  startEarly(overviewKey(range), () => askOverview(range));
  startEarly(topKey(range, limit), () =>
    listTopInvokeInterfaceInfo({ limit, startDate, endDate }, SHOWN_INLINE),
  );
}

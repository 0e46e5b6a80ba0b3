import dayjs from 'dayjs';
import { getAnalysisOverview, listTopInvokeInterfaceInfo } from '@/services/agler/analysis';
import { takeEarly } from '@/utils/early';
import { loadCharts } from './components/charts';
import { overviewKey, startAnalysis, topKey } from './earlyAnalysis';
import { readRangeQuery, topLimitFromQuery } from './range';

jest.mock('@/services/agler/analysis');
jest.mock('./components/charts');
const overviewMock = jest.mocked(getAnalysisOverview);
const topMock = jest.mocked(listTopInvokeInterfaceInfo);
const chartsMock = jest.mocked(loadCharts);

beforeEach(() => chartsMock.mockResolvedValue([] as never));
afterEach(() => jest.resetAllMocks());

it('asks for the view in the URL as the page would, under the keys the page takes them by', async () => {
  const overview = { code: 0, data: { totalCalls: 0 }, message: 'ok' };
  const top = { code: 0, data: [], message: 'ok' };
  overviewMock.mockResolvedValue(overview as never);
  topMock.mockResolvedValue(top as never);
  startAnalysis('?start=2026-11-01&end=2026-11-07&top=10');
  const days = { startDate: '2026-11-01', endDate: '2026-11-07' };
  // The overview's usage table cut to the table's first page, as the page asks for it.
  expect(overviewMock).toHaveBeenCalledWith({ ...days, pageSize: 10 }, { skipErrorHandler: true });
  expect(topMock).toHaveBeenCalledWith({ limit: 10, ...days }, { skipErrorHandler: true });
  // The page's keys for the same URL (useAnalysis.ts: the range and the limit it reads).
  const query = new URLSearchParams('?top=10&end=2026-11-07&start=2026-11-01');
  const { range } = readRangeQuery(query);
  await expect(takeEarly(overviewKey(range))).resolves.toBe(overview);
  await expect(takeEarly(topKey(range, topLimitFromQuery(query)))).resolves.toBe(top);
});

it('asks for the default range, the last 30 days, on the plain page, and starts the charts', () => {
  overviewMock.mockResolvedValue({} as never);
  topMock.mockResolvedValue({} as never);
  startAnalysis('');
  const endDate = dayjs().format('YYYY-MM-DD');
  const startDate = dayjs().subtract(29, 'day').format('YYYY-MM-DD');
  expect(overviewMock).toHaveBeenCalledWith({ startDate, endDate, pageSize: 10 }, { skipErrorHandler: true });
  expect(topMock).toHaveBeenCalledWith({ limit: 5, startDate, endDate }, { skipErrorHandler: true });
  expect(chartsMock).toHaveBeenCalledTimes(1);
});

it('leaves no rejection unhandled when the charts’ chunk fails: the page reports it where it loads them', async () => {
  const unhandled = jest.fn();
  process.on('unhandledRejection', unhandled);
  try {
    chartsMock.mockRejectedValue(new Error('ChunkLoadError'));
    overviewMock.mockResolvedValue({} as never);
    topMock.mockResolvedValue({} as never);
    startAnalysis('');
    expect(chartsMock).toHaveBeenCalledTimes(1);
    // Node reports a rejection with no handler once the microtasks have run.
    await new Promise((resolve) => {
      setTimeout(resolve, 20);
    });
    expect(unhandled).not.toHaveBeenCalled();
  } finally {
    process.off('unhandledRejection', unhandled);
  }
});

import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { createHistory } from '@umijs/max';
import { unstable_HistoryRouter as HistoryRouter, useLocation } from 'react-router-dom';
import { packUsage } from '@agler/contract/analysis';
import { ApiError } from '@/requestConfig';
import {
  getAnalysisInterfaces,
  getAnalysisOverview,
  getInterfaceCallers,
  getPlanUsage,
  listTopInvokeInterfaceInfo,
} from '@/services/agler/analysis';
import { renderWithAntd } from '@/testing/render';
import { ok } from '@/testing/envelope';
import { startAnalysis } from './earlyAnalysis';
import InterfaceAnalysisPage from './index';

// The page keeps its state in the query, through Umi's own router and history.
jest.unmock('@umijs/max');
jest.mock('@/services/agler/analysis');

// Canvas charts cannot draw in jsdom; these stand-ins show what they were given and offer their clicks.
jest.mock('./components/charts', () => ({
  loadCharts: () => Promise.resolve(),
  TrendChart: ({ daily }: { daily: API.DailyCalls[] }) => <div>{`trend of ${daily.length} days`}</div>,
  TopCharts: ({ items, onOpen }: { items: { id: string; name: string }[]; onOpen: (id: string) => void }) => (
    <div>
      {items.map((item) => (
        <button key={item.id} type="button" onClick={() => onOpen(item.id)}>
          {`slice ${item.name}`}
        </button>
      ))}
    </div>
  ),
}));

const overviewMock = jest.mocked(getAnalysisOverview);
const topMock = jest.mocked(listTopInvokeInterfaceInfo);
const callersMock = jest.mocked(getInterfaceCallers);
const interfacesMock = jest.mocked(getAnalysisInterfaces);
const planUsageMock = jest.mocked(getPlanUsage);

const WEATHER = '1800000000000000001';
const AVATAR = '1800000000000000002';
const PHONE = '1800000000000000003';
const SMS = '1800000000000000004';

/** A row of the usage table; `share` is the server's, in tenths of a percent of all the range's calls. */
function usage(
  id: string,
  name: string,
  calls: number,
  errors: number,
  p95: number,
  share: number,
): API.InterfaceUsage {
  return {
    interfaceInfoId: id,
    name,
    method: 'GET',
    status: 1,
    calls,
    errors,
    successRate: (calls - errors) / calls,
    avgLatency: Math.round(p95 / 2),
    p95Latency: p95,
    share,
    lastCallTime: '2026-11-22 10:00:00',
  };
}

const totals = {
  totalCalls: 1600,
  successCalls: 1500,
  errorCalls: 100,
  successRate: 0.9375,
  avgLatency: 120,
  p95Latency: 640,
  interfacesCalled: 3,
};

/** An answer of the overview, its interfaces given as records and sent as the table the server writes. */
function overview(
  over: Partial<Omit<API.AnalysisOverview, 'interfaces'>> & { interfaces?: API.InterfaceUsage[] } = {},
): API.AnalysisOverview {
  const { interfaces, ...rest } = over;
  return {
    startDate: '2026-10-24',
    endDate: '2026-11-22',
    ...totals,
    previous: {
      ...totals,
      startDate: '2026-09-24',
      endDate: '2026-10-23',
      totalCalls: 1000,
      interfacesCalled: 3,
    },
    daily: [
      { date: '2026-11-21', calls: 700, errors: 40 },
      { date: '2026-11-22', calls: 900, errors: 60 },
    ],
    callRetentionDays: 90,
    ...rest,
    interfaces: packUsage(
      (interfaces ?? [
        usage(WEATHER, '天气查询', 1000, 10, 200, 625),
        usage(AVATAR, '随机头像', 500, 80, 1500, 313),
        usage(PHONE, '手机号归属地', 100, 10, 90, 62),
      ]) as never,
    ),
  };
}

const top: API.InterfaceInfoInvokeVO[] = [
  {
    id: WEATHER,
    name: '天气查询',
    url: 'https://api.example.com/weather',
    method: 'GET',
    status: 1,
    totalNum: 1000,
  },
  {
    id: AVATAR,
    name: '随机头像',
    url: 'https://api.example.com/avatar',
    method: 'GET',
    status: 1,
    totalNum: 500,
  },
];

/** A service's promise of a successful answer. */
const answer = <T,>(data: T) => Promise.resolve(ok(data)) as never;

/** An answer of one page of the usage table, its rows packed as the server sends them. */
const usagePage = (rows: API.InterfaceUsage[], total: number) =>
  answer({ ...packUsage(rows as never), total, current: 2, size: 10 });

/** The range's first page of the overview holds 10 of these 42 interfaces. */
const manyInterfaces = () => answer(overview({ interfacesCalled: 42 }));

function Location() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/** The page in a router driven by umi's own history, as `history.push` in the app is. */
function renderPage(url = '/admin/interface_analysis') {
  const history = createHistory({ type: 'memory', initialEntries: [url] });
  renderWithAntd(
    <HistoryRouter history={history}>
      <InterfaceAnalysisPage />
      <Location />
    </HistoryRouter>,
  );
  return history as typeof history & { index: number };
}

const locationText = () => screen.getByTestId('location').textContent;
const usageTable = () => screen.getByRole('table', { name: '接口调用明细' });
const namesInTable = () =>
  within(usageTable())
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getByRole('link').textContent);

beforeEach(() => {
  overviewMock.mockReset().mockImplementation(() => answer(overview()));
  topMock.mockReset().mockImplementation(() => answer(top));
  interfacesMock.mockReset();
  planUsageMock.mockReset().mockImplementation(() => answer([]));
});

describe('interface analysis page', () => {
  it('shows the key figures of the last 30 days against the previous period', async () => {
    renderPage();
    const figures = await screen.findByRole('region', { name: '关键指标' });
    await within(figures).findByText('1,600');
    expect(within(figures).getByText('93.7%')).toBeInTheDocument();
    expect(within(figures).getByText('640 ms')).toBeInTheDocument();
    expect(within(figures).getByText('+60%')).toBeInTheDocument();
    expect(within(figures).getByText('失败 100 次')).toBeInTheDocument();
    const today = dayjs();
    expect(overviewMock).toHaveBeenCalledWith(
      {
        startDate: today.subtract(29, 'day').format('YYYY-MM-DD'),
        endDate: today.format('YYYY-MM-DD'),
        pageSize: 10,
      },
      { skipErrorHandler: true },
    );
    expect(topMock).toHaveBeenCalledWith(expect.objectContaining({ limit: 5 }), { skipErrorHandler: true });
  });

  it("asks for the overview with the table's first page and shows it, most called first, asking for no more", async () => {
    overviewMock.mockImplementation(manyInterfaces);
    renderPage();
    await screen.findByRole('table', { name: '接口调用明细' });
    expect(namesInTable()).toEqual(['天气查询', '随机头像', '手机号归属地']);
    expect(overviewMock).toHaveBeenCalledWith(expect.objectContaining({ pageSize: 10 }), {
      skipErrorHandler: true,
    });
    // All the interfaces called, not only the first page's.
    expect(screen.getByText('共 42 个接口')).toBeInTheDocument();
    expect(interfacesMock).not.toHaveBeenCalled();
  });

  it("takes the table back to its default view, the new overview's first page, for another range", async () => {
    overviewMock.mockImplementation(({ startDate, endDate }) =>
      answer(overview({ startDate, endDate, interfacesCalled: 42 })),
    );
    interfacesMock.mockImplementation(() => usagePage([usage(SMS, '短信发送', 50, 0, 80, 31)], 42));
    renderPage();
    await screen.findByRole('table', { name: '接口调用明细' });
    await userEvent.click(within(usageTable()).getByRole('columnheader', { name: /^P95 耗时/ }));
    await userEvent.click(screen.getByTitle('2'));
    await within(usageTable()).findByRole('link', { name: '短信发送' });
    expect(interfacesMock).toHaveBeenLastCalledWith(
      expect.objectContaining({ current: 2, sortField: 'p95Latency', sortOrder: 'ascend' }),
      { skipErrorHandler: true },
    );
    const asked = interfacesMock.mock.calls.length;

    await userEvent.click(screen.getByRole('radio', { name: '近 7 天' }));
    await waitFor(() => expect(namesInTable()).toEqual(['天气查询', '随机头像', '手机号归属地']));
    expect(screen.getByTitle('1')).toHaveClass('ant-pagination-item-active');
    expect(within(usageTable()).getByRole('columnheader', { name: /^调用次数/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    expect(interfacesMock).toHaveBeenCalledTimes(asked);
  });
  it('gives each chart its data as a table for screen readers', async () => {
    renderPage();
    const trend = await screen.findByRole('table', { name: '每日调用与失败次数' });
    expect(within(trend).getByRole('rowheader', { name: '2026-11-22' })).toBeInTheDocument();
    expect(within(trend).getByText('900')).toBeInTheDocument();
    const ranking = screen.getByRole('table', { name: '调用次数前 5 的接口' });
    expect(within(ranking).getByRole('rowheader', { name: '天气查询' })).toBeInTheDocument();
    expect(within(ranking).getByText('62.5%')).toBeInTheDocument();
    expect(within(ranking).getByRole('rowheader', { name: '其他接口' })).toBeInTheDocument();
    expect(within(ranking).getByText('100')).toBeInTheDocument();
  });

  it('opens an interface from a chart element', async () => {
    renderPage();
    // The chart is hidden from assistive technology (its table is read instead), but not from the mouse.
    await userEvent.click(await screen.findByRole('button', { name: 'slice 随机头像', hidden: true }));
    expect(locationText()).toBe(`/interface_info/${AVATAR}`);
  });

  it('opens an interface from a row of the table or its name', async () => {
    renderPage();
    await screen.findByRole('table', { name: '接口调用明细' });
    expect(within(usageTable()).getByRole('link', { name: '手机号归属地' })).toHaveAttribute(
      'href',
      `/interface_info/${PHONE}`,
    );
    await userEvent.click(within(usageTable()).getByText('1,000'));
    expect(locationText()).toBe(`/interface_info/${WEATHER}`);
  });

  it("opens an interface's callers and status classes in a drawer, kept in the URL in place", async () => {
    callersMock.mockReset().mockImplementation(() =>
      answer({
        interfaceInfoId: AVATAR,
        startDate: '2026-03-01',
        endDate: '2026-03-31',
        totalCalls: 500,
        errorCalls: 80,
        callerCount: 12,
        callers: [
          { userId: '1790000000000000002', userAccount: 'user', userName: '普通用户', calls: 300, errors: 7 },
          { userId: '1790000000000000001', userAccount: 'admin', userName: '', calls: 100, errors: 0 },
        ],
        statusClasses: { '2xx': 420, '3xx': 0, '4xx': 50, '5xx': 20, other: 0, noAnswer: 10, unrecorded: 0 },
      }),
    );
    const history = renderPage('/admin/interface_analysis?start=2026-03-01&end=2026-03-31');
    await screen.findByRole('table', { name: '接口调用明细' });
    const entries = history.index;
    await userEvent.click(screen.getByRole('button', { name: '查看「随机头像」的调用方与状态码分布' }));

    expect(locationText()).toBe(`/admin/interface_analysis?start=2026-03-01&end=2026-03-31&caller=${AVATAR}`);
    expect(history.index).toBe(entries);
    expect(callersMock).toHaveBeenCalledWith(
      { interfaceInfoId: AVATAR, startDate: '2026-03-01', endDate: '2026-03-31' },
      { skipErrorHandler: true },
    );
    const drawer = await screen.findByRole('dialog', { name: '调用方：随机头像' });
    expect(within(drawer).getByText('2026-03-01 至 2026-03-31：共 500 次调用，失败 80 次，来自 12 个用户')).toBeVisible();
    expect(within(drawer).getByText('共 12 个用户，显示调用最多的 2 个')).toBeVisible();
    expect(within(drawer).getByText('单次调用记录保留 90 天，更早的调用方不在此列')).toBeVisible();
    const rowsOf = (name: string) =>
      within(within(drawer).getByRole('table', { name }))
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(rowsOf('调用最多的用户')).toEqual([
      ['普通用户user', '300', '7', '2.4%'],
      ['admin', '100', '0', '0.0%'],
    ]);
    // 3xx is shown at zero; the rare classes only when they hold calls. Shares add up to 100.0%.
    expect(rowsOf('按 HTTP 状态码分类')).toEqual([
      ['2xx 成功', '420', '84.0%'],
      ['3xx 重定向', '0', '0.0%'],
      ['4xx 请求错误', '50', '10.0%'],
      ['5xx 服务端错误', '20', '4.0%'],
      ['无应答', '10', '2.0%'],
    ]);

    await userEvent.click(within(drawer).getByRole('button', { name: /close|关闭/i }));
    expect(locationText()).toBe('/admin/interface_analysis?start=2026-03-01&end=2026-03-31');
    expect(history.index).toBe(entries);
  });

  it('names the callers after the row they were opened from, on any page of the table', async () => {
    overviewMock.mockImplementation(manyInterfaces);
    interfacesMock.mockImplementation(() => usagePage([usage(SMS, '短信发送', 50, 0, 80, 31)], 42));
    callersMock.mockReset().mockImplementation(() =>
      answer({
        interfaceInfoId: SMS,
        startDate: '2026-10-24',
        endDate: '2026-11-22',
        totalCalls: 50,
        errorCalls: 0,
        callerCount: 0,
        callers: [],
        statusClasses: { '2xx': 50, '3xx': 0, '4xx': 0, '5xx': 0, other: 0, noAnswer: 0, unrecorded: 0 },
      }),
    );
    renderPage();
    await screen.findByRole('table', { name: '接口调用明细' });
    await userEvent.click(screen.getByTitle('2'));
    await userEvent.click(
      await screen.findByRole('button', { name: '查看「短信发送」的调用方与状态码分布' }),
    );
    expect(await screen.findByRole('dialog', { name: '调用方：短信发送' })).toBeInTheDocument();
    expect(callersMock).toHaveBeenCalledWith(expect.objectContaining({ interfaceInfoId: SMS }), {
      skipErrorHandler: true,
    });
  });

  it('opens the callers given in the URL', async () => {
    callersMock.mockReset().mockImplementation(() =>
      answer({
        interfaceInfoId: PHONE,
        startDate: dayjs().subtract(29, 'day').format('YYYY-MM-DD'),
        endDate: dayjs().format('YYYY-MM-DD'),
        totalCalls: 0,
        errorCalls: 0,
        callerCount: 0,
        callers: [],
        statusClasses: { '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0, other: 0, noAnswer: 0, unrecorded: 0 },
      }),
    );
    renderPage(`/admin/interface_analysis?caller=${PHONE}`);
    const drawer = await screen.findByRole('dialog', { name: '调用方：手机号归属地' });
    expect(await within(drawer).findByText('所选时间范围内该接口没有调用')).toBeVisible();
  });

  it('keeps the range and the top list size in the URL and reloads for them', async () => {
    renderPage();
    await screen.findByRole('table', { name: '接口调用明细' });
    await userEvent.click(screen.getByRole('radio', { name: '近 7 天' }));
    expect(locationText()).toBe('/admin/interface_analysis?range=7');
    const today = dayjs();
    await waitFor(() =>
      expect(overviewMock).toHaveBeenLastCalledWith(
        {
          startDate: today.subtract(6, 'day').format('YYYY-MM-DD'),
          endDate: today.format('YYYY-MM-DD'),
          pageSize: 10,
        },
        { skipErrorHandler: true },
      ),
    );
    await userEvent.click(screen.getByText('Top 10'));
    expect(locationText()).toBe('/admin/interface_analysis?range=7&top=10');
    await waitFor(() =>
      expect(topMock).toHaveBeenLastCalledWith(expect.objectContaining({ limit: 10 }), expect.anything()),
    );
  });

  it('starts from a chosen range given in the URL', async () => {
    renderPage('/admin/interface_analysis?start=2026-03-01&end=2026-03-31&top=3');
    await screen.findByRole('table', { name: '接口调用明细' });
    expect(overviewMock).toHaveBeenCalledWith(
      { startDate: '2026-03-01', endDate: '2026-03-31', pageSize: 10 },
      { skipErrorHandler: true },
    );
    expect(topMock).toHaveBeenCalledWith(
      { limit: 3, startDate: '2026-03-01', endDate: '2026-03-31' },
      { skipErrorHandler: true },
    );
    expect(screen.getByRole('radio', { name: '近 30 天' })).not.toBeChecked();
  });

  it('says so when the range has no calls', async () => {
    overviewMock.mockImplementation(() =>
      answer(
        overview({
          totalCalls: 0,
          successCalls: 0,
          errorCalls: 0,
          successRate: 0,
          interfacesCalled: 0,
          interfaces: [],
        }),
      ),
    );
    topMock.mockImplementation(() => answer([]));
    renderPage();
    expect(await screen.findByText('所选时间范围内没有调用记录')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: '接口调用明细' })).not.toBeInTheDocument();
  });

  it('shows answers asked for early that came before its first render at once, and 刷新 asks afresh', async () => {
    startAnalysis('');
    // The answers come before the page renders.
    await Promise.resolve();
    await Promise.resolve();
    expect(overviewMock).toHaveBeenCalledTimes(1);
    renderPage();
    // In the first render: no placeholders first, no second request.
    const figures = screen.getByRole('region', { name: '关键指标' });
    expect(within(figures).getByText('1,600')).toBeInTheDocument();
    expect(screen.getByText('trend of 2 days')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'slice 随机头像', hidden: true })).toBeInTheDocument();
    expect(overviewMock).toHaveBeenCalledTimes(1);
    expect(topMock).toHaveBeenCalledTimes(1);

    overviewMock.mockImplementation(() => answer(overview({ totalCalls: 1700 })));
    await userEvent.click(screen.getByRole('button', { name: '刷新' }));
    expect(await within(figures).findByText('1,700')).toBeInTheDocument();
    expect(overviewMock).toHaveBeenCalledTimes(2);
    expect(topMock).toHaveBeenCalledTimes(2);
  });

  it('shows the plans this period under the analysis, and 刷新 asks for them afresh', async () => {
    const pro: API.PlanUsage = {
      planId: '1900000000000000001',
      planName: '专业',
      period: 'month',
      periodStart: '2026-11-01 00:00:00',
      periodEnd: '2026-12-01 00:00:00',
      quota: 100_000,
      overage: 'block',
      retired: false,
      subscribers: 1,
      pending: 0,
      callsThisPeriod: 1234,
      overageThisPeriod: 0,
      atQuotaThisPeriod: 0,
    };
    planUsageMock.mockImplementation(() => answer([pro]));
    renderPage('/admin/interface_analysis?start=2026-11-01&end=2026-11-07');
    const plans = await screen.findByRole('table', { name: '套餐用量（本周期）' });
    expect(within(plans).getByText('1,234 / 100,000')).toBeInTheDocument();
    expect(planUsageMock).toHaveBeenCalledWith({ skipErrorHandler: true });

    planUsageMock.mockImplementation(() => answer([{ ...pro, callsThisPeriod: 1300 }]));
    await userEvent.click(screen.getByRole('button', { name: '刷新' }));
    expect(await within(plans).findByText('1,300 / 100,000')).toBeInTheDocument();
  });

  it("shows the server's message with a retry that reloads", async () => {
    overviewMock.mockImplementationOnce(() =>
      Promise.reject(new ApiError({ code: 50000, message: '统计服务暂时不可用' })),
    );
    renderPage();
    expect(await screen.findByText('统计服务暂时不可用')).toBeInTheDocument();
    expect(screen.getByText('分析数据加载失败')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByRole('table', { name: '接口调用明细' })).toBeInTheDocument();
    expect(screen.queryByText('统计服务暂时不可用')).not.toBeInTheDocument();
  });

  it('shows a failed top list in its own card and keeps the rest', async () => {
    topMock.mockImplementationOnce(() =>
      Promise.reject(new ApiError({ code: 50000, message: '排行暂时不可用' })),
    );
    renderPage();
    expect(await screen.findByText('排行暂时不可用')).toBeInTheDocument();
    // The table comes a frame after the page (AfterFrame).
    expect(await screen.findByRole('table', { name: '接口调用明细' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByRole('table', { name: '调用次数前 5 的接口' })).toBeInTheDocument();
  });

  it('gives each interface the share the server rounded, and the donut says the same', async () => {
    renderPage();
    await screen.findByRole('table', { name: '接口调用明细' });
    // 1000, 500 and 100 of 1,600: 62.5%, 31.25% and 6.25%. Rounded each on its own, 100.1% in all.
    const shareOf = (name: string) =>
      within(usageTable())
        .getAllByRole('row')
        .find((row) => within(row).queryByRole('link', { name }))!
        .querySelectorAll('td')[6].textContent;
    expect([shareOf('天气查询'), shareOf('随机头像'), shareOf('手机号归属地')]).toEqual(['62.5%', '31.3%', '6.2%']);
    const ranking = screen.getByRole('table', { name: '调用次数前 5 的接口' });
    const rankingShare = (name: string) =>
      within(within(ranking).getByRole('rowheader', { name }).closest('tr')!).getAllByRole('cell').at(-1)!
        .textContent;
    expect(rankingShare('天气查询')).toBe('62.5%');
    expect(rankingShare('随机头像')).toBe('31.3%');
    expect(rankingShare('其他接口')).toBe('6.2%');
  });

  it('shows a start after the end the other way round, says so and corrects the URL in place', async () => {
    const history = renderPage('/admin/interface_analysis?start=2026-03-10&end=2026-03-01&top=3');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '开始日期 2026-03-10 晚于结束日期 2026-03-01，已按 2026-03-01 至 2026-03-10 显示',
    );
    await waitFor(() => expect(locationText()).toBe('/admin/interface_analysis?start=2026-03-01&end=2026-03-10&top=3'));
    // Replaced, not pushed: the back button does not lead to the bad range again.
    expect(history.index).toBe(0);
    expect(overviewMock).toHaveBeenLastCalledWith(
      { startDate: '2026-03-01', endDate: '2026-03-10', pageSize: 10 },
      { skipErrorHandler: true },
    );
    expect(overviewMock).not.toHaveBeenCalledWith(
      expect.objectContaining({ startDate: '2026-03-10' }),
      expect.anything(),
    );
    // Choosing another range puts the message away.
    await userEvent.click(screen.getByRole('radio', { name: '近 7 天' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says the previous period has no data (not that it had no calls) when nothing of it is on record', async () => {
    const none = { ...totals, totalCalls: 0, successCalls: 0, errorCalls: 0, successRate: 0, interfacesCalled: 0 };
    overviewMock.mockImplementation(() =>
      answer(overview({ previous: { ...none, avgLatency: 0, p95Latency: 0, startDate: '2026-09-24', endDate: '2026-10-23' } })),
    );
    renderPage();
    const figures = await screen.findByRole('region', { name: '关键指标' });
    await within(figures).findByText('1,600');
    expect(within(figures).getAllByText('上一周期暂无数据')).toHaveLength(4);
    expect(within(figures).getAllByText('上一周期暂无数据')[0]).toHaveAttribute(
      'title',
      '上一周期：2026-09-24 至 2026-10-23',
    );
    expect(within(figures).queryByText(/无调用/)).not.toBeInTheDocument();
  });

  it('exports every row of the range as CSV, asked for in full, with the shares the server gave them', async () => {
    // The first page holds 3 rows; the whole table 4, the last one past the first page.
    const everyRow = [
      usage(WEATHER, '天气查询', 1000, 10, 200, 624),
      usage(AVATAR, '随机头像', 500, 80, 1500, 312),
      usage(PHONE, '手机号归属地', 100, 10, 90, 62),
      usage(SMS, '短信发送', 2, 0, 80, 2),
    ];
    overviewMock.mockImplementation((params) =>
      answer(overview(params.pageSize ? { interfacesCalled: 4 } : { interfacesCalled: 4, interfaces: everyRow })),
    );
    const created: Blob[] = [];
    const createObjectURL = jest.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:usage';
    });
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    const clicked: HTMLAnchorElement[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    try {
      renderPage();
      await screen.findByRole('table', { name: '接口调用明细' });
      await userEvent.click(screen.getByRole('button', { name: /导出 CSV/ }));
      await waitFor(() => expect(clicked).toHaveLength(1));
      expect(overviewMock).toHaveBeenLastCalledWith(
        { startDate: '2026-10-24', endDate: '2026-11-22' },
        { skipErrorHandler: true },
      );
      expect(clicked[0].download).toBe('接口调用明细_2026-10-24_至_2026-11-22.csv');
      expect(created[0].type).toBe('text/csv;charset=utf-8');
      // jsdom's Blob has no text(): the file's bytes, read as a browser would save them. Inside act:
      // the page goes on settling meanwhile.
      const bytes = await act(
        () =>
          new Promise<Uint8Array>((resolve) => {
            const reader = new FileReader();
            reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
            reader.readAsArrayBuffer(created[0]);
          }),
      );
      // UTF-8's byte order mark, by which Excel knows the encoding.
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = new TextDecoder('utf-8').decode(bytes.slice(3)).split('\r\n');
      expect(lines[0]).toBe('接口,请求方法,状态,调用次数,失败次数,成功率,平均耗时（ms）,P95 耗时（ms）,占比,最近调用');
      expect(lines[1]).toBe('天气查询,GET,已上线,1000,10,99.0%,100,200,62.4%,2026-11-22 10:00:00');
      expect(lines[4]).toBe('短信发送,GET,已上线,2,0,100.0%,40,80,0.2%,2026-11-22 10:00:00');
      // The header, a line per interface, and the end of the last line.
      expect(lines).toHaveLength(6);
    } finally {
      click.mockRestore();
    }
  });
});

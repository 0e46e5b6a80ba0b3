

import { screen, within } from '@testing-library/react';
import { packUsage } from '@agler/contract/analysis';
import { createHistory } from '@umijs/max';
import { ConfigProvider } from 'antd';
import { unstable_HistoryRouter as HistoryRouter } from 'react-router-dom';
import { antdLocale, startLanguage } from '@/locales';
import {
  getAnalysisOverview,
  getInterfaceCallers,
  getPlanUsage,
  listTopInvokeInterfaceInfo,
} from '@/services/agler/analysis';
import { renderWithAntd } from '@/testing/render';
import { ok } from '@/testing/envelope';
import { usageCsv, usageCsvFileName } from './csv';
import InterfaceAnalysisPage from './index';
import { loadEnglish } from '@/testing/english';

// The page keeps its state in the query, through Umi's own router and history.
jest.unmock('@umijs/max');
jest.mock('@/services/agler/analysis');

// Canvas charts cannot draw in jsdom; the page's text tables stand for them.
jest.mock('./components/charts', () => ({ TrendChart: () => null, TopCharts: () => null }));

const WEATHER = '1800000000000000001';
const AVATAR = '1800000000000000002';

function usage(id: string, name: string, calls: number, errors: number, share: number): API.InterfaceUsage {
  return {
    interfaceInfoId: id,
    name,
    method: 'GET',
    status: 0,
    calls,
    errors,
    successRate: (calls - errors) / calls,
    avgLatency: 120,
    p95Latency: 640,
    share,
    lastCallTime: '2026-03-31 10:00:00',
  };
}

const rows = [usage(WEATHER, 'Weather', 11000, 10, 957), usage(AVATAR, 'Avatar', 500, 80, 43)];
const totals = {
  totalCalls: 11500,
  successCalls: 11410,
  errorCalls: 90,
  successRate: 11410 / 11500,
  avgLatency: 120,
  p95Latency: 640,
  interfacesCalled: 2,
};

/** A service's promise of a successful answer. */
const answer = <T,>(data: T) => Promise.resolve(ok(data)) as never;

/** Chinese characters and punctuation: none may be left on an English page. */
const CHINESE = /[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]/;

beforeAll(() => startLanguage('en-US', loadEnglish));

beforeEach(() => {
  jest.mocked(getAnalysisOverview).mockImplementation(() =>
    answer({
      startDate: '2026-03-01',
      endDate: '2026-03-31',
      ...totals,
      previous: { ...totals, startDate: '2026-01-29', endDate: '2026-02-28', totalCalls: 10000 },
      daily: [
        { date: '2026-03-30', calls: 5000, errors: 40 },
        { date: '2026-03-31', calls: 6500, errors: 50 },
      ],
      interfaces: packUsage(rows as never),
      callRetentionDays: 90,
    }),
  );
  jest.mocked(listTopInvokeInterfaceInfo).mockImplementation(() =>
    answer([
      { id: WEATHER, name: 'Weather', url: 'https://api.example.com/w', method: 'GET', status: 0, totalNum: 11000 },
    ]),
  );
  jest.mocked(getPlanUsage).mockImplementation(() =>
    answer([
      {
        planId: '1900000000000000001',
        planName: 'Pro',
        period: 'month',
        periodStart: '2026-03-01 00:00:00',
        periodEnd: '2026-04-01 00:00:00',
        quota: 100000,
        overage: 'block',
        retired: true,
        subscribers: 1,
        pending: 0,
        callsThisPeriod: 1234,
        overageThisPeriod: 0,
        atQuotaThisPeriod: 0,
      },
    ]),
  );
  jest.mocked(getInterfaceCallers).mockImplementation(() =>
    answer({
      interfaceInfoId: AVATAR,
      startDate: '2026-03-01',
      endDate: '2026-03-31',
      totalCalls: 500,
      errorCalls: 80,
      callerCount: 12,
      callers: [{ userId: '1790000000000000002', userAccount: 'user', userName: 'Ann', calls: 300, errors: 7 }],
      statusClasses: { '2xx': 420, '3xx': 0, '4xx': 50, '5xx': 20, other: 0, noAnswer: 10, unrecorded: 0 },
    }),
  );
});

it('shows the analysis page, its text tables and the callers drawer in English, with no Chinese left', async () => {
  const history = createHistory({
    type: 'memory',
    initialEntries: [`/admin/interface_analysis?start=2026-03-01&end=2026-03-31&caller=${AVATAR}`],
  });
  // antd's own texts (the pagination's) in the page's language, as the app's layout gives them.
  renderWithAntd(
    <ConfigProvider locale={antdLocale()}>
      <HistoryRouter history={history}>
        <InterfaceAnalysisPage />
      </HistoryRouter>
    </ConfigProvider>,
  );

  const figures = await screen.findByRole('region', { name: 'Key figures' });
  expect(await within(figures).findByText('11,500')).toBeInTheDocument();
  expect(within(figures).getByText('Failed: 90')).toBeInTheDocument();
  expect(within(figures).getAllByText('vs. previous period')).not.toHaveLength(0);
  expect(screen.getByRole('radio', { name: 'Last 30 days' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Refresh' })).toBeInTheDocument();

  const table = await screen.findByRole('table', { name: 'Calls by interface' });
  const headers = within(table)
    .getAllByRole('columnheader')
    .map((cell) => cell.textContent);
  expect(headers).toEqual(
    expect.arrayContaining(['Interface', 'Calls', 'Failures', 'Success rate', 'P95 latency', 'Share', 'Last call']),
  );
  expect(within(table).getByText('11,000')).toBeInTheDocument();
  expect(within(table).getAllByText('Offline')).toHaveLength(2);
  expect(screen.getByText('2 interfaces')).toBeInTheDocument();
  expect(screen.getByRole('table', { name: 'Calls and failures per day' })).toBeInTheDocument();
  expect(await screen.findByRole('table', { name: 'Top 5 interfaces by calls' })).toBeInTheDocument();

  const plans = await screen.findByRole('table', { name: 'Plans this period' });
  expect(within(plans).getByRole('row', { name: /Pro Monthly Retired 1 0 1,234 \/ 100,000/ })).toBeInTheDocument();

  const drawer = await screen.findByRole('dialog', { name: 'Callers: Avatar' });
  expect(
    await within(drawer).findByText('2026-03-01 to 2026-03-31 · calls: 500 · failed: 80 · users: 12'),
  ).toBeInTheDocument();
  expect(within(drawer).getByText('4xx client error')).toBeInTheDocument();
  expect(
    within(drawer).getByText('Individual calls are kept for 90 days: earlier callers are not counted here'),
  ).toBeInTheDocument();

  // The visible text and the names given to assistive technology and placeholders.
  expect(document.body.textContent).not.toMatch(CHINESE);
  for (const element of document.body.querySelectorAll('[aria-label], [placeholder], [title]')) {
    for (const name of ['aria-label', 'placeholder', 'title']) {
      expect(element.getAttribute(name) ?? '').not.toMatch(CHINESE);
    }
  }

  // The export is in English too.
  expect(usageCsv(rows).split('\r\n')[0]).toBe(
    '\uFEFFInterface,Method,Status,Calls,Failures,Success rate,Avg latency (ms),P95 latency (ms),Share,Last call',
  );
  expect(usageCsvFileName('2026-03-01', '2026-03-31')).toBe('interface-calls_2026-03-01_to_2026-03-31.csv');
});

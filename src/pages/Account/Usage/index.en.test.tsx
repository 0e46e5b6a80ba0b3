import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { antdLocale, startLanguage } from '@/locales';
import { listQuotaRequests } from '@/services/agler/quotaRequest';
import { listSubscriptions } from '@/services/agler/subscription';
import { getMyUsageSummary, listMyCalls, listMyDailyUsage } from '@/services/agler/usage';
import { loadEnglish } from '@/testing/english';
import { renderWithAntd } from '@/testing/render';
import { subscriptionList } from '@/testing/subscriptions';
import { downloadText } from '@/utils/download';
import UsagePage from '.';
import { setLoginUser } from '@/testing/umiMocks';
import { ok } from '@/testing/envelope';

jest.mock('@/services/agler/usage');
jest.mock('@/services/agler/quotaRequest');
jest.mock('@/services/agler/subscription');
jest.mock('@/utils/download');
jest.mock('@/components/QuotaRequestModal/loadForm', () => ({
  loadQuotaRequestForm: async () => jest.requireActual('@/components/QuotaRequestModal/QuotaRequestForm'),
}));
jest.mock('./components/charts', () => ({
  DailyChart: ({ daily }: { daily: API.DailyCalls[] }) => <div>{`chart of ${daily.length} days`}</div>,
}));

setLoginUser({ id: '1790000000000000003', userAccount: 'alice', userName: 'alice', userRole: 'user' });

const CJK = /[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]/;

beforeAll(() => startLanguage('en-US', loadEnglish));

beforeEach(() => {
  jest.mocked(getMyUsageSummary).mockResolvedValue(
    ok({
      startDate: '2026-11-14',
      endDate: '2026-11-20',
      calls: 3,
      errors: 1,
      p95Latency: 90,
      unlimited: false,
      callRetentionDays: 90,
      interfaces: [
        {
          interfaceInfoId: '1800000000000000001',
          name: 'Weather',
          method: 'GET',
          status: 0,
          calls: 3,
          errors: 1,
          p95Latency: 90,
          leftNum: 0,
          totalNum: 100,
          burnPerDay: 0.4,
          runsOutOn: '2026-11-20',
        },
      ],
    }),
  );
  jest.mocked(listMyDailyUsage).mockResolvedValue(ok([{ date: '2026-11-20', calls: 3, errors: 1 }]));
  jest.mocked(listMyCalls).mockResolvedValue(
    ok({
      records: [
        {
          id: '1',
          time: '2026-11-20 15:29:59',
          interfaceInfoId: '1800000000000000001',
          method: 'GET',
          statusClass: 'noAnswer',
          success: false,
          latency: 90,
          bytes: 0,
          online: true,
          keyId: null,
          keyName: null,
          accessKeyTail: null,
          keyRevoked: false,
        },
        {
          id: '2',
          time: '2026-11-20 15:29:58',
          interfaceInfoId: '1800000000000000001',
          interfaceName: 'Weather',
          method: 'GET',
          status: 200,
          statusClass: '2xx',
          success: true,
          latency: 60,
          bytes: 12,
          online: false,
          keyId: '1810000000000000001',
          keyName: 'prod',
          accessKeyTail: 'a1b2',
          keyRevoked: true,
        },
      ],
      total: 2,
      current: 1,
      size: 20,
      pages: 1,
    }),
  );
  jest.mocked(listQuotaRequests).mockResolvedValue(
    ok({
      records: [
        {
          id: '9',
          userId: '1790000000000000003',
          userAccount: 'alice',
          userName: 'alice',
          interfaceInfoId: '1800000000000000001',
          interfaceName: 'Weather',
          amount: 500,
          reason: 'load test',
          status: 'pending',
          createTime: '2026-11-19 10:00:00',
          leftNum: 0,
          totalNum: 100,
        },
      ],
      total: 1,
      current: 1,
      size: 5,
      pages: 1,
    }),
  );
  jest.mocked(listSubscriptions).mockImplementation(
    subscriptionList([
      {
        id: '5',
        planId: '3',
        planName: 'Enterprise',
        userId: '1790000000000000003',
        userName: 'alice',
        status: 'pending',
        requestedPlanId: null,
        requestedPlanName: null,
        period: 'month',
        periodStart: null,
        periodEnd: null,
        used: 0,
        quota: 100000,
        overage: 'allow',
        cancelAtPeriodEnd: false,
        reason: '',
        reply: null,
        createTime: '2026-11-01 10:00:00',
        interfaceIds: ['1800000000000000002'],
      },
    ]),
  );
});

describe('My usage in English', () => {
  it('shows every figure, table, state and the request form in English, with no Chinese left', async () => {
    renderWithAntd(
      <ConfigProvider locale={antdLocale()}>
        <UsagePage />
      </ConfigProvider>,
    );
    expect(await screen.findByText('chart of 1 days')).toBeInTheDocument();
    const row = (await screen.findByRole('link', { name: 'Weather' })).closest('tr')!;
    expect(within(row).getByText('Used up')).toBeInTheDocument();
    expect(within(row).getByText('Offline')).toBeInTheDocument();
    expect(await screen.findByText('Deleted interface')).toBeInTheDocument();
    expect(screen.getAllByText('No answer').length).toBeGreaterThan(0);
    expect(await screen.findByText('Pending')).toBeInTheDocument();
    // Each call names its key: the console's as an online call, a revoked key's still by its name.
    expect(screen.getByText('Online call')).toBeInTheDocument();
    const keyed = screen.getByText('prod · …a1b2').closest('tr')!;
    expect(within(keyed).getByText('Revoked')).toBeInTheDocument();
    for (const text of [
      'My usage',
      'Calls',
      'P95 latency',
      'Quotas',
      'Last 1000 calls',
      'My quota requests',
      'My plans',
      'Quota 100,000 calls/month',
      'Cancel',
      'Export CSV',
      'Individual calls are kept for 90 days',
      'Key',
    ]) {
      expect(screen.getAllByText(text).length).toBeGreaterThan(0);
    }
    expect(document.body.textContent).not.toMatch(CJK);

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /Export CSV/ }));
    });
    await waitFor(() => expect(jest.mocked(downloadText)).toHaveBeenCalledTimes(1));
    expect(jest.mocked(downloadText).mock.calls[0][0].split('\r\n').slice(0, 3)).toEqual([
      '\uFEFFTime,Key,Interface,Interface ID,HTTP status,Latency (ms),Size (bytes)',
      '2026-11-20 15:29:59,Online call,Deleted interface,1800000000000000001,No answer,90,0',
      '2026-11-20 15:29:58,prod · …a1b2 (revoked),Weather,1800000000000000001,200,60,12',
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Ask for more: Weather' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Ask for more calls of “Weather”')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: /Send request/ }));
    expect(await within(dialog).findByText('Enter an amount')).toBeInTheDocument();
    expect(within(dialog).getByText('Give a reason for the request')).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(CJK);
  });
});

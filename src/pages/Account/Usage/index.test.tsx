import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { addQuotaRequest, listQuotaRequests } from '@/services/agler/quotaRequest';
import { listSubscriptions } from '@/services/agler/subscription';
import { getMyUsageSummary, listMyCalls, listMyDailyUsage } from '@/services/agler/usage';
import { expectConsoleError } from '@/testing/console';
import { renderWithAntd } from '@/testing/render';
import { subscriptionList } from '@/testing/subscriptions';
import { downloadText } from '@/utils/download';
import UsagePage from '.';
import { setLoginUser } from '@/testing/umiMocks';
import { ok } from '@/testing/envelope';

jest.mock('@/services/agler/usage');
jest.mock('@/services/agler/quotaRequest');
jest.mock('@/services/agler/subscription');
jest.mock('@/components/QuotaRequestModal/loadForm', () => ({
  loadQuotaRequestForm: async () => jest.requireActual('@/components/QuotaRequestModal/QuotaRequestForm'),
}));
jest.mock('@/utils/download');
// Canvas charts cannot draw in jsdom: the stand-in shows what it was given.
jest.mock('./components/charts', () => ({
  DailyChart: ({ daily }: { daily: API.DailyCalls[] }) => (
    <div>{`chart of ${daily.length} days, ${daily.reduce((sum, day) => sum + day.calls, 0)} calls`}</div>
  ),
}));

setLoginUser({ id: '1790000000000000003', userAccount: 'alice', userName: 'alice', userRole: 'user' });

const WEATHER = '1800000000000000001';

const summary: API.UsageSummary = {
  startDate: '2026-11-14',
  endDate: '2026-11-20',
  calls: 40,
  errors: 4,
  p95Latency: 230,
  unlimited: false,
  callRetentionDays: 90,
  interfaces: [
    {
      interfaceInfoId: WEATHER,
      name: '天气查询',
      method: 'GET',
      status: 1,
      calls: 40,
      errors: 4,
      p95Latency: 230,
      leftNum: 60,
      totalNum: 100,
      burnPerDay: 5.7,
      runsOutOn: '2026-12-01',
    },
  ],
};

const entry = (id: string, over: Partial<API.CallLogEntry> = {}): API.CallLogEntry => ({
  id,
  time: '2026-11-20 15:29:59',
  interfaceInfoId: WEATHER,
  interfaceName: '天气查询',
  method: 'GET',
  status: 200,
  statusClass: '2xx',
  success: true,
  latency: 63,
  bytes: 1024,
  online: false,
  keyId: '1810000000000000001',
  keyName: '生产',
  accessKeyTail: 'a1b2',
  keyRevoked: false,
  ...over,
});

const ONLINE = { online: true, keyId: null, keyName: null, accessKeyTail: null } as const;

beforeEach(() => {
  jest.mocked(getMyUsageSummary).mockResolvedValue(ok(summary));
  jest.mocked(listMyDailyUsage).mockImplementation(async (params) =>
    ok([
      { date: params.startDate, calls: 10, errors: 1 },
      { date: params.endDate, calls: 30, errors: 3 },
    ]),
  );
  jest.mocked(listMyCalls).mockImplementation(async (params) => {
    const records =
      params.status === '5xx'
        ? [entry('2', { status: 502, statusClass: '5xx', success: false })]
        : [
            entry('1'),
            entry('2', { status: 502, statusClass: '5xx', ...ONLINE }),
            entry('3', {
              keyId: '1810000000000000002',
              keyName: '测试',
              accessKeyTail: 'c3d4',
              keyRevoked: true,
            }),
          ];
    return ok({ records, total: records.length, current: 1, size: 20, pages: 1 });
  });
  jest.mocked(listQuotaRequests).mockResolvedValue(
    ok({
      records: [
        {
          id: '9',
          userId: '1790000000000000003',
          userAccount: 'alice',
          userName: 'alice',
          interfaceInfoId: WEATHER,
          interfaceName: '天气查询',
          amount: 500,
          reason: '压测',
          status: 'refused',
          reviewReason: '本月额度已满',
          createTime: '2026-11-19 10:00:00',
          reviewTime: '2026-11-19 11:00:00',
          leftNum: 60,
          totalNum: 100,
        },
      ],
      total: 1,
      current: 1,
      size: 5,
      pages: 1,
    }),
  );
  jest.mocked(addQuotaRequest).mockResolvedValue(ok({} as API.QuotaRequestVO));
  jest
    .mocked(listSubscriptions)
    .mockResolvedValue(ok({ records: [], total: 0, current: 1, size: 50, pages: 1 }));
});

describe('我的用量', () => {
  it('shows the figures, the chart, each quota with its burn rate and the day it runs out', async () => {
    renderWithAntd(<UsagePage />);
    expect(await screen.findByText('chart of 2 days, 40 calls')).toBeInTheDocument();
    expect(await screen.findByText('230 ms')).toBeInTheDocument();
    expect(screen.getByText('90.0%')).toBeInTheDocument();
    const row = screen.getByRole('link', { name: '天气查询' }).closest('tr')!;
    expect(within(row).getByText('60 / 100')).toBeInTheDocument();
    expect(within(row).getByText('5.7 次/天')).toBeInTheDocument();
    expect(within(row).getByText('2026-12-01')).toBeInTheDocument();
    // The user's request, with the admin's answer.
    const request = (await screen.findByText('本月额度已满')).closest('tr')!;
    expect(within(request).getByText('已拒绝')).toBeInTheDocument();
  });

  it('lists what each request asked for: calls, a top-up for the period, or a plan', async () => {
    const asked = (id: string, over: Partial<API.QuotaRequestVO>): API.QuotaRequestVO => ({
      id,
      userId: '1790000000000000003',
      userAccount: 'alice',
      userName: 'alice',
      interfaceInfoId: WEATHER,
      interfaceName: '天气查询',
      amount: 500,
      kind: 'quota',
      reason: `理由 ${id}`,
      status: 'pending',
      createTime: '2026-11-19 10:00:00',
      leftNum: 60,
      totalNum: 100,
      ...over,
    });
    jest.mocked(listQuotaRequests).mockResolvedValue(
      ok({
        records: [
          asked('1', {}),
          asked('2', { kind: 'topup', amount: 1500 }),
          asked('3', { kind: 'plan', amount: 0, planId: '2', planName: '专业' }),
        ],
        total: 3,
        current: 1,
        size: 5,
        pages: 1,
      }),
    );
    renderWithAntd(<UsagePage />);
    const rowOf = async (reason: string) => (await screen.findByText(reason)).closest('tr')!;
    expect(screen.getByRole('columnheader', { name: '申请内容' })).toBeInTheDocument();
    expect(within(await rowOf('理由 1')).getByText('500')).toBeInTheDocument();
    expect(within(await rowOf('理由 2')).getByText('本周期加量 1,500 次')).toBeInTheDocument();
    expect(within(await rowOf('理由 3')).getByText('升级到套餐「专业」')).toBeInTheDocument();
  });

  it('lists the plans, and an interface a live plan covers names the plan instead of its own quota', async () => {
    jest.mocked(listSubscriptions).mockImplementation(
      subscriptionList([
        {
          id: '5',
          planId: '2',
          planName: '专业',
          userId: '1790000000000000003',
          userName: 'alice',
          status: 'active',
          requestedPlanId: null,
          requestedPlanName: null,
          period: 'month',
          periodStart: '2026-11-01 00:00:00',
          periodEnd: '2026-12-01 00:00:00',
          used: 40,
          quota: 100000,
          overage: 'block',
          cancelAtPeriodEnd: false,
          reason: '',
          reply: null,
          createTime: '2026-11-01 10:00:00',
          interfaceIds: [WEATHER],
        },
      ]),
    );
    renderWithAntd(<UsagePage />);
    const plan = (await screen.findByText('40 / 100,000')).closest('tr')!;
    expect(within(plan).getByText('2026-11-01 – 2026-11-30')).toBeInTheDocument();
    const row = (await screen.findByText('由套餐 专业 计费')).closest('tr')!;
    expect(within(row).getByRole('link', { name: '天气查询' })).toBeInTheDocument();
    expect(within(row).queryByText('60 / 100')).not.toBeInTheDocument();
    expect(within(row).queryByText('2026-12-01')).not.toBeInTheDocument();
  });

  it('asks the server for another range, and for one interface’s days', async () => {
    renderWithAntd(<UsagePage />);
    await screen.findByText('chart of 2 days, 40 calls');
    const before = jest.mocked(getMyUsageSummary).mock.calls.length;
    fireEvent.click(screen.getByRole('radio', { name: '近 30 天' }));
    await waitFor(() => expect(jest.mocked(getMyUsageSummary).mock.calls.length).toBe(before + 1));
    const [params] = jest.mocked(getMyUsageSummary).mock.calls[before];
    expect(params.startDate < params.endDate).toBe(true);
    expect(params.userId).toBeUndefined();
  });

  it('lists the last calls with their key and status and exports them as CSV', async () => {
    renderWithAntd(<UsagePage />);
    const log = (await screen.findByText('最近 1000 次调用')).closest('.ant-pro-table')! as HTMLElement;
    const failed = (await within(log).findByText('502')).closest('tr')!;
    expect(within(log).getByText('单次调用记录保留 90 天')).toBeInTheDocument();
    expect(within(log).getByRole('columnheader', { name: '密钥' })).toBeInTheDocument();
    // Which key made each call: its name and tail, 在线调用 for the console's, a revoked key still by its name.
    expect(within(log).getByText('生产 · …a1b2')).toBeInTheDocument();
    expect(within(failed).getByText('在线调用')).toBeInTheDocument();
    const revoked = within(log).getByText('测试 · …c3d4').closest('tr')!;
    expect(within(revoked).getByText('已吊销')).toBeInTheDocument();
    await act(async () => {
      fireEvent.click(within(log).getByRole('button', { name: /导出 CSV/ }));
    });
    await waitFor(() => expect(jest.mocked(downloadText)).toHaveBeenCalledTimes(1));
    const [text, fileName] = jest.mocked(downloadText).mock.calls[0];
    expect(text.split('\r\n').slice(0, 4)).toEqual([
      '\uFEFF时间,密钥,接口,接口 ID,HTTP 状态,耗时（ms）,大小（字节）',
      '2026-11-20 15:29:59,生产 · …a1b2,天气查询,1800000000000000001,200,63,1024',
      '2026-11-20 15:29:59,在线调用,天气查询,1800000000000000001,502,63,1024',
      '2026-11-20 15:29:59,测试 · …c3d4（已吊销）,天气查询,1800000000000000001,200,63,1024',
    ]);
    expect(fileName).toMatch(/^最近调用_\d{4}-\d{2}-\d{2}\.csv$/);
  });

  it('asks for more calls from a quota’s row, checked with the server’s rules first', async () => {
    renderWithAntd(<UsagePage />);
    fireEvent.click(await screen.findByRole('button', { name: '申请额度：天气查询' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /提交申请/ }));
    expect(await within(dialog).findByText('请输入申请次数')).toBeInTheDocument();
    expect(within(dialog).getByText('请填写申请理由')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('申请次数'), { target: { value: '500' } });
    fireEvent.change(within(dialog).getByLabelText('理由'), { target: { value: '下周压测' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: /提交申请/ }));
    });
    await waitFor(() =>
      expect(jest.mocked(addQuotaRequest)).toHaveBeenCalledWith(
        { interfaceInfoId: WEATHER, amount: 500, reason: '下周压测' },
        { skipErrorHandler: true },
      ),
    );
    expect(await screen.findByText('申请已提交，管理员处理后会通知你')).toBeInTheDocument();
  });

  it("an admin's link opens another user's usage: every read names that user, and nothing is asked for them", async () => {
    window.history.replaceState(null, '', '/account/usage?userId=1790000000000000002&account=bob');
    try {
      renderWithAntd(<UsagePage />);
      expect(await screen.findByText('bob 的用量')).toBeInTheDocument();
      expect(await screen.findByText('bob 的额度申请')).toBeInTheDocument();
      expect(screen.queryByText('我的额度申请')).not.toBeInTheDocument();
      await screen.findByText('chart of 2 days, 40 calls');
      for (const mock of [getMyUsageSummary, listMyDailyUsage, listMyCalls])
        expect(jest.mocked(mock).mock.calls.at(-1)![0]).toMatchObject({ userId: '1790000000000000002' });
      await waitFor(() =>
        expect(jest.mocked(listQuotaRequests).mock.calls.at(-1)![0]).toMatchObject({
          userId: '1790000000000000002',
        }),
      );
      expect(await screen.findByText('bob 的套餐')).toBeInTheDocument();
      expect(jest.mocked(listSubscriptions).mock.calls.at(-1)![0]).toMatchObject({
        userId: '1790000000000000002',
      });
      expect(screen.queryByRole('button', { name: /^申请额度/ })).not.toBeInTheDocument();
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });

  it("titles another user's usage with the name 用户管理 passes, the account when there is none", async () => {
    window.history.replaceState(
      null,
      '',
      '/account/usage?userId=1790000000000000002&account=bob&name=Bob+Li',
    );
    try {
      renderWithAntd(<UsagePage />);
      expect(await screen.findByText('Bob Li 的用量')).toBeInTheDocument();
      expect(await screen.findByText('Bob Li 的额度申请')).toBeInTheDocument();
      expect(screen.queryByText('bob 的用量')).not.toBeInTheDocument();
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });

  it('a call that succeeded before statuses were recorded reads 成功, one never answered 无响应', async () => {
    jest.mocked(listMyCalls).mockResolvedValue(
      ok({
        records: [
          entry('1', { status: undefined, statusClass: 'unrecorded', success: true }),
          entry('2', { status: undefined, statusClass: 'noAnswer', success: false, interfaceName: 'Echo' }),
        ],
        total: 2,
        current: 1,
        size: 20,
        pages: 1,
      }),
    );
    renderWithAntd(<UsagePage />);
    const unrecorded = (await screen.findByText('成功', { selector: '.ant-tag' })).closest(
      'tr',
    ) as HTMLElement;
    expect(within(unrecorded).getByText('天气查询')).toBeInTheDocument();
    const unanswered = screen.getByText('无响应', { selector: '.ant-tag' }).closest('tr') as HTMLElement;
    expect(within(unanswered).getByText('Echo')).toBeInTheDocument();
  });

  it('a range without calls says so instead of drawing an empty chart', async () => {
    jest.mocked(listMyDailyUsage).mockImplementation(async (params) =>
      ok([
        { date: params.startDate, calls: 0, errors: 0 },
        { date: params.endDate, calls: 0, errors: 0 },
      ]),
    );
    renderWithAntd(<UsagePage />);
    expect(await screen.findByText('这段时间没有调用')).toBeInTheDocument();
    expect(screen.queryByText(/^chart of/)).not.toBeInTheDocument();
  });

  it('says when the usage cannot be loaded, and loads again on 重试', async () => {
    jest.mocked(getMyUsageSummary).mockRejectedValueOnce(new Error('网络错误'));
    // ahooks logs a failed request that has no onError of its own; the page shows it itself.
    expectConsoleError(/网络错误/);
    renderWithAntd(<UsagePage />);
    expect(await screen.findByText('用量加载失败')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /重试/ }));
    await waitFor(() => expect(screen.queryByText('用量加载失败')).not.toBeInTheDocument());
  });
});

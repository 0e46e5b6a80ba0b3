import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import RequestBridge from '@/components/RequestBridge';
import { ApiError } from '@/requestConfig';
import { expectConsoleError } from '@/testing/console';
import { cancelSubscription, listSubscriptions } from '@/services/agler/subscription';
import { ok } from '@/testing/envelope';
import { renderWithAntd } from '@/testing/render';
import { subscriptionList } from '@/testing/subscriptions';
import { coveringPlans, Subscriptions, useLiveSubscriptions } from './Subscriptions';

jest.mock('@/services/agler/subscription');

const USER = '1790000000000000003';
const listMock = jest.mocked(listSubscriptions);
const cancelMock = jest.mocked(cancelSubscription);

const inDays = (days: number) => dayjs().add(days, 'day').startOf('day').format('YYYY-MM-DD HH:mm:ss');
const START = dayjs().startOf('day').subtract(3, 'day').format('YYYY-MM-DD HH:mm:ss');
const END = inDays(5);

const subscription = (id: string, over: Partial<API.SubscriptionVO> = {}): API.SubscriptionVO => ({
  id,
  planId: `p${id}`,
  planName: '专业',
  userId: USER,
  userName: 'user',
  status: 'active',
  requestedPlanId: null,
  requestedPlanName: null,
  period: 'month',
  periodStart: START,
  periodEnd: END,
  used: 1234,
  quota: 100000,
  overage: 'block',
  cancelAtPeriodEnd: false,
  reason: '',
  reply: null,
  createTime: `2026-11-0${id} 10:00:00`,
  interfaceIds: ['15', '16'],
  ...over,
});

/** The list as the server answers it from `rows`. */
function serve(rows: API.SubscriptionVO[]) {
  listMock.mockImplementation(subscriptionList(rows));
}

function Harness({ own = true }: { own?: boolean }) {
  const live = useLiveSubscriptions(USER);
  return (
    <>
      <RequestBridge />
      <Subscriptions userId={USER} title="我的套餐" own={own} live={live} />
    </>
  );
}

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')! as HTMLElement;

beforeEach(() => {
  listMock.mockClear();
  serve([subscription('1')]);
  cancelMock.mockResolvedValue(ok(subscription('1', { cancelAtPeriodEnd: true })));
});

describe('我的套餐', () => {
  it('shows an active plan with its period, calls used of the quota and when it resets', async () => {
    renderWithAntd(<Harness />);
    const row = await rowOf('专业');
    expect(within(row).getByRole('link', { name: '专业' })).toHaveAttribute('href', '/interface_info/15');
    expect(within(row).getByText('生效中')).toBeInTheDocument();
    expect(
      within(row).getByText(`${START.slice(0, 10)} – ${dayjs(END).subtract(1, 'day').format('YYYY-MM-DD')}`),
    ).toBeInTheDocument();
    expect(within(row).getByText('1,234 / 100,000')).toBeInTheDocument();
    expect(within(row).getByRole('progressbar', { name: '1,234 / 100,000' })).toBeInTheDocument();
    expect(within(row).getByText('不可超额')).toBeInTheDocument();
    expect(within(row).getByText(END.slice(0, 16))).toBeInTheDocument();
    expect(within(row).getByText(/^\d+ 天后$/)).toBeInTheDocument();
    // Only the live ones are read at first, in one list.
    expect(listMock.mock.calls).toEqual([[{ userId: USER, status: 'live', current: 1, pageSize: 50 }, { skipErrorHandler: true }]]);
  });

  it('marks a pending plan, a switch waiting, a cancelled one and the overage of a plan that allows it', async () => {
    serve([
      subscription('1', { requestedPlanId: 'p9', requestedPlanName: '企业' }),
      subscription('2', {
        planName: '企业',
        status: 'pending',
        periodStart: null,
        periodEnd: null,
        used: 0,
        overage: 'allow',
        interfaceIds: ['20'],
      }),
      subscription('3', {
        planName: '翻译包',
        overage: 'allow',
        used: 1200,
        quota: 1000,
        interfaceIds: ['21'],
      }),
      subscription('4', { planName: '天气包', cancelAtPeriodEnd: true, interfaceIds: ['22'] }),
    ]);
    renderWithAntd(<Harness />);
    // The active one with a switch waiting is shown once.
    expect(await screen.findAllByRole('link', { name: '专业' })).toHaveLength(1);
    expect(within(await rowOf('专业')).getByText('切换到 企业 待审批')).toBeInTheDocument();
    const pending = (await screen.findByRole('link', { name: '企业' })).closest('tr')! as HTMLElement;
    expect(within(pending).getAllByText('待审批')).toHaveLength(2);
    expect(within(pending).getByText('额度 100,000 次/月')).toBeInTheDocument();
    const over = await rowOf('翻译包');
    expect(within(over).getByText('1,200 / 1,000')).toBeInTheDocument();
    expect(within(over).getByText('200')).toBeInTheDocument();
    const cancelled = await rowOf('天气包');
    expect(within(cancelled).getByText(`将于 ${END.slice(0, 16)} 结束`)).toBeInTheDocument();
    expect(within(cancelled).getByText('不再重置')).toBeInTheDocument();
    // Nothing left to cancel on it: withdrawing the cancellation is subscribing again.
    expect(within(cancelled).queryByRole('button', { name: /取消订阅/ })).not.toBeInTheDocument();
  });

  it('shows the ended and refused ones, with the reviewer’s reply, on demand', async () => {
    serve([
      subscription('1'),
      subscription('2', {
        planName: '企业',
        status: 'refused',
        periodStart: null,
        periodEnd: null,
        reply: '请先联系销售',
      }),
      subscription('3', { planName: '免费', status: 'ended', cancelAtPeriodEnd: true }),
    ]);
    renderWithAntd(<Harness />);
    await rowOf('专业');
    expect(screen.queryByText('企业')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('radio', { name: '全部' }));
    const refused = await rowOf('企业');
    expect(within(refused).getByText('已拒绝')).toBeInTheDocument();
    expect(within(refused).getByText('请先联系销售')).toBeInTheDocument();
    const ended = await rowOf('免费');
    expect(within(ended).getByText('已结束')).toBeInTheDocument();
    expect(within(ended).queryByText(/将于/)).not.toBeInTheDocument();
    expect(within(ended).queryByRole('button', { name: /取消订阅/ })).not.toBeInTheDocument();
    expect(listMock).toHaveBeenLastCalledWith(
      { userId: USER, current: 1, pageSize: 10 },
      { skipErrorHandler: true },
    );
  });

  it('cancels an active plan after a confirmation that says it ends with its period', async () => {
    renderWithAntd(<Harness />);
    const row = await rowOf('专业');
    fireEvent.click(within(row).getByRole('button', { name: '取消订阅：专业' }));
    const confirm = await screen.findByText(
      `取消「专业」？订阅将于本周期结束时（${END.slice(0, 16)}）结束，在此之前仍按套餐计次。`,
    );
    const calls = listMock.mock.calls.length;
    serve([subscription('1', { cancelAtPeriodEnd: true })]);
    await act(async () => {
      fireEvent.click(
        within(confirm.closest('.ant-popconfirm')! as HTMLElement).getByRole('button', { name: '取消订阅' }),
      );
    });
    expect(cancelMock).toHaveBeenCalledWith({ id: '1' }, { skipErrorHandler: true });
    expect(await screen.findByText(`「专业」将于 ${END.slice(0, 16)} 结束`)).toBeInTheDocument();
    await waitFor(() => expect(listMock.mock.calls.length).toBeGreaterThan(calls));
    await waitFor(() =>
      expect(
        within(screen.getByRole('link', { name: '专业' }).closest('tr')!).getByText('不再重置'),
      ).toBeInTheDocument(),
    );
  });

  it('says a pending plan ends at once when cancelled', async () => {
    serve([subscription('2', { planName: '企业', status: 'pending', periodStart: null, periodEnd: null })]);
    renderWithAntd(<Harness />);
    fireEvent.click(within(await rowOf('企业')).getByRole('button', { name: '取消订阅：企业' }));
    const confirm = await screen.findByText('取消「企业」的订阅申请？申请将立即结束。');
    serve([]);
    await act(async () => {
      fireEvent.click(
        within(confirm.closest('.ant-popconfirm')! as HTMLElement).getByRole('button', { name: '取消订阅' }),
      );
    });
    expect(await screen.findByText('已取消「企业」的订阅申请')).toBeInTheDocument();
    expect(await screen.findByText('还没有订阅套餐，')).toBeInTheDocument();
  });

  it('keeps the row and shows the server’s words when the cancellation is refused', async () => {
    cancelMock.mockRejectedValue(new ApiError({ code: 40000, message: '该订阅已结束' }));
    renderWithAntd(<Harness />);
    fireEvent.click(within(await rowOf('专业')).getByRole('button', { name: '取消订阅：专业' }));
    const confirm = await screen.findByText(/^取消「专业」？/);
    const calls = listMock.mock.calls.length;
    await act(async () => {
      fireEvent.click(
        within(confirm.closest('.ant-popconfirm')! as HTMLElement).getByRole('button', { name: '取消订阅' }),
      );
    });
    expect(await screen.findByText('该订阅已结束')).toBeInTheDocument();
    expect(screen.queryByText(/^「专业」将于/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: '专业' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '取消订阅：专业' })).toBeEnabled();
    expect(listMock.mock.calls.length).toBe(calls);
  });

  it('points to the catalogue when there is no plan, and lets an admin only read another user’s', async () => {
    serve([]);
    const { unmount } = renderWithAntd(<Harness />);
    expect(await screen.findByText('还没有订阅套餐，')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '去接口广场看看' })).toHaveAttribute('href', '/');
    unmount();
    serve([subscription('1')]);
    renderWithAntd(<Harness own={false} />);
    await rowOf('专业');
    expect(screen.queryByRole('button', { name: /取消订阅/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: '操作' })).not.toBeInTheDocument();
  });

  it('says when the list could not be read, and reads it again on 重试', async () => {
    listMock.mockRejectedValueOnce(new ApiError({ code: 50000, message: '系统错误' }));
    expectConsoleError(/系统错误/);
    renderWithAntd(<Harness />);
    expect(await screen.findByText('套餐加载失败')).toBeInTheDocument();
    expect(screen.getByText('系统错误')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByRole('link', { name: '专业' })).toBeInTheDocument();
  });
});

describe('coveringPlans', () => {
  it('names the plan of each interface a live subscription covers', () => {
    const plans = coveringPlans([
      subscription('1'),
      subscription('2', { planName: '企业', status: 'pending', interfaceIds: ['20'] }),
      subscription('3', { planName: '免费', status: 'ended', interfaceIds: ['21'] }),
    ]);
    expect([...plans]).toEqual([
      ['15', '专业'],
      ['16', '专业'],
      ['20', '企业'],
    ]);
  });
});

import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '@/requestConfig';
import { listPlans } from '@/services/agler/plan';
import { addSubscription, listSubscriptions } from '@/services/agler/subscription';
import { ok } from '@/testing/envelope';
import { renderWithAntd } from '@/testing/render';
import { subscriptionList } from '@/testing/subscriptions';
import { registerMessageApi } from '@/utils/feedback';
import { PLAN_MESSAGES } from '@agler/contract/messages';
import { PlanCards, usePlanCover } from './PlanCards';
import { FREE, ENTERPRISE, INTERFACE_ID, PRO, held } from './PlanCards.fixtures';

jest.mock('@/services/agler/plan');
jest.mock('@/services/agler/subscription');
jest.mock('@/components/QuotaRequestModal/loadForm', () => ({
  loadQuotaRequestForm: async () => jest.requireActual('@/components/QuotaRequestModal/QuotaRequestForm'),
}));

/** The cards as the page has them: loaded by the hook, for a user unless `admin`. */
function Harness({ admin = false, calls = 0 }: { admin?: boolean; calls?: number }) {
  const cover = usePlanCover(INTERFACE_ID, admin, calls);
  return <PlanCards cover={cover} interfaceName="手机号归属地" interfaceRate="每秒 5 次，突发 5 次" admin={admin} />;
}

/** The card of the plan named `name`. */
const card = (name: string) => screen.getByText(name, { selector: '.ant-card-head-title' }).closest('.ant-card') as HTMLElement;

/** The caller's subscriptions, as the list answers them. */
function holding(...subscriptions: API.SubscriptionVO[]) {
  jest.mocked(listSubscriptions).mockImplementation(subscriptionList(subscriptions));
}

beforeEach(() => {
  jest.clearAllMocks();
  jest.mocked(listPlans).mockResolvedValue(ok([FREE, PRO, ENTERPRISE]));
  holding(held(PRO));
});

afterEach(() => registerMessageApi(undefined));

describe('the plans on the interface page', () => {
  it('shows a card per plan with what it gives, and the held one with its use and reset', async () => {
    renderWithAntd(<Harness />);
    const pro = await waitFor(() => card('专业'));
    expect(listPlans).toHaveBeenCalledWith({ interfaceInfoId: INTERFACE_ID }, { skipErrorHandler: true });

    const free = card('免费');
    expect(within(free).getByText('默认')).toBeInTheDocument();
    expect(within(free).getByText('每月 1,000 次')).toBeInTheDocument();
    expect(within(free).getByText('接口默认（每秒 5 次，突发 5 次）')).toBeInTheDocument();
    expect(within(free).getByText('超出后拒绝')).toBeInTheDocument();
    expect(within(free).getByText('即时开通')).toBeInTheDocument();

    expect(within(pro).getByText('¥99/月')).toBeInTheDocument();
    expect(within(pro).getByText('每秒 10 次，突发 10 次')).toBeInTheDocument();
    expect(within(pro).getByText('当前套餐')).toBeInTheDocument();
    expect(within(pro).getByText('本期已用 1,234 / 100,000 次')).toBeInTheDocument();
    expect(within(pro).getByText('2026-12-01 00:00 重置')).toBeInTheDocument();
    expect(within(pro).getByRole('progressbar', { name: '本期用量' })).toBeInTheDocument();
    expect(within(pro).getByText('每月 100,000 次调用，每秒最多 10 次。')).toBeInTheDocument();

    const enterprise = card('企业');
    expect(within(enterprise).getByText('需审批')).toBeInTheDocument();
    expect(within(enterprise).getByText('超出按量计')).toBeInTheDocument();
    expect(within(enterprise).getByText('需管理员审批')).toBeInTheDocument();
    expect(within(enterprise).getByText('每月 10,000,000 次')).toBeInTheDocument();
    expect(within(enterprise).getByText('包含 4 个接口')).toBeInTheDocument();
  });

  it('offers 切换 over the same interfaces, 已订阅 (disabled) for the held plan, 订阅 otherwise', async () => {
    renderWithAntd(<Harness />);
    expect(await screen.findByRole('button', { name: '已订阅「专业」' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '切换「免费」' })).toBeEnabled();
    expect(screen.getByRole('button', { name: '切换「企业」' })).toBeEnabled();
  });

  it('offers 申请额度 on the held plan only, for more calls this period or a bigger plan', async () => {
    renderWithAntd(<Harness />);
    const pro = await waitFor(() => card('专业'));
    expect(within(card('免费')).queryByRole('button', { name: '申请额度' })).not.toBeInTheDocument();
    fireEvent.click(within(pro).getByRole('button', { name: '申请额度' }));
    const dialog = await screen.findByRole('dialog', { name: '申请「手机号归属地」的调用额度' });
    expect(await within(dialog).findByText(/该接口的调用计入你的套餐「专业」/)).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: '本周期加量' })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: '升级套餐' })).toBeInTheDocument();
  });

  it('offers no 申请额度 while the held subscription waits for approval: the server would refuse it', async () => {
    holding({ ...held(PRO), status: 'pending', periodStart: null, periodEnd: null, used: 0 });
    renderWithAntd(<Harness />);
    expect(await within(await waitFor(() => card('专业'))).findByText('等待管理员审批，通过后才能调用')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '申请额度' })).not.toBeInTheDocument();
  });

  it('offers 订阅 without a subscription, and says the default plan comes with the first call', async () => {
    holding();
    renderWithAntd(<Harness />);
    expect(await screen.findByRole('button', { name: '订阅「免费」' })).toBeEnabled();
    expect(screen.getByRole('button', { name: '订阅「专业」' })).toBeEnabled();
    expect(screen.getByText(/还没有订阅：首次调用时自动开通默认套餐「免费」。/)).toBeInTheDocument();
  });

  it('offers 订阅, not 切换, when the held subscription covers other interfaces too', async () => {
    holding({ ...held(PRO), interfaceIds: [...PRO.interfaceIds, '1800000000000000099'] });
    renderWithAntd(<Harness />);
    expect(await screen.findByRole('button', { name: '订阅「免费」' })).toBeEnabled();
  });

  it('switches at once to a plan without approval, says so, and reads the subscription again', async () => {
    jest.mocked(addSubscription).mockResolvedValue(ok({ ...held(PRO), planId: FREE.id, planName: FREE.name }));
    renderWithAntd(<Harness />);
    const button = await screen.findByRole('button', { name: '切换「免费」' });
    const reads = jest.mocked(listSubscriptions).mock.calls.length;
    holding({ ...held(PRO), planId: FREE.id, planName: FREE.name, quota: FREE.quota });
    await act(async () => {
      fireEvent.click(button);
    });
    expect(addSubscription).toHaveBeenCalledWith({ planId: FREE.id }, { skipErrorHandler: true });
    expect(await screen.findByText('已切换到「免费」，本期已用次数保留')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: '已订阅「免费」' })).toBeDisabled();
    expect(within(card('免费')).getByText('本期已用 1,234 / 1,000 次（超出 234 次）')).toBeInTheDocument();
    expect(jest.mocked(listSubscriptions).mock.calls.length).toBeGreaterThan(reads);
  });

  it('asks a plan needing approval for a reason, sends it, and shows the switch waiting', async () => {
    const waiting = { ...held(PRO), requestedPlanId: ENTERPRISE.id, requestedPlanName: ENTERPRISE.name };
    jest.mocked(addSubscription).mockResolvedValue(ok(waiting));
    renderWithAntd(<Harness />);
    fireEvent.click(await screen.findByRole('button', { name: '切换「企业」' }));
    const dialog = await screen.findByRole('dialog', { name: '订阅「企业」' });
    expect(addSubscription).not.toHaveBeenCalled();
    expect(within(dialog).getByText('该套餐需要管理员审批，审批通过后才能调用。')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('申请理由（选填）'), { target: { value: ' 上线压测 ' } });
    holding(waiting);
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: /提交申请/ }));
    });
    await waitFor(() =>
      expect(addSubscription).toHaveBeenCalledWith({ planId: ENTERPRISE.id, reason: '上线压测' }, { skipErrorHandler: true }),
    );
    expect(await screen.findByText('已申请「企业」，等待管理员审批')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: '切换待审批「企业」' })).toBeDisabled();
    expect(within(card('专业')).getByText('已申请切换到「企业」，等待审批')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('subscribes without a reason when none is given, and a pending one reads 待审批', async () => {
    holding();
    const pending = { ...held(ENTERPRISE), status: 'pending' as const, periodStart: null, periodEnd: null, used: 0 };
    jest.mocked(addSubscription).mockResolvedValue(ok(pending));
    renderWithAntd(<Harness />);
    fireEvent.click(await screen.findByRole('button', { name: '订阅「企业」' }));
    const dialog = await screen.findByRole('dialog');
    holding(pending);
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: /提交申请/ }));
    });
    await waitFor(() => expect(addSubscription).toHaveBeenCalledWith({ planId: ENTERPRISE.id }, { skipErrorHandler: true }));
    expect(await screen.findByRole('button', { name: '待审批「企业」' })).toBeDisabled();
    expect(within(card('企业')).getByText('等待管理员审批，通过后才能调用')).toBeInTheDocument();
    // Another plan would conflict with the pending one: the server says so when asked.
    expect(screen.getByRole('button', { name: '订阅「免费」' })).toBeEnabled();
  });

  it("shows the server's message when the plan conflicts with another subscription", async () => {
    holding();
    jest.mocked(addSubscription).mockRejectedValue(new ApiError({ code: 40000, message: PLAN_MESSAGES.covered('内部').text, data: null }));
    // The request layer's one toast per failure.
    const toast = jest.fn();
    registerMessageApi({ error: toast } as never);
    renderWithAntd(<Harness />);
    const button = await screen.findByRole('button', { name: '订阅「专业」' });
    await act(async () => {
      fireEvent.click(button);
    });
    await waitFor(() => expect(toast).toHaveBeenCalled());
    expect(toast.mock.calls.map(([args]) => args.content)).toEqual([PLAN_MESSAGES.covered('内部').text]);
    expect(screen.getByRole('button', { name: '订阅「专业」' })).toBeEnabled();
  });

  it('shows admins the plans without buttons, and asks for no subscriptions', async () => {
    renderWithAntd(<Harness admin />);
    expect(await screen.findByText('¥99/月')).toBeInTheDocument();
    expect(screen.getByText(/管理员调用不计入套餐。/)).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(listSubscriptions).not.toHaveBeenCalled();
  });

  it('shows nothing when no plan covers the interface', async () => {
    jest.mocked(listPlans).mockResolvedValue(ok([]));
    const view = renderWithAntd(<Harness />);
    await waitFor(() => expect(view.container.querySelector('.ant-skeleton')).toBeNull());
    expect(listPlans).toHaveBeenCalledTimes(1);
    expect(view.container.querySelector('.ant-app')).toBeEmptyDOMElement();
    expect(listSubscriptions).not.toHaveBeenCalled();
  });

  it('after a call reads the subscription again for its use, not the plans', async () => {
    const view = renderWithAntd(<Harness />);
    expect(await within(await waitFor(() => card('专业'))).findByText('本期已用 1,234 / 100,000 次')).toBeInTheDocument();
    holding({ ...held(PRO), used: 1235 });
    view.rerender(<Harness calls={1} />);
    expect(await within(card('专业')).findByText('本期已用 1,235 / 100,000 次')).toBeInTheDocument();
    expect(listPlans).toHaveBeenCalledTimes(1);
    expect(listSubscriptions).toHaveBeenCalledTimes(2);
  });

  it('a first call that subscribed to the default plan shows it held', async () => {
    holding();
    const view = renderWithAntd(<Harness />);
    expect(await screen.findByText(/首次调用时自动开通默认套餐「免费」/)).toBeInTheDocument();
    holding({ ...held(FREE), used: 1 });
    view.rerender(<Harness calls={1} />);
    expect(await screen.findByRole('button', { name: '已订阅「免费」' })).toBeDisabled();
    expect(listPlans).toHaveBeenCalledTimes(1);
  });

  it('when the subscription cannot be read, 重试 reads only it again', async () => {
    jest.mocked(listSubscriptions).mockRejectedValueOnce(new ApiError({ code: 50000, message: '数据库不可用', data: null }));
    renderWithAntd(<Harness />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('数据库不可用');
    fireEvent.click(within(alert).getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByRole('button', { name: '已订阅「专业」' })).toBeDisabled();
    expect(listPlans).toHaveBeenCalledTimes(1);
  });

  it('shows a skeleton while loading, then the failure with 重试, which loads again', async () => {
    jest.mocked(listPlans).mockRejectedValueOnce(new ApiError({ code: 50000, message: '数据库不可用', data: null }));
    const view = renderWithAntd(<Harness />);
    expect(view.container.querySelector('.ant-skeleton')).not.toBeNull();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('套餐加载失败');
    expect(alert).toHaveTextContent('数据库不可用');
    fireEvent.click(within(alert).getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByRole('button', { name: '已订阅「专业」' })).toBeDisabled();
  });
});

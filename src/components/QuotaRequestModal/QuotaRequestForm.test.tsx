import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { listPlans } from '@/services/agler/plan';
import { addQuotaRequest } from '@/services/agler/quotaRequest';
import { listSubscriptions } from '@/services/agler/subscription';
import { ok } from '@/testing/envelope';
import { renderWithAntd } from '@/testing/render';
import { subscriptionList } from '@/testing/subscriptions';
import QuotaRequestForm from './QuotaRequestForm';

jest.mock('@/services/agler/plan');
jest.mock('@/services/agler/quotaRequest');
jest.mock('@/services/agler/subscription');

const PHONE = '1800000000000000015';
const RATES = '1800000000000000016';
const OTHER = '1800000000000000099';

const plan = (id: string, name: string, over: Partial<API.PlanVO> = {}): API.PlanVO => ({
  id,
  name,
  description: '',
  interfaceIds: [PHONE, RATES],
  quota: 1000,
  period: 'month',
  rateLimit: null,
  rateBurst: null,
  approval: false,
  overage: 'block',
  priceLabel: '',
  visibility: 'public',
  isDefault: false,
  retired: false,
  retireTime: null,
  subscribers: 1,
  createTime: '2026-11-01 10:00:00',
  updateTime: '2026-11-01 10:00:00',
  ...over,
});

const held: API.SubscriptionVO = {
  id: '30',
  planId: '1',
  planName: '免费',
  userId: '1790000000000000002',
  userName: '普通用户',
  status: 'active',
  requestedPlanId: null,
  requestedPlanName: null,
  period: 'month',
  periodStart: '2026-11-01 00:00:00',
  periodEnd: '2026-12-01 00:00:00',
  used: 990,
  quota: 1000,
  extra: 0,
  overage: 'block',
  cancelAtPeriodEnd: false,
  reason: '',
  reply: null,
  createTime: '2026-11-01 10:00:00',
  interfaceIds: [PHONE, RATES],
};

beforeEach(() => {
  jest.clearAllMocks();
  jest.mocked(listSubscriptions).mockResolvedValue(ok({ records: [held], total: 1, current: 1, size: 50, pages: 1 }));
  jest.mocked(listPlans).mockResolvedValue(
    ok([
      plan('1', '免费'),
      plan('2', '专业', { quota: 100000, priceLabel: '¥99/月' }),
      plan('3', '单接口', { interfaceIds: [PHONE] }),
      plan('4', '旧版', { retired: true }),
    ]),
  );
  jest.mocked(addQuotaRequest).mockResolvedValue(ok({} as API.QuotaRequestVO));
});

const open = (interfaceInfoId = PHONE) =>
  renderWithAntd(
    <QuotaRequestForm interfaceInfoId={interfaceInfoId} interfaceName="手机号归属地" open onOpenChange={() => undefined} />,
  );

async function submit(dialog: HTMLElement) {
  await act(async () => {
    fireEvent.click(within(dialog).getByRole('button', { name: /提交申请/ }));
  });
}

describe('申请额度 on an interface a subscription covers', () => {
  it('asks for more calls this period by default', async () => {
    open();
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(/该接口的调用计入你的套餐「免费」，本周期到 2026-12-01 00:00:00 结束/)).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: '本周期加量' })).toBeChecked();
    fireEvent.change(within(dialog).getByLabelText('申请次数'), { target: { value: '300' } });
    fireEvent.change(within(dialog).getByLabelText('理由'), { target: { value: '月底活动' } });
    await submit(dialog);
    await waitFor(() =>
      expect(addQuotaRequest).toHaveBeenCalledWith(
        { interfaceInfoId: PHONE, amount: 300, reason: '月底活动' },
        { skipErrorHandler: true },
      ),
    );
    expect(listPlans).toHaveBeenCalledWith({ interfaceInfoId: PHONE }, { skipErrorHandler: true });
  });

  it('asks for a plan over the same interfaces, chosen from those it may move to', async () => {
    open();
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(await within(dialog).findByRole('radio', { name: '升级套餐' }));
    expect(within(dialog).queryByLabelText('申请次数')).not.toBeInTheDocument();
    await submit(dialog);
    expect(await within(dialog).findByText('请选择套餐')).toBeInTheDocument();

    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: '套餐' }));
    // Neither the current plan, nor one over other interfaces, nor a retired one.
    expect(screen.queryByTitle(/免费|单接口|旧版/)).not.toBeInTheDocument();
    fireEvent.click(await screen.findByTitle('专业（每月 100,000 次，¥99/月）'));
    fireEvent.change(within(dialog).getByLabelText('理由'), { target: { value: '业务增长' } });
    await submit(dialog);
    await waitFor(() =>
      expect(addQuotaRequest).toHaveBeenCalledWith(
        { interfaceInfoId: PHONE, planId: '2', reason: '业务增长' },
        { skipErrorHandler: true },
      ),
    );
  });
});

it('on an interface a subscription still waiting covers, asks for the quota as before', async () => {
  jest.mocked(listSubscriptions).mockImplementation(subscriptionList([{ ...held, status: 'pending', periodStart: null, periodEnd: null }]));
  open();
  const dialog = await screen.findByRole('dialog');
  await waitFor(() =>
    expect(listSubscriptions).toHaveBeenCalledWith({ status: 'live', current: 1, pageSize: 50 }, { skipErrorHandler: true }),
  );
  expect(within(dialog).getByText(/管理员批准后，剩余次数和总次数都会增加申请的次数/)).toBeInTheDocument();
  expect(within(dialog).queryByRole('radio')).not.toBeInTheDocument();
  expect(listPlans).not.toHaveBeenCalled();
});

it('on an interface no subscription covers, asks for the quota as before', async () => {
  open(OTHER);
  const dialog = await screen.findByRole('dialog');
  await waitFor(() => expect(listSubscriptions).toHaveBeenCalled());
  expect(within(dialog).getByText(/管理员批准后，剩余次数和总次数都会增加申请的次数/)).toBeInTheDocument();
  expect(within(dialog).queryByRole('radio')).not.toBeInTheDocument();
  expect(listPlans).not.toHaveBeenCalled();
});

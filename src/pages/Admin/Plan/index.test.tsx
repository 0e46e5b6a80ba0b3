import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PLAN_MESSAGES } from '@agler/contract/messages';
import { MESSAGES } from '@agler/contract/messages';
import RequestBridge from '@/components/RequestBridge';
import { ApiError } from '@/requestConfig';
import { listInterfaceInfoByPage } from '@/services/agler/interfaceInfo';
import { addPlan, listPlans, retirePlan, updatePlan } from '@/services/agler/plan';
import {
  assignSubscription,
  endSubscription,
  listSubscriptions,
  reviewSubscription,
} from '@/services/agler/subscription';
import { listUserByPage } from '@/services/agler/user';
import { ok } from '@/testing/envelope';
import { renderWithAntd } from '@/testing/render';
import { setLoginUser } from '@/testing/umiMocks';
import PlanAdminPage from './index';

jest.mock('@/services/agler/plan');
jest.mock('@/services/agler/subscription');
jest.mock('@/services/agler/user');
jest.mock('@/services/agler/interfaceInfo');

setLoginUser({ id: '1790000000000000001', userRole: 'admin' });

const IDS = { phone: '1800000000000000015', money: '1800000000000000016', bmi: '1800000000000000017' };

function interfaceRow(id: string, name: string, status = 1): API.InterfaceInfo {
  return {
    id,
    name,
    description: '',
    url: 'https://api.example.com',
    method: 'GET',
    status,
    userId: '1790000000000000001',
    createTime: '2026-11-01 10:00:00',
    updateTime: '2026-11-01 10:00:00',
  } as API.InterfaceInfo;
}

const INTERFACES = [
  interfaceRow(IDS.phone, '手机号归属地'),
  interfaceRow(IDS.money, 'Currency Exchange'),
  interfaceRow(IDS.bmi, 'BMI 计算', 0),
];

function plan(id: string, over: Partial<API.PlanVO>): API.PlanVO {
  return {
    id,
    name: '免费',
    description: '',
    interfaceIds: [IDS.phone, IDS.money],
    quota: 1000,
    period: 'month',
    rateLimit: null,
    rateBurst: null,
    approval: false,
    overage: 'block',
    priceLabel: '免费',
    visibility: 'public',
    isDefault: false,
    retired: false,
    retireTime: null,
    subscribers: 0,
    createTime: '2026-11-01 10:00:00',
    updateTime: '2026-11-01 10:00:00',
    ...over,
  };
}

const FREE = plan('1900000000000000001', { name: '免费', isDefault: true, subscribers: 3 });
const PRO = plan('1900000000000000002', {
  name: '专业',
  quota: 100_000,
  rateLimit: 10,
  rateBurst: 10,
  priceLabel: '¥99/月',
  subscribers: 1,
});
const ENTERPRISE = plan('1900000000000000003', {
  name: '企业',
  quota: 10_000_000,
  approval: true,
  overage: 'allow',
  priceLabel: '联系销售',
});
const OLD = plan('1900000000000000004', {
  name: '旧版',
  interfaceIds: [IDS.bmi],
  period: 'day',
  visibility: 'private',
  retired: true,
  retireTime: '2026-11-20 09:00:00',
});

function subscription(id: string, over: Partial<API.SubscriptionVO>): API.SubscriptionVO {
  return {
    id,
    planId: PRO.id,
    planName: '专业',
    userId: '1790000000000000002',
    userName: '普通用户',
    status: 'active',
    requestedPlanId: null,
    requestedPlanName: null,
    period: 'month',
    periodStart: '2026-11-01 00:00:00',
    periodEnd: '2026-12-01 00:00:00',
    used: 1234,
    quota: 100_000,
    overage: 'block',
    cancelAtPeriodEnd: false,
    reason: '',
    reply: null,
    createTime: '2026-11-02 10:00:00',
    interfaceIds: [IDS.phone, IDS.money],
    ...over,
  };
}

const SWITCH = subscription('2000000000000000001', {
  requestedPlanId: ENTERPRISE.id,
  requestedPlanName: '企业',
  reason: '下个月大促',
});
const NEW_REQUEST = subscription('2000000000000000002', {
  userId: '1790000000000000003',
  userName: '小明',
  planId: ENTERPRISE.id,
  planName: '企业',
  status: 'pending',
  periodStart: null,
  periodEnd: null,
  used: 0,
  reason: '',
});

const plansMock = jest.mocked(listPlans);
const subscriptionsMock = jest.mocked(listSubscriptions);

function page<T>(records: T[], total = records.length) {
  return ok({ records, total, current: 1, size: 10, pages: 1 });
}

beforeEach(() => {
  jest.clearAllMocks();
  window.history.replaceState(null, '', '/admin/plan');
  plansMock.mockResolvedValue(ok([FREE, PRO, ENTERPRISE, OLD]));
  jest.mocked(listInterfaceInfoByPage).mockImplementation(async (params) => {
    const name = params.name;
    const records = name ? INTERFACES.filter((row) => row.name.includes(name)) : INTERFACES;
    return page(records);
  });
  subscriptionsMock.mockImplementation(async (params) => {
    if (params.status === 'pending') {
      const pending = [SWITCH, NEW_REQUEST];
      return page(params.pageSize === 1 ? pending.slice(0, 1) : pending, pending.length);
    }
    return page(params.planId === PRO.id ? [subscription('2000000000000000003', {})] : []);
  });
  jest.mocked(listUserByPage).mockResolvedValue(
    page([
      {
        id: '1790000000000000002',
        userAccount: 'user',
        userName: '普通用户',
        userAvatar: '',
        userRole: 'user',
        createTime: '2026-11-01 10:00:00',
      },
    ]),
  );
});

function openPage() {
  renderWithAntd(
    <>
      <RequestBridge />
      <PlanAdminPage />
    </>,
  );
}

/** The table row that shows `text` in its first cell. */
const rowOf = async (name: string) =>
  (await screen.findByText(name, { selector: 'td strong' })).closest('tr')!;

const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

/** The confirmation that opened last. */
const popconfirm = () => screen.findByRole('tooltip');

/** Opens an antd select and picks the option titled `option` from the dropdown that opened. */
async function choose(combobox: HTMLElement, option: string) {
  fireEvent.mouseDown(combobox);
  const dropdown = await waitFor(() => {
    const open = document.querySelectorAll<HTMLElement>('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
    expect(open.length).toBeGreaterThan(0);
    return open[open.length - 1];
  });
  const item = await within(dropdown).findByTitle(option);
  await act(async () => {
    fireEvent.click(item);
  });
}

describe('套餐管理: the plans', () => {
  it('lists every plan with its interfaces by name, quota, rate, approval, overage, price, visibility and status', async () => {
    openPage();
    const pro = await rowOf('专业');
    await waitFor(() => expect(within(pro).getByText('手机号归属地')).toBeInTheDocument());
    expect(cells(pro)).toEqual(
      expect.arrayContaining([
        '100,000 次 / 月',
        '10 次/秒，突发 10',
        '无需审批',
        '超出即拦截',
        '¥99/月',
        '公开',
        '1',
        '生效',
      ]),
    );
    expect(within(pro).getByText('Currency Exchange')).toBeInTheDocument();
    const free = await rowOf('免费');
    expect(within(free).getByText('默认', { selector: '.ant-tag' })).toBeInTheDocument();
    expect(cells(free)).toEqual(expect.arrayContaining(['沿用接口的', '3']));
    const enterprise = await rowOf('企业');
    expect(cells(enterprise)).toEqual(expect.arrayContaining(['需审批', '超出照常放行', '联系销售']));

    const old = await rowOf('旧版');
    expect(within(old).getByText('BMI 计算（未上线）')).toBeInTheDocument();
    expect(cells(old)).toEqual(expect.arrayContaining(['1,000 次 / 天', '私有']));
    expect(within(old).getByText('已退役')).toBeInTheDocument();
    expect(within(old).getByText('2026-11-20 09:00:00')).toBeInTheDocument();
    // A retired plan cannot change: only its subscribers are left to look at.
    expect(within(old).queryByRole('button', { name: /编辑/ })).not.toBeInTheDocument();
    expect(within(old).queryByRole('button', { name: '退役' })).not.toBeInTheDocument();
    expect(within(old).getByRole('button', { name: /旧版.*订阅者/ })).toBeInTheDocument();
    expect(plansMock).toHaveBeenCalledWith({}, { skipErrorHandler: true });
  });

  it('says the list could not load and loads it again on retry', async () => {
    plansMock.mockRejectedValueOnce(new ApiError({ code: 50000, message: '数据库暂时不可用，请稍后重试' }));
    openPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('套餐列表加载失败');
    expect(alert).toHaveTextContent('数据库暂时不可用，请稍后重试');
    fireEvent.click(within(alert).getByRole('button', { name: /重\s*试/ }));
    await rowOf('专业');
    await waitFor(() => expect(screen.queryByText('套餐列表加载失败')).not.toBeInTheDocument());
  });

  it('retires a plan only after a confirmation that says what happens to its subscribers', async () => {
    jest.mocked(retirePlan).mockResolvedValue(ok({ ...PRO, retired: true }));
    openPage();
    fireEvent.click(within(await rowOf('专业')).getByRole('button', { name: '退役' }));
    const confirm = await popconfirm();
    expect(confirm).toHaveTextContent('确定退役套餐「专业」吗？');
    expect(confirm).toHaveTextContent('已生效的订阅照常用到本周期结束后结束');
    expect(retirePlan).not.toHaveBeenCalled();
    fireEvent.click(within(confirm).getByRole('button', { name: /退\s*役/ }));
    await waitFor(() => expect(retirePlan).toHaveBeenCalledWith({ id: PRO.id }, { skipErrorHandler: true }));
    expect(await screen.findByText('已退役套餐「专业」')).toBeInTheDocument();
  });

  it("opens a plan's subscribers and ends one at once after a confirmation", async () => {
    jest.mocked(endSubscription).mockResolvedValue(ok(subscription('2000000000000000003', { status: 'ended' })));
    openPage();
    fireEvent.click(within(await rowOf('专业')).getByRole('button', { name: /专业.*订阅者/ }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('订阅者：专业')).toBeInTheDocument();
    const row = (await within(drawer).findByText('普通用户')).closest('tr')!;
    expect(cells(row)).toEqual(expect.arrayContaining(['1,234 / 100,000']));
    expect(subscriptionsMock).toHaveBeenCalledWith(
      { current: 1, pageSize: 10, planId: PRO.id, status: 'active' },
      { skipErrorHandler: true },
    );
    fireEvent.click(within(row).getByRole('button', { name: '结束「普通用户」的订阅' }));
    const confirm = await popconfirm();
    expect(confirm).toHaveTextContent('确定立即结束「普通用户」的订阅吗？');
    fireEvent.click(within(confirm).getByRole('button', { name: '结束订阅' }));
    await waitFor(() =>
      expect(endSubscription).toHaveBeenCalledWith({ id: '2000000000000000003' }, { skipErrorHandler: true }),
    );
    expect(await screen.findByText('已结束「普通用户」的订阅')).toBeInTheDocument();
  });
});

describe('套餐管理: the plan form', () => {
  const openForm = async () => {
    openPage();
    await rowOf('专业');
    fireEvent.click(screen.getByRole('button', { name: /新建套餐/ }));
    return screen.findByRole('dialog');
  };
  const submit = (form: HTMLElement) =>
    act(async () => {
      fireEvent.click(within(form).getByRole('button', { name: /新\s*建/ }));
    });

  it("checks every field by the contract's rules before anything is sent", async () => {
    const form = await openForm();
    await submit(form);
    expect(await within(form).findByText('请填写套餐名称')).toBeInTheDocument();
    expect(within(form).getByText(PLAN_MESSAGES.interfacesInvalid)).toBeInTheDocument();
    expect(within(form).getByText(PLAN_MESSAGES.badQuota)).toBeInTheDocument();

    fireEvent.change(within(form).getByLabelText('速率限制（次/秒）'), { target: { value: '10' } });
    fireEvent.change(within(form).getByLabelText('突发次数'), { target: { value: '5' } });
    await submit(form);
    expect(await within(form).findByText(MESSAGES.badRateBurst)).toBeInTheDocument();
    expect(addPlan).not.toHaveBeenCalled();
  });

  it('sends every field of the new plan, and says it was made', async () => {
    jest.mocked(addPlan).mockResolvedValue(ok('1900000000000000009'));
    const form = await openForm();
    fireEvent.change(within(form).getByLabelText('名称'), { target: { value: ' 团队 ' } });
    fireEvent.change(within(form).getByLabelText('价格标签'), { target: { value: '¥499/月' } });
    await choose(within(form).getByLabelText('接口'), '手机号归属地');
    fireEvent.change(within(form).getByLabelText('每周期调用次数'), { target: { value: '5000' } });
    fireEvent.click(within(form).getByLabelText('每天'));
    fireEvent.change(within(form).getByLabelText('速率限制（次/秒）'), { target: { value: '5' } });
    fireEvent.click(within(form).getByLabelText('照常放行，计为超额'));
    fireEvent.click(within(form).getByLabelText(/^私有/));
    fireEvent.click(within(form).getByRole('switch', { name: '订阅需要审批' }));
    await submit(form);
    await waitFor(() =>
      expect(addPlan).toHaveBeenCalledWith(
        {
          name: '团队',
          description: '',
          interfaceIds: [IDS.phone],
          quota: 5000,
          period: 'day',
          rateLimit: 5,
          rateBurst: null,
          approval: true,
          overage: 'allow',
          priceLabel: '¥499/月',
          visibility: 'private',
          isDefault: false,
        },
        { skipErrorHandler: true },
      ),
    );
    expect(await screen.findByText('已新建套餐「团队」')).toBeInTheDocument();
  });

  it("shows the server's refusal at the field it names, keeping everything typed", async () => {
    const taken = PLAN_MESSAGES.defaultTaken('免费');
    jest.mocked(updatePlan).mockRejectedValue(
      new ApiError({ code: 40000, message: taken.text, messageKey: taken.messageKey, messageArgs: taken.messageArgs }),
    );
    openPage();
    fireEvent.click(within(await rowOf('专业')).getByRole('button', { name: '编辑套餐「专业」' }));
    const form = await screen.findByRole('dialog');
    expect(within(form).getByLabelText('名称')).toHaveValue('专业');
    fireEvent.change(within(form).getByLabelText('名称'), { target: { value: '专业 Plus' } });
    fireEvent.click(within(form).getByRole('switch', { name: '默认套餐' }));
    await act(async () => {
      fireEvent.click(within(form).getByRole('button', { name: /保\s*存/ }));
    });
    await waitFor(() =>
      expect(updatePlan).toHaveBeenCalledWith(
        expect.objectContaining({ id: PRO.id, name: '专业 Plus', isDefault: true, rateLimit: 10, rateBurst: 10 }),
        { skipErrorHandler: true },
      ),
    );
    const field = within(form).getByRole('switch', { name: '默认套餐' }).closest('.ant-form-item')!;
    expect(await within(field as HTMLElement).findByText(taken.text)).toBeInTheDocument();
    expect(within(form).getByLabelText('名称')).toHaveValue('专业 Plus');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('shows a refusal that names no field at the top of the form', async () => {
    jest.mocked(updatePlan).mockRejectedValue(new ApiError({ code: 40000, message: PLAN_MESSAGES.planRetired }));
    openPage();
    fireEvent.click(within(await rowOf('专业')).getByRole('button', { name: '编辑套餐「专业」' }));
    const form = await screen.findByRole('dialog');
    await act(async () => {
      fireEvent.click(within(form).getByRole('button', { name: /保\s*存/ }));
    });
    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent('保存失败');
    expect(alert).toHaveTextContent(PLAN_MESSAGES.planRetired);
  });
});

describe('套餐管理: pending requests', () => {
  const openPending = async () => {
    openPage();
    const tab = await screen.findByRole('tab', { name: /待审批/ });
    await waitFor(() => expect(within(tab).getByTitle('2 个待审批')).toBeInTheDocument());
    fireEvent.click(tab);
  };

  it('counts what waits on its tab, and lists new subscriptions and switches with their reasons', async () => {
    await openPending();
    expect(subscriptionsMock).toHaveBeenCalledWith(
      { status: 'pending', current: 1, pageSize: 1 },
      { skipErrorHandler: true },
    );
    const switching = (await screen.findByText('专业 → 企业')).closest('tr')!;
    expect(cells(switching)).toEqual(expect.arrayContaining(['普通用户', '下个月大促']));
    expect(within(switching).getByText('换套餐')).toBeInTheDocument();
    const fresh = screen.getByText('小明').closest('tr')!;
    expect(within(fresh).getByText('新订阅')).toBeInTheDocument();
    expect(within(fresh).getByText('企业')).toBeInTheDocument();
  });

  it('approves with a reply, and the count is asked again', async () => {
    jest.mocked(reviewSubscription).mockResolvedValue(ok({ ...SWITCH, planName: '企业', requestedPlanId: null }));
    await openPending();
    const row = (await screen.findByText('专业 → 企业')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: '批准「普通用户」的申请' }));
    const dialog = await screen.findByRole('dialog', { name: '批准「普通用户」订阅「企业」' });
    fireEvent.change(within(dialog).getByLabelText('回复（可选）'), { target: { value: ' 已开通 ' } });
    const counted = subscriptionsMock.mock.calls.filter(([params]) => params.pageSize === 1).length;
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: /批\s*准/ }));
    });
    await waitFor(() =>
      expect(reviewSubscription).toHaveBeenCalledWith(
        { id: SWITCH.id, approve: true, reply: '已开通' },
        { skipErrorHandler: true },
      ),
    );
    expect(await screen.findByText('已批准「普通用户」的申请')).toBeInTheDocument();
    await waitFor(() =>
      expect(subscriptionsMock.mock.calls.filter(([params]) => params.pageSize === 1).length).toBe(counted + 1),
    );
  });

  it('refuses without a reply', async () => {
    jest.mocked(reviewSubscription).mockResolvedValue(ok({ ...NEW_REQUEST, status: 'refused' }));
    await openPending();
    const row = (await screen.findByText('小明')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: '拒绝「小明」的申请' }));
    const dialog = await screen.findByRole('dialog', { name: '拒绝「小明」订阅「企业」' });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: /拒\s*绝/ }));
    });
    await waitFor(() =>
      expect(reviewSubscription).toHaveBeenCalledWith(
        { id: NEW_REQUEST.id, approve: false, reply: undefined },
        { skipErrorHandler: true },
      ),
    );
    expect(await screen.findByText('已拒绝「小明」的申请')).toBeInTheDocument();
  });
});

describe('套餐管理: assigning a plan', () => {
  const openAssign = async () => {
    openPage();
    fireEvent.click(await screen.findByRole('tab', { name: '分配套餐' }));
    return (await screen.findByRole('button', { name: /开\s*通/ })).closest('form')!;
  };

  it('subscribes the chosen user to the chosen plan, private and live plans only', async () => {
    jest.mocked(assignSubscription).mockResolvedValue(ok(subscription('2000000000000000009', {})));
    const form = await openAssign();
    await choose(within(form).getByLabelText('用户'), '普通用户（user）');
    fireEvent.mouseDown(within(form).getByLabelText('套餐'));
    expect(await screen.findByTitle('企业')).toBeInTheDocument();
    expect(screen.queryByTitle(/旧版/)).not.toBeInTheDocument();
    await choose(within(form).getByLabelText('套餐'), '企业');
    await act(async () => {
      fireEvent.click(within(form).getByRole('button', { name: /开\s*通/ }));
    });
    await waitFor(() =>
      expect(assignSubscription).toHaveBeenCalledWith(
        { userId: '1790000000000000002', planId: ENTERPRISE.id },
        { skipErrorHandler: true },
      ),
    );
    expect(await screen.findByText('已为「普通用户（user）」开通「企业」')).toBeInTheDocument();
  });

  it("shows the server's message on a conflict, keeping the choices", async () => {
    const covered = PLAN_MESSAGES.covered('专业');
    jest.mocked(assignSubscription).mockRejectedValue(
      new ApiError({ code: 40000, message: covered.text, messageKey: covered.messageKey, messageArgs: covered.messageArgs }),
    );
    const form = await openAssign();
    await choose(within(form).getByLabelText('用户'), '普通用户（user）');
    await choose(within(form).getByLabelText('套餐'), '免费');
    await act(async () => {
      fireEvent.click(within(form).getByRole('button', { name: /开\s*通/ }));
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('开通失败');
    expect(alert).toHaveTextContent(covered.text);
    expect(within(form).getByTitle('普通用户（user）')).toBeInTheDocument();
  });
});

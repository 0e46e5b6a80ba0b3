import { screen, within } from '@testing-library/react';
import { getInterfaceInfoById, listInvokeHistory } from '@/services/agler/interfaceInfo';
import { listPlans } from '@/services/agler/plan';
import { listSubscriptions } from '@/services/agler/subscription';
import { getMyAccessKey, listMyUsage } from '@/services/agler/user';
import { ok } from '@/testing/envelope';
import { renderWithAntd } from '@/testing/render';
import { subscriptionList } from '@/testing/subscriptions';
import { setLoginUser, setRouteParams } from '@/testing/umiMocks';
import { ENTERPRISE, FREE, INTERFACE_ID, PRO, held } from './components/PlanCards.fixtures';
import InterfaceInfoPage from '.';

jest.mock('@/services/agler/interfaceInfo');
jest.mock('@/services/agler/user');
jest.mock('@/services/agler/plan');
jest.mock('@/services/agler/subscription');

setLoginUser({ id: '1790000000000000003', userRole: 'user' });
setRouteParams({ id: INTERFACE_ID });

const PHONE = {
  id: INTERFACE_ID,
  name: '手机号归属地',
  description: '查询手机号的归属地',
  url: 'http://localhost:8000/demo/v1/phone',
  method: 'GET',
  status: 1,
  requestParams: '[]',
  requestHeader: '',
  responseHeader: '',
  rateLimit: 5,
  rateBurst: 5,
};

beforeEach(() => {
  jest.clearAllMocks();
  jest.mocked(getInterfaceInfoById).mockResolvedValue(ok(PHONE) as never);
  jest.mocked(getMyAccessKey).mockResolvedValue(ok(null) as never);
  jest.mocked(listInvokeHistory).mockResolvedValue(ok([]) as never);
  jest.mocked(listMyUsage).mockResolvedValue(ok([]) as never);
  jest.mocked(listSubscriptions).mockImplementation(subscriptionList([held(PRO)]));
});

describe('the interface page and its plans', () => {
  it('shows the plans covering the interface, with the interface’s rate for a plan without one, and no per-interface quota', async () => {
    jest.mocked(listPlans).mockResolvedValue(ok([FREE, PRO, ENTERPRISE]));
    renderWithAntd(<InterfaceInfoPage />);
    const plans = await screen.findByRole('region', { name: '套餐' });
    expect(await within(plans).findByText('本期已用 1,234 / 100,000 次')).toBeInTheDocument();
    expect(within(plans).getAllByText('接口默认（每秒 5 次，突发 5 次）')).toHaveLength(2);
    expect(screen.queryByText('我的额度')).not.toBeInTheDocument();
    expect(listMyUsage).not.toHaveBeenCalled();
  });

  it('keeps the per-interface quota, and shows no plans, where no plan covers the interface', async () => {
    jest.mocked(listPlans).mockResolvedValue(ok([]));
    renderWithAntd(<InterfaceInfoPage />);
    expect(await screen.findByText('我的额度')).toBeInTheDocument();
    expect(await screen.findByText('还没有调用过，首次调用时获得默认额度')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: '套餐' })).not.toBeInTheDocument();
    expect(listSubscriptions).not.toHaveBeenCalled();
  });
});

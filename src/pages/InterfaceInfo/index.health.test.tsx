import { screen } from '@testing-library/react';
import { getInterfaceHealth, getInterfaceInfoById, listInvokeHistory } from '@/services/agler/interfaceInfo';
import { listPlans } from '@/services/agler/plan';
import { getMyAccessKey } from '@/services/agler/user';
import { ok } from '@/testing/envelope';
import { renderWithAntd } from '@/testing/render';
import { setLoginUser, setRouteParams } from '@/testing/umiMocks';
import InterfaceInfoPage from '.';

const ID = '1800000000000000001';

jest.mock('@/services/agler/interfaceInfo');
jest.mock('@/services/agler/user');
jest.mock('@/services/agler/plan');

setLoginUser({ id: '1790000000000000003', userRole: 'user' });
setRouteParams({ id: ID });

beforeEach(() => {
  jest.mocked(getInterfaceInfoById).mockResolvedValue(
    ok({
      id: ID,
      name: '天气查询',
      description: '某城市的天气',
      url: 'http://localhost:8000/demo/v1/weather',
      method: 'GET',
      status: 1,
      requestParams: '[]',
      requestHeader: '',
      responseHeader: '',
    }) as never,
  );
  jest.mocked(getMyAccessKey).mockResolvedValue(ok(null) as never);
  jest.mocked(listPlans).mockResolvedValue(ok([]) as never);
  jest.mocked(listInvokeHistory).mockResolvedValue(ok([]) as never);
});

it("shows the interface's state and figures of the last day in its header", async () => {
  jest.mocked(getInterfaceHealth).mockResolvedValue(
    ok({ [ID]: { calls: 40, successRate: 0.9, p50: 1500, p95: 2850, state: 'degraded' } }) as never,
  );
  renderWithAntd(<InterfaceInfoPage />);
  expect(await screen.findByText('降级')).toBeInTheDocument();
  expect(screen.getByTestId('interface-health')).toHaveTextContent('成功率 90.0% · p50 1.50 s · p95 2.85 s');
  expect(getInterfaceHealth).toHaveBeenCalledTimes(1);
});

it('shows the page without them when they cannot be loaded', async () => {
  jest.mocked(getInterfaceHealth).mockRejectedValue(new Error('network'));
  renderWithAntd(<InterfaceInfoPage />);
  expect((await screen.findAllByText('天气查询')).length).toBeGreaterThan(0);
  expect(screen.getByTestId('interface-health')).toBeEmptyDOMElement();
});

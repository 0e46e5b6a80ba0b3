import { screen } from '@testing-library/react';
import { getInterfaceInfoById, listInvokeHistory } from '@/services/agler/interfaceInfo';
import { getMyAccessKey } from '@/services/agler/user';
import { listPlans } from '@/services/agler/plan';
import { renderWithAntd } from '@/testing/render';
import { setLoginUser, setRouteParams } from '@/testing/umiMocks';
import { startInterface } from './earlyInterface';
import InterfaceInfoPage from '.';
import { VIEW_TEXTS } from './texts';
import { ok } from '@/testing/envelope';

const ID = '1800000000000000001';

jest.mock('@/services/agler/interfaceInfo');
jest.mock('@/services/agler/user');
jest.mock('@/services/agler/plan');

setLoginUser({ id: '1790000000000000003', userRole: 'user' });
setRouteParams({ id: ID });

const info = (id: string, name: string) => ({
  id,
  name,
  description: '某城市的天气',
  url: 'http://localhost:8000/demo/v1/weather',
  method: 'GET',
  status: 1,
  requestParams: '[]',
  requestHeader: '',
  responseHeader: '',
});

beforeEach(() => {
  jest
    .mocked(getInterfaceInfoById)
    .mockImplementation(
      async ({ id }) => ok(id === ID ? info(ID, '天气查询') : info(String(id), '翻译')) as never,
    );
  jest.mocked(getMyAccessKey).mockResolvedValue(ok(null) as never);
  // No plan covers the interface: the page keeps the per-interface quota.
  jest.mocked(listPlans).mockResolvedValue(ok([]) as never);
  jest.mocked(listInvokeHistory).mockResolvedValue(ok([]) as never);
});

it('shows a deep link’s interface at once when it came before the page, and asks for the next one', async () => {
  startInterface(ID);
  await new Promise((resolve) => {
    setTimeout(resolve, 0);
  });
  const view = renderWithAntd(<InterfaceInfoPage />);
  // In the first render: no skeleton first.
  expect(screen.getByText(VIEW_TEXTS.infoTitle)).toBeInTheDocument();
  expect(screen.getAllByText('天气查询').length).toBeGreaterThan(0);
  expect(getInterfaceInfoById).toHaveBeenCalledTimes(1);

  // Another interface (a link within the console): asked for, and never shown as the first one.
  setRouteParams({ id: '1800000000000000002' });
  view.rerender(<InterfaceInfoPage />);
  expect(screen.queryByText('天气查询')).not.toBeInTheDocument();
  expect((await screen.findAllByText('翻译')).length).toBeGreaterThan(0);
  expect(getInterfaceInfoById).toHaveBeenCalledTimes(2);
  expect(getInterfaceInfoById).toHaveBeenLastCalledWith(
    { id: '1800000000000000002' },
    { skipErrorHandler: true },
  );
});

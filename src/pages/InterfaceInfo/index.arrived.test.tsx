import { screen } from '@testing-library/react';
import { getInterfaceInfoById, listInvokeHistory } from '@/services/agler/interfaceInfo';
import { getMyAccessKey } from '@/services/agler/user';
import { renderWithAntd } from '@/testing/render';
import { startInterface } from './earlyInterface';
import InterfaceInfoPage from '.';
import { VIEW_TEXTS } from './texts';

const ID = '1800000000000000001';
const mockParams = { id: ID };

jest.mock('@umijs/max', () => ({
  Link: ({ to, children }: { to: string; children: React.ReactNode }) => <a href={to}>{children}</a>,
  history: { back: jest.fn(), push: jest.fn(), replace: jest.fn() },
  useLocation: () => ({ key: 'default' }),
  useParams: () => mockParams,
  useModel: () => ({ initialState: { loginUser: { id: '1790000000000000003', userRole: 'user' } } }),
}));
jest.mock('@/services/agler/interfaceInfo');
jest.mock('@/services/agler/user');

const ok = <T,>(data: T) => ({ code: 0, data, message: 'ok' });

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
  mockParams.id = '1800000000000000002';
  view.rerender(<InterfaceInfoPage />);
  expect(screen.queryByText('天气查询')).not.toBeInTheDocument();
  expect((await screen.findAllByText('翻译')).length).toBeGreaterThan(0);
  expect(getInterfaceInfoById).toHaveBeenCalledTimes(2);
  expect(getInterfaceInfoById).toHaveBeenLastCalledWith(
    { id: '1800000000000000002' },
    { skipErrorHandler: true },
  );
});

import { fireEvent, screen } from '@testing-library/react';
import { getInterfaceInfoById, listInvokeHistory } from '@/services/agler/interfaceInfo';
import { getMyAccessKey } from '@/services/agler/user';
import { listPlans } from '@/services/agler/plan';
import { renderWithAntd } from '@/testing/render';
import InterfaceInfoPage from '.';
import { setLoginUser, setRouteParams } from '@/testing/umiMocks';
import { ok } from '@/testing/envelope';

jest.mock('@/services/agler/interfaceInfo');
jest.mock('@/services/agler/user');
jest.mock('@/services/agler/plan');

setLoginUser({ id: '1790000000000000003', userRole: 'user' });
setRouteParams({ id: '1800000000000000001' });

const weather = (limits: { rateLimit: number; rateBurst: number }) => ({
  id: '1800000000000000001',
  name: '天气查询',
  description: '某城市的天气',
  url: 'http://localhost:8000/demo/v1/weather',
  method: 'GET',
  status: 1,
  requestParams: '[]',
  requestHeader: '',
  responseHeader: '',
  ...limits,
});

beforeEach(() => {
  jest.mocked(getMyAccessKey).mockResolvedValue(ok(null) as never);
  // No plan covers the interface: the page keeps the per-interface quota.
  jest.mocked(listPlans).mockResolvedValue(ok([]) as never);
  jest.mocked(listInvokeHistory).mockResolvedValue(ok([]) as never);
});

describe('the rate limit on the interface page', () => {
  it('says the limit and the burst, and every code sample says it and that a 429 carries Retry-After', async () => {
    jest
      .mocked(getInterfaceInfoById)
      .mockResolvedValue(ok(weather({ rateLimit: 10, rateBurst: 20 })) as never);
    renderWithAntd(<InterfaceInfoPage />);

    expect(await screen.findByText('每秒 10 次，突发 20 次')).toBeInTheDocument();
    expect(screen.getByText('速率限制')).toBeInTheDocument();
    const comment = '速率限制：每秒 10 次，突发 20 次；超过时返回 429，Retry-After 头给出需等待的秒数';
    expect(await screen.findByLabelText('cURL 示例')).toHaveTextContent(`# ${comment}`);
    fireEvent.click(screen.getByRole('tab', { name: 'Python（签名）' }));
    expect(screen.getByLabelText('Python（签名）', { selector: 'pre' })).toHaveTextContent(`# ${comment}`);
  });

  it('says when there is none', async () => {
    jest.mocked(getInterfaceInfoById).mockResolvedValue(ok(weather({ rateLimit: 0, rateBurst: 0 })) as never);
    renderWithAntd(<InterfaceInfoPage />);

    expect(await screen.findByText('不限速率')).toBeInTheDocument();
  });
});

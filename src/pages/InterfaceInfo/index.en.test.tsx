import { fireEvent, screen, within } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { antdLocale, startLanguage } from '@/locales';
import { getInterfaceInfoById, invokeInterfaceInfo, listInvokeHistory } from '@/services/agler/interfaceInfo';
import { getMyAccessKey } from '@/services/agler/user';
import { listPlans } from '@/services/agler/plan';
import { renderWithAntd } from '@/testing/render';
import InterfaceInfoPage from '.';
import { loadEnglish } from '@/testing/english';
import { setLoginUser, setRouteParams } from '@/testing/umiMocks';
import { ok } from '@/testing/envelope';

const ID = '1800000000000000001';

jest.mock('@/services/agler/interfaceInfo');
jest.mock('@/services/agler/user');
jest.mock('@/services/agler/plan');

setLoginUser({ id: '1790000000000000003', userRole: 'user' });
setRouteParams({ id: ID });

const CJK = /[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]/;

const WEATHER = {
  id: ID,
  name: 'Weather',
  description: 'Weather of a city',
  url: 'http://localhost:8000/demo/v1/weather',
  method: 'GET',
  status: 1,
  requestParams: JSON.stringify([
    { name: 'city', type: 'string', required: true, description: 'City name, e.g. Paris' },
    { name: 'days', type: 'integer', required: false, description: 'Days, 1 to 7' },
  ]),
  requestHeader: '',
  responseHeader: '{"Content-Type":"application/json"}',
  createTime: '2024-05-01 10:00:00',
  updateTime: '2024-05-02 10:00:00',
  rateLimit: 10,
  rateBurst: 20,
};

beforeAll(() => startLanguage('en-US', loadEnglish));

beforeEach(() => {
  jest.mocked(getInterfaceInfoById).mockResolvedValue(ok(WEATHER) as never);
  jest.mocked(getMyAccessKey).mockResolvedValue(ok(null) as never);
  // No plan covers the interface: the page keeps the per-interface quota.
  jest.mocked(listPlans).mockResolvedValue(ok([]) as never);
  jest.mocked(invokeInterfaceInfo).mockReset();
  jest.mocked(listInvokeHistory).mockResolvedValue(
    ok([{ time: '2024-05-03T08:00:00.000Z', status: null, success: true, durationMs: 1234, bytes: 42, params: '{"city":"Paris"}' }]) as never,
  );
});

describe('View interface in English', () => {
  it('shows the documentation, the call panel, the history and the samples in English, with no Chinese left', async () => {
    renderWithAntd(
      <ConfigProvider locale={antdLocale()}>
        <InterfaceInfoPage />
      </ConfigProvider>,
    );
    expect(await screen.findByText('Interface details')).toBeInTheDocument();
    for (const text of ['Request and response headers', 'Try it', 'Code samples', 'Response', 'Recent calls', 'Created']) {
      expect(screen.getAllByText(text).length).toBeGreaterThan(0);
    }
    expect(screen.getByText('None')).toBeInTheDocument();
    expect(screen.getByText('Rate limit')).toBeInTheDocument();
    expect(screen.getByText('10 calls per second, bursts of 20')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Send request/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Restore example/ })).toBeInTheDocument();
    expect(screen.getByLabelText('Request parameters (JSON)')).toBeInTheDocument();
    expect(screen.getByText(/^Click “Send request”/)).toBeInTheDocument();

    // The history: its columns, a success without a recorded status, the duration with digit grouping.
    const history = screen.getByRole('region', { name: 'Recent calls' });
    expect(await within(history).findByText('1,234 ms')).toBeInTheDocument();
    expect(within(history).getByText('Success')).toBeInTheDocument();
    expect(within(history).getByRole('button', { name: /^Fill in the parameters of / })).toBeInTheDocument();

    // No key pair: the signed samples carry the English placeholder, and the alert says where to get keys.
    expect(await screen.findByText('Create them in My account')).toBeInTheDocument();
    expect(screen.getByLabelText('cURL sample')).toHaveTextContent("-H 'Cookie: <session cookie after logging in>'");
    fireEvent.click(screen.getByRole('tab', { name: 'Node.js (signed)' }));
    const node = screen.getByLabelText('Node.js (signed)', { selector: 'pre' });
    expect(node).toHaveTextContent('const ACCESS_KEY = "<your accessKey>";');
    expect(node).toHaveTextContent("console.log(res.status, 'calls left',");
    expect(node).toHaveTextContent(
      '// Rate limit: 10 calls per second, bursts of 20; over it the answer is 429 with Retry-After (seconds to wait)',
    );
    expect(node.textContent).not.toMatch(CJK);

    expect(document.body.textContent).not.toMatch(CJK);
  });
});

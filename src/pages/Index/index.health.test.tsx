import { screen, within } from '@testing-library/react';
import { getInterfaceHealth, listInterfaceInfoByPage } from '@/services/agler/interfaceInfo';
import { ok } from '@/testing/envelope';
import { renderWithAntd } from '@/testing/render';
import HomePage from './index';

jest.mock('@/services/agler/interfaceInfo');

const records = ['1801', '1802', '1803'].map((id, i) => ({
  id,
  name: `天气 ${i + 1}`,
  description: '预报',
  url: 'https://api.example.com/weather',
  method: 'GET' as const,
  status: 1 as const,
}));

beforeEach(() => {
  window.history.replaceState(null, '', '/');
  jest.mocked(listInterfaceInfoByPage).mockResolvedValue(
    ok({ records, total: 3, current: 1, size: 12, pages: 1 }) as never,
  );
});

const cardOf = async (name: string) => (await screen.findByRole('link', { name })).closest('[data-testid="interface-card"]') as HTMLElement;

describe("the catalogue's health", () => {
  it('shows each card its state and figures from one request for all of them', async () => {
    jest.mocked(getInterfaceHealth).mockResolvedValue(
      ok({
        '1801': { calls: 500, successRate: 1, p50: 80, p95: 120, state: 'healthy' },
        '1802': { calls: 9, successRate: 0.2, p50: 300, p95: 900, state: 'down' },
      }) as never,
    );
    renderWithAntd(<HomePage />);
    const first = await cardOf('天气 1');
    expect(await within(first).findByText('正常')).toBeInTheDocument();
    expect(first).toHaveTextContent('成功率 100.0% · p50 80 ms · p95 120 ms');
    expect(within(await cardOf('天气 2')).getByText('故障')).toBeInTheDocument();
    // Not in the answer: no calls counted.
    expect(within(await cardOf('天气 3')).getByText('暂无数据')).toBeInTheDocument();
    expect(getInterfaceHealth).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['fail', () => Promise.reject(new Error('network'))],
    ['are still loading', () => new Promise(() => {})],
  ])('shows the cards whole when the figures %s', async (_name, answer) => {
    jest.mocked(getInterfaceHealth).mockImplementation(answer as never);
    renderWithAntd(<HomePage />);
    const card = await cardOf('天气 1');
    expect(card).toHaveTextContent('预报');
    expect(card).toHaveTextContent('https://api.example.com/weather');
    expect(within(card).getByTestId('interface-health')).toBeEmptyDOMElement();
    expect(getInterfaceHealth).toHaveBeenCalled();
  });
});

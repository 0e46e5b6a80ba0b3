import { screen, within } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { antdLocale, startLanguage } from '@/locales';
import { listInterfaceInfoByPage } from '@/services/agler/interfaceInfo';
import { renderWithAntd } from '@/testing/render';
import HomePage from './index';
import { loadEnglish } from '@/testing/english';

jest.mock('@/services/agler/interfaceInfo');

const listMock = jest.mocked(listInterfaceInfoByPage);

/** Chinese characters or full-width punctuation: what an English page must not show of its own. */
const CHINESE = /[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]/;

function card(n: number): API.InterfaceInfo {
  return {
    id: `18000000000000000${String(n).padStart(2, '0')}`,
    name: `Weather ${n}`,
    // The second card has no description: the page writes its own placeholder there.
    description: n === 2 ? '' : `Forecast number ${n}`,
    url: `https://api.example.com/${n}`,
    method: 'GET',
    status: 1,
    createTime: '2026-11-01 10:00:00',
    updateTime: '2026-11-02 10:00:00',
  };
}

beforeAll(() => startLanguage('en-US', loadEnglish));

function openAt(search: string) {
  window.history.replaceState(null, '', `/${search}`);
  renderWithAntd(
    <ConfigProvider locale={antdLocale()}>
      <HomePage />
    </ConfigProvider>,
  );
}

describe('the catalogue in English', () => {
  it('shows its toolbar, cards, count and pages in English', async () => {
    const records = Array.from({ length: 12 }, (_, i) => card(i + 1));
    listMock.mockResolvedValue({
      code: 0,
      data: { records, total: 1234, current: 1, size: 12, pages: 103 },
      message: 'ok',
    });
    openAt('');
    const list = await screen.findByRole('list', { name: 'Interfaces' });
    expect(within(list).getAllByTestId('interface-card')).toHaveLength(12);
    expect(within(list).getByText('No description')).toBeInTheDocument();
    expect(within(list).getAllByText('Updated 2026-11-02 10:00')).toHaveLength(12);
    // Counts with the language's digit grouping.
    expect(screen.getByRole('status')).toHaveTextContent('1,234 interfaces');
    expect(screen.getByText('1–12 of 1,234 interfaces')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search interfaces' })).toHaveAttribute(
      'placeholder',
      'Search by name, description or URL',
    );
    expect(screen.getByRole('group', { name: 'Method' })).toHaveTextContent('All');
    expect(screen.getByText('Newest')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Descending/ })).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(CHINESE);
  });

  it('says in English when nothing matches a search', async () => {
    listMock.mockResolvedValue({
      code: 0,
      data: { records: [], total: 0, current: 1, size: 12, pages: 0 },
      message: 'ok',
    });
    openAt('?searchText=sunrise');
    expect(await screen.findByText('No matching interfaces')).toBeInTheDocument();
    expect(
      screen.getByText('No interfaces match “sunrise”. Try other words or clear the filters.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(CHINESE);
  });
});

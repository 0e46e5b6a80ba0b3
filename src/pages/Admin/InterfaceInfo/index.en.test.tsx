import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { antdLocale, startLanguage } from '@/locales';
import { offlineInterfaceInfo, listInterfaceInfoByPage } from '@/services/agler/interfaceInfo';
import { renderWithAntd } from '@/testing/render';
import InterfaceInfoAdminPage from './index';
import { loadEnglish } from '@/testing/english';

jest.mock('@/services/agler/interfaceInfo');

const listMock = jest.mocked(listInterfaceInfoByPage);
const offlineMock = jest.mocked(offlineInterfaceInfo);

/** Chinese characters or full-width punctuation: what an English page must not show of its own. */
const CHINESE = /[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]/;

function row(n: number, status: 0 | 1): API.InterfaceInfo {
  return {
    id: `18000000000000000${String(n).padStart(2, '0')}`,
    name: `Weather ${n}`,
    description: '',
    url: `https://api.example.com/${n}`,
    method: 'GET',
    status,
    createTime: '2026-11-01 10:00:00',
    updateTime: '2026-11-02 10:00:00',
  };
}

const rows = [row(1, 1), row(2, 0), row(3, 1)];

beforeAll(() => startLanguage('en-US', loadEnglish));

beforeEach(() => {
  listMock.mockReset();
  offlineMock.mockReset();
  listMock.mockResolvedValue({
    code: 0,
    data: { records: rows, total: 3, current: 1, size: 10, pages: 1 },
    message: 'ok',
  });
  window.history.replaceState(null, '', '/admin/interface_info');
});

function openPage() {
  renderWithAntd(
    <ConfigProvider locale={antdLocale()}>
      <InterfaceInfoAdminPage />
    </ConfigProvider>,
  );
}

describe('interface management in English', () => {
  it('labels the table, its actions and a batch in English', async () => {
    offlineMock.mockResolvedValue({ code: 0, data: true, message: 'ok' });
    openPage();
    await screen.findByText('Weather 1');
    expect(screen.getByRole('columnheader', { name: /Name/ })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Created/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Create interface/ })).toBeInTheDocument();
    const first = screen.getByText('Weather 1').closest('tr')!;
    expect(within(first).getByText('Take offline')).toBeInTheDocument();
    expect(within(screen.getByText('Weather 2').closest('tr')!).getByText('Publish')).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(CHINESE);

    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Weather 1' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Weather 3' }));
    await screen.findByText('2 selected');
    expect(
      screen.getByLabelText('Publish selected: The selected interfaces are all online already'),
    ).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Take selected offline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Take the 2 selected interfaces offline?' });
    expect(dialog.textContent).not.toMatch(CHINESE);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Take offline' }));
    expect(await screen.findByText('Took 2 interfaces offline')).toBeInTheDocument();
  });

  it('shows the interface form in English', async () => {
    openPage();
    await screen.findByText('Weather 1');
    fireEvent.click(screen.getByRole('button', { name: /Create interface/ }));
    const drawer = await screen.findByRole('dialog');
    await waitFor(() => expect(within(drawer).getByLabelText('URL')).toBeInTheDocument());
    expect(within(drawer).getByText('Create interface')).toBeInTheDocument();
    expect(within(drawer).getByPlaceholderText('e.g. Weather lookup')).toBeInTheDocument();
    expect(within(drawer).getByText('Request parameters')).toBeInTheDocument();
    expect(within(drawer).getByText('No parameters')).toBeInTheDocument();
    expect(within(drawer).getByRole('button', { name: /Add parameter/ })).toBeInTheDocument();
    expect(drawer.textContent).not.toMatch(CHINESE);
  });
});

import { fireEvent, screen, within } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { antdLocale, startLanguage } from '@/locales';
import { getMyAccessKey, listMyUsage } from '@/services/agler/user';
import { renderWithAntd } from '@/testing/render';
import AccountCenterPage from '.';
import { loadEnglish } from '@/testing/english';

jest.mock('@umijs/max', () => ({
  Link: ({ to, children }: { to: string; children: React.ReactNode }) => <a href={to}>{children}</a>,
  history: { replace: jest.fn() },
  useModel: () => ({
    initialState: {
      loginUser: { id: '1790000000000000003', userAccount: 'alice', userName: 'alice', userRole: 'user' },
    },
    setInitialState: jest.fn(),
  }),
}));
jest.mock('@/services/agler/user');

const ok = <T,>(data: T) => ({ code: 0, data, message: 'ok' });
const CJK = /[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]/;

beforeAll(() => startLanguage('en-US', loadEnglish));

beforeEach(() => {
  jest.mocked(getMyAccessKey).mockResolvedValue(ok(null));
  jest.mocked(listMyUsage).mockResolvedValue(
    ok([
      {
        interfaceInfoId: '1800000000000000001',
        name: 'Weather',
        method: 'GET',
        status: 0,
        calls: 12,
        leftNum: 88,
        totalNum: 100,
        effectiveRateLimit: 0,
        effectiveRateBurst: 0,
      },
    ]),
  );
});

describe('My account in English', () => {
  it('shows every card, field and state in English, with no Chinese left', async () => {
    renderWithAntd(
      <ConfigProvider locale={antdLocale()}>
        <AccountCenterPage />
      </ConfigProvider>,
    );
    const row = (await screen.findByRole('link', { name: 'Weather' })).closest('tr')!;
    expect(within(row).getByText('Offline')).toBeInTheDocument();
    expect(within(row).getByText('88 / 100')).toBeInTheDocument();
    expect(screen.getByText('My account')).toBeInTheDocument();
    for (const title of ['Profile', 'Change password', 'Access keys', 'My calls']) {
      expect(screen.getAllByText(title).length).toBeGreaterThan(0);
    }
    expect(screen.getByLabelText('Nickname')).toHaveAttribute('placeholder', '1–50 characters');
    expect(screen.getByLabelText('Avatar URL')).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm new password')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Left / total' })).toBeInTheDocument();
    expect(
      await screen.findByText(
        'No access keys yet. Generate a pair to call interfaces from your own programs.',
      ),
    ).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(CJK);

    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Enter your current password')).toBeInTheDocument();
    expect(screen.getByText('Enter the new password again')).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(CJK);
  });
});

import { fireEvent, screen, within } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { antdLocale, startLanguage } from '@/locales';
import { listUserByPage } from '@/services/agler/user';
import { listInterfaceInfoByPage } from '@/services/agler/interfaceInfo';
import { listUserInterfaceInfo } from '@/services/agler/userInterfaceInfo';
import { renderWithAntd } from '@/testing/render';
import UserAdminPage from './index';
import { loadEnglish } from '@/testing/english';
import { setLoginUser } from '@/testing/umiMocks';

jest.mock('@/services/agler/user');
jest.mock('@/services/agler/userInterfaceInfo');
jest.mock('@/services/agler/quotaRequest');
jest.mock('@/services/agler/interfaceInfo');

setLoginUser({ id: '1790000000000000001', userRole: 'admin' });

const CJK = /[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]/;

const admin: API.LoginUserVO = {
  id: '1790000000000000001',
  userAccount: 'admin',
  userName: 'Ada',
  userAvatar: '',
  userRole: 'admin',
  createTime: '2026-11-01 10:00:00',
};
const bob: API.LoginUserVO = {
  ...admin,
  id: '1790000000000000002',
  userAccount: 'bob',
  userName: 'Bob',
  userRole: 'user',
};
const eve: API.LoginUserVO = {
  ...admin,
  id: '1790000000000000003',
  userAccount: 'eve',
  userName: 'Eve',
  userRole: 'ban',
};

beforeAll(() => startLanguage('en-US', loadEnglish));

beforeEach(() => {
  jest.mocked(listUserByPage).mockResolvedValue({
    code: 0,
    data: { records: [bob, eve, admin], total: 3, current: 1, size: 10, pages: 1 },
    message: 'ok',
  });
  jest.mocked(listUserInterfaceInfo).mockResolvedValue({
    code: 0,
    data: [
      {
        interfaceInfoId: '1800000000000000001',
        name: 'Weather',
        method: 'GET',
        status: 0,
        calls: 12345,
        leftNum: 88,
        totalNum: 100000,
        effectiveRateLimit: 0,
        effectiveRateBurst: 0,
      },
    ],
    message: 'ok',
  });
  jest.mocked(listInterfaceInfoByPage).mockResolvedValue({
    code: 0,
    data: { records: [], total: 0, current: 1, size: 50, pages: 0 },
    message: 'ok',
  });
});

const rowOf = async (account: string) =>
  (await screen.findByText(account, { ignore: 'script, style, [role="option"]' })).closest('tr')!;

describe('User management in English', () => {
  it('shows the table, its search and the quota drawer in English, numbers grouped, no Chinese left', async () => {
    window.history.replaceState(null, '', '/admin/user');
    renderWithAntd(
      <ConfigProvider locale={antdLocale()}>
        <UserAdminPage />
      </ConfigProvider>,
    );
    const row = await rowOf('bob');
    expect(within(row).getByText('User', { selector: '.ant-tag' })).toBeInTheDocument();
    expect(within(row).getByText('…000002')).toHaveAttribute('title', 'Full ID: 1790000000000000002');
    expect(within(row).getByRole('combobox', { name: 'Role of bob' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Ban' })).toBeInTheDocument();
    expect(within(await rowOf('eve')).getByRole('button', { name: 'Unban' })).toBeInTheDocument();
    for (const header of ['Account', 'Role', 'Signed up', 'Actions']) {
      expect(screen.getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    expect(screen.getByLabelText('Account or nickname')).toHaveAttribute(
      'placeholder',
      'Part of an account or nickname',
    );
    expect(document.body.textContent).not.toMatch(CJK);

    fireEvent.click(within(row).getByRole('button', { name: 'Quota' }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('Quota: Bob')).toBeInTheDocument();
    const quota = (await within(drawer).findByRole('link', { name: 'Weather' })).closest('tr')!;
    expect(within(quota).getByText('12,345')).toBeInTheDocument();
    expect(within(quota).getByText('/ 100,000')).toBeInTheDocument();
    expect(within(quota).getByRole('spinbutton', { name: 'Calls left for “Weather”' })).toBeInTheDocument();
    expect(within(drawer).getByText(/ahead of time \(0 to 1,000,000,000\)\.$/)).toBeInTheDocument();
    expect(within(drawer).getByRole('button', { name: 'Set quota' })).toBeInTheDocument();
    expect(drawer.textContent).not.toMatch(CJK);
  });
});

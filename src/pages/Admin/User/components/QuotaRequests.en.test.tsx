import { fireEvent, screen, within } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { antdLocale, startLanguage } from '@/locales';
import { listQuotaRequests } from '@/services/agler/quotaRequest';
import { listUserByPage } from '@/services/agler/user';
import { loadEnglish } from '@/testing/english';
import { renderWithAntd } from '@/testing/render';
import UserAdminPage from '../index';
import { setLoginUser } from '@/testing/umiMocks';
import { ok } from '@/testing/envelope';

jest.mock('@/services/agler/user');
jest.mock('@/services/agler/userInterfaceInfo');
jest.mock('@/services/agler/interfaceInfo');
jest.mock('@/services/agler/quotaRequest');

setLoginUser({ id: '1790000000000000001', userRole: 'admin' });

const CJK = /[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]/;

beforeAll(() => startLanguage('en-US', loadEnglish));

it('shows the quota requests tab, its rows and the refusal form in English, with no Chinese left', async () => {
  jest
    .mocked(listUserByPage)
    .mockResolvedValue(ok({ records: [], total: 0, current: 1, size: 10, pages: 0 }));
  jest.mocked(listQuotaRequests).mockResolvedValue(
    ok({
      records: [
        {
          id: '7',
          userId: '1790000000000000002',
          userAccount: 'bob',
          userName: 'Bob',
          interfaceInfoId: '1800000000000000001',
          amount: 500,
          kind: 'topup',
          reason: 'load test',
          status: 'pending',
          createTime: '2026-11-20 10:00:00',
          leftNum: 3,
          totalNum: 100,
        },
      ],
      total: 1,
      current: 1,
      size: 10,
      pages: 1,
    }),
  );
  window.history.replaceState(null, '', '/admin/user');
  renderWithAntd(
    <ConfigProvider locale={antdLocale()}>
      <UserAdminPage />
    </ConfigProvider>,
  );
  fireEvent.click(await screen.findByRole('tab', { name: /Quota requests/ }));
  const row = (await screen.findByText('load test')).closest('tr')!;
  expect(within(row).getByText('Deleted interface')).toBeInTheDocument();
  expect(within(row).getByText('Pending')).toBeInTheDocument();
  expect(screen.getByRole('columnheader', { name: 'Left / total now' })).toBeInTheDocument();
  expect(within(row).getByText('500 more calls this period')).toBeInTheDocument();
  fireEvent.click(within(row).getByRole('button', { name: 'Refuse' }));
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText('Refuse the request of “Bob”')).toBeInTheDocument();
  fireEvent.click(within(dialog).getByRole('button', { name: 'Refuse' }));
  expect(await within(dialog).findByText('Give a reason when refusing a request')).toBeInTheDocument();
  expect(document.body.textContent).not.toMatch(CJK);
});

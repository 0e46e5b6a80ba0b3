import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { listQuotaRequests, reviewQuotaRequest } from '@/services/agler/quotaRequest';
import { listUserByPage } from '@/services/agler/user';
import { renderWithAntd } from '@/testing/render';
import UserAdminPage from '../index';
import { setLoginUser } from '@/testing/umiMocks';
import { ok } from '@/testing/envelope';

jest.mock('@/services/agler/user');
jest.mock('@/services/agler/userInterfaceInfo');
jest.mock('@/services/agler/interfaceInfo');
jest.mock('@/services/agler/quotaRequest');

setLoginUser({ id: '1790000000000000001', userRole: 'admin' });

const listMock = jest.mocked(listQuotaRequests);
const reviewMock = jest.mocked(reviewQuotaRequest);

const request = (id: string, over: Partial<API.QuotaRequestVO> = {}): API.QuotaRequestVO => ({
  id,
  userId: '1790000000000000002',
  userAccount: 'user',
  userName: '普通用户',
  interfaceInfoId: '1800000000000000001',
  interfaceName: '天气查询',
  amount: 500,
  reason: '下周压测',
  status: 'pending',
  createTime: '2026-11-20 10:00:00',
  leftNum: 3,
  totalNum: 100,
  ...over,
});

beforeEach(() => {
  jest.clearAllMocks();
  window.history.replaceState(null, '', '/admin/user');
  jest.mocked(listUserByPage).mockResolvedValue(
    ok({
      records: [
        {
          id: '1790000000000000002',
          userAccount: 'user',
          userName: '普通用户',
          userAvatar: '',
          userRole: 'user',
          createTime: '2026-11-01 10:00:00',
        },
      ],
      total: 1,
      current: 1,
      size: 10,
      pages: 1,
    }),
  );
  listMock.mockImplementation(async (params) => {
    const records = params.status === 'pending' || params.status === undefined ? [request('7')] : [];
    return ok({
      records: params.pageSize === 1 ? records.slice(0, 1) : records,
      total: records.length,
      current: 1,
      size: 10,
      pages: 1,
    });
  });
  reviewMock.mockResolvedValue(ok(request('7', { status: 'approved' })));
});

async function openRequestsTab() {
  renderWithAntd(<UserAdminPage />);
  const tab = await screen.findByRole('tab', { name: /额度申请/ });
  await waitFor(() => expect(within(tab).getByText('1')).toBeInTheDocument());
  fireEvent.click(tab);
  return (await screen.findByText('下周压测')).closest('tr')!;
}

describe('user management: quota requests', () => {
  it('links each user to their usage, with the name that titles that page', async () => {
    renderWithAntd(<UserAdminPage />);
    const link = await screen.findByRole('link', { name: '查看 user 的用量' });
    expect(link).toHaveAttribute(
      'href',
      `/account/usage?userId=1790000000000000002&account=user&name=${encodeURIComponent('普通用户')}`,
    );
  });

  it('counts the open requests on the tab, and approves one after its confirmation', async () => {
    const row = await openRequestsTab();
    expect(within(row).getByText('3 / 100')).toBeInTheDocument();
    fireEvent.click(within(row).getByRole('button', { name: /批\s*准/ }));
    const confirm = await screen.findByText('批准后「普通用户」的额度增加 500 次，确定吗？');
    const popup = confirm.closest('.ant-popconfirm')! as HTMLElement;
    await act(async () => {
      fireEvent.click(within(popup).getByRole('button', { name: /批\s*准/ }));
    });
    await waitFor(() =>
      expect(reviewMock).toHaveBeenCalledWith(
        { id: '7', approve: true, reason: undefined },
        { skipErrorHandler: true },
      ),
    );
    expect(await screen.findByText('已批准「普通用户」的申请')).toBeInTheDocument();
  });

  it('shows what was asked: a top-up for the period, or a plan, each confirmed as what it grants', async () => {
    const asked = [
      request('8', { kind: 'topup', amount: 2000, reason: '月底加量' }),
      request('9', { kind: 'plan', amount: 0, planId: '12', planName: '专业', reason: '想升级' }),
    ];
    listMock.mockImplementation(async () => ok({ records: asked, total: 2, current: 1, size: 10, pages: 1 }));
    renderWithAntd(<UserAdminPage />);
    fireEvent.click(await screen.findByRole('tab', { name: /额度申请/ }));
    const topUp = (await screen.findByText('月底加量')).closest('tr')!;
    const plan = screen.getByText('想升级').closest('tr')!;
    expect(screen.getByRole('columnheader', { name: '申请内容' })).toBeInTheDocument();
    expect(within(topUp).getByText('本周期加量 2,000 次')).toBeInTheDocument();
    expect(within(plan).getByText('升级到套餐「专业」')).toBeInTheDocument();
    // The interface's own quota is not what these change.
    expect(within(plan).queryByText('3 / 100')).not.toBeInTheDocument();

    fireEvent.click(within(plan).getByRole('button', { name: /批\s*准/ }));
    expect(await screen.findByText('批准后「普通用户」的订阅换到套餐「专业」，确定吗？')).toBeInTheDocument();
    fireEvent.click(within(topUp).getByRole('button', { name: /批\s*准/ }));
    expect(
      await screen.findByText('批准后「普通用户」的套餐本周期增加 2,000 次调用，下个周期恢复，确定吗？'),
    ).toBeInTheDocument();
  });

  it('refuses only with a reason', async () => {
    const row = await openRequestsTab();
    fireEvent.click(within(row).getByRole('button', { name: /拒\s*绝/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /拒\s*绝/ }));
    expect(await within(dialog).findByText('拒绝申请时请填写理由')).toBeInTheDocument();
    expect(reviewMock).not.toHaveBeenCalled();
    fireEvent.change(within(dialog).getByLabelText('拒绝理由'), { target: { value: '本月额度已满' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: /拒\s*绝/ }));
    });
    await waitFor(() =>
      expect(reviewMock).toHaveBeenCalledWith(
        { id: '7', approve: false, reason: '本月额度已满' },
        { skipErrorHandler: true },
      ),
    );
  });
});

import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { addQuotaRequest } from '@/services/agler/quotaRequest';
import { listMyUsage } from '@/services/agler/user';
import { renderWithAntd } from '@/testing/render';
import { MyQuota } from './MyQuota';
import { ok } from '@/testing/envelope';

jest.mock('@/services/agler/user');
jest.mock('@/services/agler/quotaRequest');
jest.mock('@/components/QuotaRequestModal/loadForm', () => ({
  loadQuotaRequestForm: async () => jest.requireActual('@/components/QuotaRequestModal/QuotaRequestForm'),
}));

const WEATHER = '1800000000000000001';

beforeEach(() => {
  jest.clearAllMocks();
  jest.mocked(listMyUsage).mockResolvedValue(
    ok([
      {
        interfaceInfoId: WEATHER,
        name: '天气查询',
        method: 'GET',
        status: 1,
        calls: 97,
        leftNum: 3,
        totalNum: 100,
        effectiveRateLimit: 0,
        effectiveRateBurst: 0,
      },
    ]),
  );
  jest.mocked(addQuotaRequest).mockResolvedValue(ok({} as API.QuotaRequestVO));
});

describe('my quota on the interface page', () => {
  it('shows what is left, and asks for more with an amount and a reason', async () => {
    renderWithAntd(<MyQuota interfaceId={WEATHER} interfaceName="天气查询" unlimited={false} />);
    expect(await screen.findByText('剩余 3 / 100 次')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '我的用量' })).toHaveAttribute('href', '/account/usage');
    expect(
      screen.getByText('平台拒绝、接口未应答或返回 5xx 的调用不计次；接口应答 2xx–4xx 的调用计一次。'),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '申请额度' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('申请「天气查询」的调用额度')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('申请次数'), { target: { value: '200' } });
    fireEvent.change(within(dialog).getByLabelText('理由'), { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /提交申请/ }));
    expect(await within(dialog).findByText('请填写申请理由')).toBeInTheDocument();
    expect(addQuotaRequest).not.toHaveBeenCalled();
    fireEvent.change(within(dialog).getByLabelText('理由'), { target: { value: '上线' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: /提交申请/ }));
    });
    await waitFor(() =>
      expect(addQuotaRequest).toHaveBeenCalledWith(
        { interfaceInfoId: WEATHER, amount: 200, reason: '上线' },
        { skipErrorHandler: true },
      ),
    );
  });

  it('reads the quota again after each call the page makes, and shows what the gateway left', async () => {
    const view = renderWithAntd(<MyQuota interfaceId={WEATHER} interfaceName="天气查询" unlimited={false} calls={0} />);
    expect(await screen.findByText('剩余 3 / 100 次')).toBeInTheDocument();
    const [usage] = (await jest.mocked(listMyUsage).mock.results[0].value).data;
    jest.mocked(listMyUsage).mockResolvedValue(ok([{ ...usage, calls: 98, leftNum: 2 }]));

    view.rerender(<MyQuota interfaceId={WEATHER} interfaceName="天气查询" unlimited={false} calls={1} />);

    expect(await screen.findByText('剩余 2 / 100 次')).toBeInTheDocument();
    expect(listMyUsage).toHaveBeenCalledTimes(2);
  });

  it('says an admin has no quota, and asks nothing of the server', () => {
    renderWithAntd(<MyQuota interfaceId={WEATHER} interfaceName="天气查询" unlimited />);
    expect(screen.getByText('管理员调用不受额度限制')).toBeInTheDocument();
    expect(listMyUsage).not.toHaveBeenCalled();
  });
});

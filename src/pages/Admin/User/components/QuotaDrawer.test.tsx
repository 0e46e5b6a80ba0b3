import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import RequestBridge from '@/components/RequestBridge';
import { ApiError } from '@/requestConfig';
import { listInterfaceInfoByPage } from '@/services/agler/interfaceInfo';
import { listUserInterfaceInfo, updateUserInterfaceInfo } from '@/services/agler/userInterfaceInfo';
import { renderWithAntd } from '@/testing/render';
import { QuotaDrawer } from './QuotaDrawer';

jest.mock('@/services/agler/userInterfaceInfo');
jest.mock('@/services/agler/interfaceInfo');

const quotaListMock = jest.mocked(listUserInterfaceInfo);
const updateMock = jest.mocked(updateUserInterfaceInfo);
const interfaceListMock = jest.mocked(listInterfaceInfoByPage);

const demo: API.LoginUserVO = {
  id: '1790000000000000002',
  userAccount: 'user',
  userName: '普通用户',
  userRole: 'user',
};

const WEATHER = '1800000000000000001';
const weather: API.InterfaceQuotaVO = {
  interfaceInfoId: WEATHER,
  name: '天气查询',
  method: 'GET',
  status: 1,
  calls: 12,
  leftNum: 88,
  totalNum: 100,
  effectiveRateLimit: 0,
  effectiveRateBurst: 0,
};

function answerQuotas(rows: API.InterfaceQuotaVO[]) {
  quotaListMock.mockResolvedValue({ code: 0, data: rows, message: 'ok' });
}

function open() {
  renderWithAntd(
    <>
      <RequestBridge />
      <QuotaDrawer open user={demo} onClose={jest.fn()} />
    </>,
  );
  return screen.findByRole('dialog');
}

const leftNumInput = (drawer: HTMLElement) =>
  within(drawer).getByRole('spinbutton', { name: '「天气查询」的剩余次数' });
const saveButton = (drawer: HTMLElement) => within(drawer).getByRole('button', { name: /保\s*存/ });

beforeEach(() => {
  quotaListMock.mockReset();
  updateMock.mockReset();
  interfaceListMock.mockReset().mockResolvedValue({
    code: 0,
    data: { records: [], total: 0, current: 1, size: 50, pages: 0 },
    message: 'ok',
  });
  answerQuotas([weather]);
});

describe('the quota drawer', () => {
  it("lists the user's interfaces: a link, the method, the calls and what is left of the total", async () => {
    answerQuotas([
      weather,
      { ...weather, interfaceInfoId: '1800000000000000002', name: '旧接口', status: 0, calls: 0 },
    ]);
    const drawer = await open();
    expect(quotaListMock).toHaveBeenCalledWith({ userId: demo.id }, { skipErrorHandler: true });
    const link = await within(drawer).findByRole('link', { name: '天气查询' });
    expect(link).toHaveAttribute('href', `/interface_info/${WEATHER}`);
    const row = link.closest('tr')!;
    expect(within(row).getByText('GET')).toBeInTheDocument();
    expect(within(row).getByText('12')).toBeInTheDocument();
    expect(leftNumInput(drawer)).toHaveValue('88');
    expect(within(row).getByText('/ 100')).toBeInTheDocument();
    expect(within(drawer).getByText('已下线')).toBeInTheDocument();
  });

  it("sets the user's own rate limit; a burst below it is refused at the field", async () => {
    updateMock.mockResolvedValue({ code: 0, data: true, message: 'ok' });
    const drawer = await open();
    expect(await within(drawer).findByText('跟随接口：不限速率')).toBeInTheDocument();
    const limit = within(drawer).getByRole('spinbutton', { name: '「天气查询」的速率限制（次/秒）' });
    const burst = within(drawer).getByRole('spinbutton', { name: '「天气查询」的突发次数' });
    const set = within(drawer).getByRole('button', { name: /^设\s*置$/ });

    fireEvent.change(limit, { target: { value: '5' } });
    fireEvent.change(burst, { target: { value: '3' } });
    expect(within(drawer).getByRole('alert')).toHaveTextContent(
      '突发次数应为不小于速率限制、不超过 100000 的整数',
    );
    expect(set).toBeDisabled();
    fireEvent.change(burst, { target: { value: '8' } });
    expect(within(drawer).queryByRole('alert')).toBeNull();
    fireEvent.click(set);

    expect(updateMock).toHaveBeenCalledWith(
      { userId: demo.id, interfaceInfoId: WEATHER, rateLimit: 5, rateBurst: 8 },
      { skipErrorHandler: true },
    );
    expect(await screen.findByText('已更新「天气查询」的速率限制')).toBeInTheDocument();
  });

  it("shows the user's own limit, and emptied it goes back to the interface's", async () => {
    updateMock.mockResolvedValue({ code: 0, data: true, message: 'ok' });
    answerQuotas([{ ...weather, rateLimit: 2, rateBurst: 2, effectiveRateLimit: 2, effectiveRateBurst: 2 }]);
    const drawer = await open();
    expect(await within(drawer).findByText('单独设置：每秒 2 次，突发 2 次')).toBeInTheDocument();

    fireEvent.change(within(drawer).getByRole('spinbutton', { name: '「天气查询」的速率限制（次/秒）' }), {
      target: { value: '' },
    });
    fireEvent.change(within(drawer).getByRole('spinbutton', { name: '「天气查询」的突发次数' }), {
      target: { value: '' },
    });
    answerQuotas([weather]);
    fireEvent.click(within(drawer).getByRole('button', { name: /^设\s*置$/ }));

    expect(updateMock).toHaveBeenCalledWith(
      { userId: demo.id, interfaceInfoId: WEATHER, rateLimit: null, rateBurst: null },
      { skipErrorHandler: true },
    );
    // The list loads again and the interface's own limit applies.
    expect(await within(drawer).findByText('跟随接口：不限速率')).toBeInTheDocument();
  });

  it('says when the user has no quotas yet', async () => {
    answerQuotas([]);
    const drawer = await open();
    expect(
      await within(drawer).findByText('该用户还没有调用过接口，也没有单独设置的额度'),
    ).toBeInTheDocument();
  });

  it('says the quotas could not load and loads them again on retry', async () => {
    quotaListMock.mockRejectedValueOnce(new ApiError({ code: 40400, message: '用户不存在' }));
    const drawer = await open();
    const alert = await within(drawer).findByRole('alert');
    expect(alert).toHaveTextContent('调用额度加载失败');
    expect(alert).toHaveTextContent('用户不存在');
    fireEvent.click(within(alert).getByRole('button', { name: /重\s*试/ }));
    expect(await within(drawer).findByRole('link', { name: '天气查询' })).toBeInTheDocument();
  });

  it('saves a new leftNum, waits for the server, and shows the list it answers', async () => {
    let answer!: (value: API.BaseResponseBoolean) => void;
    updateMock.mockReturnValue(
      new Promise((resolve) => {
        answer = resolve;
      }),
    );
    const drawer = await open();
    await within(drawer).findByRole('link', { name: '天气查询' });
    expect(saveButton(drawer)).toBeDisabled();

    const input = leftNumInput(drawer);
    fireEvent.change(input, { target: { value: '500' } });
    fireEvent.click(saveButton(drawer));
    expect(updateMock).toHaveBeenCalledWith(
      { userId: demo.id, interfaceInfoId: WEATHER, leftNum: 500 },
      { skipErrorHandler: true },
    );
    await waitFor(() => expect(saveButton(drawer)).toHaveClass('ant-btn-loading'));

    answerQuotas([{ ...weather, leftNum: 500, totalNum: 512 }]);
    await act(async () => answer({ code: 0, data: true, message: 'ok' }));
    expect(await screen.findByText('已更新「天气查询」的剩余次数')).toBeInTheDocument();
    expect(await within(drawer).findByText('/ 512')).toBeInTheDocument();
    // The same input, never replaced: whoever typed there keeps their place (and keyboard focus).
    expect(leftNumInput(drawer)).toBe(input);
    expect(input).toHaveValue('500');
    expect(saveButton(drawer)).toBeDisabled();
    expect(quotaListMock).toHaveBeenCalledTimes(2);
  });

  it('keeps the typed value after a failed save and says why beside it', async () => {
    updateMock.mockRejectedValue(
      new ApiError({ code: 40000, message: '参数 leftNum 应为 0 到 1000000000 的整数' }),
    );
    const drawer = await open();
    await within(drawer).findByRole('link', { name: '天气查询' });

    fireEvent.change(leftNumInput(drawer), { target: { value: '300' } });
    fireEvent.keyDown(leftNumInput(drawer), { key: 'Enter', code: 'Enter', keyCode: 13 });
    const reason = await within(drawer).findByRole('alert');
    expect(reason).toHaveTextContent('保存失败：参数 leftNum 应为 0 到 1000000000 的整数');
    expect(leftNumInput(drawer)).toHaveValue('300');
    expect(saveButton(drawer)).toBeEnabled();
    expect(quotaListMock).toHaveBeenCalledTimes(1);
  });

  it('sets the quota of an interface the user has not called yet', async () => {
    interfaceListMock.mockResolvedValue({
      code: 0,
      data: {
        records: [
          {
            id: '1800000000000000009',
            name: '翻译',
            description: '',
            url: 'https://x',
            method: 'POST',
            status: 1,
          },
        ],
        total: 1,
        current: 1,
        size: 50,
        pages: 1,
      },
      message: 'ok',
    });
    updateMock.mockResolvedValue({ code: 0, data: true, message: 'ok' });
    const drawer = await open();
    await within(drawer).findByRole('link', { name: '天气查询' });

    const select = within(drawer).getByRole('combobox', { name: '接口' });
    fireEvent.mouseDown(select);
    fireEvent.change(select, { target: { value: '翻' } });
    await waitFor(() =>
      expect(interfaceListMock).toHaveBeenLastCalledWith(expect.objectContaining({ name: '翻' })),
    );
    const [option] = (await screen.findAllByTitle('翻译')).filter((el) =>
      el.matches('.ant-select-item-option'),
    );
    fireEvent.click(option);
    fireEvent.change(within(drawer).getByRole('spinbutton', { name: /^剩余次数/ }), {
      target: { value: '20' },
    });

    answerQuotas([
      weather,
      {
        ...weather,
        interfaceInfoId: '1800000000000000009',
        name: '翻译',
        calls: 0,
        leftNum: 20,
        totalNum: 20,
        effectiveRateLimit: 0,
        effectiveRateBurst: 0,
      },
    ]);
    fireEvent.click(within(drawer).getByRole('button', { name: /设置额度/ }));
    await waitFor(() =>
      expect(updateMock).toHaveBeenCalledWith(
        { userId: demo.id, interfaceInfoId: '1800000000000000009', leftNum: 20 },
        { skipErrorHandler: true },
      ),
    );
    expect(await screen.findByText('已设置「翻译」的额度')).toBeInTheDocument();
    expect(await within(drawer).findByRole('link', { name: '翻译' })).toBeInTheDocument();
  });
});

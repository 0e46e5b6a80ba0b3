import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ConfigProvider, theme } from 'antd';
import { ApiError } from '@/requestConfig';
import {
  getInterfaceInfoById,
  listInterfaceInfoByPage,
  offlineInterfaceInfo,
  onlineInterfaceInfo,
} from '@/services/agler/interfaceInfo';
import { renderWithAntd } from '@/testing/render';
import { registerMessageApi } from '@/utils/feedback';
import { startTable } from './earlyTable';
import InterfaceInfoAdminPage from './index';

jest.mock('@/services/agler/interfaceInfo');

const listMock = jest.mocked(listInterfaceInfoByPage);
const getMock = jest.mocked(getInterfaceInfoById);
const onlineMock = jest.mocked(onlineInterfaceInfo);
const offlineMock = jest.mocked(offlineInterfaceInfo);

const PAGE = '/admin/interface_info';

/** A row as the list sends it: without the three JSON fields. */
function row(n: number): API.InterfaceInfo {
  return {
    id: `18000000000000000${String(n).padStart(2, '0')}`,
    name: `接口 ${n}`,
    description: '',
    url: `https://api.example.com/${n}`,
    method: 'GET',
    status: 1,
    createTime: '2026-11-01 10:00:00',
    updateTime: '2026-11-02 10:00:00',
  };
}

const rows = Array.from({ length: 10 }, (_, i) => row(i + 1));

function answerPage(records = rows, total = 45) {
  listMock.mockResolvedValue({ code: 0, data: { records, total, current: 1, size: 10, pages: 5 }, message: 'ok' });
}

/** Opens the page at `url`, as a reload, a link or the back button does. */
function openAt(url: string) {
  window.history.replaceState(null, '', url);
  renderWithAntd(<InterfaceInfoAdminPage />);
}

const query = () => Object.fromEntries(new URLSearchParams(window.location.search));
const lastListCall = () => listMock.mock.calls[listMock.mock.calls.length - 1][0];
const searchForm = () => screen.getByRole('button', { name: /查\s*询/ }).closest('form')!;

beforeEach(() => {
  listMock.mockReset();
  getMock.mockReset();
  onlineMock.mockReset();
  offlineMock.mockReset();
  answerPage();
});

describe('interface management: the table state in the URL', () => {
  it('starts from the search, page and order a URL asks for', async () => {
    openAt(`${PAGE}?name=%E5%A4%A9%E6%B0%94&status=1&current=3&pageSize=20&sortField=name&sortOrder=ascend`);
    await screen.findByText('接口 1');
    expect(lastListCall()).toEqual(
      expect.objectContaining({ current: 3, pageSize: 20, sortField: 'name', sortOrder: 'ascend', name: '天气', status: 1 }),
    );
    expect(within(searchForm()).getByLabelText('接口名称')).toHaveValue('天气');
    expect(screen.getByRole('columnheader', { name: /接口名称/ })).toHaveAttribute('aria-sort', 'ascending');
    expect(query()).toEqual(expect.objectContaining({ name: '天气', status: '1', current: '3', pageSize: '20' }));
  });

  it('clears a search that came with the URL on reset', async () => {
    openAt(`${PAGE}?name=%E5%A4%A9%E6%B0%94&method=POST`);
    await screen.findByText('接口 1');
    fireEvent.click(screen.getByRole('button', { name: /重\s*置/ }));
    await waitFor(() => expect(lastListCall()).toEqual(expect.objectContaining({ name: undefined, method: undefined })));
    expect(within(searchForm()).getByLabelText('接口名称')).toHaveValue('');
    await waitFor(() => expect(window.location.search).toBe(''));
  });

  it('falls back to the defaults for what it cannot read', async () => {
    openAt(`${PAGE}?current=abc&pageSize=7&sortField=password&method=TRACE`);
    await screen.findByText('接口 1');
    expect(lastListCall()).toEqual(
      expect.objectContaining({ current: 1, pageSize: 10, sortField: 'createTime', sortOrder: 'descend', method: undefined }),
    );
  });

  it('writes a search, a page and an order to the URL, and a reset takes the search out', async () => {
    openAt(PAGE);
    await screen.findByText('接口 1');
    expect(window.location.search).toBe('');

    fireEvent.change(within(searchForm()).getByLabelText('接口名称'), { target: { value: '天气' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(lastListCall()).toEqual(expect.objectContaining({ name: '天气', current: 1 })));
    await waitFor(() => expect(query()).toEqual({ name: '天气' }));

    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(lastListCall()).toEqual(expect.objectContaining({ name: '天气', current: 2 })));
    await waitFor(() => expect(query()).toEqual({ name: '天气', current: '2' }));

    fireEvent.click(within(screen.getByRole('columnheader', { name: /接口名称/ })).getByText('接口名称'));
    await waitFor(() =>
      expect(lastListCall()).toEqual(expect.objectContaining({ sortField: 'name', sortOrder: 'ascend' })),
    );
    await waitFor(() => expect(query()).toEqual(expect.objectContaining({ name: '天气', sortField: 'name', sortOrder: 'ascend' })));

    fireEvent.click(screen.getByRole('button', { name: /重\s*置/ }));
    await waitFor(() => expect(lastListCall()).toEqual(expect.objectContaining({ name: undefined, current: 1 })));
    await waitFor(() => expect(query()).not.toHaveProperty('name'));
    expect(within(searchForm()).getByLabelText('接口名称')).toHaveValue('');
  });
});

describe("interface management: a deep link's first rows", () => {
  // src/utils/earlyRoute.ts starts them with the session, before the page's chunk has come.
  const askEarly = (url: string) => startTable(new URL(url, window.location.origin).search);
  afterEach(() => registerMessageApi(undefined));

  it.each([
    ['the default view', PAGE],
    ['a search, a page and an order', `${PAGE}?name=%E5%A4%A9%E6%B0%94&method=GET&status=0&current=2&pageSize=20&sortField=name&sortOrder=ascend`],
  ])('takes the rows asked for early instead of asking again: %s', async (_, url) => {
    askEarly(url);
    expect(listMock).toHaveBeenCalledTimes(1);
    openAt(url);
    expect(await screen.findByText('接口 1')).toBeVisible();
    // The page's own first request had the same parameters, so it took the early answer.
    expect(listMock).toHaveBeenCalledTimes(1);
  });

  it('shows rows that came before its first render in that render, with their total, asking once', async () => {
    askEarly(PAGE);
    // The answer comes before the page renders.
    await act(() => Promise.resolve());
    openAt(PAGE);
    // Not found by waiting: in the first render, before ProTable's own request.
    expect(screen.getByText('接口 1')).toBeVisible();
    expect(screen.getByTitle('5')).toBeInTheDocument();
    await waitFor(() => expect(listMock).toHaveBeenCalledTimes(1));
    expect(screen.getByText('接口 1')).toBeVisible();
  });

  it('shows a failed early answer once, and the next search asks again', async () => {
    const toast = jest.fn();
    // Only `error` is used: the request layer shows one toast per failure.
    registerMessageApi({ error: toast } as never);
    listMock.mockRejectedValueOnce(new ApiError({ code: 50000, message: '服务暂时不可用' }));
    askEarly(PAGE);
    openAt(PAGE);
    await waitFor(() => expect(toast).toHaveBeenCalled());
    expect(toast.mock.calls.map(([args]) => args.content)).toEqual(['服务暂时不可用']);
    expect(listMock).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    expect(await screen.findByText('接口 1')).toBeVisible();
    expect(listMock).toHaveBeenCalledTimes(2);
  });

  it('asks again when the early answer was for another view', async () => {
    askEarly(`${PAGE}?current=2`);
    openAt(PAGE);
    expect(await screen.findByText('接口 1')).toBeVisible();
    expect(listMock).toHaveBeenCalledTimes(2);
    expect(lastListCall()).toEqual(expect.objectContaining({ current: 1 }));
  });
});

describe('interface management: row actions', () => {
  it('sends the id back exactly as the list gave it', async () => {
    answerPage([{ ...row(1), id: '1800000000000000001', status: 0 }], 1);
    onlineMock.mockResolvedValue({ code: 0, data: true, message: 'ok' });
    openAt(PAGE);
    fireEvent.click(within((await screen.findByText('接口 1')).closest('tr')!).getByText('发布'));
    await waitFor(() => expect(onlineMock).toHaveBeenCalledWith({ id: '1800000000000000001' }, { skipErrorHandler: true }));
  });

  it('asks before taking offline or deleting, the questions opened from the keyboard too', async () => {
    answerPage([row(1)], 1);
    offlineMock.mockResolvedValue({ code: 0, data: true, message: 'ok' });
    openAt(PAGE);
    const line = (await screen.findByText('接口 1')).closest('tr')!;
    // The confirmations are mounted at their first use (FirstUse): Enter on the action opens them.
    act(() => within(line).getByRole('button', { name: '删除' }).focus());
    fireEvent.keyDown(document.activeElement!, { key: 'Enter' });
    expect(await screen.findByText('确定删除接口「接口 1」吗？')).toBeInTheDocument();

    act(() => within(line).getByRole('button', { name: '下线' }).focus());
    fireEvent.keyDown(document.activeElement!, { key: 'Enter' });
    const askOffline = await screen.findByText('确定下线该接口吗？');
    expect(offlineMock).not.toHaveBeenCalled();
    fireEvent.click(within(askOffline.closest('.ant-popover')!).getByRole('button', { name: /下\s*线/ }));
    await waitFor(() => expect(offlineMock).toHaveBeenCalledWith({ id: row(1).id }, { skipErrorHandler: true }));
  });
});

describe('interface management: editing', () => {
  it('loads the interface before it shows the form, with the JSON fields the list left out', async () => {
    getMock.mockResolvedValue({
      code: 0,
      data: { ...rows[1], requestParams: '[]', requestHeader: '{"X-Token":"abc"}', responseHeader: '' },
      message: 'ok',
    });
    openAt(PAGE);
    await screen.findByText('接口 2');
    const secondRow = screen.getByText('接口 2').closest('tr')!;
    fireEvent.click(within(secondRow).getByText('编辑'));
    const drawer = await screen.findByRole('dialog');
    expect(getMock).toHaveBeenCalledWith({ id: rows[1].id }, { skipErrorHandler: true });
    expect(await within(drawer).findByLabelText('请求头')).toHaveValue('{"X-Token":"abc"}');
  });

  it('says an interface deleted meanwhile is gone and refreshes the table', async () => {
    getMock.mockRejectedValue(new ApiError({ code: 40400, message: '接口不存在' }));
    openAt(PAGE);
    await screen.findByText('接口 2');
    const calls = listMock.mock.calls.length;
    fireEvent.click(within(screen.getByText('接口 2').closest('tr')!).getByText('编辑'));
    expect(await screen.findByText('该接口已被删除，列表已刷新')).toBeInTheDocument();
    await waitFor(() => expect(listMock.mock.calls.length).toBeGreaterThan(calls));
  });
});

describe('interface management: what a row shows', () => {
  it('shows the end of the id and copies the whole of it', async () => {
    answerPage([{ ...row(1), id: '1800000000000123457' }], 1);
    openAt(PAGE);
    const line = (await screen.findByText('接口 1')).closest('tr')!;
    expect(within(line).getByText('…123457')).toBeInTheDocument();
    expect(within(line).queryByText('1800000000000123457')).not.toBeInTheDocument();
    fireEvent.mouseEnter(within(line).getByText('…123457'));
    expect(await screen.findByText('ID：1800000000000123457')).toBeInTheDocument();
  });

  it('shows the path of the url apart from its origin', async () => {
    answerPage([{ ...row(1), url: 'https://api.agler.dev/v1/weather/today' }], 1);
    openAt(PAGE);
    const line = (await screen.findByText('接口 1')).closest('tr')!;
    expect(within(line).getByText('https://api.agler.dev')).toBeInTheDocument();
    expect(within(line).getByText('\u200e/v1/weather/today\u200e')).toBeInTheDocument();
  });

  it('shows the description on one line with the whole of it as its title, and a dash for none', async () => {
    const description = '按城市名查询实时天气：天气现象、气温、湿度、风向风力和空气质量指数。';
    answerPage([{ ...row(1), description }, row(2)], 2);
    openAt(PAGE);
    const first = (await screen.findByText('接口 1')).closest('tr')!;
    const text = within(first).getByText(description);
    expect(text).toHaveAttribute('title', description);
    // Cut by CSS, not measured: no Typography of antd's in the cell.
    expect(text.closest('td')!.querySelector('.ant-typography')).toBeNull();
    const second = screen.getByText('接口 2').closest('tr')!;
    expect(within(second).getAllByRole('cell')[6]).toHaveTextContent(/^-$/);
  });

  it('restyles its cells for another theme, though their records stay the same', async () => {
    function Themed({ dark }: { dark: boolean }) {
      return (
        <ConfigProvider theme={{ algorithm: dark ? theme.darkAlgorithm : theme.defaultAlgorithm }}>
          <InterfaceInfoAdminPage />
        </ConfigProvider>
      );
    }
    window.history.replaceState(null, '', PAGE);
    const view = renderWithAntd(<Themed dark={false} />);
    const created = async () =>
      within((await screen.findByText('接口 1')).closest('tr')!).getAllByText('2026-11-01 10:00:00')[0];
    const light = (await created()).className;
    view.rerender(<Themed dark />);
    await waitFor(async () => expect((await created()).className).not.toBe(light));
  });

  it("links the name to the interface's page", async () => {
    openAt(PAGE);
    const name = await screen.findByRole('link', { name: '接口 3' });
    expect(name).toHaveAttribute('href', `/interface_info/${rows[2].id}`);
  });
});

describe('interface management: batch actions', () => {
  /** Five rows: 1, 3 and 5 online, 2 and 4 offline. */
  const mixed = [1, 2, 3, 4, 5].map((n) => ({ ...row(n), status: (n % 2) as 0 | 1 }));

  async function selectAll() {
    answerPage(mixed, 5);
    openAt(PAGE);
    await screen.findByText('接口 1');
    for (const n of [1, 2, 3, 4, 5]) {
      fireEvent.click(within(screen.getByText(`接口 ${n}`).closest('tr')!).getByRole('checkbox'));
    }
    await screen.findByText('已选择 5 项');
  }

  it('takes offline only the online rows of a mixed selection, saying how many', async () => {
    offlineMock.mockResolvedValue({ code: 0, data: true, message: 'ok' });
    await selectAll();
    fireEvent.click(screen.getByRole('button', { name: '批量下线' }));
    // The question is the dialog's name: it says how many of the selection change.
    const dialog = await screen.findByRole('dialog', { name: '选中 5 个，其中 3 个在线：下线这 3 个？' });
    fireEvent.click(within(dialog).getByRole('button', { name: /下\s*线/ }));
    expect(await screen.findByText('已下线 3 个接口')).toBeInTheDocument();
    expect(offlineMock.mock.calls.map(([body]) => body.id)).toEqual([mixed[0].id, mixed[2].id, mixed[4].id]);
  });

  it('publishes only the offline rows and names each one that failed', async () => {
    onlineMock
      .mockRejectedValueOnce(new ApiError({ code: 40400, message: '接口不存在' }))
      .mockResolvedValueOnce({ code: 0, data: true, message: 'ok' });
    await selectAll();
    fireEvent.click(screen.getByRole('button', { name: '批量发布' }));
    // The question is the dialog's name: it says how many of the selection change.
    const dialog = await screen.findByRole('dialog', { name: '选中 5 个，其中 2 个已下线：发布这 2 个？' });
    fireEvent.click(within(dialog).getByRole('button', { name: /发\s*布/ }));
    expect(await screen.findByText('已发布 1 个接口，1 个失败：「接口 2」：已被删除')).toBeInTheDocument();
    expect(onlineMock.mock.calls.map(([body]) => body.id)).toEqual([mixed[1].id, mixed[3].id]);
  });

  it('disables a batch that would change nothing, and says why', async () => {
    answerPage(mixed, 5);
    openAt(PAGE);
    await screen.findByText('接口 1');
    fireEvent.click(within(screen.getByText('接口 1').closest('tr')!).getByRole('checkbox'));
    await screen.findByText('已选择 1 项');
    expect(screen.getByRole('button', { name: '批量发布' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '批量下线' })).toBeEnabled();
    fireEvent.mouseEnter(screen.getByLabelText('批量发布：选中的接口都已上线'));
    expect(await screen.findByText('选中的接口都已上线')).toBeInTheDocument();
    expect(onlineMock).not.toHaveBeenCalled();
  });
});

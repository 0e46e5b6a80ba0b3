import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { history } from '@umijs/max';
import HeaderSearch, { interfaceUrl, searchUrl, SUGGEST_DEBOUNCE_MS, SUGGEST_MAX } from '.';
import { renderWithAntd } from '@/testing/render';

type ListOptions = { skipErrorHandler?: boolean; sessionProbe?: boolean; signal?: AbortSignal };
const mockList = jest.fn<Promise<unknown>, [API.listInterfaceInfoByPageParams, ListOptions]>();
jest.mock('@/services/agler/interfaceInfo', () => ({
  listInterfaceInfoByPage: (params: API.listInterfaceInfoByPageParams, options: ListOptions) =>
    mockList(params, options),
}));
const pushMock = jest.mocked(history.push);

const info = (id: string, name: string): API.InterfaceInfo =>
  ({ id, name, url: `https://x.test/${id}`, method: 'GET', status: 1 }) as API.InterfaceInfo;
const page = (records: API.InterfaceInfo[]) => ({
  code: 0,
  message: 'ok',
  data: { records, total: records.length, current: 1, size: 8, pages: 1 },
});

/** Answers each list call with `records`, or with what `answers` holds for its name. */
function answerWith(answers: Record<string, API.InterfaceInfo[] | Promise<API.InterfaceInfo[]>>) {
  mockList.mockImplementation(async (params) => page(await (answers[params.name ?? ''] ?? [])));
}

function type(text: string) {
  const box = screen.getByRole('combobox');
  fireEvent.mouseDown(box);
  fireEvent.focus(box);
  fireEvent.change(box, { target: { value: text } });
}

/** Lets `ms` pass inside act: the select's own timers (its dropdown, its focus) update it meanwhile. */
async function pause(ms: number) {
  await act(
    () =>
      new Promise<void>((resolve) => {
        setTimeout(resolve, ms);
      }),
  );
}

describe('searchUrl', () => {
  it('filters the home page by the trimmed text', () => {
    expect(searchUrl(' 天气 ')).toBe('/?searchText=%E5%A4%A9%E6%B0%94');
    expect(searchUrl('a&b=c')).toBe('/?searchText=a%26b%3Dc');
  });

  it('opens the plain home page for blank text', () => {
    expect(searchUrl('   ')).toBe('/');
  });

  it('opens an interface by its id, kept as text', () => {
    expect(interfaceUrl('1800000000000000001')).toBe('/interface_info/1800000000000000001');
  });
});

describe('HeaderSearch', () => {
  beforeEach(() => {
    pushMock.mockClear();
    mockList.mockReset();
    answerWith({});
  });

  it('has the site-search placeholder', () => {
    renderWithAntd(<HeaderSearch />);
    expect(screen.getByPlaceholderText('站内搜索')).toBeInTheDocument();
  });

  it('opens the filtered home page on Enter, once', async () => {
    renderWithAntd(<HeaderSearch />);
    const input = screen.getByPlaceholderText('站内搜索');
    fireEvent.change(input, { target: { value: 'weather' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(pushMock).toHaveBeenCalledWith('/?searchText=weather'));
    expect(pushMock).toHaveBeenCalledTimes(1);
  });

  it('offers canned suggestions and opens the one chosen', async () => {
    renderWithAntd(<HeaderSearch />);
    type('I');
    fireEvent.click(await screen.findByTitle('IP'));
    expect(pushMock).toHaveBeenCalledWith('/?searchText=IP');
  });

  it('asks for interfaces by name once typing pauses, at most 8', async () => {
    answerWith({ 天气: [info('1', '天气查询'), info('2', '7 日天气预报')] });
    renderWithAntd(<HeaderSearch />);
    type('天');
    type('天气');
    expect(mockList).not.toHaveBeenCalled();
    expect(await screen.findByTitle('天气查询')).toBeInTheDocument();
    expect(screen.getByTitle('7 日天气预报')).toBeInTheDocument();
    expect(mockList).toHaveBeenCalledTimes(1);
    expect(mockList.mock.calls[0][0]).toEqual({ name: '天气', current: 1, pageSize: SUGGEST_MAX });
    // The canned word that matches stays offered beside them.
    expect(screen.getByTitle('天气')).toBeInTheDocument();
  });

  it('never shows more than 8 interfaces, even if the answer holds more', async () => {
    answerWith({ api: Array.from({ length: 12 }, (_, i) => info(String(i + 1), `api ${i + 1}`)) });
    renderWithAntd(<HeaderSearch />);
    type('api');
    await screen.findByTitle('api 1');
    expect(screen.getAllByTitle(/^api \d+$/)).toHaveLength(SUGGEST_MAX);
  });

  it('opens the interface chosen', async () => {
    answerWith({ IP: [info('1800000000000000003', 'IP 归属地查询')] });
    renderWithAntd(<HeaderSearch />);
    type('IP');
    fireEvent.click(await screen.findByTitle('IP 归属地查询'));
    expect(pushMock).toHaveBeenCalledWith('/interface_info/1800000000000000003');
    expect(pushMock).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('combobox')).toHaveValue('');
  });

  it('drops a slow answer for an earlier text and aborts its request', async () => {
    let answerSlow: (records: API.InterfaceInfo[]) => void = () => undefined;
    const slow = new Promise<API.InterfaceInfo[]>((resolve) => {
      answerSlow = resolve;
    });
    answerWith({ 天: slow, 天气预: [info('2', '7 日天气预报')] });
    renderWithAntd(<HeaderSearch />);
    type('天');
    await waitFor(() => expect(mockList).toHaveBeenCalledTimes(1));
    const firstSignal = mockList.mock.calls[0][1].signal;
    type('天气预');
    await screen.findByTitle('7 日天气预报');
    expect(firstSignal?.aborted).toBe(true);
    await act(async () => answerSlow([info('9', '天气预报（旧版）')]));
    await pause(SUGGEST_DEBOUNCE_MS);
    expect(screen.queryByTitle('天气预报（旧版）')).not.toBeInTheDocument();
    expect(screen.getByTitle('7 日天气预报')).toBeInTheDocument();
  });

  it('asks as a session probe: a lost session never takes the user to login from a suggestion', async () => {
    renderWithAntd(<HeaderSearch />);
    type('天气');
    await waitFor(() => expect(mockList).toHaveBeenCalledTimes(1));
    expect(mockList.mock.calls[0][1]).toMatchObject({ skipErrorHandler: true, sessionProbe: true });
  });

  it('asks nothing for blank text', async () => {
    renderWithAntd(<HeaderSearch />);
    type('   ');
    await pause(SUGGEST_DEBOUNCE_MS + 100);
    expect(mockList).not.toHaveBeenCalled();
  });
});

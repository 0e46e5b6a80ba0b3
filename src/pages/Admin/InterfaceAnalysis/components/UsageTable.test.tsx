import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { packUsage } from '@agler/contract/analysis';
import { ApiError } from '@/requestConfig';
import { getAnalysisInterfaces, getAnalysisOverview } from '@/services/agler/analysis';
import { renderWithAntd } from '@/testing/render';
import { UsageTable } from './UsageTable';

jest.mock('@/services/agler/analysis');
const interfacesMock = jest.mocked(getAnalysisInterfaces);
const overviewMock = jest.mocked(getAnalysisOverview);

function usage(id: string, name: string, over: Partial<API.InterfaceUsage> = {}): API.InterfaceUsage {
  return {
    interfaceInfoId: id,
    name,
    method: 'GET',
    status: 1,
    calls: 10,
    errors: 0,
    successRate: 1,
    avgLatency: 50,
    p95Latency: 90,
    share: 100,
    lastCallTime: '2026-11-22 10:00:00',
    ...over,
  };
}

const RANGE = { startDate: '2026-11-16', endDate: '2026-11-22' };
/** The overview's first page: a live interface (20 calls) and a deleted one, of 25 interfaces called. */
const FIRST_PAGE = [
  usage('1', '天气查询', { calls: 20, share: 200 }),
  usage('2', '旧接口', { deleted: true, status: 0 }),
];

/** An answer of `GET /api/analysis/interfaces`: the rows as the server packs them. */
function pageAnswer(rows: API.InterfaceUsage[], total: number, current = 1, size = 10) {
  return { code: 0, message: 'ok', data: { ...packUsage(rows as never), total, current, size } };
}
const answer = (rows: API.InterfaceUsage[], total: number) =>
  Promise.resolve(pageAnswer(rows, total)) as never;

/** An answer the test gives when it wants, to see what arrives in which order. */
function deferred() {
  let resolve!: (value: unknown) => void;
  const promise = new Promise((done) => {
    resolve = done;
  });
  return { promise: promise as never, resolve };
}

/** Lets the answers on their way arrive and the table render them. */
const settle = () =>
  act(
    () =>
      new Promise((resolve) => {
        setTimeout(resolve, 50);
      }),
  );

/** The table of the overview's first page, with its callbacks. */
function renderTable() {
  const onOpen = jest.fn();
  const onCallers = jest.fn();
  renderWithAntd(
    <>
      <h2 id="usage">明细</h2>
      <UsageTable
        rows={FIRST_PAGE}
        total={25}
        {...RANGE}
        onOpen={onOpen}
        onCallers={onCallers}
        headingId="usage"
      />
    </>,
  );
  return { onOpen, onCallers };
}

const table = () => screen.getByRole('table', { name: '明细' });
const namesInTable = () =>
  within(table())
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.querySelector('td')!.textContent);
// The header cell (the table also measures its columns in a hidden row that repeats the titles).
const header = (name: string) => within(table()).getByRole('columnheader', { name: new RegExp(`^${name}`) });
const pageLink = (n: number) => screen.getByTitle(String(n));

beforeEach(() => {
  interfacesMock.mockReset();
  overviewMock.mockReset();
});

test('a deleted interface keeps its row under its name, marked 已删除, with no link and no click to its page', async () => {
  const { onOpen } = renderTable();

  const deletedRow = within(table()).getByText('旧接口').closest('tr')!;
  expect(within(deletedRow).getByText('已删除')).toBeInTheDocument();
  expect(within(deletedRow).queryByText('已下线')).not.toBeInTheDocument();
  expect(within(deletedRow).queryByRole('link')).not.toBeInTheDocument();
  await userEvent.click(within(deletedRow).getByText('旧接口'));
  expect(onOpen).not.toHaveBeenCalled();

  const liveRow = within(table()).getByRole('link', { name: '天气查询' }).closest('tr')!;
  expect(within(liveRow).queryByText('已删除')).not.toBeInTheDocument();
  await userEvent.click(within(liveRow).getByText('20'));
  expect(onOpen).toHaveBeenCalledWith('1');
});

test("each row's callers open from a button of their own, with the row's name, without opening its page", async () => {
  const { onOpen, onCallers } = renderTable();

  await userEvent.click(screen.getByRole('button', { name: '查看「天气查询」的调用方与状态码分布' }));
  expect(onCallers).toHaveBeenLastCalledWith('1', '天气查询');
  screen.getByRole('button', { name: '查看「旧接口」的调用方与状态码分布' }).focus();
  await userEvent.keyboard('{Enter}');
  expect(onCallers).toHaveBeenLastCalledWith('2', '旧接口');
  expect(onOpen).not.toHaveBeenCalled();
});

test("shows the overview's first page, the share the server gave each row and the range's total, asking nothing", async () => {
  renderTable();

  expect(namesInTable()).toEqual(['GET天气查询', 'GET旧接口已删除']);
  const weather = within(table()).getByRole('link', { name: '天气查询' }).closest('tr')!;
  expect(within(weather).getByText('20.0%')).toBeInTheDocument();
  expect(screen.getByText('共 25 个接口')).toBeInTheDocument();
  expect(pageLink(3)).toBeInTheDocument();
  expect(header('调用次数')).toHaveAttribute('aria-sort', 'descending');
  // Anything the table would ask for has had its chance.
  await settle();
  expect(interfacesMock).not.toHaveBeenCalled();
});

test('sorting by a column asks the server for that order from the first page, and shows its answer', async () => {
  interfacesMock.mockImplementation(() => answer([usage('7', '短信发送', { successRate: 0.5 })], 25));
  renderTable();

  await userEvent.click(header('成功率'));
  expect(interfacesMock).toHaveBeenLastCalledWith(
    { ...RANGE, current: 1, pageSize: 10, sortField: 'successRate', sortOrder: 'ascend' },
    { skipErrorHandler: true },
  );
  expect(await within(table()).findByRole('link', { name: '短信发送' })).toBeInTheDocument();
  expect(header('成功率')).toHaveAttribute('aria-sort', 'ascending');
  expect(header('调用次数')).not.toHaveAttribute('aria-sort');

  await userEvent.click(header('成功率'));
  expect(interfacesMock).toHaveBeenLastCalledWith(
    expect.objectContaining({ sortField: 'successRate', sortOrder: 'descend' }),
    { skipErrorHandler: true },
  );
  await userEvent.click(header('占比'));
  expect(interfacesMock).toHaveBeenLastCalledWith(
    expect.objectContaining({ sortField: 'share', sortOrder: 'ascend', current: 1 }),
    { skipErrorHandler: true },
  );
});

test('the calls column turns round on a click and back to the default view on the next, without asking', async () => {
  interfacesMock.mockImplementation(() => answer([usage('8', '最少调用', { calls: 1 })], 25));
  renderTable();

  await userEvent.click(header('调用次数'));
  expect(interfacesMock).toHaveBeenLastCalledWith(
    expect.objectContaining({ sortField: 'calls', sortOrder: 'ascend' }),
    { skipErrorHandler: true },
  );
  expect(await within(table()).findByRole('link', { name: '最少调用' })).toBeInTheDocument();

  await userEvent.click(header('调用次数'));
  expect(header('调用次数')).toHaveAttribute('aria-sort', 'descending');
  expect(within(table()).getByRole('link', { name: '天气查询' })).toBeInTheDocument();
  expect(interfacesMock).toHaveBeenCalledTimes(1);
});

test('paging asks for the page, and another page size for its first page', async () => {
  interfacesMock.mockImplementation((params) =>
    answer([usage(`p${params.current}`, `第 ${params.current} 页的接口`)], 25),
  );
  renderTable();

  await userEvent.click(pageLink(2));
  expect(interfacesMock).toHaveBeenLastCalledWith(
    { ...RANGE, current: 2, pageSize: 10, sortField: 'calls', sortOrder: 'descend' },
    { skipErrorHandler: true },
  );
  expect(await within(table()).findByRole('link', { name: '第 2 页的接口' })).toBeInTheDocument();

  // antd's select opens on a mouse down on its selector.
  fireEvent.mouseDown(document.querySelector('.ant-pagination-options .ant-select-selector')!);
  await userEvent.click(await screen.findByTitle('20 / page'));
  expect(interfacesMock).toHaveBeenLastCalledWith(expect.objectContaining({ current: 1, pageSize: 20 }), {
    skipErrorHandler: true,
  });
  expect(await within(table()).findByRole('link', { name: '第 1 页的接口' })).toBeInTheDocument();
});

test('the name search asks once typing pauses, trimmed, from the first page; no match says so', async () => {
  interfacesMock.mockImplementation((params) => answer(params.searchText ? [] : [usage('9', '第二页')], 25));
  renderTable();
  await userEvent.click(pageLink(2));
  await within(table()).findByRole('link', { name: '第二页' });
  interfacesMock.mockClear();

  await userEvent.type(screen.getByRole('textbox', { name: '按接口名称筛选' }), ' 没有这个 ');
  expect(interfacesMock).not.toHaveBeenCalled();
  await waitFor(() => expect(interfacesMock).toHaveBeenCalled());
  expect(interfacesMock).toHaveBeenCalledTimes(1);
  expect(interfacesMock).toHaveBeenCalledWith(
    { ...RANGE, current: 1, pageSize: 10, sortField: 'calls', sortOrder: 'descend', searchText: '没有这个' },
    { skipErrorHandler: true },
  );
  expect(await within(table()).findByText('没有名称匹配的接口')).toBeInTheDocument();
});

test("a failed page shows the server's message at the table, and retry asks again", async () => {
  interfacesMock
    .mockImplementationOnce(() =>
      Promise.reject(new ApiError({ code: 50000, message: '统计服务暂时不可用' })),
    )
    .mockImplementation(() => answer([usage('5', '重试后的接口')], 25));
  renderTable();

  await userEvent.click(pageLink(2));
  expect(await screen.findByText('统计服务暂时不可用')).toBeInTheDocument();
  expect(screen.getByText('接口调用明细加载失败')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
  expect(interfacesMock).toHaveBeenCalledTimes(2);
  expect(interfacesMock).toHaveBeenLastCalledWith(expect.objectContaining({ current: 2 }), {
    skipErrorHandler: true,
  });
  expect(await within(table()).findByRole('link', { name: '重试后的接口' })).toBeInTheDocument();
  expect(screen.queryByText('统计服务暂时不可用')).not.toBeInTheDocument();
});

test('keeps the rows shown while the next page loads, and drops an answer that a newer request overtook', async () => {
  const second = deferred();
  interfacesMock.mockImplementation((params) =>
    params.current === 2 ? second.promise : answer([usage('3', '第三页的接口')], 25),
  );
  renderTable();

  await userEvent.click(pageLink(2));
  expect(within(table()).getByRole('link', { name: '天气查询' })).toBeInTheDocument();
  expect(document.querySelector('.ant-spin-spinning')).toBeInTheDocument();
  await userEvent.click(pageLink(3));
  expect(await within(table()).findByRole('link', { name: '第三页的接口' })).toBeInTheDocument();

  second.resolve(pageAnswer([usage('2x', '第二页的接口')], 25, 2));
  await settle();
  expect(within(table()).getByRole('link', { name: '第三页的接口' })).toBeInTheDocument();
  expect(within(table()).queryByRole('link', { name: '第二页的接口' })).not.toBeInTheDocument();
});

test('a failed export says why and downloads nothing', async () => {
  const createObjectURL = jest.fn();
  Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
  overviewMock.mockImplementation(() =>
    Promise.reject(new ApiError({ code: 50000, message: '统计服务暂时不可用' })),
  );
  renderTable();

  await userEvent.click(screen.getByRole('button', { name: /导出 CSV/ }));
  expect(overviewMock).toHaveBeenCalledWith(RANGE, { skipErrorHandler: true });
  expect(await screen.findByText('导出失败：统计服务暂时不可用')).toBeInTheDocument();
  expect(createObjectURL).not.toHaveBeenCalled();
});

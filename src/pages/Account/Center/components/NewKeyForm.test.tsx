import dayjs from 'dayjs';
import { DATE_FORMAT } from '@agler/contract/dates';
import { KEY_LIMITS } from '@/constants';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { listInterfaceInfoByPage } from '@/services/agler/interfaceInfo';
import { addKey } from '@/services/agler/key';
import { renderWithAntd } from '@/testing/render';
import { NewKeyForm } from './NewKeyForm';
import { ok } from '@/testing/envelope';

jest.mock('@/services/agler/interfaceInfo');
jest.mock('@/services/agler/key');

const listMock = jest.mocked(listInterfaceInfoByPage);
const addMock = jest.mocked(addKey);

/** A catalogue longer than one page: the 60th interface is not among the first 50 by name. */
const CATALOGUE = Array.from({ length: 60 }, (_, i) => ({
  id: String(1800000000000000001n + BigInt(i)),
  name: `接口${String(i + 1).padStart(2, '0')}`,
})) as API.InterfaceInfo[];
const SIXTIETH = CATALOGUE[59];

/** The server's name search: the first 50 matches by name. */
function answerLikeTheServer() {
  listMock.mockImplementation(async (params: API.listInterfaceInfoByPageParams) => {
    const records = CATALOGUE.filter((row) => !params.name || row.name.includes(params.name)).slice(0, 50);
    return ok({ records, total: records.length, current: 1, size: 50, pages: 1 });
  });
}

function renderForm() {
  const onAdded = jest.fn();
  renderWithAntd(<NewKeyForm open onOpenChange={jest.fn()} onAdded={onAdded} />);
  return onAdded;
}

const select = () => screen.getByRole('combobox', { name: '可调用的接口' });
const type = (text: string) => fireEvent.change(select(), { target: { value: text } });
const chosen = () =>
  Array.from(document.querySelectorAll('.ant-select-selection-item-content')).map((item) => item.textContent);

beforeEach(() => {
  listMock.mockReset();
  addMock.mockReset();
});

describe('新建密钥: the interface select', () => {
  it('asks nothing until it opens, then the first page by name', async () => {
    answerLikeTheServer();
    renderForm();
    await screen.findByRole('dialog', { name: '新建密钥' });
    expect(listMock).not.toHaveBeenCalled();

    fireEvent.mouseDown(select());
    expect(await screen.findByRole('option', { name: '接口01' })).toBeInTheDocument();
    expect(listMock).toHaveBeenCalledTimes(1);
    expect(listMock.mock.calls[0][0]).toMatchObject({ current: 1, pageSize: 50, sortField: 'name' });
    expect(listMock.mock.calls[0][0].name).toBeUndefined();
    expect(screen.queryByRole('option', { name: SIXTIETH.name })).not.toBeInTheDocument();
  });

  it('searches the server by the name typed, once the typing stops, and keeps a chosen label', async () => {
    answerLikeTheServer();
    const onAdded = renderForm();
    addMock.mockResolvedValue(ok({ id: '1810000000000000009', accessKey: 'ak_new', secretKey: 'sk_new' }));
    fireEvent.mouseDown(select());
    await screen.findByRole('option', { name: '接口01' });

    type('接口6');
    type('接口60');
    // While the search waits and runs, it says so instead of showing the answer before.
    expect(await screen.findByText('正在搜索接口')).toBeInTheDocument();
    await screen.findByRole('option', { name: SIXTIETH.name });
    fireEvent.click(screen.getByTitle(SIXTIETH.name));
    // Debounced: the two keys made one question, with the whole name.
    expect(listMock.mock.calls.map(([params]) => params.name)).toEqual([undefined, '接口60']);
    expect(chosen()).toEqual([SIXTIETH.name]);

    // The pick cleared the text typed: the list goes back to the first page.
    expect(await screen.findByRole('option', { name: '接口01' })).toBeInTheDocument();
    expect(listMock).toHaveBeenCalledTimes(3);

    type('没有这个');
    expect(await screen.findByText('没有找到接口')).toBeInTheDocument();
    expect(listMock).toHaveBeenLastCalledWith(expect.objectContaining({ name: '没有这个' }), expect.anything());
    // The chosen interface keeps its name though the new answer does not hold it.
    expect(chosen()).toEqual([SIXTIETH.name]);

    fireEvent.change(screen.getByLabelText('名称'), { target: { value: '只读' } });
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: /新建密钥/ }));
    await waitFor(() =>
      expect(addMock).toHaveBeenCalledWith({ name: '只读', interfaceIds: [SIXTIETH.id] }, expect.anything()),
    );
    await waitFor(() => expect(onAdded).toHaveBeenCalled());
  });

  it('says when the search fails, and asks again at the next key', async () => {
    listMock.mockRejectedValueOnce(new Error('offline'));
    renderForm();
    fireEvent.mouseDown(select());
    expect(await screen.findByText('接口加载失败，请重新输入')).toBeInTheDocument();
    answerLikeTheServer();
    type('接口0');
    expect(await screen.findByRole('option', { name: '接口01' })).toBeInTheDocument();
  });
});

describe('新建密钥: submitting', () => {
  const submit = () => within(screen.getByRole('dialog')).getByRole('button', { name: /新建密钥/ });
  /** Enter as a keyboard sends it: down, press, up. */
  const pressEnter = (target: Element) => {
    fireEvent.keyDown(target, { key: 'Enter', code: 'Enter', keyCode: 13, charCode: 13 });
    fireEvent.keyPress(target, { key: 'Enter', code: 'Enter', keyCode: 13, charCode: 13 });
    fireEvent.keyUp(target, { key: 'Enter', code: 'Enter', keyCode: 13, charCode: 13 });
  };

  it('never from Enter in a field: the name, the expiry date', async () => {
    addMock.mockResolvedValue(ok({ id: '1810000000000000009', accessKey: 'ak_new', secretKey: 'sk_new' }));
    const onAdded = renderForm();
    const name = await screen.findByLabelText('名称');
    fireEvent.change(name, { target: { value: '只读' } });
    pressEnter(name);
    const date = screen.getByLabelText('过期日期');
    fireEvent.mouseDown(date);
    fireEvent.change(date, { target: { value: dayjs().add(1, 'month').format(DATE_FORMAT) } });
    pressEnter(date);
    pressEnter(date);
    // Long enough for a submission to have reached the service.
    await act(
      () =>
        new Promise((resolve) => {
          setTimeout(resolve, 300);
        }),
    );
    expect(addMock).not.toHaveBeenCalled();

    fireEvent.click(submit());
    await waitFor(() => expect(addMock).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(onAdded).toHaveBeenCalled());
  });

  it('not while the interfaces are being searched: the list is still being chosen', async () => {
    type Answer = Awaited<ReturnType<typeof listMock>>;
    let answer: (value: Answer) => void = () => undefined;
    listMock.mockImplementation(
      () =>
        new Promise<Answer>((resolve) => {
          answer = resolve;
        }),
    );
    renderForm();
    fireEvent.change(await screen.findByLabelText('名称'), { target: { value: '只读' } });
    expect(submit()).toBeEnabled();

    fireEvent.mouseDown(select());
    await waitFor(() => expect(submit()).toBeDisabled());
    fireEvent.click(submit());
    expect(addMock).not.toHaveBeenCalled();

    // The search is asked (after its debounce) and answers.
    await waitFor(() => expect(listMock).toHaveBeenCalledTimes(1));
    answer(ok({ records: CATALOGUE.slice(0, 50), total: 60, current: 1, size: 50, pages: 2 }) as Answer);
    expect(await screen.findByRole('option', { name: '接口01' })).toBeInTheDocument();
    await waitFor(() => expect(submit()).toBeEnabled());
  });
});

describe('新建密钥: the expiry date', () => {
  const DISABLED = 'ant-picker-cell-disabled';
  const cell = (day: string) => document.querySelector(`td[title="${day}"]`);

  it('offers the days the server takes: from today to KEY_LIMITS.expiryMaxYears years on', async () => {
    renderForm();
    const input = await screen.findByLabelText('过期日期');
    fireEvent.mouseDown(input);
    fireEvent.click(input);
    const today = dayjs().format(DATE_FORMAT);
    const yesterday = dayjs().subtract(1, 'day').format(DATE_FORMAT);
    await waitFor(() => expect(cell(today)).not.toBeNull());
    expect(cell(today)).not.toHaveClass(DISABLED);
    // Shown when today is not the first of the month.
    expect(cell(yesterday)?.classList.contains(DISABLED) ?? true).toBe(true);

    // The day ends at the next midnight: the last day it may end within the limit is the day before.
    const beyond = dayjs().add(KEY_LIMITS.expiryMaxYears, 'year').format(DATE_FORMAT);
    const last = dayjs(beyond).subtract(1, 'day').format(DATE_FORMAT);
    fireEvent.change(input, { target: { value: beyond } });
    await waitFor(() => expect(cell(beyond)).not.toBeNull());
    expect(cell(beyond)).toHaveClass(DISABLED);
    expect(cell(last)?.classList.contains(DISABLED)).toBe(false);
  });
});

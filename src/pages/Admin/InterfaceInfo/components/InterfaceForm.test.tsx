import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { formatDate, startOfDay } from '@agler/contract/dates';
import { LIFECYCLE_MESSAGES } from '@agler/contract/messages';
import { ApiError } from '@/requestConfig';
import { addInterfaceInfo, getInterfaceInfoById, updateInterfaceInfo } from '@/services/agler/interfaceInfo';
import { renderWithAntd } from '@/testing/render';
import { UI_WAIT_MS } from '@/testing/waits';
import { InterfaceForm } from './InterfaceForm';

jest.mock('@/services/agler/interfaceInfo', () => ({
  addInterfaceInfo: jest.fn(),
  getInterfaceInfoById: jest.fn(),
  updateInterfaceInfo: jest.fn(),
}));

const addMock = jest.mocked(addInterfaceInfo);
const getMock = jest.mocked(getInterfaceInfoById);
const updateMock = jest.mocked(updateInterfaceInfo);

const record: API.InterfaceInfo = {
  id: '1800000000000000007',
  name: '天气查询',
  description: '按城市查询天气',
  url: 'https://api.example.com/weather',
  method: 'POST',
  requestParams: '[{"name":"city","type":"string","required":true,"description":"城市"}]',
  requestHeader: '{"Content-Type":"application/json"}',
  responseHeader: '',
  status: 0,
};

/** The row of the table: lists may come without the three JSON fields. */
const { requestParams: _p, requestHeader: _h, responseHeader: _r, ...listRow } = record;

function setup(props: { record?: Pick<API.InterfaceInfo, 'id' | 'name'> } = {}) {
  const handlers = { onClose: jest.fn(), onSaved: jest.fn(), onGone: jest.fn() };
  renderWithAntd(<InterfaceForm open record={props.record} {...handlers} />);
  return handlers;
}

/** Opens the form on a row and waits until the interface it loaded fills it. */
async function setupEdit(props: { record?: Pick<API.InterfaceInfo, 'id' | 'name'> } = {}) {
  const handlers = setup({ record: listRow, ...props });
  await screen.findByLabelText('接口名称');
  return handlers;
}

const field = (label: string) => screen.getByLabelText(label);
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const button = (name: RegExp | string) => screen.getByRole('button', { name });
const submitButton = () => button(/(创\s*建|保\s*存)$/);
const submit = () => fireEvent.click(submitButton());
const cancel = () => fireEvent.click(button(/^取\s*消$/));

/**
 * Waits for a condition without Testing Library's waitFor (which lets React re-render), giving
 * the event loop a turn at a time, until it holds or `ms` have passed.
 */
async function waitUntil(condition: () => boolean, ms = UI_WAIT_MS) {
  const deadline = Date.now() + ms;
  while (!condition() && Date.now() < deadline) {
    await new Promise((next) => {
      setTimeout(next);
    });
  }
}

/** Long enough for a second press to pass validation and reach the save: it never should. */
const SECOND_PRESS_SETTLES_MS = 500;

beforeEach(() => {
  addMock.mockReset();
  updateMock.mockReset();
  getMock.mockReset().mockResolvedValue({ code: 0, data: record, message: 'ok' });
});

describe('InterfaceForm validation', () => {
  it('refuses a burst below the rate limit at the field, and sends nothing', async () => {
    setup();
    type('接口名称', '天气');
    type('接口地址', 'https://api.example.com/weather');
    type('速率限制（次/秒）', '10');
    type('突发次数', '5');
    submit();

    expect(await screen.findByText('突发次数应为不小于速率限制、不超过 100000 的整数')).toBeInTheDocument();
    expect(addMock).not.toHaveBeenCalled();
    type('突发次数', '20');
    await waitFor(() =>
      expect(screen.queryByText('突发次数应为不小于速率限制、不超过 100000 的整数')).not.toBeInTheDocument(),
    );
  });

  it('asks for a name and a url, and sends nothing', async () => {
    setup();
    submit();
    expect(await screen.findByText('请输入接口名称')).toBeInTheDocument();
    expect(screen.getByText('请输入接口地址')).toBeInTheDocument();
    expect(addMock).not.toHaveBeenCalled();
  });

  it('refuses a name longer than 50 characters', async () => {
    setup();
    type('接口名称', 'n'.repeat(51));
    expect(await screen.findByText('接口名称不能超过 50 个字符')).toBeInTheDocument();
    type('接口名称', 'n'.repeat(50));
    await waitFor(() => expect(screen.queryByText('接口名称不能超过 50 个字符')).not.toBeInTheDocument());
  });

  it('refuses a url that is not an absolute http(s) url', async () => {
    setup();
    type('接口名称', '天气');
    type('接口地址', 'api.example.com/weather');
    submit();
    expect(
      await screen.findByText('接口地址必须是以 http:// 或 https:// 开头的完整地址'),
    ).toBeInTheDocument();
    expect(addMock).not.toHaveBeenCalled();
  });

  it('shows where a JSON field is broken and sends nothing', async () => {
    setup();
    type('接口名称', '天气');
    type('接口地址', 'https://api.example.com/weather');
    type('请求头', '{"Content-Type": }');
    submit();
    expect(await screen.findByText('JSON 格式错误（第 1 行第 18 列）：缺少值')).toBeInTheDocument();
    expect(addMock).not.toHaveBeenCalled();
  });

  it('formats a JSON field with its format button', async () => {
    setup();
    type('响应头', '{"a":1}');
    const formatButtons = screen.getAllByRole('button', { name: /格式化/ });
    fireEvent.click(formatButtons[formatButtons.length - 1]);
    // Awaited: the form checks the field meanwhile.
    await waitFor(() => expect(field('响应头')).toHaveValue('{\n  "a": 1\n}'));
  });
});

describe('InterfaceForm request parameters', () => {
  it('keeps rows and JSON in sync both ways', async () => {
    setup();
    fireEvent.click(button(/添加参数/));
    fireEvent.change(screen.getByLabelText('参数名（第 1 行）'), { target: { value: 'city' } });
    fireEvent.click(screen.getByLabelText('必填（第 1 行）'));
    fireEvent.change(screen.getByLabelText('说明（第 1 行）'), { target: { value: '城市' } });

    fireEvent.click(screen.getByText('JSON'));
    const json = field('请求参数') as HTMLTextAreaElement;
    expect(JSON.parse(json.value)).toEqual([
      { name: 'city', type: 'string', required: true, description: '城市' },
    ]);

    type(
      '请求参数',
      '[{"name":"city","type":"string","required":true,"description":"城市"},{"name":"days","type":"integer"}]',
    );
    fireEvent.click(screen.getByText('参数表'));
    expect(screen.getByLabelText('参数名（第 2 行）')).toHaveValue('days');
    expect(screen.getByLabelText('必填（第 2 行）')).not.toBeChecked();

    fireEvent.click(screen.getByLabelText('删除（第 1 行）'));
    expect(screen.getByLabelText('参数名（第 1 行）')).toHaveValue('days');
    // Awaited: the form checks the edited rows meanwhile.
    await waitFor(() => expect(screen.queryByLabelText('参数名（第 2 行）')).not.toBeInTheDocument());
  });

  it('edits text that is no parameter list only as JSON, saying why', async () => {
    getMock.mockResolvedValue({
      code: 0,
      data: { ...record, requestParams: '{"city": "string"}' },
      message: 'ok',
    });
    await setupEdit();
    expect(field('请求参数')).toHaveValue('{"city": "string"}');
    fireEvent.click(screen.getByText('参数表'));
    expect(screen.getByText(/请求参数不是数组/)).toBeInTheDocument();
    fireEvent.click(button('切换到 JSON'));
    expect(field('请求参数')).toHaveValue('{"city": "string"}');
  });
});

describe('InterfaceForm saving', () => {
  it('creates with trimmed text and reports the new id', async () => {
    addMock.mockResolvedValue({ code: 0, data: '1800000000000000042', message: 'ok' });
    const { onSaved } = setup();
    type('接口名称', '  天气  ');
    type('接口地址', ' https://api.example.com/weather ');
    submit();
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('1800000000000000042', true));
    expect(addMock).toHaveBeenCalledWith(
      {
        name: '天气',
        description: '',
        url: 'https://api.example.com/weather',
        method: 'GET',
        requestParams: '',
        requestHeader: '',
        responseHeader: '',
        rateLimit: 0,
        rateBurst: 0,
      },
      { skipErrorHandler: true },
    );
  });

  it('pre-fills the rate limits and sends them changed; a burst left empty is left out', async () => {
    getMock.mockResolvedValue({ code: 0, data: { ...record, rateLimit: 2, rateBurst: 4 }, message: 'ok' });
    updateMock.mockResolvedValue({ code: 0, data: true, message: 'ok' });
    const { onSaved } = await setupEdit();
    expect(field('速率限制（次/秒）')).toHaveValue('2');
    expect(field('突发次数')).toHaveValue('4');

    type('速率限制（次/秒）', '10');
    type('突发次数', '');
    submit();

    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    const [body] = updateMock.mock.calls[0];
    expect(body).toMatchObject({ rateLimit: 10 });
    expect(body).not.toHaveProperty('rateBurst');
  });

  it('pre-fills an edit and sends the id exactly as received', async () => {
    updateMock.mockResolvedValue({ code: 0, data: true, message: 'ok' });
    const { onSaved } = await setupEdit();
    expect(getMock).toHaveBeenCalledWith({ id: '1800000000000000007' }, { skipErrorHandler: true });
    expect(field('接口名称')).toHaveValue('天气查询');
    expect(field('接口地址')).toHaveValue('https://api.example.com/weather');
    expect(screen.getByLabelText('参数名（第 1 行）')).toHaveValue('city');
    type('接口描述', '新的描述');
    submit();
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('1800000000000000007', false));
    expect(updateMock).toHaveBeenCalledWith(
      expect.objectContaining({
        id: '1800000000000000007',
        name: '天气查询',
        method: 'POST',
        description: '新的描述',
      }),
      { skipErrorHandler: true },
    );
  });

  it("shows the server's 40000 message in the form and keeps every value", async () => {
    addMock.mockRejectedValue(new ApiError({ code: 40000, message: '接口地址已被其他接口使用' }));
    const { onSaved, onClose } = setup();
    type('接口名称', '天气');
    type('接口地址', 'https://api.example.com/weather');
    type('请求头', '{"X-Token":"abc"}');
    submit();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('保存失败');
    expect(alert).toHaveTextContent('接口地址已被其他接口使用');
    expect(screen.getAllByText('接口地址已被其他接口使用')).toHaveLength(1);
    expect(field('接口名称')).toHaveValue('天气');
    expect(field('接口地址')).toHaveValue('https://api.example.com/weather');
    expect(field('请求头')).toHaveValue('{"X-Token":"abc"}');
    expect(onSaved).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
    expect(submitButton()).toBeEnabled();
  });

  it('says so when the interface was deleted meanwhile, and asks for a refresh', async () => {
    updateMock.mockRejectedValue(new ApiError({ code: 40400, message: '接口不存在' }));
    const { onGone, onSaved } = await setupEdit();
    submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('该接口已被删除，无法保存；列表已刷新。');
    expect(onGone).toHaveBeenCalledTimes(1);
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('sends once however often submit is pressed, showing loading meanwhile', async () => {
    let resolve: (value: API.BaseResponseId) => void = () => undefined;
    addMock.mockImplementation(
      () =>
        new Promise((r) => {
          resolve = r;
        }),
    );
    const { onSaved } = setup();
    type('接口名称', '天气');
    type('接口地址', 'https://api.example.com/weather');
    // Pressed again once the first press is being sent, before React has shown it (inside one act
    // nothing re-renders, so neither the loading button nor any state-based guard can stop it).
    await act(async () => {
      submitButton().click();
      await waitUntil(() => addMock.mock.calls.length > 0);
      submitButton().click();
      await waitUntil(() => addMock.mock.calls.length > 1, SECOND_PRESS_SETTLES_MS);
    });
    await waitFor(() => expect(submitButton()).toHaveClass('ant-btn-loading'));
    expect(addMock).toHaveBeenCalledTimes(1);
    await act(async () => resolve({ code: 0, data: '1', message: 'ok' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(addMock).toHaveBeenCalledTimes(1);
  });
});

describe('InterfaceForm loading the interface to edit', () => {
  it('shows nothing to edit until the interface is loaded, then every field as the server has it', async () => {
    let answer: (value: API.BaseResponseInterfaceInfo) => void = () => undefined;
    getMock.mockReturnValue(
      new Promise((resolve) => {
        answer = resolve;
      }),
    );
    setup({ record: listRow });
    expect(screen.getByText('编辑接口：天气查询')).toBeInTheDocument();
    expect(screen.queryByLabelText('接口名称')).not.toBeInTheDocument();
    expect(submitButton()).toBeDisabled();

    await act(async () => answer({ code: 0, data: record, message: 'ok' }));
    expect(await screen.findByLabelText('接口名称')).toHaveValue('天气查询');
    expect(field('请求头')).toHaveValue('{"Content-Type":"application/json"}');
    expect(screen.getByLabelText('参数名（第 1 行）')).toHaveValue('city');
    expect(submitButton()).toBeEnabled();
  });

  it('keeps the JSON fields the list left out when saving another change', async () => {
    updateMock.mockResolvedValue({ code: 0, data: true, message: 'ok' });
    const { onSaved } = await setupEdit();
    type('接口名称', '天气查询（新）');
    submit();
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(updateMock).toHaveBeenCalledWith(
      expect.objectContaining({
        name: '天气查询（新）',
        requestParams: record.requestParams,
        requestHeader: record.requestHeader,
        responseHeader: '',
      }),
      { skipErrorHandler: true },
    );
  });

  it('says the interface is gone, closes and refreshes the table when it was deleted (40400)', async () => {
    getMock.mockRejectedValue(new ApiError({ code: 40400, message: '接口不存在' }));
    const { onGone, onClose } = setup({ record: listRow });
    expect(await screen.findByText('该接口已被删除，列表已刷新')).toBeInTheDocument();
    expect(onGone).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByLabelText('接口名称')).not.toBeInTheDocument();
  });

  it('shows another failure in the drawer with a retry that loads it', async () => {
    getMock.mockRejectedValueOnce(new ApiError({ code: 50000, message: '服务器繁忙' }));
    const { onClose, onGone } = setup({ record: listRow });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('接口加载失败');
    expect(alert).toHaveTextContent('服务器繁忙');
    expect(submitButton()).toBeDisabled();
    fireEvent.click(within(alert).getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByLabelText('接口名称')).toHaveValue('天气查询');
    expect(getMock).toHaveBeenCalledTimes(2);
    expect(onClose).not.toHaveBeenCalled();
    expect(onGone).not.toHaveBeenCalled();
  });
});

describe('InterfaceForm closing', () => {
  it('closes at once when nothing changed', async () => {
    const { onClose } = await setupEdit();
    cancel();
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('asks before throwing away changes, and closes only when told to', async () => {
    const { onClose } = setup();
    type('接口名称', '半成品');
    cancel();
    expect(await screen.findByText('关闭后，本次填写的内容不会保存。')).toBeInTheDocument();
    expect(screen.getAllByText('放弃未保存的修改？').length).toBeGreaterThan(0);
    fireEvent.click(button('继续编辑'));
    expect(onClose).not.toHaveBeenCalled();
    expect(field('接口名称')).toHaveValue('半成品');

    cancel();
    fireEvent.click(await screen.findByRole('button', { name: '放弃修改' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });
});

describe('InterfaceForm sunset date', () => {
  const dayAt = (ms: number) => formatDate(ms);
  const today = () => dayAt(Date.now());
  const sunsetItem = () => field('停止服务日期').closest('.ant-form-item') as HTMLElement;

  it('offers only days after today for an interface not yet deprecated', async () => {
    setup();
    fireEvent.mouseDown(field('停止服务日期'));
    fireEvent.click(field('停止服务日期'));
    const cell = (day: string) => document.querySelector(`td[title="${day}"]`);
    await waitFor(() => expect(cell(today())).not.toBeNull());
    expect(cell(today())).toHaveClass('ant-picker-cell-disabled');
    const tomorrow = dayAt(startOfDay(Date.now(), 1));
    // The panel's six weeks always show the first days of the next month too.
    expect(cell(tomorrow)).not.toBeNull();
    expect(cell(tomorrow)).not.toHaveClass('ant-picker-cell-disabled');
  });

  it('refuses at the field a deprecation whose sunset is not after its day, and sends nothing', async () => {
    getMock.mockResolvedValue({
      code: 0,
      data: { ...record, deprecated: false, sunsetDate: dayAt(startOfDay(Date.now(), -1)) },
      message: 'ok',
    });
    await setupEdit();
    fireEvent.click(screen.getByRole('switch', { name: '标记为已弃用' }));
    submit();
    const message = LIFECYCLE_MESSAGES.sunsetTooEarly(today()).text;
    expect(await within(sunsetItem()).findByText(message)).toBeInTheDocument();
    expect(updateMock).not.toHaveBeenCalled();
  });

  it("shows the server's refusal of the sunset date at that field", async () => {
    const message = LIFECYCLE_MESSAGES.sunsetTooEarly('2030-01-01').text;
    updateMock.mockRejectedValue(new ApiError({ code: 40000, message }));
    const { onSaved } = await setupEdit();
    submit();
    expect(await within(sunsetItem()).findByText(message)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onSaved).not.toHaveBeenCalled();
  });
});

import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { ApiError } from '@/requestConfig';
import { invokeInterfaceInfo, listInvokeHistory } from '@/services/agler/interfaceInfo';
import { renderWithAntd } from '@/testing/render';
import { MESSAGES } from '@agler/contract/messages';
import { HISTORY_TEXTS } from '../texts';
import { CallPanel } from './CallPanel';

jest.mock('@/services/agler/interfaceInfo', () => ({
  invokeInterfaceInfo: jest.fn(),
  listInvokeHistory: jest.fn(),
}));

const invoke = invokeInterfaceInfo as jest.Mock;
const listHistory = listInvokeHistory as jest.Mock;
const ID = '1800000000000000001';
const EXAMPLE = '{\n  "city": "北京"\n}';
const REQUEST_PARAMS = JSON.stringify([
  { name: 'city', type: 'string', required: true, description: '城市名，如 北京、上海' },
  { name: 'days', type: 'integer', required: false, description: '天数' },
]);
const CALL = {
  status: 200,
  headers: { 'content-type': 'application/json; charset=utf-8', 'x-request-id': 'abc' },
  durationMs: 87,
  bytes: 42,
};

/** Answers as the request layer does: the text goes through the request's transformResponse, a code other than 0 is thrown. */
function answerWith(text: string) {
  return async (_body: unknown, options: { transformResponse: ((data: unknown) => unknown)[] }) => {
    const envelope = options.transformResponse[0](text) as { code: number; message: string; data: unknown };
    if (envelope.code !== 0) throw new ApiError(envelope);
    return envelope;
  };
}

function Harness({
  offline = false,
  requestParams = REQUEST_PARAMS,
}: {
  offline?: boolean;
  requestParams?: string;
}) {
  const [value, setValue] = useState(EXAMPLE);
  return (
    <CallPanel
      interfaceId={ID}
      requestParams={requestParams}
      value={value}
      onChange={setValue}
      example={EXAMPLE}
      offline={offline}
    />
  );
}

const cityField = () => screen.getByRole('textbox', { name: 'city' });
const editor = () => screen.getByLabelText('请求参数（JSON）');
const sendButton = () => screen.getByRole('button', { name: /发送请求/ });
const result = () => screen.getByRole('region', { name: '返回结果' });
const showJson = () => fireEvent.click(screen.getByText('JSON', { selector: '.ant-segmented-item-label' }));
const showForm = () => fireEvent.click(screen.getByText('表单', { selector: '.ant-segmented-item-label' }));

/** Renders the panel and waits for its recent calls, which it asks for as it opens (none here). */
async function renderQuietPanel(ui: JSX.Element) {
  renderWithAntd(ui);
  expect(await screen.findByText(HISTORY_TEXTS.empty)).toBeInTheDocument();
}

async function pressCtrlEnter(target: Element) {
  await act(async () => {
    fireEvent.keyDown(target, { key: 'Enter', ctrlKey: true });
  });
}

beforeEach(() => {
  invoke.mockReset();
  listHistory.mockReset();
  listHistory.mockResolvedValue({ code: 0, data: [], message: 'ok' });
});

describe('CallPanel', () => {
  it('sends the form with Ctrl+Enter from a field and shows status, time and size of the answer', async () => {
    invoke.mockImplementation(
      answerWith(
        `{"code":0,"data":{"id":12345678901234567890,"city":"上海"},"message":"ok","call":${JSON.stringify(CALL)}}`,
      ),
    );
    renderWithAntd(<Harness />);
    fireEvent.change(cityField(), { target: { value: '上海' } });
    await pressCtrlEnter(cityField());
    await waitFor(() => expect(invoke).toHaveBeenCalledTimes(1));
    expect(invoke).toHaveBeenCalledWith(
      { id: ID, userRequestParams: '{\n  "city": "上海"\n}' },
      expect.objectContaining({ skipErrorHandler: true }),
    );
    const panel = result();
    expect(await within(panel).findByText('200 OK')).toBeInTheDocument();
    expect(within(panel).getByText('耗时 87 ms')).toBeInTheDocument();
    expect(within(panel).getByText('大小 42 B')).toBeInTheDocument();
    // The id keeps every digit: the body is shown from the answer's text.
    expect(within(panel).getByLabelText('返回内容')).toHaveTextContent('"id": 12345678901234567890');
  });

  it('refuses a send with a required field empty at that field, focused, and sends nothing', async () => {
    renderWithAntd(<Harness />);
    fireEvent.change(cityField(), { target: { value: '' } });
    await act(async () => {
      fireEvent.click(sendButton());
    });
    expect(await screen.findByText('请填写 city')).toBeInTheDocument();
    await waitFor(() => expect(cityField()).toHaveFocus());
    expect(cityField()).toHaveAttribute('aria-invalid', 'true');
    expect(invoke).not.toHaveBeenCalled();
    expect(within(result()).getByText(/在这里查看返回结果/)).toBeInTheDocument();
  });

  it('checks a send from the JSON at the fields too: the form opens on the missing field', async () => {
    renderWithAntd(<Harness />);
    showJson();
    fireEvent.change(editor(), { target: { value: '{"days": 3}' } });
    await pressCtrlEnter(editor());
    expect(await screen.findByText('请填写 city')).toBeInTheDocument();
    await waitFor(() => expect(cityField()).toHaveFocus());
    expect(cityField()).toBeVisible();
    expect(invoke).not.toHaveBeenCalled();
  });

  it('keeps the form and the JSON in step both ways', async () => {
    await renderQuietPanel(<Harness />);
    expect(cityField()).toHaveValue('北京');
    fireEvent.change(screen.getByRole('spinbutton', { name: 'days' }), { target: { value: '5' } });
    showJson();
    expect(JSON.parse((editor() as HTMLTextAreaElement).value)).toEqual({ city: '北京', days: 5 });
    fireEvent.change(editor(), { target: { value: '{"city": "成都", "note": "x"}' } });
    showForm();
    expect(cityField()).toHaveValue('成都');
    // Awaited: the form checks the fields it was given meanwhile.
    await waitFor(() => expect(screen.getByRole('spinbutton', { name: 'days' })).toHaveValue(''));
  });

  it('shows the JSON error at the editor, offers no form for it, and sends nothing', async () => {
    renderWithAntd(<Harness />);
    showJson();
    fireEvent.change(editor(), { target: { value: '{"city": }' } });
    expect(screen.getByText(/^JSON 格式错误/)).toHaveAttribute('role', 'alert');
    expect(editor()).toHaveAttribute('aria-invalid', 'true');
    await pressCtrlEnter(editor());
    expect(invoke).not.toHaveBeenCalled();
    expect(editor()).toHaveFocus();
    expect(screen.getByRole('radio', { name: '表单' })).toBeDisabled();
  });

  it("shows the platform's refusal apart from the interface's error", async () => {
    invoke.mockImplementation(answerWith('{"code":42900,"data":null,"message":"调用次数已用完"}'));
    renderWithAntd(<Harness />);
    await act(async () => {
      fireEvent.click(sendButton());
    });
    const panel = result();
    expect(await within(panel).findByText('调用次数已用完')).toBeInTheDocument();
    expect(within(panel).getByText('错误码 42900')).toBeInTheDocument();
    expect(within(panel).getByRole('alert')).toHaveTextContent(/^平台拒绝/);
    expect(within(panel).queryByText(/^接口返回错误/)).toBeNull();
  });

  it("shows a rate limit's refusal as the platform's, with its own message", async () => {
    invoke.mockImplementation(
      answerWith(JSON.stringify({ code: 42900, data: null, message: MESSAGES.rateLimited })),
    );
    renderWithAntd(<Harness />);
    await act(async () => {
      fireEvent.click(sendButton());
    });
    const panel = result();
    expect(await within(panel).findByText(MESSAGES.rateLimited)).toBeInTheDocument();
    expect(within(panel).getByRole('alert')).toHaveTextContent(/^平台拒绝/);
  });

  it('sends once while a call is under way', async () => {
    let answer: (value: unknown) => void = () => undefined;
    invoke.mockReturnValue(
      new Promise((resolve) => {
        answer = resolve;
      }),
    );
    renderWithAntd(<Harness />);
    await act(async () => {
      sendButton().click();
      sendButton().click();
    });
    expect(invoke).toHaveBeenCalledTimes(1);
    await act(async () => answer({ code: 0, data: 'POST 你的名字是 张三', message: 'ok' }));
    expect(within(result()).getByText('成功')).toBeInTheDocument();
  });

  it('lists the recent calls, refreshes them after a send, and puts one back in the form', async () => {
    listHistory.mockResolvedValue({
      code: 0,
      message: 'ok',
      data: [
        {
          time: '2026-01-02T03:04:05.000Z',
          status: 200,
          success: true,
          durationMs: 31,
          bytes: 80,
          params: '{"city":"杭州","days":2}',
        },
        {
          time: '2026-01-02T03:00:00.000Z',
          status: null,
          success: false,
          durationMs: 5000,
          bytes: 0,
          params: null,
        },
      ],
    });
    invoke.mockImplementation(
      answerWith(`{"code":0,"data":{},"message":"ok","call":${JSON.stringify(CALL)}}`),
    );
    renderWithAntd(<Harness />);
    const history = screen.getByRole('region', { name: '最近调用' });
    expect(await within(history).findByText('{"city":"杭州","days":2}')).toBeInTheDocument();
    expect(within(history).getByText('无应答')).toBeInTheDocument();
    expect(within(history).getByText('未记录参数')).toBeInTheDocument();
    expect(listHistory).toHaveBeenCalledWith({ id: ID }, expect.anything());

    fireEvent.click(within(history).getAllByRole('button', { name: /^填入/ })[0]);
    expect(cityField()).toHaveValue('杭州');
    expect(screen.getByRole('spinbutton', { name: 'days' })).toHaveValue('2');

    await act(async () => {
      fireEvent.click(sendButton());
    });
    await waitFor(() => expect(listHistory).toHaveBeenCalledTimes(2));
  });

  it('cannot call an offline interface and says why', async () => {
    await renderQuietPanel(<Harness offline />);
    expect(screen.getByText('该接口已下线，暂不可调用')).toBeInTheDocument();
    expect(sendButton()).toBeDisabled();
    expect(cityField()).toBeDisabled();
    await pressCtrlEnter(cityField());
    expect(invoke).not.toHaveBeenCalled();
  });

  it('puts the example back', async () => {
    await renderQuietPanel(<Harness />);
    fireEvent.change(cityField(), { target: { value: '上海' } });
    fireEvent.click(screen.getByText('恢复示例'));
    // Awaited: the form checks the field it was given meanwhile.
    await waitFor(() => expect(cityField()).toHaveValue('北京'));
  });

  it('edits parameters that are not a list only as JSON', async () => {
    await renderQuietPanel(<Harness requestParams="city: 城市名" />);
    expect(editor()).toBeVisible();
    expect(screen.getByRole('radio', { name: '表单' })).toBeDisabled();
  });
});

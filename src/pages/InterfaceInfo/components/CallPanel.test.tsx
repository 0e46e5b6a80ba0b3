import { act, fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { ApiError } from '@/requestConfig';
import { invokeInterfaceInfo } from '@/services/agler/interfaceInfo';
import { CallPanel } from './CallPanel';
import { renderWithAntd } from '@/testing/render';

// The umi runtime (which loads the app and with it the request layer) is not needed here.
jest.mock('@umijs/max', () => ({ history: { replace: jest.fn() } }));
jest.mock('@/services/agler/interfaceInfo', () => ({ invokeInterfaceInfo: jest.fn() }));

const invoke = invokeInterfaceInfo as jest.Mock;
const ID = '1800000000000000001';
const EXAMPLE = '{\n  "city": "北京"\n}';

function Harness({ offline = false }: { offline?: boolean }) {
  const [value, setValue] = useState(EXAMPLE);
  return <CallPanel interfaceId={ID} value={value} onChange={setValue} example={EXAMPLE} offline={offline} />;
}

const editor = () => screen.getByLabelText('请求参数（JSON）');
const sendButton = () => screen.getByRole('button', { name: /发送请求/ });
const result = () => screen.getByLabelText('返回结果');

async function send() {
  await act(async () => {
    fireEvent.click(sendButton());
  });
}

beforeEach(() => invoke.mockReset());

describe('CallPanel', () => {
  it('shows the JSON error at the editor and sends nothing', async () => {
    renderWithAntd(<Harness />);
    fireEvent.change(editor(), { target: { value: '{"city": }' } });
    expect(screen.getByText(/^JSON 格式错误/)).toHaveTextContent('JSON 格式错误（第 1 行第 10 列）');
    expect(screen.getByText(/^JSON 格式错误/)).toHaveAttribute('role', 'alert');
    expect(editor()).toHaveAttribute('aria-invalid', 'true');
    await send();
    expect(invoke).not.toHaveBeenCalled();
    expect(within(result()).getByText('点击“发送请求”后在这里查看返回结果')).toBeInTheDocument();
  });

  it('sends the id as received with the parameters, then shows success, time, size and the answer', async () => {
    invoke.mockResolvedValue({ code: 0, data: { city: '北京', temperature: 3 }, message: 'ok' });
    renderWithAntd(<Harness />);
    await send();
    expect(invoke).toHaveBeenCalledTimes(1);
    expect(invoke).toHaveBeenCalledWith({ id: ID, userRequestParams: EXAMPLE }, { skipErrorHandler: true });
    const panel = result();
    expect(within(panel).getByText('成功')).toBeInTheDocument();
    expect(within(panel).getByText(/^耗时 \d+ ms$/)).toBeInTheDocument();
    expect(within(panel).getByText('大小 33 B')).toBeInTheDocument();
    expect(within(panel).getByLabelText('返回内容')).toHaveTextContent('"city": "北京",');

    fireEvent.click(within(panel).getByText('原始'));
    expect(within(panel).getByLabelText('返回内容').textContent).toBe('{"city":"北京","temperature":3}');
  });

  it("shows the server's error message and code", async () => {
    invoke.mockRejectedValue(new ApiError({ code: 40000, data: null, message: '缺少必填参数 city' }));
    renderWithAntd(<Harness />);
    fireEvent.change(editor(), { target: { value: '{}' } });
    await send();
    const panel = result();
    expect(within(panel).getByText('失败')).toBeInTheDocument();
    expect(within(panel).getByText('缺少必填参数 city')).toBeInTheDocument();
    expect(within(panel).getByText('错误码 40000')).toBeInTheDocument();
    expect(invoke).toHaveBeenCalledWith({ id: ID, userRequestParams: '{}' }, { skipErrorHandler: true });
  });

  it('sends once while a call is under way', async () => {
    let answer: (value: unknown) => void = () => undefined;
    invoke.mockReturnValue(
      new Promise((resolve) => {
        answer = resolve;
      }),
    );
    renderWithAntd(<Harness />);
    // Two presses before React shows the first (inside one act nothing re-renders, so the
    // button is not loading yet for the second).
    act(() => {
      sendButton().click();
      sendButton().click();
    });
    expect(invoke).toHaveBeenCalledTimes(1);
    await act(async () => answer({ code: 0, data: 'POST 你的名字是 张三', message: 'ok' }));
    expect(within(result()).getByText('成功')).toBeInTheDocument();
  });

  it('cannot call an offline interface and says why', async () => {
    renderWithAntd(<Harness offline />);
    expect(screen.getByText('该接口已下线，暂不可调用')).toBeInTheDocument();
    expect(sendButton()).toBeDisabled();
    expect(editor()).toBeDisabled();
    await send();
    expect(invoke).not.toHaveBeenCalled();
  });

  it('puts the example back', () => {
    renderWithAntd(<Harness />);
    fireEvent.change(editor(), { target: { value: '{"city":"上海"}' } });
    fireEvent.click(screen.getByText('恢复示例'));
    expect(editor()).toHaveValue(EXAMPLE);
  });
});

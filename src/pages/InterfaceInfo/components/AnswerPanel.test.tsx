import { fireEvent, screen, within } from '@testing-library/react';
import { renderWithAntd } from '@/testing/render';
import type { CallResult } from '../callResult';
import { resultOf, unansweredResult } from '../callResult';
import { AnswerPanel } from './AnswerPanel';

const HEADERS = { 'content-type': 'application/json; charset=utf-8', 'x-ratelimit-remaining': '99' };
const call = (status: number) => ({ status, headers: HEADERS, durationMs: 120, bytes: 2048 });

function show(result: CallResult) {
  renderWithAntd(<AnswerPanel result={result} interfaceId="7" />);
  return screen.getByRole('region', { name: '返回结果' });
}

/** jsdom's Blob has no text(). */
const readText = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });

const tagOf = (panel: HTMLElement, text: string) => within(panel).getByText(text).closest('.ant-tag');

describe('AnswerPanel', () => {
  it('shows the HTTP status coloured by its class, the time and the size', () => {
    const panel = show(resultOf({ code: 0, data: { ok: true }, call: call(201) }, undefined, 130));
    expect(tagOf(panel, '201 Created')).toHaveClass('ant-tag-success');
    expect(tagOf(panel, '成功')).toHaveClass('ant-tag-success');
    expect(within(panel).getByText('耗时 120 ms')).toBeInTheDocument();
    expect(within(panel).getByText('大小 2.0 KB')).toBeInTheDocument();
    expect(within(panel).queryByRole('alert')).toBeNull();
  });

  it('keeps the response headers folded until asked, then lists them', () => {
    const panel = show(resultOf({ code: 0, data: {}, call: call(200) }, undefined, 1));
    expect(within(panel).queryByText('x-ratelimit-remaining')).toBeNull();
    fireEvent.click(within(panel).getByText('响应头（2）'));
    const table = within(panel).getByRole('table');
    expect(within(table).getByText('x-ratelimit-remaining')).toBeInTheDocument();
    expect(within(table).getByText('application/json; charset=utf-8')).toBeInTheDocument();
  });

  it("says an error status is the interface's own, with its status and headers", () => {
    const panel = show(resultOf({ code: 50200, data: null, message: '接口返回 HTTP 404：not found', call: call(404) }, undefined, 9));
    expect(within(panel).getByRole('alert')).toHaveTextContent('接口返回错误 404');
    expect(within(panel).getByText('接口返回 HTTP 404：not found')).toBeInTheDocument();
    expect(within(panel).getByText('错误码 50200')).toBeInTheDocument();
    expect(tagOf(panel, '失败')).toHaveClass('ant-tag-error');
    expect(tagOf(panel, '404 Not Found')).toHaveClass('ant-tag-warning');
    expect(within(panel).getByText('响应头（2）')).toBeInTheDocument();
    expect(within(panel).queryByText('平台拒绝')).toBeNull();
  });

  it("says a refusal is the platform's, with its code, and shows no HTTP status or headers", () => {
    const panel = show(resultOf({ code: 40300, data: null, message: '不允许调用该地址' }, undefined, 4));
    expect(within(panel).getByRole('alert')).toHaveTextContent('平台拒绝');
    expect(within(panel).getByText('不允许调用该地址')).toBeInTheDocument();
    expect(within(panel).getByText('错误码 40300')).toBeInTheDocument();
    expect(within(panel).queryByText(/^接口返回错误/)).toBeNull();
    expect(within(panel).queryByText(/^响应头/)).toBeNull();
    expect(within(panel).getByLabelText('返回内容')).toHaveTextContent('"code": 40300');
  });

  it('says so when nothing answered', () => {
    const panel = show(unansweredResult('无法连接服务器，请检查网络后重试', 3));
    expect(within(panel).getByRole('alert')).toHaveTextContent('无法连接服务器');
    expect(within(panel).queryByText('平台拒绝')).toBeNull();
  });

  it('shows the body pretty with colours, or exactly as sent', () => {
    const raw = '{"code":0,"data":{"id":12345678901234567890,"name":"北京"},"message":"ok"}';
    const panel = show(resultOf({ code: 0, data: { id: '12345678901234567890', name: '北京' } }, raw, 5));
    const body = within(panel).getByLabelText('返回内容');
    expect(body.textContent).toBe('{\n  "id": 12345678901234567890,\n  "name": "北京"\n}');
    expect(body.querySelector('[data-token="number"]')).toHaveTextContent('12345678901234567890');
    fireEvent.click(within(panel).getByText('原始'));
    expect(within(panel).getByLabelText('返回内容').textContent).toBe('{"id":12345678901234567890,"name":"北京"}');
  });

  it('shows a text answer as text first', () => {
    const panel = show(resultOf({ code: 0, data: '<p>你好</p>' }, '{"code":0,"data":"<p>你好</p>","message":"ok"}', 5));
    expect(within(panel).getByLabelText('返回内容').textContent).toBe('<p>你好</p>');
    fireEvent.click(within(panel).getByText('原始'));
    expect(within(panel).getByLabelText('返回内容').textContent).toBe('"<p>你好</p>"');
  });

  it('downloads the body as shown', async () => {
    const createObjectURL = jest.fn((blob: Blob) => {
      expect(blob.type).toBe('application/json;charset=utf-8');
      return 'blob:answer';
    });
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe('response-7.json');
      expect(this.href).toBe('blob:answer');
    });
    const panel = show(resultOf({ code: 0, data: { a: 1 } }, undefined, 5));
    fireEvent.click(within(panel).getByRole('button', { name: '下载返回内容' }));
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect(await readText(createObjectURL.mock.calls[0][0])).toBe('{\n  "a": 1\n}');
    expect(click).toHaveBeenCalledTimes(1);
    click.mockRestore();
  });
});

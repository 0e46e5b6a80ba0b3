import { createHistory, history } from '@umijs/max';
import { ResponseCode } from '@/constants';
import type { MessageInstance } from 'antd/es/message/interface';
import { onSessionExpired, registerMessageApi } from '@/utils/feedback';
import { ApiError, assertSuccess, errorText, handleRequestError, parseResponseText, requestConfig, REQUEST_TEXTS } from './requestConfig';

/** The toasts shown, as the themed message API receives them. */
const toast = jest.fn();
registerMessageApi({ error: toast } as unknown as MessageInstance);
const shown = () => toast.mock.calls.map(([args]) => args.content);

const answer = (code: number, message = `message ${code}`) => ({ code, data: null, message });

describe('assertSuccess (code != 0 raises the server message)', () => {
  it('lets code 0 through', () => {
    expect(() => assertSuccess({ code: 0, data: { a: 1 }, message: 'ok' })).not.toThrow();
  });

  it.each(Object.values(ResponseCode).filter((code) => code !== 0))('raises an ApiError for %s', (code) => {
    const raise = () => assertSuccess(answer(code, '服务器说的话'));
    expect(raise).toThrow(ApiError);
    expect(raise).toThrow(expect.objectContaining({ code, message: '服务器说的话' }));
  });

  it('treats an answer without an envelope as invalid', () => {
    expect(() => assertSuccess('<html>')).toThrow(REQUEST_TEXTS.invalidJson);
    expect(() => assertSuccess({ data: 1 })).toThrow(REQUEST_TEXTS.invalidJson);
  });
});

describe('success === false', () => {
  it('raises through the error thrower so the error handler is called', () => {
    expect(() => requestConfig.errorConfig?.errorThrower?.({ code: 0, success: false, message: '失败了' })).toThrow('失败了');
  });
});

describe('handleRequestError', () => {
  beforeEach(() => {
    toast.mockClear();
    onSessionExpired(undefined);
  });

  it.each([
    ResponseCode.PARAMS_ERROR,
    ResponseCode.NO_AUTH,
    ResponseCode.FORBIDDEN,
    ResponseCode.NOT_FOUND,
    ResponseCode.SYSTEM_ERROR,
    ResponseCode.OPERATION_ERROR,
  ])('shows the server message of %s once', (code) => {
    handleRequestError(new ApiError(answer(code, `错误 ${code}`)));
    expect(shown()).toEqual([`错误 ${code}`]);
  });

  it('40100 clears the session through the registered handler and says so once', () => {
    const expired = jest.fn();
    onSessionExpired(expired);
    handleRequestError(new ApiError(answer(ResponseCode.NOT_LOGIN, '未登录')));
    expect(expired).toHaveBeenCalledTimes(1);
    expect(shown()).toEqual([REQUEST_TEXTS.sessionExpired]);
  });

  it('40100 without the layout goes to login with the way back', () => {
    createHistory({ type: 'memory' });
    history.push('/admin/interface_info?tab=1');
    handleRequestError(new ApiError(answer(ResponseCode.NOT_LOGIN)));
    expect(history.location.pathname).toBe('/user/login');
    expect(new URLSearchParams(history.location.search).get('redirect')).toBe('/admin/interface_info?tab=1');
  });

  it('rethrows without a message when the caller handles the error', () => {
    const error = new ApiError(answer(ResponseCode.PARAMS_ERROR));
    expect(() => handleRequestError(error, { skipErrorHandler: true })).toThrow(error);
    expect(shown()).toEqual([]);
  });

  it.each([
    [{ request: {}, message: 'Network Error' }, REQUEST_TEXTS.network],
    [{ code: 'ECONNABORTED', request: {} }, REQUEST_TEXTS.timeout],
    [{ response: { status: 502 }, request: {} }, REQUEST_TEXTS.http(502)],
    [Object.assign(new Error('x'), { code: 'ERR_INVALID_JSON' }), REQUEST_TEXTS.invalidJson],
  ])('shows a clear text for a transport failure (%#)', (error, text) => {
    handleRequestError(error);
    expect(shown()).toEqual([text]);
    expect(errorText(error)).toBe(text);
  });
});

describe('parseResponseText', () => {
  it('keeps 64-bit ids exactly', () => {
    const parsed = parseResponseText('{"code":0,"data":{"id":1800000000000000001,"n":12},"message":"ok"}') as {
      data: { id: unknown; n: unknown };
    };
    expect(typeof parsed.data.n).toBe('number');
    // Where the engine offers the reviver's source text the id stays exact; elsewhere it is at least a number.
    expect(['1800000000000000001', 1800000000000000001]).toContainEqual(parsed.data.id);
  });

  it('raises a clear error for text that is not JSON', () => {
    expect(() => parseResponseText('<html>oops')).toThrow(REQUEST_TEXTS.invalidJson);
  });
});

describe('requestConfig', () => {
  it('sends credentials and appends nothing to URLs', () => {
    expect(requestConfig.withCredentials).toBe(true);
    expect(requestConfig.requestInterceptors ?? []).toHaveLength(0);
  });
});

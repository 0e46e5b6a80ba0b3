import { createHistory, history, request } from '@umijs/max';
import { createPluginManager } from '@@/core/plugin';
import type { AxiosRequestConfig } from 'axios';
import type { MessageInstance } from 'antd/es/message/interface';
import { ResponseCode } from '@/constants';
import { onSessionExpired, registerMessageApi } from '@/utils/feedback';
import {
  ApiError,
  assertSuccess,
  errorText,
  handleRequestError,
  parseResponseText,
  requestConfig,
  REQUEST_TEXTS,
  SESSION_PROBE,
} from './requestConfig';

/** The toasts shown, as the themed message API receives them. */
const toast = jest.fn();
registerMessageApi({ error: toast } as unknown as MessageInstance);
const shown = () => toast.mock.calls.map(([args]) => args.content);

/** What clearing the user (RequestBridge) is told. */
const clearUser = jest.fn();

const answer = (code: number, message = `message ${code}`) => ({ code, data: null, message });

// umi's request reads the app's request configuration (app.tsx's `request`) through the plugin manager.
createPluginManager();

/** Options that make umi's request receive `body` as the server's answer text, without a network. */
function answering(body: unknown): AxiosRequestConfig {
  const data = typeof body === 'string' ? body : JSON.stringify(body);
  return { adapter: async (config) => ({ data, status: 200, statusText: 'OK', headers: {}, config, request: {} }) };
}

/** The app on `path`, with the browser history it runs on (the request layer reads the address bar). */
function openAt(path: string) {
  window.history.replaceState(null, '', path);
  createHistory({ type: 'browser' });
}

const here = () => history.location.pathname + history.location.search;
/** The login page's address that returns to the page opened in beforeEach. */
const BACK_TO_TABLE = `/user/login?redirect=${encodeURIComponent('/admin/interface_info?name=%E5%A4%A9%E6%B0%94&current=2')}`;

beforeEach(() => {
  toast.mockClear();
  clearUser.mockClear();
  onSessionExpired(clearUser);
  openAt('/admin/interface_info?name=%E5%A4%A9%E6%B0%94&current=2');
});

afterEach(() => onSessionExpired(undefined));

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

describe('a request through umi with the app configuration', () => {
  it('answers the envelope of a successful call', async () => {
    await expect(request('/api/x', answering({ code: 0, data: { a: 1 }, message: 'ok' }))).resolves.toEqual({
      code: 0,
      data: { a: 1 },
      message: 'ok',
    });
    expect(shown()).toEqual([]);
  });

  it('success === false: the error thrower raises it and the error handler shows its message once', async () => {
    const failing = request('/api/x', answering({ code: 0, success: false, data: null, message: '失败了' }));
    await expect(failing).rejects.toThrow(expect.objectContaining({ name: 'ApiError', message: '失败了' }));
    expect(shown()).toEqual(['失败了']);
  });

  it('success === false with skipErrorHandler: raised to the caller, nothing shown', async () => {
    const failing = request('/api/x', { ...answering({ code: 0, success: false, message: '失败了' }), skipErrorHandler: true });
    await expect(failing).rejects.toBeInstanceOf(ApiError);
    expect(shown()).toEqual([]);
  });

  it('code != 0: one message with the server text', async () => {
    await expect(request('/api/x', answering(answer(ResponseCode.SYSTEM_ERROR, '服务器繁忙')))).rejects.toThrow('服务器繁忙');
    expect(shown()).toEqual(['服务器繁忙']);
  });
});

describe('a lost session (40100)', () => {
  const lost = () => answering(answer(ResponseCode.NOT_LOGIN, '未登录'));

  it('returns to login with the current path and query, replacing the page, and says so once', async () => {
    await expect(request('/api/x', lost())).rejects.toThrow('未登录');
    expect(here()).toBe(BACK_TO_TABLE);
    expect(history.action).toBe('REPLACE');
    expect(clearUser).toHaveBeenCalledTimes(1);
    expect(shown()).toEqual([REQUEST_TEXTS.sessionExpired]);
  });

  it('does so also for a call whose page shows its own errors (skipErrorHandler), which still gets the error', async () => {
    await expect(request('/api/x', { ...lost(), skipErrorHandler: true })).rejects.toThrow(
      expect.objectContaining({ code: ResponseCode.NOT_LOGIN }),
    );
    expect(here()).toBe(BACK_TO_TABLE);
    expect(clearUser).toHaveBeenCalledTimes(1);
    expect(shown()).toEqual([REQUEST_TEXTS.sessionExpired]);
  });

  it('leaves the session probe alone: no session is its answer', async () => {
    openAt('/interface_info/1800000000000000001');
    await expect(request('/api/user/get/login', { ...lost(), ...SESSION_PROBE })).rejects.toBeInstanceOf(ApiError);
    expect(here()).toBe('/interface_info/1800000000000000001');
    expect(clearUser).not.toHaveBeenCalled();
    expect(shown()).toEqual([]);
  });

  it('keeps the way back when several calls lose it at once', async () => {
    await Promise.allSettled([
      request('/api/a', { ...lost(), skipErrorHandler: true }),
      request('/api/b', { ...lost(), skipErrorHandler: true }),
      request('/api/c', lost()),
    ]);
    expect(here()).toBe(BACK_TO_TABLE);
    // The same text replaces itself: one toast on screen.
    expect(new Set(toast.mock.calls.map(([args]) => args.key)).size).toBe(1);
  });
});

describe('handleRequestError', () => {
  it.each([
    ResponseCode.PARAMS_ERROR,
    ResponseCode.NO_AUTH,
    ResponseCode.FORBIDDEN,
    ResponseCode.NOT_FOUND,
    ResponseCode.SYSTEM_ERROR,
    ResponseCode.OPERATION_ERROR,
  ])('shows the server message of %s once and stays', (code) => {
    handleRequestError(new ApiError(answer(code, `错误 ${code}`)));
    expect(shown()).toEqual([`错误 ${code}`]);
    expect(here()).toBe('/admin/interface_info?name=%E5%A4%A9%E6%B0%94&current=2');
  });

  it('shows an error once however many places report it', () => {
    const error = new ApiError(answer(ResponseCode.NOT_LOGIN));
    expect(() => handleRequestError(error, { skipErrorHandler: true })).toThrow(error);
    // A page that reports what it caught, as the admin table does.
    handleRequestError(error);
    expect(shown()).toEqual([REQUEST_TEXTS.sessionExpired]);
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
    [{ response: { status: 502, data: '<html>bad gateway</html>' }, request: {} }, REQUEST_TEXTS.http(502)],
    [
      { response: { status: 413, data: { code: 40000, data: null, message: '请求体不能超过 1 MB' } }, request: {} },
      '请求体不能超过 1 MB',
    ],
    [Object.assign(new Error('x'), { code: 'ERR_INVALID_JSON' }), REQUEST_TEXTS.invalidJson],
  ])('shows a clear text for a transport failure (%#)', (error, text) => {
    handleRequestError(error);
    expect(shown()).toEqual([text]);
    expect(errorText(error)).toBe(text);
  });
});

/** An answer whose ids are bare numbers beyond 2^53, as 64-bit backends send them. */
const ANSWER_WITH_IDS = `{"code":0,"message":"ok","data":{
  "id":1800000000000000001,"userId":9007199254740993,"status":1,"score":12.5,"small":9007199254740991,
  "records":[{"id":1800000000000000002,"tags":[1800000000000000003,7]},{"id":42}],
  "nested":{"deeper":{"id":-1800000000000000004}}}}`;

const EXACT = {
  id: '1800000000000000001',
  userId: '9007199254740993',
  status: 1,
  score: 12.5,
  small: 9007199254740991,
  records: [{ id: '1800000000000000002', tags: ['1800000000000000003', 7] }, { id: 42 }],
  nested: { deeper: { id: '-1800000000000000004' } },
};

describe('parseResponseText', () => {
  it('keeps 64-bit ids exactly, as their decimal text, nested and in arrays; other numbers stay numbers', () => {
    const parsed = parseResponseText(ANSWER_WITH_IDS) as { data: unknown };
    expect(parsed.data).toEqual(EXACT);
  });

  it('keeps them exactly where JSON.parse gives a reviver no source text (Chrome < 114, Safari 16, Firefox 100)', () => {
    // The runtime's JSON.parse with the reviver's third argument (the source text) taken away.
    const nativeParse = JSON.parse;
    const withoutSource = jest.spyOn(JSON, 'parse').mockImplementation((text, reviver) =>
      nativeParse(text, reviver && ((key, value) => reviver.call(undefined, key, value))),
    );
    try {
      jest.isolateModules(() => {
        const { parseJsonExact } = jest.requireActual<typeof import('@agler/contract/json')>('@agler/contract/json');
        // The framework first, as the app loads it (the request layer and app.tsx import each other through it).
        jest.requireActual('@umijs/max');
        const { parseResponseText: parseWithoutSource } = jest.requireActual<typeof import('./requestConfig')>('./requestConfig');
        expect((parseWithoutSource(ANSWER_WITH_IDS) as { data: unknown }).data).toEqual(EXACT);
        expect(parseJsonExact('[1800000000000000001]')).toEqual(['1800000000000000001']);
      });
    } finally {
      withoutSource.mockRestore();
    }
  });

  it('reaches the caller of a request exactly', async () => {
    const res = await request('/api/x', answering(ANSWER_WITH_IDS));
    expect(res.data).toEqual(EXACT);
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

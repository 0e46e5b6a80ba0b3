import { request } from '@umijs/max';
import { createPluginManager } from '@@/core/plugin';
import type { AxiosRequestConfig } from 'axios';
import type { MessageInstance } from 'antd/es/message/interface';
import { ResponseCode } from '@/constants';
import { startLanguage } from '@/locales';
import { registerMessageApi } from '@/utils/feedback';
import { MESSAGES } from '@agler/contract/messages';
import { ApiError, errorText, handleRequestError } from './requestConfig';
import { loadEnglish } from '@/testing/english';

beforeAll(() => startLanguage('en-US', loadEnglish));

const toast = jest.fn();
registerMessageApi({ error: toast } as unknown as MessageInstance);
const shown = () => toast.mock.calls.map(([args]) => args.content);
beforeEach(() => toast.mockClear());

createPluginManager();

function answering(body: unknown): AxiosRequestConfig {
  const data = JSON.stringify(body);
  return { adapter: async (config) => ({ data, status: 200, statusText: 'OK', headers: {}, config, request: {} }) };
}

describe('a failed answer on an English page', () => {
  it("shows the server's message in English", async () => {
    const answer = { code: ResponseCode.PARAMS_ERROR, data: null, message: MESSAGES.wrongCredentials };
    await expect(request('/api/user/login', answering(answer))).rejects.toBeInstanceOf(ApiError);
    expect(shown()).toEqual(['Wrong account or password']);
  });

  it("gives the English to the page, and keeps the server's own message for comparing", () => {
    const error = new ApiError({ code: ResponseCode.PARAMS_ERROR, message: MESSAGES.accountTaken });
    expect(error.message).toBe(MESSAGES.accountTaken);
    expect(errorText(error)).toBe('This account is already registered');
    const { text, ...ref } = MESSAGES.notText('searchText');
    expect(errorText(new ApiError({ code: ResponseCode.PARAMS_ERROR, message: text, ...ref }))).toBe('searchText must be text');
  });

  it('translates by the key and values the answer names, not by its text', async () => {
    // Text as another server version may word it: only the key says which message it is.
    const answer = {
      code: ResponseCode.UPSTREAM_ERROR,
      data: null,
      message: '接口 10 秒没有响应',
      messageKey: 'upstream.timeout',
      messageArgs: [10000],
    };
    await expect(request('/api/interfaceInfo/invoke', answering(answer))).rejects.toBeInstanceOf(ApiError);
    expect(shown()).toEqual(['The interface did not answer within 10 seconds; the call timed out']);
  });

  it("shows a message the contract does not know as the server wrote it, and the request layer's own in English", () => {
    handleRequestError(new ApiError({ code: ResponseCode.SYSTEM_ERROR, message: '服务器繁忙' }));
    handleRequestError({ request: {} });
    expect(shown()).toEqual(['服务器繁忙', 'Cannot reach the server. Check your network and try again.']);
  });
});

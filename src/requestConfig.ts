import type { RequestConfig, RequestOptions } from '@umijs/max';
import { history } from '@umijs/max';
import { LOGIN_PATH, ResponseCode } from '@/constants';
import { notifySessionExpired, showError } from '@/utils/feedback';
import { parseJsonExact } from '@agler/contract/json';
import { currentLocation, loginUrlFor } from '@/utils/redirect';
import { localized } from '@/locales';
import { messageRefIn, translateMessage } from '@/locales/messages';
import type { MessageArg, MessageRef } from '@agler/contract/messageKeys';

/** The envelope of every answer (config/openapi.json). */
export type ApiResponse<T = unknown> = {
  code: number;
  data?: T;
  message?: string;
  /** The message's key and values in the contract's tables, when the message is the contract's. */
  messageKey?: string;
  messageArgs?: MessageArg[];
  success?: boolean;
};

export const REQUEST_TEXTS = localized('request', {
  network: '无法连接服务器，请检查网络后重试',
  timeout: '服务器响应超时，请稍后重试',
  http: (status: number) => `服务器异常（HTTP ${status}），请稍后重试`,
  invalidJson: '服务器返回了无法识别的数据',
  unknown: '请求失败，请稍后重试',
  sessionExpired: '登录已失效，请重新登录',
} as const);

/**
 * An answer whose code is not 0: carries the server's code, message and data. The message stays
 * the server's own (Chinese, as the contract writes it), so that code can compare it with the
 * contract's MESSAGES; errorText gives it in the page's language, by the key the server named it by.
 */
export class ApiError extends Error {
  readonly code: number;
  readonly data: unknown;
  readonly messageRef: MessageRef | undefined;

  constructor(response: ApiResponse) {
    super(response.message || REQUEST_TEXTS.unknown);
    this.name = 'ApiError';
    this.code = response.code;
    this.data = response.data;
    this.messageRef = messageRefIn(response);
  }
}

type AxiosLikeError = {
  code?: string;
  message?: string;
  response?: { status: number; data?: unknown };
  request?: unknown;
};

/** The user-facing text of any error the request layer can raise, in the page's language. */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) return translateMessage(error.message, error.messageRef);
  const e = (error ?? {}) as AxiosLikeError;
  if (e.code === 'ECONNABORTED' || e.code === 'ETIMEDOUT') return REQUEST_TEXTS.timeout;
  if (e.response) {
    // A refusal sent with its HTTP status (a body over the limit: 413) still carries the envelope that says why.
    const body = e.response.data as Partial<ApiResponse> | undefined;
    if (body && typeof body === 'object' && typeof body.code === 'number' && typeof body.message === 'string' && body.message)
      return translateMessage(body.message, messageRefIn(body));
    return REQUEST_TEXTS.http(e.response.status);
  }
  if (e.code === 'ERR_INVALID_JSON') return REQUEST_TEXTS.invalidJson;
  if (e.request) return REQUEST_TEXTS.network;
  return REQUEST_TEXTS.unknown;
}

/** Raises an ApiError for every answer whose code is not 0. */
export function assertSuccess(data: unknown): void {
  if (!data || typeof data !== 'object' || typeof (data as ApiResponse).code !== 'number') {
    throw Object.assign(new Error(REQUEST_TEXTS.invalidJson), { code: 'ERR_INVALID_JSON' });
  }
  const body = data as ApiResponse;
  if (body.code !== ResponseCode.SUCCESS) throw new ApiError(body);
}

/** Options of the app's own that a request may carry besides umi's. */
export type AppRequestOptions = RequestOptions & {
  /**
   * The request's 40100 is an answer, not a lost session: for the start-up probe of the current
   * user, and for background conveniences that must not take the user to login on their own.
   */
  sessionProbe?: boolean;
};

/** How the start-up probe asks for the current user: it handles every failure itself. */
export const SESSION_PROBE = { skipErrorHandler: true, sessionProbe: true } as const;

/** Errors already shown to the user: one error, one message, however many places report it. */
const reported = new WeakSet<object>();

function reportOnce(error: unknown, text: string) {
  if (error && typeof error === 'object') {
    if (reported.has(error)) return;
    reported.add(error);
  }
  showError(text);
}

export function isLostSession(error: unknown): boolean {
  return error instanceof ApiError && error.code === ResponseCode.NOT_LOGIN;
}

/**
 * A lost session returns to login with the way back, by replacing the page
 * (back does not return to a page that needs the session). On the login page
 * already (several requests lost it at once) it stays, keeping its way back.
 */
function returnToLogin(error: unknown) {
  const here = currentLocation();
  reportOnce(error, REQUEST_TEXTS.sessionExpired);
  if (here.pathname === LOGIN_PATH) return;
  notifySessionExpired();
  history.replace(loginUrlFor(here));
}

/**
 * What the app does with a failed request, once. A lost session (40100)
 * returns to login for every request, also one made with `skipErrorHandler`;
 * only a `sessionProbe` opts out. Every other failure shows one message,
 * unless the caller shows it itself (`skipErrorHandler`: the error is rethrown).
 */
export function handleRequestError(error: unknown, opts?: AppRequestOptions): void {
  if (isLostSession(error) && !opts?.sessionProbe) returnToLogin(error);
  if (opts?.skipErrorHandler) throw error;
  reportOnce(error, errorText(error));
}

/** Answers nest at most this deep; deeper ones are refused before parsing, so no answer can exhaust the stack. */
const RESPONSE_MAX_DEPTH = 512;

export function parseResponseText(data: unknown): unknown {
  if (typeof data !== 'string') return data;
  if (data === '') return data;
  try {
    // An interface's own answer may nest deeper than what the API accepts as input.
    return parseJsonExact(data, { maxDepth: RESPONSE_MAX_DEPTH });
  } catch {
    throw Object.assign(new Error(REQUEST_TEXTS.invalidJson), { code: 'ERR_INVALID_JSON' });
  }
}

export const requestConfig: RequestConfig = {
  baseURL: API_BASE_URL,
  withCredentials: true,
  timeout: 30000,
  transformResponse: [parseResponseText],
  errorConfig: {
    errorThrower: (res: ApiResponse) => {
      throw new ApiError(res);
    },
    errorHandler: handleRequestError,
  },
  responseInterceptors: [
    (response) => {
      assertSuccess(response.data);
      return response;
    },
  ],
};

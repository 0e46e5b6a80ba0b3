import { BODY_MAX_BYTES } from './constants';
import { keyedMessages } from './messageKeys';

/**
 * How a call to an interface's own server can fail before or instead of an
 * answer, and what the caller reads. "Refused" never says whether anything
 * listens at the address, so the platform cannot be used to scan ports.
 * "Busy": every connection the interface allows was in use for the call's
 * whole time-out, so nothing was sent and nothing is charged.
 */
export const UPSTREAM_FAILURES = [
  'refused',
  'scheme',
  'timeout',
  'unreachable',
  'redirect',
  'tooLarge',
  'httpError',
  'busy',
] as const;
export type UpstreamFailure = (typeof UPSTREAM_FAILURES)[number];

/**
 * Spellings of this machine's own address, as a URL's host: each must be
 * refused without a connection (the tests of the server and of the contract
 * try them all against a local listener).
 */
export const LOOPBACK_HOSTS = [
  '127.0.0.1',
  '127.1',
  'localhost',
  '0.0.0.0',
  '2130706433',
  '0x7f000001',
  '[::1]',
  '[::ffff:127.0.0.1]',
] as const;

/** The largest answer the platform passes on, in bytes. */
export const UPSTREAM_MAX_BYTES = BODY_MAX_BYTES;

export const UPSTREAM_MESSAGES = keyedMessages('upstream', {
  refused: '目标地址不允许访问（内网、本机或保留地址），调用被拒绝',
  scheme: '接口地址只支持 http 和 https',
  timeout: (ms: number) => `接口在 ${ms / 1000} 秒内没有响应，调用已超时`,
  unreachable: '无法连接接口服务器，没有收到响应',
  redirect: (status: number) => `接口返回了重定向（HTTP ${status}），平台不跟随重定向`,
  tooLarge: `接口的响应超过 ${UPSTREAM_MAX_BYTES / 1024 / 1024} MB，已中止`,
  httpError: (status: number, start: string) =>
    `接口返回了错误状态 HTTP ${status}${start ? `：${start}` : ''}`,
  busy: '接口的并发连接已满，调用没有发出，请稍后重试',
} as const);

/** How much of an error answer's body the caller reads. */
export const ERROR_START_CHARS = 200;

/** One line of at most ERROR_START_CHARS characters. */
function clip(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  const chars = Array.from(line);
  return chars.length > ERROR_START_CHARS ? `${chars.slice(0, ERROR_START_CHARS).join('')}…` : line;
}

/**
 * The start of an error answer, for the caller: the `message` (or `error`,
 * `msg`) of a JSON object when it has one, else the first characters of the
 * text on one line.
 */
export function errorStartOf(text: string): string {
  const trimmed = text.trim();
  if (trimmed.startsWith('{')) {
    try {
      const parsed = JSON.parse(trimmed) as Record<string, unknown>;
      const named = [parsed.message, parsed.error, parsed.msg].find(
        (value): value is string => typeof value === 'string' && value.trim() !== '',
      );
      if (named !== undefined) return clip(named);
    } catch {
      // Not JSON after all: its text is the start.
    }
  }
  return clip(trimmed);
}


/** Whether an answer's Content-Type is JSON (`application/json`, `application/problem+json`, `text/json`). */
export function isJsonAnswer(contentType: string | undefined): boolean {
  const type = (contentType ?? '').split(';')[0].trim().toLowerCase();
  return type === 'application/json' || type === 'text/json' || /^application\/[\w.-]+\+json$/.test(type);
}

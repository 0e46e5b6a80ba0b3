import { BODY_MAX_BYTES } from './constants';

/**
 * How a call to an interface's own server can fail before or instead of an
 * answer, and what the caller reads. "Refused" never says whether anything
 * listens at the address, so the platform cannot be used to scan ports.
 */
export const UPSTREAM_FAILURES = [
  'refused',
  'scheme',
  'timeout',
  'unreachable',
  'redirect',
  'tooLarge',
  'httpError',
] as const;
export type UpstreamFailure = (typeof UPSTREAM_FAILURES)[number];

/** The largest answer the platform passes on, in bytes. */
export const UPSTREAM_MAX_BYTES = BODY_MAX_BYTES;

export const UPSTREAM_MESSAGES = {
  refused: '目标地址不允许访问（内网、本机或保留地址），调用被拒绝',
  scheme: '接口地址只支持 http 和 https',
  timeout: (ms: number) => `接口在 ${ms / 1000} 秒内没有响应，调用已超时`,
  unreachable: '无法连接接口服务器，没有收到响应',
  redirect: (status: number) => `接口返回了重定向（HTTP ${status}），平台不跟随重定向`,
  tooLarge: `接口的响应超过 ${UPSTREAM_MAX_BYTES / 1024 / 1024} MB，已中止`,
  httpError: (status: number, start: string) =>
    `接口返回了错误状态 HTTP ${status}${start ? `：${start}` : ''}`,
} as const;

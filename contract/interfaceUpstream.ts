import { parseId } from './ids';
import type { Id } from './ids';
import { keyedMessages } from './messageKeys';
import type { Message } from './messageKeys';
import { GRACE_SECONDS } from './keys';
import type { GraceSeconds } from './keys';
import { MESSAGES } from './messages';
import type { components } from './openapi';
import type { Parsed } from './queries';

/**
 * How the platform calls an interface's own server, as its publisher sets it (docs/server.md,
 * "The publisher's side"): credentials added to every call, the forwarding signature's secret,
 * and the call's timeout, retries and most connections at once.
 */

/** Where a credential goes: a request header, or a parameter of the query string. */
export const CREDENTIAL_PLACES = ['header', 'query'] as const;
export type CredentialPlace = (typeof CREDENTIAL_PLACES)[number];

/** A credential as stored (sealed) and added to calls. */
export type UpstreamCredential = { name: string; value: string };

/** What is shown of a credential after it was set: never its value, only its last 4 characters. */
export type UpstreamCredentialHint = { in: CredentialPlace; name: string; last4: string };

/** A per-interface timeout's bounds in milliseconds; the upper one is also capped by INVOKE_TIMEOUT_MS. */
export const UPSTREAM_TIMEOUT_MIN_MS = 100;
/** Retries of a refused or reset connection or a 502/503/504, for GET, HEAD, PUT and DELETE only. */
export const UPSTREAM_RETRIES_MAX = 2;
/** The most connections at once to one interface's server, and the default when none is set. */
export const UPSTREAM_CONNECTIONS_MAX = 256;
export const UPSTREAM_CONNECTIONS_DEFAULT = 64;
/** Credentials per interface, in headers and query together. */
export const UPSTREAM_CREDENTIALS_MAX = 8;
/** How long a rotated forwarding secret keeps signing beside the new one. */
export const FORWARD_SECRET_GRACE_S = 24 * 60 * 60;

/** Methods a failed try may be sent again for (RFC 9110 §9.2.2: idempotent). */
export const RETRIED_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'PUT', 'DELETE']);

/** The lengths a credential's name (in the query) and value may have. */
export const UPSTREAM_CREDENTIAL_LIMITS = { queryNameMax: 100, valueMax: 4096 } as const;

/** A value shows its last 4 characters only when at least this long, so a short one is not mostly shown. */
export const CREDENTIAL_HINT_MIN_LENGTH = 12;

/** Headers the connection itself decides: neither an interface's documented headers nor a credential may set them. */
export const RESERVED_HEADERS: ReadonlySet<string> = new Set([
  'host',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'upgrade',
  'te',
  'trailer',
  'proxy-authorization',
  'proxy-connection',
  'expect',
]);
const PLATFORM_HEADER_PREFIX = 'agler-';

/** RFC 9110 token characters. */
export const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** Visible ASCII and spaces: what every server reads the same in a header or, encoded, a query. */
const CREDENTIAL_VALUE = /^[\x20-\x7e]+$/;
/** Visible characters, no control or line breaks, for a query parameter's name. */
const QUERY_NAME = /^[^\u0000-\u001f\u007f-\u009f\u2028\u2029]+$/u;

export const UPSTREAM_SETTINGS_MESSAGES = keyedMessages('upstreamSettings', {
  listInvalid: (place: string) => `参数 ${place} 应为由 {name, value} 组成的数组`,
  headerNameInvalid: (field: string) => `参数 ${field} 应为合法的请求头名称（字母、数字和 !#$%&'*+.^_\`|~- ）`,
  headerNameReserved: (field: string) =>
    `参数 ${field} 是由连接决定或平台自己发送的请求头（如 host、content-length、agler-*），不能设置`,
  queryNameInvalid: (field: string) =>
    `参数 ${field} 应为 1 到 ${UPSTREAM_CREDENTIAL_LIMITS.queryNameMax} 个字符，不能包含控制字符`,
  nameRepeated: (field: string) => `参数 ${field} 与前面的名称重复`,
  valueInvalid: (field: string) =>
    `参数 ${field} 应为 1 到 ${UPSTREAM_CREDENTIAL_LIMITS.valueMax} 个可见 ASCII 字符或空格（不能换行），或为 null 表示删除`,
  tooMany: `参数 headers 和 query 设置后的凭据合计不能超过 ${UPSTREAM_CREDENTIALS_MAX} 个`,
  badTimeout: (max: number) =>
    `参数 timeoutMs 应为 ${UPSTREAM_TIMEOUT_MIN_MS} 到 ${max} 的整数（毫秒），或为 null 表示服务器的默认值`,
  badRetries: `参数 retries 应为 0 到 ${UPSTREAM_RETRIES_MAX} 的整数`,
  badMaxConnections: `参数 maxConnections 应为 1 到 ${UPSTREAM_CONNECTIONS_MAX} 的整数，或为 null 表示默认值 ${UPSTREAM_CONNECTIONS_DEFAULT}`,
} as const);

const fail = (message: Message): { ok: false; message: Message } => ({ ok: false, message });

/** What is shown of a credential: its place, its name, and the value's last 4 characters when the value is long enough. */
export function hintOf(place: CredentialPlace, name: string, value: string): UpstreamCredentialHint {
  const chars = [...value];
  return { in: place, name, last4: chars.length >= CREDENTIAL_HINT_MIN_LENGTH ? chars.slice(-4).join('') : '' };
}

/** Two credential names are the same: header names regardless of case, query names exactly. */
export const sameCredentialName = (place: CredentialPlace, a: string, b: string): boolean =>
  place === 'header' ? a.toLowerCase() === b.toLowerCase() : a === b;

/** One credential to set (a value) or remove (null). */
export type CredentialChange = { name: string; value: string | null };

/** `POST /api/interfaceInfo/upstreamAuth/set`'s body: the changes by place; a place left out changes nothing. */
export type CredentialsChange = { id: Id; headers: CredentialChange[]; query: CredentialChange[] };

const FIELD_OF: Record<CredentialPlace, string> = { header: 'headers', query: 'query' };

function nameFault(place: CredentialPlace, name: unknown, field: string): Message | undefined {
  if (place === 'header') {
    if (typeof name !== 'string' || !HEADER_NAME.test(name)) return UPSTREAM_SETTINGS_MESSAGES.headerNameInvalid(field);
    const lower = name.toLowerCase();
    if (RESERVED_HEADERS.has(lower) || lower.startsWith(PLATFORM_HEADER_PREFIX))
      return UPSTREAM_SETTINGS_MESSAGES.headerNameReserved(field);
    return undefined;
  }
  const fits =
    typeof name === 'string' &&
    [...name].length >= 1 &&
    [...name].length <= UPSTREAM_CREDENTIAL_LIMITS.queryNameMax &&
    QUERY_NAME.test(name);
  return fits ? undefined : UPSTREAM_SETTINGS_MESSAGES.queryNameInvalid(field);
}

/** One place's changes: each item `{name, value}` with a valid name and a value or null, no name twice. */
function credentialChangesOf(place: CredentialPlace, raw: unknown): Parsed<CredentialChange[]> {
  const list = FIELD_OF[place];
  if (raw === undefined || raw === null) return { ok: true, value: [] };
  if (!Array.isArray(raw)) return fail(UPSTREAM_SETTINGS_MESSAGES.listInvalid(list));
  // Only so many can be set, or removed, so a longer list is refused before its names are compared.
  if (raw.length > 2 * UPSTREAM_CREDENTIALS_MAX) return fail(UPSTREAM_SETTINGS_MESSAGES.tooMany);
  const changes: CredentialChange[] = [];
  for (const [i, item] of raw.entries()) {
    if (typeof item !== 'object' || item === null || Array.isArray(item))
      return fail(UPSTREAM_SETTINGS_MESSAGES.listInvalid(list));
    const { name, value } = item as Record<string, unknown>;
    const nameMessage = nameFault(place, name, `${list}[${i}].name`);
    if (nameMessage) return fail(nameMessage);
    if (changes.some((change) => sameCredentialName(place, change.name, name as string)))
      return fail(UPSTREAM_SETTINGS_MESSAGES.nameRepeated(`${list}[${i}].name`));
    const fits =
      value === null ||
      (typeof value === 'string' && value.length <= UPSTREAM_CREDENTIAL_LIMITS.valueMax && CREDENTIAL_VALUE.test(value));
    if (!fits) return fail(UPSTREAM_SETTINGS_MESSAGES.valueInvalid(`${list}[${i}].value`));
    changes.push({ name: name as string, value: value as string | null });
  }
  return { ok: true, value: changes };
}

/** `POST /api/interfaceInfo/upstreamAuth/set`'s body. */
export function parseCredentialsChange(body: Record<string, unknown>): Parsed<CredentialsChange> {
  const id = parseId(body.id);
  if (!id) return fail(MESSAGES.badId);
  const headers = credentialChangesOf('header', body.headers);
  if (!headers.ok) return headers;
  const query = credentialChangesOf('query', body.query);
  if (!query.ok) return query;
  return { ok: true, value: { id, headers: headers.value, query: query.value } };
}

/**
 * The credentials of one place after `changes`: a value replaces the one of the same name (keeping its
 * place in the list) or is added after the others; null removes it; names not mentioned stay.
 */
export function mergeCredentials(
  place: CredentialPlace,
  current: readonly UpstreamCredential[],
  changes: readonly CredentialChange[],
): UpstreamCredential[] {
  let merged = [...current];
  for (const { name, value } of changes) {
    const at = merged.findIndex((credential) => sameCredentialName(place, credential.name, name));
    if (value === null) merged = merged.filter((_, i) => i !== at);
    else if (at >= 0) merged[at] = { name, value };
    else merged.push({ name, value });
  }
  return merged;
}

/**
 * What an admin reads of an interface's upstream settings (its `get`, and each write's answer); `secretTime`
 * is null until the interface's first call or first rotation makes its secret.
 */
export type UpstreamVO = components['schemas']['UpstreamVO'];
/** A rotation's answer: the new secret, shown this once. */
export type ForwardSecretVO = components['schemas']['ForwardSecretVO'];

/** How the platform calls the interface's server: null takes the server's timeout and the default connections. */
export type UpstreamLimits = { timeoutMs: number | null; retries: number; maxConnections: number | null };

const wholeIn = (raw: unknown, min: number, max: number): raw is number =>
  typeof raw === 'number' && Number.isInteger(raw) && raw >= min && raw <= max;

/** `POST /api/interfaceInfo/upstreamLimits/set`'s body; `timeoutMaxMs` is the server's INVOKE_TIMEOUT_MS. */
export function parseUpstreamLimits(
  body: Record<string, unknown>,
  timeoutMaxMs: number,
): Parsed<{ id: Id; limits: UpstreamLimits }> {
  const id = parseId(body.id);
  if (!id) return fail(MESSAGES.badId);
  const { timeoutMs, retries, maxConnections } = body;
  if (timeoutMs !== null && !wholeIn(timeoutMs, UPSTREAM_TIMEOUT_MIN_MS, timeoutMaxMs))
    return fail(UPSTREAM_SETTINGS_MESSAGES.badTimeout(timeoutMaxMs));
  if (!wholeIn(retries, 0, UPSTREAM_RETRIES_MAX)) return fail(UPSTREAM_SETTINGS_MESSAGES.badRetries);
  if (maxConnections !== null && !wholeIn(maxConnections, 1, UPSTREAM_CONNECTIONS_MAX))
    return fail(UPSTREAM_SETTINGS_MESSAGES.badMaxConnections);
  return { ok: true, value: { id, limits: { timeoutMs, retries, maxConnections } } };
}

/** `POST /api/interfaceInfo/forwardSecret/rotate`'s body: the grace is a day when left out. */
export function parseSecretRotation(body: Record<string, unknown>): Parsed<{ id: Id; graceSeconds: GraceSeconds }> {
  const id = parseId(body.id);
  if (!id) return fail(MESSAGES.badId);
  const grace = body.graceSeconds === undefined ? FORWARD_SECRET_GRACE_S : body.graceSeconds;
  if (typeof grace !== 'number' || !(GRACE_SECONDS as readonly number[]).includes(grace)) return fail(MESSAGES.badGrace);
  return { ok: true, value: { id, graceSeconds: grace as GraceSeconds } };
}

import type { HttpMethod } from '@agler/contract/constants';
import { parseJsonExact } from '@agler/contract/json';
import { paramsToQuery } from '@agler/contract/requestParams';
import { HEADER_NAME, RESERVED_HEADERS } from '@agler/contract/interfaceUpstream';

/**
 * What the platform sends to an interface's server for one call: the
 * parameters as the query string of a GET or DELETE and as a JSON body
 * otherwise, with the interface's documented request headers except the
 * placeholders a caller fills in themself (`<你的 AccessKey>`).
 */

export type OutgoingRequest = {
  /** HEAD only from the gateway, for a GET interface. */
  method: HttpMethod | 'HEAD';
  url: string;
  headers: Record<string, string>;
  body?: string;
};

const QUERY_METHODS: ReadonlySet<string> = new Set(['GET', 'DELETE']);

/** Visible ASCII, spaces and tabs: what undici sends unchanged (no line breaks, nothing beyond Latin-1 guesses). */
const HEADER_VALUE = /^[\t\x20-\x7e]*$/;
const PLACEHOLDER = /^\s*<[^<>]*>\s*$/;

export const USER_AGENT = 'Agler/1.0 (+invoke)';

/** The documented request headers that are sent: string, number and boolean values, no placeholders, nothing reserved or malformed. */
export function headersOf(requestHeader: string): Record<string, string> {
  if (!requestHeader.trim()) return {};
  let parsed: unknown;
  try {
    parsed = parseJsonExact(requestHeader);
  } catch {
    return {};
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
  const headers: Record<string, string> = {};
  for (const [name, raw] of Object.entries(parsed)) {
    if (!['string', 'number', 'boolean', 'bigint'].includes(typeof raw)) continue;
    const value = String(raw).trim();
    if (!HEADER_NAME.test(name) || RESERVED_HEADERS.has(name.toLowerCase())) continue;
    if (PLACEHOLDER.test(value) || !HEADER_VALUE.test(value)) continue;
    headers[name.toLowerCase()] = value;
  }
  return headers;
}

/** The URL with the parameters added to its own query (its own parameters stay first). */
function withQuery(url: string, added: URLSearchParams): string {
  if ([...added.keys()].length === 0) return url;
  const target = new URL(url);
  for (const [name, value] of added) target.searchParams.append(name, value);
  return target.toString();
}

type Target = { url: string; method: HttpMethod; requestHeader: string };

/**
 * The request for a call whose parameters are `query` (for GET and DELETE)
 * or the JSON text `bodyText` (for the others; sent as written, so big
 * numbers stay exact; empty means `{}`).
 */
export function requestFor(record: Target, query: URLSearchParams, bodyText: string): OutgoingRequest {
  const headers = {
    ...headersOf(record.requestHeader),
    accept: 'application/json, text/plain;q=0.9, */*;q=0.8',
    'user-agent': USER_AGENT,
  };
  if (QUERY_METHODS.has(record.method)) {
    return { method: record.method, url: withQuery(record.url, query), headers };
  }
  return {
    method: record.method,
    url: record.url,
    headers: { ...headers, 'content-type': 'application/json; charset=utf-8' },
    body: bodyText.trim() ? bodyText.trim() : '{}',
  };
}

/** The request of the console's invoke: `params` parsed from `paramsText`, the caller's JSON text. */
export function outgoingRequest(record: Target, params: unknown, paramsText: string): OutgoingRequest {
  return requestFor(record, paramsToQuery(params), paramsText);
}

/** Whether the interface takes its parameters in the query (GET, DELETE) rather than a JSON body. */
export const takesQuery = (method: string) => QUERY_METHODS.has(method);

import type { components } from './openapi';
import type { Envelope } from './types';
import { utf8Bytes } from './text';

/**
 * What the console's try-it reads besides the interface's own answer: the
 * facts of the HTTP exchange (`call` in the envelope of
 * `POST /api/interfaceInfo/invoke`) and the caller's recent calls
 * (`GET /api/interfaceInfo/invoke/history`). The mocks and the server build
 * both with the functions here, so they answer alike.
 */

type Schemas = components['schemas'];

/**
 * The interface's answer as HTTP saw it (status, response headers, time,
 * size). Present in the envelope whenever the interface answered: on
 * success, and on the 50200 of its own 4xx/5xx status; absent when the
 * platform refused or nothing came back.
 */
export type CallMeta = Schemas['CallMeta'];

/** One of the caller's own calls of an interface, newest first in the history. */
export type CallHistoryEntry = Schemas['CallHistoryEntry'];

/** The envelope of invoke: the contract's envelope and the call's meta. */
export type InvokeEnvelope = Envelope<unknown> & { call?: CallMeta };

/** Calls the history answers at most. */
export const HISTORY_LIMIT = 20;
/** The longest parameter text the history keeps, in UTF-8 bytes. */
export const HISTORY_PARAMS_MAX_BYTES = 4096;

/** How much of the upstream's response headers the caller reads. */
export const RESPONSE_HEADERS_MAX = { count: 50, bytes: 8 * 1024 } as const;

/**
 * Headers that describe one connection rather than the answer (RFC 9110
 * 7.6.1), and cookies, which are the interface's business with the
 * platform's client and no developer's to read.
 */
const HIDDEN_HEADERS: ReadonlySet<string> = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'set-cookie',
  'set-cookie2',
]);

export type RawHeaders = Record<string, string | readonly string[] | number | undefined>;

/**
 * The response headers a caller reads: names lower-cased, several values of
 * one name joined with ", ", without hop-by-hop headers (and those the
 * `Connection` header names) or cookies; in the order received, at most
 * RESPONSE_HEADERS_MAX.count of them and RESPONSE_HEADERS_MAX.bytes of names
 * and values (a header that does not fit is left out, later smaller ones
 * still come).
 */
export function responseHeadersOf(raw: RawHeaders): Record<string, string> {
  const joined = new Map<string, string>();
  for (const [rawName, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    const name = rawName.toLowerCase();
    const text = Array.isArray(value) ? value.join(', ') : String(value);
    const before = joined.get(name);
    joined.set(name, before === undefined ? text : `${before}, ${text}`);
  }
  const named = (joined.get('connection') ?? '')
    .split(',')
    .map((token) => token.trim().toLowerCase())
    .filter(Boolean);
  const hidden = new Set([...HIDDEN_HEADERS, ...named]);

  const headers: Record<string, string> = {};
  let count = 0;
  let bytes = 0;
  for (const [name, value] of joined) {
    if (hidden.has(name)) continue;
    if (count === RESPONSE_HEADERS_MAX.count) break;
    const size = utf8Bytes(name) + utf8Bytes(value);
    if (bytes + size > RESPONSE_HEADERS_MAX.bytes) continue;
    headers[name] = value;
    count += 1;
    bytes += size;
  }
  return headers;
}

/** What the call log keeps of a call's parameters: the text when it is short enough, else null and the mark that it was cut. */
export function historyParamsOf(text: string | null | undefined): {
  params: string | null;
  paramsTruncated: boolean;
} {
  if (text === null || text === undefined) return { params: null, paramsTruncated: false };
  if (utf8Bytes(text) > HISTORY_PARAMS_MAX_BYTES) return { params: null, paramsTruncated: true };
  return { params: text, paramsTruncated: false };
}

/** A history entry as answered: `paramsTruncated` only when it says something. */
export function historyEntryOf(call: {
  time: Date | number;
  status: number | null;
  success: boolean;
  durationMs: number;
  bytes: number;
  params: string | null;
  paramsTruncated: boolean;
}): CallHistoryEntry {
  const entry: CallHistoryEntry = {
    time: new Date(call.time).toISOString(),
    status: call.status,
    success: call.success,
    durationMs: call.durationMs,
    bytes: call.bytes,
    params: call.params,
  };
  if (call.paramsTruncated) entry.paramsTruncated = true;
  return entry;
}

import type { CallMeta } from '@agler/contract/invoke';
import { formatJson } from '@agler/contract/json';
import type { MessageRef } from '@agler/contract/messageKeys';
import { findNodeAtLocation, getNodeValue, parseTree } from 'jsonc-parser';
import { messageRefIn } from '@/locales/messages';

/**
 * Whose failure a call was: the platform refused it (quota, offline, a
 * refused address, a time-out: the envelope has no `call`), the interface
 * answered an error status (50200 with `call`), or nothing answered at all.
 */
export type Failure = 'platform' | 'interface' | 'network';

/** How a call ended, as the answer panel shows it. */
export type CallResult = {
  ok: boolean;
  failure?: Failure;
  /** The platform's message and code of a failure. */
  message?: string;
  /** The message's key and values, which the answer panel translates it by. */
  messageRef?: MessageRef;
  code?: number;
  /** The interface's HTTP exchange, when it answered. */
  call?: CallMeta;
  /** The body shown: the answer's data on success, the envelope on a failure; exact JSON text, '' when nothing came back. */
  bodyText: string;
  /** The content of a body that is a JSON string (the interface answered text rather than JSON). */
  textContent?: string;
  /** Milliseconds from send to answer, measured by the console. */
  ms: number;
};

/** An answer of invoke as the request layer hands it over: code 0, or an error envelope. */
export type InvokeAnswer = { code: number; message?: string; messageKey?: string; messageArgs?: unknown[]; data?: unknown; call?: CallMeta };

const isRecord = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);

/**
 * The data and call of an envelope read from the text it came as: the data's
 * own text, so ids beyond 2^53 keep every digit and the body is shown as sent.
 */
function exactParts(rawText: string | undefined): { dataText: string; textContent?: string; call?: CallMeta } | undefined {
  if (!rawText) return undefined;
  const tree = parseTree(rawText);
  if (!tree || tree.type !== 'object') return undefined;
  const data = findNodeAtLocation(tree, ['data']);
  const callNode = findNodeAtLocation(tree, ['call']);
  const call: unknown = callNode ? getNodeValue(callNode) : undefined;
  return {
    dataText: data ? rawText.slice(data.offset, data.offset + data.length) : 'null',
    textContent: data?.type === 'string' ? (getNodeValue(data) as string) : undefined,
    call: isRecord(call) ? (call as CallMeta) : undefined,
  };
}

/** The result of an answer; exact when `rawText`, the text the answer came as, is known. */
export function resultOf(answer: InvokeAnswer, rawText: string | undefined, ms: number): CallResult {
  const exact = exactParts(rawText);
  const call = exact ? exact.call : answer.call;
  const dataText = exact?.dataText ?? JSON.stringify(answer.data ?? null);
  if (answer.code === 0) {
    const textContent = exact ? exact.textContent : typeof answer.data === 'string' ? answer.data : undefined;
    return { ok: true, call, bodyText: dataText, textContent, ms };
  }
  return {
    ok: false,
    failure: call ? 'interface' : 'platform',
    message: answer.message,
    messageRef: messageRefIn(answer),
    code: answer.code,
    call,
    bodyText: `{"code":${answer.code},"data":${dataText},"message":${JSON.stringify(answer.message ?? '')}}`,
    ms,
  };
}

/** A call nothing answered (no connection, the console's own time-out). */
export function unansweredResult(message: string, ms: number): CallResult {
  return { ok: false, failure: 'network', message, bodyText: '', ms };
}

export type BodyView = 'pretty' | 'raw' | 'text';

/** The ways a body can be read: JSON pretty or as sent; a text answer as its text or as sent. */
export function viewsOf(result: CallResult): BodyView[] {
  return result.textContent !== undefined ? ['text', 'raw'] : ['pretty', 'raw'];
}

/** The body as a view shows it. */
export function bodyOf(result: CallResult, view: BodyView): string {
  if (view === 'text') return result.textContent ?? result.bodyText;
  if (view === 'pretty') return formatJson(result.bodyText) ?? result.bodyText;
  return result.bodyText;
}

const utf8 = new TextEncoder();

/** Bytes of a text in UTF-8, the encoding of every answer. */
export function byteLength(text: string): number {
  return utf8.encode(text).length;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** The size shown: the interface's body as it sent it, else the body the platform answered. */
export function sizeOf(result: CallResult): number | undefined {
  if (result.call) return result.call.bytes;
  return result.bodyText ? byteLength(result.bodyText) : undefined;
}

/** The time shown: the interface's own, else the console's from send to answer. */
export function durationOf(result: CallResult): number {
  return result.call?.durationMs ?? result.ms;
}

const REASONS: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No Content',
  301: 'Moved Permanently',
  302: 'Found',
  304: 'Not Modified',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** "200 OK", "418": the status with its reason phrase where it is a common one. */
export function statusText(status: number): string {
  const reason = REASONS[status];
  return reason ? `${status} ${reason}` : String(status);
}

/** The Tag colour of a status by its class. */
export function statusColor(status: number): 'success' | 'processing' | 'warning' | 'error' | 'default' {
  if (status >= 200 && status < 300) return 'success';
  if (status >= 300 && status < 400) return 'processing';
  if (status >= 400 && status < 500) return 'warning';
  if (status >= 500 && status < 600) return 'error';
  return 'default';
}

/** The file a downloaded body is saved as. */
export function downloadFile(interfaceId: string, view: BodyView): { name: string; type: string } {
  return view === 'text'
    ? { name: `response-${interfaceId}.txt`, type: 'text/plain;charset=utf-8' }
    : { name: `response-${interfaceId}.json`, type: 'application/json;charset=utf-8' };
}

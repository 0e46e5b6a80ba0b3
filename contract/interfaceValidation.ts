import { HTTP_METHODS, INTERFACE_LIMITS } from './constants';
import type { HttpMethod } from './constants';
import { INTERFACE_FIELD_LABELS, INTERFACE_FIELDS, JSON_FIELDS } from './interfaceFields';
import type { InterfaceField, JsonField } from './interfaceFields';
import { checkJson } from './json';
import { keyedMessages, textOf } from './messageKeys';
import type { Message } from './messageKeys';
import { TEXT_MESSAGES } from './messages';
import { textFault } from './text';

/**
 * The contract's rules for an interface's fields (config/openapi.json,
 * InterfaceInfoAddRequest): one source for the admin form and the server, so
 * both say the same thing in the same words.
 */

export { INTERFACE_FIELDS, INTERFACE_FIELD_LABELS, JSON_FIELDS } from './interfaceFields';
export type { InterfaceField, JsonField } from './interfaceFields';

const L = INTERFACE_FIELD_LABELS;

export const INTERFACE_VALIDATION_TEXTS = keyedMessages('interfaceFields', {
  required: (field: InterfaceField) => `请输入${L[field]}`,
  notText: (field: InterfaceField) => `${L[field]}必须是文本`,
  tooLong: (field: InterfaceField, max: number) => `${L[field]}不能超过 ${max} 个字符`,
  url: `${L.url}必须是以 http:// 或 https:// 开头的完整地址`,
  method: `${L.method}必须是 ${HTTP_METHODS.join('、')} 之一`,
  /** A JSON field's problem, named; `detail` is checkJson's line/column message. */
  json: (field: JsonField, detail: Message) => `${L[field]}：${textOf(detail)}`,
  notObject: '请求体必须是 JSON 对象',
  /** Controls and bidirectional controls alike; a lone surrogate has its own (TEXT_MESSAGES). */
  unsafeCharacters: (field: InterfaceField) => `${L[field]}不能包含控制字符或文字方向控制字符`,
} as const, { json: [1] });

const T = INTERFACE_VALIDATION_TEXTS;

const MAX_LENGTH: Partial<Record<InterfaceField, number>> = {
  name: INTERFACE_LIMITS.nameMax,
  description: INTERFACE_LIMITS.descriptionMax,
  url: INTERFACE_LIMITS.urlMax,
  requestParams: INTERFACE_LIMITS.jsonTextMax,
  requestHeader: INTERFACE_LIMITS.jsonTextMax,
  responseHeader: INTERFACE_LIMITS.jsonTextMax,
};

/** Scheme, `//`, a host, and no whitespace anywhere: what "absolute http(s) URL" means here. */
const ABSOLUTE_HTTP_URL = /^https?:\/\/[^\s/?#]+[^\s]*$/i;

export function isAbsoluteHttpUrl(text: string): boolean {
  if (!ABSOLUTE_HTTP_URL.test(text)) return false;
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

export function isHttpMethod(value: unknown): value is HttpMethod {
  return typeof value === 'string' && (HTTP_METHODS as readonly string[]).includes(value);
}

function isJsonField(field: InterfaceField): field is JsonField {
  return (JSON_FIELDS as readonly string[]).includes(field);
}

/**
 * What is wrong with one field's value, or undefined when it is fine. A value
 * that is absent (undefined or null) counts as empty. Names and URLs are judged
 * without surrounding whitespace, as they are stored.
 */
export function checkInterfaceField(field: InterfaceField, value: unknown): Message | undefined {
  if (value !== undefined && value !== null && typeof value !== 'string') return T.notText(field);
  const text = field === 'name' || field === 'url' ? (value ?? '').trim() : (value ?? '');

  if (field === 'method') return isHttpMethod(text) ? undefined : text ? T.method : T.required(field);
  if ((field === 'name' || field === 'url') && !text) return T.required(field);
  const max = MAX_LENGTH[field];
  if (max !== undefined && text.length > max) return T.tooLong(field, max);
  // JSON texts and descriptions are written on several lines, as the admin form's text areas let them.
  const fault = textFault(text, { lineBreaks: isJsonField(field) || field === 'description' });
  if (fault === 'loneSurrogate') return TEXT_MESSAGES.field(L[field], fault);
  if (fault) return T.unsafeCharacters(field);
  if (field === 'url' && !isAbsoluteHttpUrl(text)) return T.url;
  if (isJsonField(field)) {
    const detail = checkJson(text, { allowEmpty: true });
    return detail ? T.json(field, detail) : undefined;
  }
  return undefined;
}

export type InterfaceFieldError = { field: InterfaceField; message: Message };

/**
 * The first problem of an interface's fields, in the contract's order, or
 * undefined. With `partial` (an update) only the fields present are checked.
 */
export function validateInterface(
  input: unknown,
  options: { partial?: boolean } = {},
): InterfaceFieldError | { field: undefined; message: Message } | undefined {
  if (!input || typeof input !== 'object' || Array.isArray(input))
    return { field: undefined, message: T.notObject };
  const values = input as Record<string, unknown>;
  for (const field of INTERFACE_FIELDS) {
    if (options.partial && values[field] === undefined) continue;
    const message = checkInterfaceField(field, values[field]);
    if (message) return { field, message };
  }
  return undefined;
}

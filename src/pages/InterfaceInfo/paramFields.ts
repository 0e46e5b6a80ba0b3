import { buildExample } from '@agler/contract/example';
import { checkJson } from '@agler/contract/json';
import type { RequestParam } from '@agler/contract/requestParams';
import { translateMessage } from '@/locales/messages';
import { isLosslessNumber, isNumber, LosslessNumber, parse as parseLossless, stringify as stringifyLossless } from 'lossless-json';
import { FORM_TEXTS } from './texts';

/**
 * The console's parameter form and its JSON text are one value seen two ways.
 * The JSON text is what is sent, saved and shown in the samples; the form
 * reads each declared parameter out of it and writes back only the parameter
 * that was edited, so keys the form does not know (and every number, however
 * long) stay exactly as they were written.
 *
 * Every form field holds text (or nothing): a number field its digits, an
 * object field its JSON, a boolean field 'true' or 'false'.
 */

export type FieldKind = 'string' | 'enum' | 'number' | 'integer' | 'boolean' | 'object' | 'array';

export type EnumOption = { value: string; label: string; isDefault: boolean };

export type ParamField = {
  name: string;
  kind: FieldKind;
  /** The type as the interface documents it. */
  type: string;
  required: boolean;
  description: string;
  /** The values of an enum, in the description's order. */
  options: EnumOption[];
  /** An example value as text, shown while the field is empty. */
  placeholder: string;
};

/** A form field's value: text, or nothing when the parameter is not sent. */
export type FieldValue = string | undefined;

const KIND_OF_TYPE: Record<string, FieldKind> = {
  string: 'string',
  str: 'string',
  text: 'string',
  number: 'number',
  float: 'number',
  double: 'number',
  decimal: 'number',
  integer: 'integer',
  int: 'integer',
  int32: 'integer',
  int64: 'integer',
  long: 'integer',
  boolean: 'boolean',
  bool: 'boolean',
  object: 'object',
  map: 'object',
  json: 'object',
  array: 'array',
  list: 'array',
};

/** The kind of field for a documented type; a type nobody declared that way is typed as text. */
export function kindOfType(type: string): Exclude<FieldKind, 'enum'> {
  const key = type.trim().toLowerCase();
  if (key.endsWith('[]')) return 'array';
  return (KIND_OF_TYPE[key] as Exclude<FieldKind, 'enum'> | undefined) ?? 'string';
}

const DEFAULT_MARK = /\s*[(（]\s*(?:默认|default)\s*[)）]\s*/i;
const LIST_SEPARATOR = /\s*(?:、|,|，|\/|\||或|\bor\b)\s*/i;
/** A value as code writes it: all lower case, all upper case (USD), digits, with _ . + - inside. */
const ENUM_VALUE = /^(?:[a-z0-9][a-z0-9_.+-]*|[A-Z0-9][A-Z0-9_.+-]*)$/;
/** A label after a value is words of another script (c 摄氏度), never more English. */
const ENUM_LABEL = /^[^A-Za-z]+$/;
const MAX_ENUM_VALUES = 20;

/**
 * The values a string parameter's description lists, or none. The rule: the
 * description, or the part after its first colon (：or :), is a list of at
 * least two items separated by 、 , ， / | 或 or "or"; each item is a value
 * written as code (lower case, upper case or digits: male, sha256, USD),
 * optionally followed by a label in another script ("c 摄氏度") and a default
 * mark ("（默认）", "(default)"). "温度单位：c 摄氏度（默认）或 f 华氏度" and
 * "md5, sha1 or sha256 (default)" are enums; "城市名，如 北京、上海" and
 * "Name or email" are not.
 */
export function enumOptionsOf(description: string): EnumOption[] {
  const colon = description.search(/[:：]/);
  const list = (colon >= 0 ? description.slice(colon + 1) : description).trim().replace(/[。.；;]$/, '');
  if (!list) return [];
  const items = list.split(LIST_SEPARATOR);
  if (items.length < 2 || items.length > MAX_ENUM_VALUES) return [];
  const options: EnumOption[] = [];
  for (const item of items) {
    const isDefault = DEFAULT_MARK.test(item);
    const rest = item.replace(DEFAULT_MARK, ' ').trim();
    const [value, ...labelWords] = rest.split(/\s+/);
    const label = labelWords.join(' ');
    if (!value || !ENUM_VALUE.test(value) || (label && !ENUM_LABEL.test(label))) return [];
    if (options.some((option) => option.value === value)) return [];
    options.push({ value, label: label ? `${value} ${label}` : value, isDefault });
  }
  return options;
}

function exampleTextOf(value: unknown): string {
  if (value === undefined) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The form's fields for a parameter list, in its order. */
export function fieldsOf(params: readonly RequestParam[]): ParamField[] {
  const example = buildExample(params);
  return params.map((param) => {
    const base = kindOfType(param.type);
    const options = base === 'string' ? enumOptionsOf(param.description) : [];
    return {
      name: param.name,
      kind: options.length ? 'enum' : base,
      type: param.type,
      required: param.required,
      description: param.description,
      options,
      placeholder: base === 'boolean' ? '' : exampleTextOf(example[param.name]),
    };
  });
}

type JsonObject = Record<string, unknown>;

const isObject = (value: unknown): value is JsonObject => !!value && typeof value === 'object' && !Array.isArray(value) && !isLosslessNumber(value);

/** The parameters' JSON object, numbers kept as written; undefined when the text is not a JSON object (empty text is an empty one). */
export function paramsObjectOf(text: string): JsonObject | undefined {
  if (!text.trim()) return {};
  if (checkJson(text) !== undefined) return undefined;
  const value = parseLossless(text);
  return isObject(value) ? value : undefined;
}

/** Why the form cannot show a text, in the page's language: it is not JSON, or not an object; undefined when it can. */
export function formProblemOf(text: string): string | undefined {
  const jsonError = checkJson(text, { allowEmpty: true });
  if (jsonError) return translateMessage(jsonError);
  return paramsObjectOf(text) ? undefined : FORM_TEXTS.notAnObject;
}

const pretty = (value: unknown) => stringifyLossless(value, null, 2) ?? '';

/** A JSON value as a field of this kind shows it. */
function fieldValueOf(value: unknown, kind: FieldKind): FieldValue {
  if (value === undefined || value === null) return undefined;
  if (isLosslessNumber(value)) return value.toString();
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return String(value);
  return kind === 'object' || kind === 'array' ? pretty(value) : stringifyLossless(value) ?? undefined;
}

/** The form's values for a parameter text (every field named: absent parameters are empty); undefined when the form cannot show the text. */
export function formValuesOf(text: string, fields: readonly ParamField[]): Record<string, FieldValue> | undefined {
  const params = paramsObjectOf(text);
  if (!params) return undefined;
  const values: Record<string, FieldValue> = {};
  for (const field of fields) values[field.name] = fieldValueOf(params[field.name], field.kind);
  return values;
}

/** Why a field's value cannot be sent as its type, in the page's language (an empty one is the required rule's business); undefined when it can. */
export function fieldProblem(field: ParamField, value: FieldValue): string | undefined {
  if (value === undefined || value === '') return undefined;
  switch (field.kind) {
    case 'integer':
      return /^-?\d+$/.test(value.trim()) ? undefined : FORM_TEXTS.notInteger(field.name);
    case 'number':
      return isNumber(value.trim()) ? undefined : FORM_TEXTS.notNumber(field.name);
    case 'boolean':
      return value === 'true' || value === 'false' ? undefined : FORM_TEXTS.notBoolean(field.name);
    case 'object':
    case 'array': {
      const jsonError = checkJson(value);
      if (jsonError) return translateMessage(jsonError);
      const parsed = parseLossless(value);
      if (field.kind === 'object' && !isObject(parsed)) return FORM_TEXTS.notObject(field.name);
      if (field.kind === 'array' && !Array.isArray(parsed)) return FORM_TEXTS.notArray(field.name);
      return undefined;
    }
    default:
      return undefined;
  }
}

/** A field's value as the JSON value it sends. */
function jsonValueOf(field: ParamField, value: string): unknown {
  switch (field.kind) {
    case 'integer':
    case 'number':
      return new LosslessNumber(value.trim());
    case 'boolean':
      return value === 'true';
    case 'object':
    case 'array':
      return parseLossless(value);
    default:
      return value;
  }
}

/**
 * The parameter text after one field was edited: that parameter set (or left
 * out when the field is empty), every other key as it was. A parameter that
 * was not in the text goes before the first key `declared` after it (the
 * documented order, so that one emptied and filled again is not moved to the
 * end), else last. The text stays as it was when it is not a JSON object or
 * the value is not of the field's type (the field says why).
 */
export function withFieldValue(
  text: string,
  field: ParamField,
  value: FieldValue,
  declared: readonly string[] = [],
): string {
  const params = paramsObjectOf(text);
  if (!params || fieldProblem(field, value)) return text;
  const { name } = field;
  if (value === undefined || value === '') {
    const { [name]: _removed, ...rest } = params;
    return Object.keys(rest).length ? pretty(rest) : '{}';
  }
  const sent = jsonValueOf(field, value);
  if (Object.hasOwn(params, name)) return pretty({ ...params, [name]: sent });
  const position = declared.indexOf(name);
  const later = new Set(position < 0 ? [] : declared.slice(position + 1));
  const entries = Object.entries(params);
  const at = entries.findIndex(([key]) => later.has(key));
  entries.splice(at < 0 ? entries.length : at, 0, [name, sent]);
  return pretty(Object.fromEntries(entries));
}

/**
 * An interface's `requestParams` is a JSON text holding a list of parameter
 * descriptions (config/openapi.json). Backends and people write it by hand,
 * so reading it is lenient: anything that is not such a list is kept as raw
 * text for the page to show as it is.
 */

export const PARAM_TYPES = ['string', 'number', 'integer', 'boolean', 'object', 'array'] as const;
export type ParamType = (typeof PARAM_TYPES)[number];

export type RequestParam = {
  name: string;
  /** One of PARAM_TYPES as a rule; another word written by hand is kept. */
  type: string;
  required: boolean;
  description: string;
};

export type ParsedRequestParams =
  | { kind: 'empty' }
  | { kind: 'list'; params: RequestParam[] }
  /** Not a parameter list: the text as written (it may still be valid JSON). */
  | { kind: 'raw'; text: string };

const TRUE_TEXTS = new Set(['true', 'yes', '1', '是']);

function toRequired(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0;
  if (typeof value === 'string') return TRUE_TEXTS.has(value.trim().toLowerCase());
  return false;
}

function toText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}

/** One entry of the list, or undefined when it is not a parameter description. */
function toParam(value: unknown): RequestParam | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const entry = value as Record<string, unknown>;
  const name = toText(entry.name).trim();
  if (!name) return undefined;
  return {
    name,
    type: toText(entry.type).trim() || 'string',
    required: toRequired(entry.required),
    description: toText(entry.description ?? entry.desc),
  };
}

/** Reads `requestParams`: empty, a list of parameters, or raw text. */
export function parseRequestParams(text: string | null | undefined): ParsedRequestParams {
  if (!text || !text.trim()) return { kind: 'empty' };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { kind: 'raw', text };
  }
  if (!Array.isArray(value)) return { kind: 'raw', text };
  const params: RequestParam[] = [];
  for (const item of value) {
    const param = toParam(item);
    if (!param) return { kind: 'raw', text };
    params.push(param);
  }
  return params.length ? { kind: 'list', params } : { kind: 'empty' };
}

/** The parameters of `text` when it is such a list (an empty list for empty text), else undefined. */
export function requestParamList(text: string | null | undefined): RequestParam[] | undefined {
  const parsed = parseRequestParams(text);
  if (parsed.kind === 'list') return parsed.params;
  return parsed.kind === 'empty' ? [] : undefined;
}

/**
 * The JSON text stored in `requestParams` for a list of parameters; rows
 * without a name are dropped and an empty list gives the empty text.
 */
export function serializeRequestParams(params: readonly Partial<RequestParam>[], options: { pretty?: boolean } = {}): string {
  const rows = params.map(toParam).filter((p): p is RequestParam => p !== undefined);
  if (rows.length === 0) return '';
  return JSON.stringify(rows, null, options.pretty ? 2 : undefined);
}

/**
 * Parameters of a GET or DELETE call travel in the query string: scalars as
 * their text, objects and arrays as JSON text; absent (null/undefined) ones
 * are left out. Only a plain object has parameters; anything else has none.
 */
export function paramsToQuery(params: unknown): URLSearchParams {
  const query = new URLSearchParams();
  if (!params || typeof params !== 'object' || Array.isArray(params)) return query;
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    query.append(name, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  return query;
}

function fromText(text: string, type: string): unknown {
  switch (type) {
    case 'number':
    case 'integer': {
      const value = Number(text);
      return text.trim() !== '' && Number.isFinite(value) ? value : text;
    }
    case 'boolean':
      return text === 'true' ? true : text === 'false' ? false : text;
    case 'object':
    case 'array':
      try {
        return JSON.parse(text);
      } catch {
        return text;
      }
    default:
      return text;
  }
}

/**
 * The inverse of paramsToQuery for a receiver that knows the declared types:
 * each value is read as its parameter's type where it can be (a value that is
 * not of that type stays text, for the receiver's own check to name it).
 */
export function paramsFromQuery(query: URLSearchParams, declared: readonly RequestParam[]): Record<string, unknown> {
  const types = new Map(declared.map((p) => [p.name, p.type]));
  const params: Record<string, unknown> = {};
  for (const [name, text] of query) params[name] = fromText(text, types.get(name) ?? 'string');
  return params;
}

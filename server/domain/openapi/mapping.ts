import { HTTP_METHODS, INTERFACE_LIMITS } from '@agler/contract/constants';
import type { HttpMethod } from '@agler/contract/constants';
import { isAbsoluteHttpUrl, validateInterface } from '@agler/contract/interfaceValidation';
import { textOf } from '@agler/contract/messageKeys';
import type { Message } from '@agler/contract/messageKeys';
import { IMPORT_MESSAGES } from '@agler/contract/messages';
import { GATEWAY_RESPONSE_HEADERS, IMPORT_LIMITS, PLATFORM_EXTENSION } from '@agler/contract/openapiImport';
import type { ImportDraft } from '@agler/contract/openapiImport';
import { PARAM_TYPES, serializeRequestParams } from '@agler/contract/requestParams';
import type { RequestParam } from '@agler/contract/requestParams';

/**
 * From a validated, dereferenced OpenAPI 3.x or Swagger 2.0 document to the
 * interfaces it describes: one draft per operation, in the document's order.
 * No I/O: the document has been read and checked (./document.ts) and every
 * `$ref` in it replaced by what it points at. Cycles stay cycles (every walk
 * here is bounded by the schemas it has already seen), and a schema that
 * several `$ref`s share is one object: what is worked out from it is kept
 * and reused, and a budget counts the nodes walked, so a small document
 * cannot describe an exponential tree.
 */

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const asObject = (value: unknown): Json => (isObject(value) ? value : {});
const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const asText = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The methods OpenAPI knows, in the order a path item lists them when nothing else decides. */
const OPENAPI_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

// eslint-disable-next-line no-control-regex
const UNSAFE =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** A document's text as a field may hold it: no control or direction characters, one line unless `multiline`. */
function cleanText(text: string, multiline: boolean): string {
  const safe = text.replace(UNSAFE, '').replace(LONE_SURROGATE, '');
  return (multiline ? safe.replace(/\r\n?/g, '\n') : safe.replace(/\s+/g, ' ')).trim();
}

/** At most `max` characters, the last one an ellipsis when it was cut (never halving a surrogate pair). */
export function clip(text: string, max: number): { text: string; cut: boolean } {
  if (text.length <= max) return { text, cut: false };
  let end = max - 1;
  if (/[\ud800-\udbff]/.test(text[end - 1] ?? '')) end -= 1;
  return { text: `${text.slice(0, end).trimEnd()}…`, cut: true };
}

export type Specification = { kind: 'swagger2' | 'openapi3'; label: string };

/** Which spec a parsed document claims, or undefined when it claims none this import reads. */
export function specificationOf(doc: Json): Specification | { unsupported: string } | undefined {
  if (doc.swagger !== undefined) {
    return String(doc.swagger) === '2.0'
      ? { kind: 'swagger2', label: 'Swagger 2.0' }
      : { unsupported: String(doc.swagger) };
  }
  if (doc.openapi !== undefined) {
    const version = String(doc.openapi);
    return /^3\.[01]\.\d+(-.+)?$/.test(version)
      ? { kind: 'openapi3', label: `OpenAPI ${version}` }
      : { unsupported: version };
  }
  return undefined;
}

/** `{variable}`s of a server URL replaced by their defaults. */
function serverUrlOf(server: unknown): string | undefined {
  const entry = asObject(server);
  const url = asText(entry.url).trim();
  if (!url) return undefined;
  const variables = asObject(entry.variables);
  return url.replace(/\{([^}]+)\}/g, (whole, name: string) => {
    const value = asObject(variables[name]).default;
    return typeof value === 'string' || typeof value === 'number' ? String(value) : whole;
  });
}

/** The document's own base address (absolute or not), Swagger's host + basePath or the first server. */
function documentBase(doc: Json, spec: Specification): string {
  if (spec.kind === 'swagger2') {
    const basePath = asText(doc.basePath);
    const host = asText(doc.host);
    if (!host) return basePath;
    const schemes = asArray(doc.schemes).map(String);
    const scheme = schemes.includes('https') || schemes.length === 0 ? 'https' : schemes[0];
    return `${scheme}://${host}${basePath}`;
  }
  return serverUrlOf(asArray(doc.servers)[0]) ?? '';
}

const trimSlashes = (text: string) => text.replace(/\/+$/, '');

/** The base joined with a relative server address, or undefined when no absolute address can be made. */
function absoluteBase(base: string, baseUrl: string | undefined): string | undefined {
  if (isAbsoluteHttpUrl(base)) return trimSlashes(base);
  if (!baseUrl) return undefined;
  const relative = trimSlashes(base);
  return `${trimSlashes(baseUrl)}${relative && !relative.startsWith('/') ? '/' : ''}${relative}`;
}

/** The mapping went past a budget: the document is refused with `refusal`. */
export class OverBudget extends Error {
  constructor(readonly refusal: Message) {
    super(textOf(refusal));
    this.name = 'OverBudget';
  }
}

/**
 * The nodes one mapping may still visit (IMPORT_LIMITS.expansionMax), and what it has worked out
 * from schemas that many `$ref`s share, so each is merged and written out once.
 */
export class Budget {
  private left: number;

  readonly merged = new Map<Json, Merged>();

  readonly schemaTexts = new Map<Json, string | undefined>();

  constructor(readonly max: number = IMPORT_LIMITS.expansionMax) {
    this.left = max;
  }

  /** Counts `nodes` visits; past the limit the whole mapping stops. */
  visit(nodes = 1): void {
    this.left -= nodes;
    if (this.left < 0) throw new OverBudget(IMPORT_MESSAGES.tooExpanded(this.max));
  }
}

/**
 * Whether a value's JSON can be at most `max` characters, judged by its node count (each node
 * writes at least one), so a shared or circular value is never walked or written out in full.
 */
function fitsJson(value: unknown, max: number): boolean {
  let left = max;
  const walk = (item: unknown): boolean => {
    left -= 1;
    if (left < 0) return false;
    if (typeof item !== 'object' || item === null) return true;
    return Object.values(item).every(walk);
  };
  return walk(value);
}

/** The value as JSON when that is at most `max` characters, otherwise undefined. */
function shortJson(value: unknown, max: number): string | undefined {
  if (!fitsJson(value, max)) return undefined;
  const text = JSON.stringify(value);
  return text !== undefined && text.length <= max ? text : undefined;
}

// ---------------------------------------------------------------- schemas

/** A schema's type word as a parameter type: one of PARAM_TYPES. */
function typeOf(schema: Json): string {
  const declared = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (typeof declared === 'string') {
    if (declared === 'file') return 'string';
    if ((PARAM_TYPES as readonly string[]).includes(declared)) return declared;
  }
  if (isObject(schema.properties) || schema.additionalProperties !== undefined) return 'object';
  if (schema.items !== undefined) return 'array';
  return 'string';
}

type Merged = { properties: Map<string, Json>; required: Set<string>; schema: Json };

/**
 * A schema with its `allOf` merged in, and for `oneOf`/`anyOf` the union of
 * the alternatives' properties, required only when every alternative requires it.
 */
function merge(schema: Json, seen: Set<object>, budget: Budget): Merged {
  budget.visit();
  const merged: Merged = { properties: new Map(), required: new Set(), schema };
  if (seen.has(schema)) return merged;
  seen.add(schema);
  const addOwn = (part: Merged) => {
    for (const [name, value] of part.properties)
      if (!merged.properties.has(name)) merged.properties.set(name, value);
    for (const name of part.required) merged.required.add(name);
  };
  const own = Object.entries(asObject(schema.properties));
  budget.visit(own.length);
  for (const [name, value] of own) merged.properties.set(name, asObject(value));
  for (const name of asArray(schema.required)) if (typeof name === 'string') merged.required.add(name);
  for (const part of asArray(schema.allOf)) if (isObject(part)) addOwn(merge(part, seen, budget));
  for (const key of ['oneOf', 'anyOf']) {
    const alternatives = asArray(schema[key])
      .filter(isObject)
      .map((part) => merge(part, new Set(seen), budget));
    if (alternatives.length === 0) continue;
    for (const alternative of alternatives)
      for (const [name, value] of alternative.properties)
        if (!merged.properties.has(name)) merged.properties.set(name, value);
    for (const name of alternatives[0].required)
      if (alternatives.every((a) => a.required.has(name))) merged.required.add(name);
  }
  seen.delete(schema);
  return merged;
}

/** A schema merged as merge() does from the top, once for each schema however often it is reached. */
function mergedOf(schema: Json, budget: Budget): Merged {
  let merged = budget.merged.get(schema);
  if (!merged) {
    merged = merge(schema, new Set(), budget);
    budget.merged.set(schema, merged);
  }
  return merged;
}

/** Whether a schema describes structure beyond its type word: its shape is then worth keeping. */
function hasStructure(schema: Json, budget: Budget): boolean {
  const seen = new Set<Json>();
  // A loop along `items`, which may lead back to the schema itself.
  for (let current = schema; !seen.has(current);) {
    seen.add(current);
    budget.visit();
    if (Object.keys(asObject(current.properties)).length > 0) return true;
    if (['allOf', 'oneOf', 'anyOf'].some((key) => current[key] !== undefined)) return true;
    if (isObject(current.additionalProperties)) return true;
    if (!isObject(current.items)) return false;
    const { items } = current;
    if (items.type === 'object' || items.type === 'array') return true;
    current = items;
  }
  return false;
}

const SCHEMA_KEYS = [
  'type',
  'format',
  'enum',
  'required',
  'description',
  'items',
  'properties',
  'additionalProperties',
  'allOf',
  'oneOf',
  'anyOf',
  'nullable',
  'default',
  'example',
];

/** Thrown by compactSchema when the copy cannot fit IMPORT_LIMITS.schemaTextMax. */
class TooLong extends Error {}

/**
 * A compact copy of a schema (its structural keys, cycles cut, depth bounded) for a description;
 * a value that is not itself a schema is kept only when it is short. Each node visited writes at
 * least one character, so past `nodes.left` visits the copy cannot fit and TooLong ends the walk.
 */
function compactSchema(
  schema: unknown,
  seen: Set<object>,
  depth: number,
  nodes: { left: number },
  budget: Budget,
): unknown {
  budget.visit();
  nodes.left -= 1;
  if (nodes.left < 0) throw new TooLong();
  if (!isObject(schema)) return fitsJson(schema, IMPORT_LIMITS.schemaTextMax) ? schema : {};
  if (seen.has(schema) || depth > 6) return {};
  seen.add(schema);
  const copy: Json = {};
  for (const key of SCHEMA_KEYS) {
    if (schema[key] === undefined) continue;
    const value = schema[key];
    if (key === 'properties') {
      copy.properties = Object.fromEntries(
        Object.entries(asObject(value)).map(([name, sub]) => [
          name,
          compactSchema(sub, seen, depth + 1, nodes, budget),
        ]),
      );
    } else if (key === 'allOf' || key === 'oneOf' || key === 'anyOf') {
      copy[key] = asArray(value).map((sub) => compactSchema(sub, seen, depth + 1, nodes, budget));
    } else if (key === 'items' || key === 'additionalProperties') {
      copy[key] = compactSchema(value, seen, depth + 1, nodes, budget);
    } else if (fitsJson(value, IMPORT_LIMITS.schemaTextMax)) copy[key] = value;
  }
  seen.delete(schema);
  return copy;
}

/** A schema's compact copy as JSON text when it fits IMPORT_LIMITS.schemaTextMax, written once per schema. */
function schemaTextOf(schema: Json, budget: Budget): string | undefined {
  if (budget.schemaTexts.has(schema)) return budget.schemaTexts.get(schema);
  let text: string | undefined;
  try {
    text = JSON.stringify(compactSchema(schema, new Set(), 0, { left: IMPORT_LIMITS.schemaTextMax }, budget));
  } catch (error) {
    if (!(error instanceof TooLong)) throw error;
  }
  if (text !== undefined && text.length > IMPORT_LIMITS.schemaTextMax) text = undefined;
  budget.schemaTexts.set(schema, text);
  return text;
}

const scalarText = (value: unknown): string | undefined =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? String(value)
    : undefined;

function exampleOf(holder: Json, schema: Json): unknown {
  if (holder.example !== undefined) return holder.example;
  const examples = holder.examples;
  if (isObject(examples)) {
    const first = Object.values(examples)[0];
    if (isObject(first) && first.value !== undefined) return first.value;
  }
  if (schema.example !== undefined) return schema.example;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  return undefined;
}

/** A parameter, with its schema's compact JSON text, and the schema itself when that text may need summarising. */
type Draft = { param: RequestParam; schemaText?: string; schema?: Json };

/** The longest example a parameter's description quotes, in characters. */
const EXAMPLE_MAX = 200;

/** A schema's parameter type: `object` for one composed of parts with properties but no type word. */
function typeWordOf(schema: Json, budget: Budget): string {
  const composed = schema.type === undefined && mergedOf(schema, budget).properties.size > 0;
  return composed ? 'object' : typeOf(schema);
}

/** One parameter: its description with enum values and an example added, a nested shape kept as JSON Schema. */
function paramOf(name: string, holder: Json, schema: Json, required: boolean, budget: Budget): Draft {
  budget.visit();
  const type = typeWordOf(schema, budget);
  const parts = [cleanText(asText(holder.description) || asText(schema.description), true)];
  const values = asArray(schema.enum ?? asObject(schema.items).enum)
    .map(scalarText)
    .filter((v) => v !== undefined)
    // An empty value would vanish between the separators.
    .map((v) => (v === '' ? '""' : v));
  if (values.length) parts.push(`可选值：${values.join('、')}`);
  const example = exampleOf(holder, schema);
  if (example !== undefined) {
    const text = scalarText(example) ?? shortJson(example, EXAMPLE_MAX);
    if (text && text.length <= EXAMPLE_MAX) parts.push(`示例：${cleanText(text, false)}`);
  }
  const description = parts.filter(Boolean).join('；');
  const draft: Draft = { param: { name, type, required, description } };
  if ((type === 'object' || type === 'array') && hasStructure(schema, budget)) {
    const text = schemaTextOf(schema, budget);
    if (text !== undefined) {
      draft.schemaText = text;
      draft.schema = schema;
    }
  }
  return draft;
}

/**
 * A schema cut to its top level, for a parameters' text that is too long with the whole schemas:
 * each property's type word and which are required (an array's items likewise), or undefined when
 * even that is longer than IMPORT_LIMITS.schemaTextMax.
 */
function summaryTextOf(schema: Json, budget: Budget): string | undefined {
  const topLevel = (part: Json): Json => {
    const merged = mergedOf(part, budget);
    const summary: Json = { type: typeWordOf(part, budget) };
    if (merged.properties.size)
      summary.properties = Object.fromEntries(
        [...merged.properties].map(([name, property]) => [name, { type: typeWordOf(property, budget) }]),
      );
    if (merged.required.size) summary.required = [...merged.required];
    return summary;
  };
  const summary =
    typeOf(schema) === 'array' && isObject(schema.items)
      ? { type: 'array', items: topLevel(schema.items) }
      : topLevel(schema);
  const text = JSON.stringify(summary);
  return text.length <= IMPORT_LIMITS.schemaTextMax ? text : undefined;
}

/**
 * The parameters a request body's schema gives: its properties, or the whole body as one `body`
 * parameter. An optional body that is an object of no properties (Stripe's GET and DELETE declare
 * one) gives none.
 */
function bodyParams(schema: Json, required: boolean, budget: Budget): Draft[] {
  const merged = mergedOf(schema, budget);
  if (merged.properties.size === 0 || typeOf(schema) === 'array') {
    if (Object.keys(schema).length === 0) return [];
    if (!required && typeOf(schema) === 'object' && !hasStructure(schema, budget)) return [];
    return [paramOf('body', {}, schema, required, budget)];
  }
  return [...merged.properties].map(([name, property]) =>
    paramOf(name, {}, property, merged.required.has(name), budget),
  );
}

// ---------------------------------------------------------------- operations

export type MappedOperation = {
  index: number;
  operation: string;
  name: string;
  /** Undefined when the operation cannot become an interface: `reason` says why. */
  draft?: ImportDraft;
  /** A message built from values is plain data, so it crosses from the reading thread with its key. */
  reason?: Message;
  /** What was adjusted to fit. */
  notes: Message[];
};

export type Mapping = { operations: MappedOperation[]; baseUrlRequired: boolean };

/** Counts a document's operations (the limit is checked before anything heavier). */
export function countOperations(doc: Json): number {
  let count = 0;
  for (const item of Object.values(asObject(doc.paths)))
    for (const key of Object.keys(asObject(item))) if (OPENAPI_METHODS.includes(key)) count += 1;
  return count;
}

/**
 * The request headers a security requirement asks for, the query parameters (apiKey in query) and
 * the cookies (apiKey in cookie).
 */
function securityOf(
  doc: Json,
  operation: Json,
  spec: Specification,
  headers: Json,
  params: Draft[],
  cookies: Cookie[],
) {
  const requirements = asArray(operation.security ?? doc.security).filter(isObject);
  const first = requirements[0];
  if (!first) return;
  const schemes = asObject(
    spec.kind === 'swagger2' ? doc.securityDefinitions : asObject(doc.components).securitySchemes,
  );
  for (const name of Object.keys(first)) {
    const scheme = asObject(schemes[name]);
    const type = asText(scheme.type);
    const description = cleanText(asText(scheme.description), true);
    if (type === 'apiKey') {
      const key = asText(scheme.name);
      if (!key) continue;
      if (scheme.in === 'header') headers[key] ??= '<API Key>';
      else if (scheme.in === 'cookie') {
        if (!cookies.some((c) => c.name === key)) cookies.push({ name: key, value: undefined });
      } else if (scheme.in === 'query' && !params.some((p) => p.param.name === key))
        params.push({
          param: { name: key, type: 'string', required: true, description: description || 'API Key' },
        });
    } else if (type === 'basic' || (type === 'http' && asText(scheme.scheme).toLowerCase() === 'basic')) {
      headers.Authorization ??= '<Basic 凭据>';
    } else if (type === 'http') {
      const word = asText(scheme.scheme);
      headers.Authorization ??= word.toLowerCase() === 'bearer' ? '<Bearer 令牌>' : `<${word} 凭据>`;
    } else if (type === 'oauth2' || type === 'openIdConnect') {
      headers.Authorization ??= '<Bearer 令牌>';
    }
  }
}

/** A cookie parameter: its name, and its example or default when the document gives one. */
type Cookie = { name: string; value: string | undefined };

/**
 * The cookies as one `Cookie` request header, `name=value; …`. When any of them has no value the
 * whole header is a placeholder (`<session=…; lang=en>`), so that 在线调用 and the gateway, which
 * never send a placeholder, never send a made-up cookie either.
 */
function cookieHeader(cookies: Cookie[]): string {
  const pairs = cookies.map(({ name, value }) => `${name}=${value ?? '…'}`).join('; ');
  return cookies.every((c) => c.value !== undefined) ? pairs : `<${pairs.replace(/[<>]/g, '')}>`;
}

/** The first 2xx response's headers (with its media type as Content-Type), as the interface's responseHeader. */
function responseHeadersOf(doc: Json, operation: Json, spec: Specification, ours: boolean): string {
  const responses = asObject(operation.responses);
  const key = Object.keys(responses).find((code) => /^2(\d\d|XX)$/i.test(code));
  if (!key) return '';
  const response = asObject(responses[key]);
  const headers: Json = {};
  if (spec.kind === 'openapi3') {
    const type = Object.keys(asObject(response.content))[0];
    if (type) headers['Content-Type'] = type;
  } else if (response.schema !== undefined) {
    const type = asArray(operation.produces ?? doc.produces).map(String)[0];
    if (type) headers['Content-Type'] = type;
  }
  for (const [name, raw] of Object.entries(asObject(response.headers))) {
    if (ours && GATEWAY_RESPONSE_HEADERS.some((h) => h.toLowerCase() === name.toLowerCase())) continue;
    const header = asObject(raw);
    const schema = spec.kind === 'swagger2' ? header : asObject(header.schema);
    const example = scalarText(exampleOf(header, schema)) ?? scalarText(schema.default);
    headers[name] = example ?? `<${typeOf(schema)}>`;
  }
  return Object.keys(headers).length ? JSON.stringify(headers) : '';
}

const withSchema = (param: RequestParam, schemaText: string | undefined): RequestParam =>
  schemaText
    ? { ...param, description: [param.description, `JSON Schema：${schemaText}`].filter(Boolean).join('；') }
    : param;

/** Each description at most `max` characters (an ellipsis where one was cut). */
const cutDescriptions = (params: RequestParam[], max: number): RequestParam[] =>
  params.map((p) => ({ ...p, description: max === 0 ? '' : clip(p.description, max).text }));

/**
 * The drafts' JSON text within the field's limit, shortened one step at a time until it fits, with
 * a note for each step taken: the whole schemas, then schemas summarised to their top level, then
 * no schemas, then the longest descriptions cut to the length that fits. Only a list whose names
 * alone are too long stays over the limit (and the row is skipped for it).
 */
function paramsText(drafts: Draft[], notes: Message[], budget: Budget): string {
  const max = INTERFACE_LIMITS.jsonTextMax;
  const full = serializeRequestParams(drafts.map((d) => withSchema(d.param, d.schemaText)));
  if (full.length <= max) return full;
  if (drafts.some((d) => d.schemaText !== undefined)) {
    const summarised = serializeRequestParams(
      drafts.map((d) => withSchema(d.param, d.schema ? summaryTextOf(d.schema, budget) : undefined)),
    );
    if (summarised.length <= max) {
      notes.push(IMPORT_MESSAGES.schemaSummarised);
      return summarised;
    }
    notes.push(IMPORT_MESSAGES.schemaDropped);
  }
  const params = drafts.map((d) => d.param);
  const plain = serializeRequestParams(params);
  if (plain.length <= max) return plain;
  // The longest cut that fits: the text grows with the cut's length, so halving finds it.
  let fits = 0;
  let over = Math.max(...params.map((p) => p.description.length));
  while (over - fits > 1) {
    const middle = Math.floor((fits + over) / 2);
    if (serializeRequestParams(cutDescriptions(params, middle)).length <= max) fits = middle;
    else over = middle;
  }
  notes.push(IMPORT_MESSAGES.paramsShortened);
  return serializeRequestParams(cutDescriptions(params, fits));
}

/**
 * Every operation of a dereferenced document, mapped (`baseUrl` stands in for a relative or missing
 * server). Throws OverBudget when the schemas expand past the budget.
 */
export function mapDocument(
  doc: Json,
  spec: Specification,
  baseUrl?: string,
  budget = new Budget(),
): Mapping {
  const docBase = documentBase(doc, spec);
  let baseUrlRequired = false;
  const operations: MappedOperation[] = [];
  let index = 0;
  for (const [path, rawItem] of Object.entries(asObject(doc.paths))) {
    const item = asObject(rawItem);
    for (const key of Object.keys(item)) {
      if (!OPENAPI_METHODS.includes(key)) continue;
      budget.visit();
      const operation = asObject(item[key]);
      const method = key.toUpperCase();
      const label = `${method} ${path}`;
      const notes: Message[] = [];
      const summary = cleanText(asText(operation.summary), false);
      const fullName = summary || cleanText(asText(operation.operationId), false) || label;
      const name = clip(fullName, INTERFACE_LIMITS.nameMax);
      if (name.cut) notes.push(IMPORT_MESSAGES.nameTruncated(INTERFACE_LIMITS.nameMax));
      const mapped: MappedOperation = { index, operation: label, name: name.text, notes };
      index += 1;
      operations.push(mapped);
      if (!(HTTP_METHODS as readonly string[]).includes(method)) {
        mapped.reason = IMPORT_MESSAGES.methodUnsupported(method);
        continue;
      }

      const platform = asObject(operation[PLATFORM_EXTENSION]);
      const ours = Object.keys(platform).length > 0;
      let url = ours && isAbsoluteHttpUrl(asText(platform.url)) ? asText(platform.url) : undefined;
      if (!url) {
        const own = serverUrlOf(asArray(operation.servers)[0]) ?? serverUrlOf(asArray(item.servers)[0]);
        const base = absoluteBase(own ?? docBase, baseUrl);
        if (base === undefined) {
          baseUrlRequired = true;
          mapped.reason = IMPORT_MESSAGES.baseUrlNeeded;
          continue;
        }
        // The root path `/` is the server's own address.
        url = path === '/' ? base : `${base}${path.startsWith('/') ? '' : '/'}${path}`;
      }

      let description = cleanText(asText(operation.description), true);
      if (!description && name.cut) description = fullName;
      const clipped = clip(description, INTERFACE_LIMITS.descriptionMax);
      if (clipped.cut) notes.push(IMPORT_MESSAGES.descriptionTruncated(INTERFACE_LIMITS.descriptionMax));

      // Parameters of the path item, overridden by the operation's own of the same name and place.
      const declared = new Map<string, Json>();
      for (const p of [...asArray(item.parameters), ...asArray(operation.parameters)].filter(isObject)) {
        budget.visit();
        declared.set(`${asText(p.in)}:${asText(p.name)}`, p);
      }
      const params: Draft[] = [];
      const named = new Set<string>();
      const headers: Json = {};
      const addParam = (draft: Draft) => {
        if (named.has(draft.param.name)) return;
        named.add(draft.param.name);
        params.push(draft);
      };
      let bodySchema: Json | undefined;
      let bodyRequired = false;
      let bodyType: string | undefined;
      const formFields: Json[] = [];
      const cookies: Cookie[] = [];
      for (const p of declared.values()) {
        const where = asText(p.in);
        const paramName = asText(p.name);
        if (!paramName) continue;
        if (where === 'body') {
          bodySchema = asObject(p.schema);
          bodyRequired = p.required === true;
          bodyType = asArray(operation.consumes ?? doc.consumes).map(String)[0] ?? 'application/json';
        } else if (where === 'header') {
          const schema = spec.kind === 'swagger2' ? p : asObject(p.schema);
          const example = scalarText(exampleOf(p, schema)) ?? scalarText(schema.default);
          headers[paramName] = example ?? `<${paramName}>`;
        } else if (where === 'cookie') {
          const schema = asObject(p.schema);
          cookies.push({
            name: paramName,
            value: scalarText(exampleOf(p, schema)) ?? scalarText(schema.default),
          });
        } else if (where === 'formData') {
          formFields.push(p);
        } else if (where === 'query' || where === 'path') {
          const schema = spec.kind === 'swagger2' ? p : asObject(p.schema);
          addParam(paramOf(paramName, p, schema, p.required === true, budget));
        }
      }
      if (formFields.length) {
        bodyType =
          asArray(operation.consumes ?? doc.consumes).map(String)[0] ?? 'application/x-www-form-urlencoded';
        for (const p of formFields) addParam(paramOf(asText(p.name), p, p, p.required === true, budget));
      }
      if (spec.kind === 'openapi3') {
        const requestBody = asObject(operation.requestBody);
        const content = asObject(requestBody.content);
        const types = Object.keys(content);
        const chosen = types.find((t) => /json/i.test(t)) ?? types[0];
        if (chosen) {
          bodySchema = asObject(asObject(content[chosen]).schema);
          bodyRequired = requestBody.required === true;
          bodyType = chosen;
        }
      }
      if (bodySchema) for (const draft of bodyParams(bodySchema, bodyRequired, budget)) addParam(draft);
      if (bodyType && method !== 'GET' && method !== 'DELETE') headers['Content-Type'] = bodyType;
      securityOf(doc, operation, spec, headers, params, cookies);
      if (cookies.length) {
        const declared = Object.keys(headers).find((h) => h.toLowerCase() === 'cookie');
        if (declared === undefined) headers.Cookie = cookieHeader(cookies);
      }

      const requestHeader =
        ours && typeof platform.requestHeader === 'string'
          ? platform.requestHeader
          : Object.keys(headers).length
            ? JSON.stringify(headers)
            : '';
      const draft: ImportDraft = {
        name: name.text,
        description: clipped.text,
        url,
        method: method as HttpMethod,
        requestParams:
          ours && typeof platform.requestParams === 'string'
            ? platform.requestParams
            : paramsText(params, notes, budget),
        requestHeader,
        responseHeader:
          ours && typeof platform.responseHeader === 'string'
            ? platform.responseHeader
            : responseHeadersOf(doc, operation, spec, ours),
        deprecated: operation.deprecated === true,
      };
      const error = validateInterface(draft);
      if (error) mapped.reason = error.message;
      else mapped.draft = draft;
    }
  }
  return { operations, baseUrlRequired };
}

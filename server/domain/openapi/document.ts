import SwaggerParser from '@apidevtools/swagger-parser';
import YAML from 'yaml';
import type { Message } from '@agler/contract/messageKeys';
import { IMPORT_MESSAGES } from '@agler/contract/messages';
import { exceedsJsonDepth, exceedsValueDepth } from '@agler/contract/json';
import { IMPORT_LIMITS } from '@agler/contract/openapiImport';
import type { ImportError } from '@agler/contract/openapiImport';
import { keyedText } from './keys';
import { countOperations, mapDocument, OverBudget, specificationOf } from './mapping';
import type { Mapping, Specification } from './mapping';

/**
 * Reading an OpenAPI document: JSON or YAML text, checked against the
 * Swagger 2.0 / OpenAPI 3.0 / 3.1 schemas by swagger-parser, with every
 * `$ref` resolved within the document. A `$ref` to anything outside it is an
 * error: the import never fetches another file or address. This runs in the
 * reading thread (./reader.ts); nesting deeper than IMPORT_LIMITS.depthMax
 * throws OverBudget before any recursive walk sees the document.
 */

type Json = Record<string, unknown>;

/** A document's fault as it is found; readAndMap writes its message with its key for the answer. */
type DocumentError = { path: string; message: Message };

export type ReadDocument =
  { ok: true; doc: Json; spec: Specification } | { ok: false; errors: DocumentError[]; spec?: Specification };

/** References are resolved within the document only: no file or address is ever read. */
const LOCAL_ONLY = { external: false, file: false, http: false };

/** The most errors one answer lists (a broken document can have thousands). */
const ERRORS_MAX = 50;

const escapePointer = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

const unescapePointer = (token: string) => token.replace(/~1/g, '/').replace(/~0/g, '~');

/** The most `$ref`s one lookup follows on its way (a reference through references), all told. */
const HOPS_MAX = 32;

/**
 * What a local reference (`#/components/schemas/Pet`) points at in `doc`, following the `$ref`s it
 * passes through as the resolver does, or undefined when nothing is there.
 */
function resolveLocal(doc: unknown, ref: string, hops = { left: HOPS_MAX }): unknown {
  let tokens: string[];
  try {
    tokens = decodeURIComponent(ref.slice(1)).split('/').slice(1).map(unescapePointer);
  } catch {
    return undefined;
  }
  let at: unknown = doc;
  for (const token of tokens) {
    if (typeof at !== 'object' || at === null) return undefined;
    let holder = at as Json;
    while (!Object.hasOwn(holder, token) && typeof holder.$ref === 'string' && holder.$ref.startsWith('#')) {
      hops.left -= 1;
      if (hops.left < 0) return undefined;
      const target = resolveLocal(doc, holder.$ref, hops);
      if (typeof target !== 'object' || target === null) return undefined;
      holder = target as Json;
    }
    if (!Object.hasOwn(holder, token)) return undefined;
    at = holder[token];
  }
  return at;
}

/**
 * Every `$ref` that points outside the document (named by the pointer of its `$ref` key), and
 * every one that points at nothing within it (named by the pointer of the object holding it, the
 * Reference Object), in document order.
 */
function refErrors(doc: unknown): DocumentError[] {
  const found: DocumentError[] = [];
  const resolved = new Map<string, boolean>();
  const walk = (value: unknown, path: string) => {
    if (found.length >= ERRORS_MAX || typeof value !== 'object' || value === null) return;
    if (Array.isArray(value)) {
      value.forEach((item, i) => walk(item, `${path}/${i}`));
      return;
    }
    for (const [key, item] of Object.entries(value)) {
      if (key === '$ref' && typeof item === 'string') {
        if (!item.startsWith('#'))
          found.push({ path: `${path}/$ref`, message: IMPORT_MESSAGES.externalRef(item) });
        else {
          let exists = resolved.get(item);
          if (exists === undefined) {
            exists = resolveLocal(doc, item) !== undefined;
            resolved.set(item, exists);
          }
          if (!exists) found.push({ path, message: IMPORT_MESSAGES.badRef(item) });
        }
      } else walk(item, `${path}/${escapePointer(key)}`);
    }
  };
  walk(doc, '');
  return found.slice(0, ERRORS_MAX);
}

const tooDeep = () => new OverBudget(IMPORT_MESSAGES.tooDeep(IMPORT_LIMITS.depthMax));

/**
 * JSON first (most documents, and much faster), YAML otherwise; YAML's aliases are capped against
 * expansion bombs. Throws OverBudget for nesting deeper than IMPORT_LIMITS.depthMax.
 */
function parseText(text: string): { value: unknown } | { error: DocumentError } {
  const trimmed = text.trim();
  if (trimmed.startsWith('{')) {
    if (exceedsJsonDepth(trimmed, IMPORT_LIMITS.depthMax)) throw tooDeep();
    try {
      return { value: JSON.parse(trimmed) };
    } catch {
      // YAML is a superset of JSON in what it accepts: let its parser say where the fault is.
    }
  }
  let value: unknown;
  try {
    const doc = YAML.parseDocument(text, { uniqueKeys: false });
    if (doc.errors.length) {
      const [first] = doc.errors;
      const at = first.linePos?.[0];
      return {
        error: {
          path: '',
          message: `${IMPORT_MESSAGES.unreadable}${at ? `（第 ${at.line} 行第 ${at.col} 列）` : ''}`,
        },
      };
    }
    value = doc.toJS({ maxAliasCount: 100 });
  } catch {
    return { error: { path: '', message: IMPORT_MESSAGES.unreadable } };
  }
  if (exceedsValueDepth(value, IMPORT_LIMITS.depthMax)) throw tooDeep();
  return { value };
}

/**
 * The pointer of the first object whose `$ref` is `ref`, in document order; the resolver may have
 * replaced other references by what they point at, cycles included, so each object is seen once.
 */
function refHolder(value: unknown, ref: string, path = '', seen = new Set<object>()): string | undefined {
  if (typeof value !== 'object' || value === null || seen.has(value)) return undefined;
  seen.add(value);
  if (!Array.isArray(value) && (value as Json).$ref === ref) return path;
  for (const [key, item] of Object.entries(value)) {
    const found = refHolder(item, ref, `${path}/${escapePointer(key)}`, seen);
    if (found !== undefined) return found;
  }
  return undefined;
}

type AjvDetail = { instancePath?: string; message?: string; params?: Record<string, unknown> };

/** The validator's findings as errors with JSON pointers: ajv's details, or its message for a rule outside the schemas. */
function validationErrors(error: unknown, doc: unknown): DocumentError[] {
  const details = (error as { details?: AjvDetail[] }).details;
  if (Array.isArray(details) && details.length) {
    const seen = new Set<string>();
    const errors: DocumentError[] = [];
    for (const detail of details) {
      const path = detail.instancePath ?? '';
      const extra = detail.params?.additionalProperty ?? detail.params?.missingProperty;
      const message = `${detail.message ?? IMPORT_MESSAGES.invalid}${extra ? `: ${String(extra)}` : ''}`;
      const key = `${path} ${message}`;
      if (seen.has(key)) continue;
      seen.add(key);
      errors.push({ path, message });
      if (errors.length >= ERRORS_MAX) break;
    }
    return errors;
  }
  const { name, message } = error as { name?: string; message?: string };
  if (name === 'MissingPointerError') {
    const ref = /"([^"]+)"/.exec(message ?? '')?.[1] ?? '';
    return [{ path: refHolder(doc, ref) ?? '', message: IMPORT_MESSAGES.badRef(ref) }];
  }
  return [
    {
      path: '',
      message: message ? `${IMPORT_MESSAGES.invalid}：${message.split('\n')[0]}` : IMPORT_MESSAGES.invalid,
    },
  ];
}

/** Reads, checks and dereferences a document's text. */
export async function readDocument(text: string): Promise<ReadDocument> {
  const parsed = parseText(text);
  if ('error' in parsed) return { ok: false, errors: [parsed.error] };
  const doc = parsed.value;
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc))
    return { ok: false, errors: [{ path: '', message: IMPORT_MESSAGES.notOpenApi }] };
  const spec = specificationOf(doc as Json);
  if (!spec) return { ok: false, errors: [{ path: '', message: IMPORT_MESSAGES.notOpenApi }] };
  if ('unsupported' in spec)
    return {
      ok: false,
      errors: [
        {
          path: (doc as Json).swagger !== undefined ? '/swagger' : '/openapi',
          message: IMPORT_MESSAGES.unsupportedVersion(spec.unsupported),
        },
      ],
    };
  const references = refErrors(doc);
  if (references.length) return { ok: false, errors: references, spec };
  const operations = countOperations(doc as Json);
  if (operations > IMPORT_LIMITS.operationsMax)
    return {
      ok: false,
      errors: [{ path: '/paths', message: IMPORT_MESSAGES.tooManyOperations(IMPORT_LIMITS.operationsMax) }],
      spec,
    };
  try {
    // The schemas are checked on the document as written, its `$ref`s still references: checked
    // after dereferencing (swagger-parser's default), a schema shared through many `$ref`s is
    // checked once per path to it, and a few kilobytes can take hours.
    await SwaggerParser.validate(
      doc as never,
      {
        resolve: LOCAL_ONLY,
        dereference: { excludedPathMatcher: () => true },
        validate: { spec: false },
      } as never,
    );
    const valid = await SwaggerParser.validate(
      doc as never,
      { resolve: LOCAL_ONLY, dereference: { circular: true }, validate: { schema: false } } as never,
    );
    if (countOperations(valid as unknown as Json) === 0)
      return { ok: false, errors: [{ path: '/paths', message: IMPORT_MESSAGES.noOperations }], spec };
    return { ok: true, doc: valid as unknown as Json, spec };
  } catch (error) {
    return { ok: false, errors: validationErrors(error, doc), spec };
  }
}

export type ReadMapped =
  | { ok: true; spec: Specification; mapping: Mapping }
  | { ok: false; errors: ImportError[]; spec?: Specification };

/**
 * Reads a document's text and maps its operations: the reading thread's whole work. Throws
 * OverBudget when the document nests or expands past its budget. Errors are written as the answer
 * lists them, with their keys (./keys.ts); reasons and notes stay messages, plain data that keeps
 * its key on the way to the main thread.
 */
export async function readAndMap(text: string, baseUrl?: string): Promise<ReadMapped> {
  const read = await readDocument(text);
  if (!read.ok)
    return { ...read, errors: read.errors.map(({ path, message }) => ({ path, ...keyedText(message) })) };
  return { ok: true, spec: read.spec, mapping: mapDocument(read.doc, read.spec, baseUrl) };
}

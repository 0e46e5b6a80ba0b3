import { isAbsoluteHttpUrl } from './interfaceValidation';
import { IMPORT_MESSAGES } from './messages';
import type { components } from './openapi';
import type { Parsed } from './queries';
import { utf8Bytes } from './text';

/**
 * `POST /api/interfaceInfo/import`: OpenAPI 3.0/3.1 and Swagger 2.0 documents
 * turned into interfaces. A preview (`dryRun: true`) says what each operation
 * becomes; the write (`dryRun: false`) does the same in one transaction and
 * answers the ids. Rows are numbered by `index`, the operation's place in the
 * document (paths in order, then methods in order), so a preview's numbers
 * name the same rows in the write that follows it.
 */

export const IMPORT_LIMITS = {
  /** A document, pasted, uploaded or fetched, in bytes of UTF-8. */
  documentMaxBytes: 5 * 1024 * 1024,
  /** The import's request body: the document as a JSON string may be longer than the document (escapes). */
  bodyMaxBytes: 12 * 1024 * 1024,
  /** Operations of one document. */
  operationsMax: 2000,
  /** A nested object's schema kept in its parameter's description, in characters. */
  schemaTextMax: 1000,
  /** Nesting of a document's objects and arrays (real documents nest a dozen levels). */
  depthMax: 64,
  /**
   * Schema nodes the mapping may visit: a schema reached through several `$ref`s is
   * visited each time, so a small document can describe an exponential tree.
   */
  expansionMax: 250_000,
  /** Reading, checking and mapping one document, in milliseconds. */
  readMs: 20_000,
  /** The heap of the thread that reads one document, in MB. */
  readHeapMb: 512,
} as const;

type Schemas = components['schemas'];

/** The fields an import writes (what an interface's add takes, and whether it is deprecated). */
export type ImportDraft = Schemas['ImportDraft'];
/** A row: the operation in the document (`GET /pets/{id}`), its draft, and what was adjusted to fit, as text and by key. */
export type ImportRow = Schemas['ImportRow'];
/** A note of a row: its text, and the key and values it was built from when it is one of the contract's. */
export type ImportNote = Schemas['ImportNote'];
export type ImportCreate = ImportRow;
export type ImportUpdate = Schemas['ImportUpdate'];
/** A field an update changes: one of the interface's fields, or `deprecated`. */
export type ImportChange = ImportUpdate['changes'][number];
/**
 * `baseUrlRequired`: the document has no absolute server address and no base URL was given;
 * `specification`: the spec and version read (`OpenAPI 3.1.0`, `Swagger 2.0`); `ids`: with
 * `dryRun: false`, the ids written, created then updated, in row order.
 */
export type ImportResult = Schemas['ImportResult'];
/** `reasonKey` and `reasonArgs` name `reason` by its key and values when it is one of the contract's. */
export type ImportSkip = ImportResult['skip'][number];
/** A document's fault: where (a JSON pointer such as `/paths/~1pets/get/responses`) and what, by key too when the contract wrote it. */
export type ImportError = ImportResult['errors'][number];

/**
 * The extension the export writes on each operation with what OpenAPI has no
 * place for (the interface's own URL behind the gateway, its request headers,
 * texts that are not lists or maps); an import reads it back, so a document
 * exported from one platform gives the same interfaces on another.
 */
export const PLATFORM_EXTENSION = 'x-agler';

/** Headers the gateway adds to every answer: the platform's, not the interface's, so an import of an export leaves them out. */
export const GATEWAY_RESPONSE_HEADERS = [
  'X-Quota-Remaining',
  'RateLimit-Policy',
  'RateLimit',
  'Retry-After',
  'Deprecation',
  'Sunset',
  'Link',
] as const;

export type ImportRequest = {
  source: { document: string } | { url: string };
  baseUrl?: string;
  dryRun: boolean;
  exclude: ReadonlySet<number>;
};

/** The import's body: exactly one of `document` and `url`, an optional base URL, `dryRun`, and `exclude`. */
export function parseImportRequest(body: Record<string, unknown>): Parsed<ImportRequest> {
  const { document, url, baseUrl, dryRun, exclude } = body;
  if (typeof dryRun !== 'boolean') return { ok: false, message: IMPORT_MESSAGES.badDryRun };
  const hasDocument = document !== undefined && document !== null && document !== '';
  const hasUrl = url !== undefined && url !== null && url !== '';
  if (hasDocument && hasUrl) return { ok: false, message: IMPORT_MESSAGES.sourceTwice };
  if (!hasDocument && !hasUrl) return { ok: false, message: IMPORT_MESSAGES.sourceRequired };
  let source: ImportRequest['source'];
  if (hasDocument) {
    if (typeof document !== 'string') return { ok: false, message: IMPORT_MESSAGES.documentNotText };
    if (utf8Bytes(document) > IMPORT_LIMITS.documentMaxBytes)
      return {
        ok: false,
        message: IMPORT_MESSAGES.documentTooLarge(IMPORT_LIMITS.documentMaxBytes / 1024 / 1024),
      };
    source = { document };
  } else {
    if (typeof url !== 'string' || !isAbsoluteHttpUrl(url.trim()))
      return { ok: false, message: IMPORT_MESSAGES.badUrl };
    source = { url: url.trim() };
  }
  let base: string | undefined;
  if (baseUrl !== undefined && baseUrl !== null && baseUrl !== '') {
    if (typeof baseUrl !== 'string' || !isAbsoluteHttpUrl(baseUrl.trim()))
      return { ok: false, message: IMPORT_MESSAGES.badBaseUrl };
    base = baseUrl.trim();
  }
  const rows = new Set<number>();
  if (exclude !== undefined && exclude !== null) {
    if (!Array.isArray(exclude) || !exclude.every((i) => Number.isInteger(i) && i >= 0))
      return { ok: false, message: IMPORT_MESSAGES.badExclude };
    for (const i of exclude as number[]) rows.add(i);
  }
  return { ok: true, value: { source, baseUrl: base, dryRun, exclude: rows } };
}

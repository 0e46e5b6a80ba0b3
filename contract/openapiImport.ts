import type { HttpMethod } from './constants';
import type { InterfaceField } from './interfaceValidation';

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
} as const;

/** The fields an import writes (what an interface's add takes, and whether it is deprecated). */
export type ImportDraft = {
  name: string;
  description: string;
  url: string;
  method: HttpMethod;
  requestParams: string;
  requestHeader: string;
  responseHeader: string;
  deprecated: boolean;
};

export type ImportChange = { field: InterfaceField | 'deprecated'; before: string; after: string };

export type ImportRow = {
  index: number;
  /** The operation in the document: `GET /pets/{id}`. */
  operation: string;
  draft: ImportDraft;
  /** What was adjusted to fit (a name cut short, a schema left out of a description). */
  notes: string[];
};

export type ImportCreate = ImportRow;
export type ImportUpdate = ImportRow & { id: string; changes: ImportChange[] };
export type ImportSkip = { index: number; operation: string; name: string; reason: string };
/** A document's fault: where (a JSON pointer such as `/paths/~1pets/get/responses`) and what. */
export type ImportError = { path: string; message: string };

export type ImportResult = {
  create: ImportCreate[];
  update: ImportUpdate[];
  skip: ImportSkip[];
  errors: ImportError[];
  /** The document has no absolute server address: a base URL is needed (and was not given). */
  baseUrlRequired: boolean;
  /** The spec and version read: `OpenAPI 3.1.0`, `Swagger 2.0`. */
  specification?: string;
  /** With `dryRun: false`: the ids written, created then updated, in row order. */
  ids?: string[];
};

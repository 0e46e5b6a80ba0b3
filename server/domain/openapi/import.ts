import { and, asc, inArray, sql } from 'drizzle-orm';
import { INTERFACE_STATUS, ResponseCode } from '@agler/contract/constants';
import { IMPORT_MESSAGES } from '@agler/contract/messages';
import { parseImportRequest } from '@agler/contract/openapiImport';
import type {
  ImportChange,
  ImportCreate,
  ImportDraft,
  ImportResult,
  ImportSkip,
  ImportUpdate,
} from '@agler/contract/openapiImport';
import type { Db, Queryable } from '../../db/connect';
import { rowsOf } from '../../db/rows';
import { interfaces } from '../../db/schema';
import { refuse } from '../errors';
import { LIVE_INTERFACE, lowerCopies, toSecond } from '../interfaceInfo';
import { recordNotices } from '../lifecycle';
import { ranksFor } from '../nameOrder';
import type { SessionUser } from '../session';
import { readImport } from './reader';

/**
 * `POST /api/interfaceInfo/import`: a document's operations as interfaces.
 * Each becomes a new interface (offline), an update of the live interface
 * with the same method and url, or a skipped row with the reason. The
 * preview and the write classify the same way; the write does it again
 * inside its one transaction, so what it writes is what the catalogue holds
 * at that moment.
 */

/** Fetches a document from its URL: its text, or the message that says why not. */
export type FetchDocument = (
  url: string,
) => Promise<{ ok: true; text: string } | { ok: false; message: string }>;

const COMPARED = [
  'name',
  'description',
  'requestParams',
  'requestHeader',
  'responseHeader',
  'deprecated',
] as const;

type Existing = Pick<
  typeof interfaces.$inferSelect,
  | 'id'
  | 'name'
  | 'description'
  | 'url'
  | 'method'
  | 'requestParams'
  | 'requestHeader'
  | 'responseHeader'
  | 'deprecated'
  | 'sunsetDate'
  | 'replacementId'
>;

const keyOf = (method: string, url: string) => `${method} ${url}`;

/** The live interfaces with one of the drafts' urls, the oldest first for each method and url. */
async function existingFor(
  db: Queryable,
  drafts: readonly { url: string }[],
): Promise<Map<string, Existing>> {
  const urls = [...new Set(drafts.map((d) => d.url))];
  const found = new Map<string, Existing>();
  if (urls.length === 0) return found;
  const rows = await db
    .select({
      id: interfaces.id,
      name: interfaces.name,
      description: interfaces.description,
      url: interfaces.url,
      method: interfaces.method,
      requestParams: interfaces.requestParams,
      requestHeader: interfaces.requestHeader,
      responseHeader: interfaces.responseHeader,
      deprecated: interfaces.deprecated,
      sunsetDate: interfaces.sunsetDate,
      replacementId: interfaces.replacementId,
    })
    .from(interfaces)
    .where(and(inArray(interfaces.url, urls), LIVE_INTERFACE))
    .orderBy(asc(interfaces.createTime), asc(interfaces.id));
  for (const row of rows)
    if (!found.has(keyOf(row.method, row.url))) found.set(keyOf(row.method, row.url), row);
  return found;
}

function changesOf(row: Existing, draft: ImportDraft): ImportChange[] {
  return COMPARED.filter((field) => row[field] !== draft[field]).map((field) => ({
    field,
    before: String(row[field]),
    after: String(draft[field]),
  }));
}

type Classified = { result: ImportResult; existing: Map<string, Existing> };

async function classify(db: Queryable, text: string, baseUrl: string | undefined): Promise<Classified> {
  const read = await readImport(text, baseUrl);
  const empty = { create: [], update: [], skip: [], baseUrlRequired: false };
  if (!read.ok)
    return {
      result: { ...empty, errors: read.errors, specification: read.spec?.label },
      existing: new Map(),
    };
  const { mapping } = read;
  const drafts = mapping.operations.flatMap((op) => (op.draft ? [op.draft] : []));
  const existing = await existingFor(db, drafts);
  const create: ImportCreate[] = [];
  const update: ImportUpdate[] = [];
  const skip: ImportSkip[] = [];
  const firstOf = new Map<string, number>();
  for (const op of mapping.operations) {
    if (!op.draft) {
      skip.push({ index: op.index, operation: op.operation, name: op.name, reason: op.reason ?? '' });
      continue;
    }
    const key = keyOf(op.draft.method, op.draft.url);
    const first = firstOf.get(key);
    if (first !== undefined) {
      skip.push({
        index: op.index,
        operation: op.operation,
        name: op.name,
        reason: IMPORT_MESSAGES.duplicate(first + 1),
      });
      continue;
    }
    firstOf.set(key, op.index);
    const row = { index: op.index, operation: op.operation, draft: op.draft, notes: op.notes };
    const current = existing.get(key);
    if (!current) create.push(row);
    else {
      const changes = changesOf(current, op.draft);
      if (changes.length) update.push({ ...row, id: current.id, changes });
      else
        skip.push({
          index: op.index,
          operation: op.operation,
          name: op.name,
          reason: IMPORT_MESSAGES.unchanged,
        });
    }
  }
  skip.sort((a, b) => a.index - b.index);
  return {
    result: {
      create,
      update,
      skip,
      errors: [],
      baseUrlRequired: mapping.baseUrlRequired,
      specification: read.spec.label,
    },
    existing,
  };
}

/** Whether the live rows a classification saw (and the absence of those it would create) are still so. */
async function unchanged(db: Queryable, { result, existing }: Classified): Promise<boolean> {
  const seen = [...existing.values()];
  const now = await existingFor(db, [...result.create.map((row) => row.draft), ...seen]);
  if (result.create.some((row) => now.has(keyOf(row.draft.method, row.draft.url)))) return false;
  return seen.every((row) => JSON.stringify(now.get(keyOf(row.method, row.url))) === JSON.stringify(row));
}

/**
 * Writes the new interfaces (offline) in one statement, a row each from a JSON array: PostgreSQL
 * reads the array faster than a driver binds some 20 parameters a row, and the transaction it runs
 * in holds PGlite's one connection. Answers their ids in row order.
 */
async function insertCreated(
  tx: Queryable,
  rows: ImportCreate[],
  admin: SessionUser,
  time: Date,
): Promise<string[]> {
  if (rows.length === 0) return [];
  const ranks = await ranksFor(
    tx,
    rows.map((row) => row.draft.name),
  );
  const values = rows.map((row, i) => ({
    name: row.draft.name,
    description: row.draft.description,
    url: row.draft.url,
    method: row.draft.method,
    deprecated: row.draft.deprecated,
    request_params: row.draft.requestParams,
    request_header: row.draft.requestHeader,
    response_header: row.draft.responseHeader,
    ...lowerCopies(row.draft),
    name_rank: ranks[i],
  }));
  const at = time.toISOString();
  const written = rowsOf<{ id: string; method: string; url: string }>(
    await tx.execute(sql`
      INSERT INTO interface_info (name, description, url, method, request_params, request_header,
        response_header, name_lower, description_lower, url_lower, name_rank, deprecated, deprecated_at,
        status, user_id, create_time, update_time)
      SELECT r.name, r.description, r.url, r.method, r.request_params, r.request_header,
        r.response_header, r."nameLower", r."descriptionLower", r."urlLower", r.name_rank, r.deprecated,
        CASE WHEN r.deprecated THEN ${at}::timestamptz END,
        ${INTERFACE_STATUS.OFFLINE}, ${admin.id}::bigint, ${at}::timestamptz, ${at}::timestamptz
      FROM jsonb_to_recordset(${JSON.stringify(values)}::jsonb) AS r(
        name text, description text, url text, method text, request_params text, request_header text,
        response_header text, "nameLower" text, "descriptionLower" text, "urlLower" text,
        name_rank float8, deprecated boolean)
      RETURNING id::text AS id, method, url`),
  );
  const idOf = new Map(written.map((row) => [keyOf(row.method, row.url), row.id]));
  return rows.map((row) => idOf.get(keyOf(row.draft.method, row.draft.url))!);
}

/**
 * Writes the changed interfaces in one statement (a row each from a JSON array, where an UPDATE
 * each cost a round trip per row), then the notices of those just deprecated; answers their ids.
 */
async function writeUpdates(
  tx: Queryable,
  rows: ImportUpdate[],
  existing: Map<string, Existing>,
  time: Date,
  now: number,
): Promise<string[]> {
  if (rows.length === 0) return [];
  const current = rows.map((row) => existing.get(keyOf(row.draft.method, row.draft.url))!);
  const renamed = rows.flatMap((row, i) => (row.draft.name !== current[i].name ? [i] : []));
  const ranks = await ranksFor(
    tx,
    renamed.map((i) => rows[i].draft.name),
    renamed.map((i) => current[i].id),
  );
  const rankOf = new Map(renamed.map((i, k) => [i, ranks[k]]));
  const values = rows.map((row, i) => ({
    id: current[i].id,
    name: row.draft.name,
    description: row.draft.description,
    request_params: row.draft.requestParams,
    request_header: row.draft.requestHeader,
    response_header: row.draft.responseHeader,
    ...lowerCopies(row.draft),
    name_rank: rankOf.get(i) ?? null,
    deprecated: row.draft.deprecated,
  }));
  await tx.execute(sql`
    UPDATE interface_info AS i SET
      name = r.name, description = r.description, request_params = r.request_params,
      request_header = r.request_header, response_header = r.response_header,
      name_lower = r."nameLower", description_lower = r."descriptionLower",
      name_rank = coalesce(r.name_rank, i.name_rank),
      deprecated_at = CASE WHEN r.deprecated = i.deprecated THEN i.deprecated_at
                           WHEN r.deprecated THEN ${time.toISOString()}::timestamptz END,
      deprecated = r.deprecated,
      update_time = ${time.toISOString()}::timestamptz
    FROM jsonb_to_recordset(${JSON.stringify(values)}::jsonb) AS r(
      id bigint, name text, description text, request_params text, request_header text,
      response_header text, "nameLower" text, "descriptionLower" text, name_rank float8, deprecated boolean)
    WHERE i.id = r.id`);
  for (const [i, row] of rows.entries())
    if (row.draft.deprecated && !current[i].deprecated)
      await recordNotices(
        tx,
        current[i].id,
        { sunsetDate: current[i].sunsetDate, replacementId: current[i].replacementId },
        now,
      );
  return current.map((row) => row.id);
}

/** The preview (`dryRun`) or the write of an import; the write answers the ids, created then updated. */
export async function importDocument(
  db: Db,
  body: Record<string, unknown>,
  admin: SessionUser,
  now: number,
  fetchDocument: FetchDocument,
): Promise<ImportResult> {
  const parsed = parseImportRequest(body);
  if (!parsed.ok) refuse(ResponseCode.PARAMS_ERROR, parsed.message);
  const { source, baseUrl, dryRun, exclude } = parsed.value;
  let text: string;
  if ('document' in source) text = source.document;
  else {
    const fetched = await fetchDocument(source.url);
    if (!fetched.ok) refuse(ResponseCode.PARAMS_ERROR, fetched.message);
    text = fetched.text;
  }
  if (dryRun) return (await classify(db, text, baseUrl)).result;

  const time = toSecond(now);
  // The document is read and classified before the transaction, which on PGlite's one connection
  // holds every other request; the transaction checks that the rows it was classified against are
  // still what the catalogue holds, and classifies again inside itself only when they are not.
  const first = await classify(db, text, baseUrl);
  if (first.result.errors.length) return first.result;
  return db.transaction(async (tx) => {
    const { result, existing } = (await unchanged(tx, first)) ? first : await classify(tx, text, baseUrl);
    if (result.errors.length) return result;
    const create = result.create.filter((row) => !exclude.has(row.index));
    const update = result.update.filter((row) => !exclude.has(row.index));
    const ids = [
      ...(await insertCreated(tx, create, admin, time)),
      ...(await writeUpdates(tx, update, existing, time, now)),
    ];
    return { ...result, create, update, ids };
  });
}

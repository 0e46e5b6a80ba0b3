import { randomUUID } from 'node:crypto';
import { and, asc, sql } from 'drizzle-orm';
import { INTERFACE_STATUS, ResponseCode } from '@agler/contract/constants';
import { textOf } from '@agler/contract/messageKeys';
import type { Message } from '@agler/contract/messageKeys';
import { IMPORT_MESSAGES } from '@agler/contract/messages';
import { sunsetDateError } from '@agler/contract/lifecycle';
import type { ImportRequest } from '@agler/contract/openapiImport';
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
import { lockNameOrder, ranksFor } from '../nameOrder';
import type { SessionUser } from '../session';
import { keyedReason, keyedText } from './keys';
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
) => Promise<{ ok: true; text: string } | { ok: false; message: Message }>;

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

/**
 * Lets the event loop turn: PGlite answers in the same process, so a chain of statements runs
 * without one, and no request that arrives meanwhile is read until it ends.
 */
const turn = () =>
  new Promise<void>((resolve) => {
    setImmediate(resolve);
  });

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
    // One JSON parameter: binding thousands of parameters cost more than the query.
    .where(
      and(
        sql`${interfaces.url} IN (SELECT jsonb_array_elements_text(${JSON.stringify(urls)}::jsonb))`,
        LIVE_INTERFACE,
      ),
    )
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

async function classify(
  db: Queryable,
  text: string,
  baseUrl: string | undefined,
  now: number,
): Promise<Classified> {
  const read = await readImport(text, baseUrl);
  await turn();
  const empty = { create: [], update: [], skip: [], baseUrlRequired: false };
  if (!read.ok)
    return {
      result: { ...empty, errors: read.errors, specification: read.spec?.label },
      existing: new Map(),
    };
  const { mapping } = read;
  const drafts = mapping.operations.flatMap((op) => (op.draft ? [op.draft] : []));
  const existing = await existingFor(db, drafts);
  await turn();
  const create: ImportCreate[] = [];
  const update: ImportUpdate[] = [];
  const skip: ImportSkip[] = [];
  const firstOf = new Map<string, number>();
  for (const op of mapping.operations) {
    if (!op.draft) {
      skip.push({ index: op.index, operation: op.operation, name: op.name, ...keyedReason(op.reason ?? '') });
      continue;
    }
    const key = keyOf(op.draft.method, op.draft.url);
    const first = firstOf.get(key);
    if (first !== undefined) {
      skip.push({
        index: op.index,
        operation: op.operation,
        name: op.name,
        ...keyedReason(IMPORT_MESSAGES.duplicate(first + 1)),
      });
      continue;
    }
    firstOf.set(key, op.index);
    const row = {
      index: op.index,
      operation: op.operation,
      draft: op.draft,
      notes: op.notes.map(textOf),
      keyedNotes: op.notes.map(keyedText),
    };
    const current = existing.get(key);
    if (!current) create.push(row);
    else {
      const changes = changesOf(current, op.draft);
      // Deprecating an interface whose sunset date has come would send a Sunset before its Deprecation.
      const sunsetTooEarly =
        op.draft.deprecated && !current.deprecated && current.sunsetDate
          ? sunsetDateError(current.sunsetDate, now)
          : undefined;
      if (sunsetTooEarly)
        skip.push({
          index: op.index,
          operation: op.operation,
          name: op.name,
          ...keyedReason(sunsetTooEarly),
        });
      else if (changes.length) update.push({ ...row, id: current.id, changes });
      else
        skip.push({
          index: op.index,
          operation: op.operation,
          name: op.name,
          ...keyedReason(IMPORT_MESSAGES.unchanged),
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

/** New interfaces written per statement while an import stages them. */
export const STAGE_CHUNK_ROWS = 250;
/** Staged rows older than this belong to an import that never finished (its process ended) and are removed. */
export const STAGE_ABANDONED_MS = 3_600_000;

/** What the ranks of a staged import were placed among: they stand while it has not changed. */
async function rankLandscape(db: Queryable, stage: string): Promise<string> {
  const [row] = rowsOf<{ landscape: string }>(
    await db.execute(sql`
      SELECT concat_ws(' ', count(*), sum(name_rank), max(update_time)) AS landscape
      FROM interface_info WHERE import_stage IS DISTINCT FROM ${stage}`),
  );
  return row.landscape;
}

type Staged = { stage: string; landscape: string; count: number };

/**
 * Writes the new interfaces (offline) under `stage`, STAGE_CHUNK_ROWS at a time, with deleted_at
 * set so that no list or lookup sees them before publish() makes them live: each statement is
 * short, and on PGlite's one connection the requests that arrive meanwhile go between them.
 * A chunk is a row each from a JSON array, which PostgreSQL reads faster than a driver binds
 * some 20 parameters a row. The ranks are placed once, by one merge.
 */
async function stageCreated(
  db: Queryable,
  stage: string,
  rows: ImportCreate[],
  admin: SessionUser,
  time: Date,
): Promise<Staged> {
  const landscape = await rankLandscape(db, stage);
  await turn();
  const ranks = await ranksFor(
    db,
    rows.map((row) => row.draft.name),
  );
  const at = time.toISOString();
  for (let from = 0; from < rows.length; from += STAGE_CHUNK_ROWS) {
    const values = rows.slice(from, from + STAGE_CHUNK_ROWS).map((row, i) => ({
      name: row.draft.name,
      description: row.draft.description,
      url: row.draft.url,
      method: row.draft.method,
      deprecated: row.draft.deprecated,
      request_params: row.draft.requestParams,
      request_header: row.draft.requestHeader,
      response_header: row.draft.responseHeader,
      ...lowerCopies(row.draft),
      name_rank: ranks[from + i],
    }));
    await db.execute(sql`
      INSERT INTO interface_info (name, description, url, method, request_params, request_header,
        response_header, name_lower, description_lower, url_lower, name_rank, deprecated, deprecated_at,
        status, user_id, create_time, update_time, deleted_at, import_stage)
      SELECT r.name, r.description, r.url, r.method, r.request_params, r.request_header,
        r.response_header, r."nameLower", r."descriptionLower", r."urlLower", r.name_rank, r.deprecated,
        CASE WHEN r.deprecated THEN ${at}::timestamptz END,
        ${INTERFACE_STATUS.OFFLINE}, ${admin.id}::bigint, ${at}::timestamptz, ${at}::timestamptz,
        ${at}::timestamptz, ${stage}
      FROM jsonb_to_recordset(${JSON.stringify(values)}::jsonb) AS r(
        name text, description text, url text, method text, request_params text, request_header text,
        response_header text, "nameLower" text, "descriptionLower" text, "urlLower" text,
        name_rank float8, deprecated boolean)`);
    await turn();
  }
  return { stage, landscape, count: rows.length };
}

/** Removes a stage's rows (an import that failed or must start again), and those of abandoned stages. */
async function unstage(db: Queryable, stage: string, now: number): Promise<void> {
  await db.execute(sql`
    DELETE FROM interface_info
    WHERE import_stage = ${stage}
       OR (import_stage IS NOT NULL AND create_time < ${new Date(now - STAGE_ABANDONED_MS).toISOString()}::timestamptz)`);
}

/**
 * Makes a stage's rows live in one statement (in the caller's transaction), after placing their
 * ranks again if the ranks around them changed since they were placed. Answers their ids in the
 * order of `rows`.
 */
async function publish(tx: Queryable, staged: Staged, rows: ImportCreate[]): Promise<string[]> {
  if (staged.count === 0) return [];
  await lockNameOrder(tx);
  if ((await rankLandscape(tx, staged.stage)) !== staged.landscape) {
    const ids = rowsOf<{ id: string }>(
      await tx.execute(
        sql`SELECT id::text AS id FROM interface_info WHERE import_stage = ${staged.stage} ORDER BY id`,
      ),
    ).map((row) => row.id);
    const ranks = await ranksFor(
      tx,
      rows.map((row) => row.draft.name),
      ids,
    );
    const values = rows.map((row, i) => ({
      url: row.draft.url,
      method: row.draft.method,
      name_rank: ranks[i],
    }));
    await tx.execute(sql`
      UPDATE interface_info AS i SET name_rank = r.name_rank
      FROM jsonb_to_recordset(${JSON.stringify(values)}::jsonb) AS r(url text, method text, name_rank float8)
      WHERE i.import_stage = ${staged.stage} AND i.url = r.url AND i.method = r.method`);
  }
  const written = rowsOf<{ id: string; method: string; url: string }>(
    await tx.execute(sql`
      UPDATE interface_info SET deleted_at = NULL, import_stage = NULL
      WHERE import_stage = ${staged.stage}
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

/** The rows of `rows` not excluded by the request. */
const excluding = <T extends { index: number }>(rows: T[], exclude: ReadonlySet<number>): T[] =>
  rows.filter((row) => !exclude.has(row.index));

/** The preview (`dryRun`) or the write of an import; the write answers the ids, created then updated. */
export async function importDocument(
  db: Db,
  { source, baseUrl, dryRun, exclude }: ImportRequest,
  admin: SessionUser,
  now: number,
  fetchDocument: FetchDocument,
): Promise<ImportResult> {
  let text: string;
  if ('document' in source) text = source.document;
  else {
    const fetched = await fetchDocument(source.url);
    if (!fetched.ok) refuse(ResponseCode.PARAMS_ERROR, fetched.message);
    text = fetched.text;
  }
  if (dryRun) return (await classify(db, text, baseUrl, now)).result;

  const time = toSecond(now);
  // The document is read and classified, and its new interfaces staged, outside the transaction,
  // which on PGlite's one connection holds every other request. The transaction checks that the
  // rows it was classified against are still what the catalogue holds, then publishes the staged
  // rows and writes the updates; when the catalogue changed meanwhile, it classifies and writes
  // everything again inside itself.
  const first = await classify(db, text, baseUrl, now);
  if (first.result.errors.length) return first.result;
  const stage = randomUUID();
  try {
    await unstage(db, stage, now);
    await turn();
    const staged = await stageCreated(db, stage, excluding(first.result.create, exclude), admin, time);
    await turn();
    const written = await db.transaction(async (tx) => {
      let classified = first;
      let current = staged;
      if (!(await unchanged(tx, first))) {
        await unstage(tx, stage, now);
        classified = await classify(tx, text, baseUrl, now);
        if (classified.result.errors.length) return classified.result;
        current = await stageCreated(tx, stage, excluding(classified.result.create, exclude), admin, time);
      }
      const { result, existing } = classified;
      const create = excluding(result.create, exclude);
      const update = excluding(result.update, exclude);
      const ids = [
        ...(await publish(tx, current, create)),
        ...(await writeUpdates(tx, update, existing, time, now)),
      ];
      return { ...result, create, update, ids };
    });
    await turn();
    return written;
  } catch (error) {
    await unstage(db, stage, now);
    throw error;
  }
}

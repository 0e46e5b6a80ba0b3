import { and, asc, eq, inArray } from 'drizzle-orm';
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
import { interfaces } from '../../db/schema';
import { refuse } from '../errors';
import { LIVE_INTERFACE, lowerCopies, toSecond } from '../interfaceInfo';
import { lifecycleColumns, recordNotices } from '../lifecycle';
import { rankFor } from '../nameOrder';
import type { SessionUser } from '../session';
import { readDocument } from './document';
import { mapDocument } from './mapping';

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
async function existingFor(db: Queryable, drafts: ImportDraft[]): Promise<Map<string, Existing>> {
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
  const read = await readDocument(text);
  const empty = { create: [], update: [], skip: [], baseUrlRequired: false };
  if (!read.ok)
    return {
      result: { ...empty, errors: read.errors, specification: read.spec?.label },
      existing: new Map(),
    };
  const mapping = mapDocument(read.doc, read.spec, baseUrl);
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
  return db.transaction(async (tx) => {
    const { result, existing } = await classify(tx, text, baseUrl);
    if (result.errors.length) return result;
    const ids: string[] = [];
    for (const row of result.create) {
      if (exclude.has(row.index)) continue;
      const { deprecated, ...fields } = row.draft;
      const [written] = await tx
        .insert(interfaces)
        .values({
          ...fields,
          ...(lowerCopies(fields) as Required<ReturnType<typeof lowerCopies>>),
          ...lifecycleColumns({ deprecated }, false, time),
          nameRank: await rankFor(tx, fields.name),
          status: INTERFACE_STATUS.OFFLINE,
          userId: admin.id,
          createTime: time,
          updateTime: time,
        })
        .returning({ id: interfaces.id });
      ids.push(written.id);
    }
    for (const row of result.update) {
      if (exclude.has(row.index)) continue;
      const current = existing.get(keyOf(row.draft.method, row.draft.url))!;
      const { deprecated, method: _method, url: _url, ...fields } = row.draft;
      await tx
        .update(interfaces)
        .set({
          ...fields,
          ...lowerCopies(fields),
          ...(fields.name !== current.name ? { nameRank: await rankFor(tx, fields.name, current.id) } : {}),
          ...lifecycleColumns({ deprecated }, current.deprecated, time),
          updateTime: time,
        })
        .where(eq(interfaces.id, current.id));
      if (deprecated && !current.deprecated)
        await recordNotices(
          tx,
          current.id,
          { sunsetDate: current.sunsetDate, replacementId: current.replacementId },
          now,
        );
      ids.push(current.id);
    }
    return {
      ...result,
      create: result.create.filter((row) => !exclude.has(row.index)),
      update: result.update.filter((row) => !exclude.has(row.index)),
      ids,
    };
  });
}

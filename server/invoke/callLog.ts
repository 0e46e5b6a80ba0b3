import { and, desc, eq, sql } from 'drizzle-orm';
import { HISTORY_LIMIT, historyEntryOf } from '@agler/contract/invoke';
import type { CallHistoryEntry } from '@agler/contract/invoke';
import type { Db, Queryable } from '../db/connect';
import { prepared } from '../db/prepared';
import { calls } from '../db/schema';
import { rowsOf } from '../db/rows';
import { catchUp, hourOf, rolledUpUntil, ROLLUP_LOCK, UNTIL_KEY } from '../domain/rollup';

/**
 * The call log: one row per call that reached an interface. Invoke and the
 * gateway hand rows to the recorder, which writes them here in batches; the
 * analysis reads them through the roll-up (domain/rollup.ts), the try-it's
 * history reads a caller's newest ones.
 */

export type CallRow = {
  interfaceInfoId: string;
  userId: string;
  /** When the call started. */
  time: Date;
  success: boolean;
  /** Milliseconds from the start of the call to the end of its answer (or its failure). */
  latency: number;
  /** The upstream's HTTP status, or null when it never answered. */
  status: number | null;
  bytes: number;
  /** The console's parameter text, as contract/invoke.ts historyParamsOf keeps it; none from the gateway. */
  params?: string | null;
  paramsTruncated?: boolean;
  /** The key of a gateway call; none from the console. */
  keyId?: string | null;
  /** Requests sent for the call, retries included (1 when absent). */
  tries?: number;
};

/** The roll-up's mark (its first hour not rolled up) as each database's last write answered it. */
const knownUntil = new WeakMap<Queryable, number>();

/**
 * Writes one batch in one statement (`call_log_write`, server/db/functions/): the
 * rows go in as one JSON parameter, so the statement's text is the same for
 * any number of rows and JSON.stringify does the escaping; the columns
 * written are the records' keys, so a new column is named once, here. Under
 * the roll-up's shared lock, a call older than the roll-up (a batch that
 * waited, another process's clock) is added to it in the statement that
 * logs it, so the analysis counts every call once, whoever writes. The first
 * batch of a new hour first rolls the hours before it up.
 */
export async function writeCalls(db: Queryable, rows: CallRow[]): Promise<void> {
  if (rows.length === 0) return;
  const latest = hourOf(Math.max(...rows.map((row) => row.time.getTime())));
  if (latest > (knownUntil.get(db) ?? 0) && latest > (await rolledUpUntil(db))) await catchUp(db, latest);
  const records = rows.map((row) => ({
    interface_info_id: row.interfaceInfoId,
    user_id: row.userId,
    time: row.time.toISOString(),
    success: row.success,
    latency: row.latency,
    status: row.status,
    bytes: row.bytes,
    params: row.params ?? null,
    params_truncated: row.paramsTruncated ?? false,
    key_id: row.keyId ?? null,
    tries: row.tries ?? 1,
  }));
  const columns = `{${Object.keys(records[0]).join(',')}}`;
  const [answer] = rowsOf<{ until: string | number }>(
    await db.execute(sql`
      SELECT call_log_write(${columns}::text[], ${JSON.stringify(records)}::json,
        ${ROLLUP_LOCK}::bigint, ${UNTIL_KEY}::text) AS until`),
  );
  knownUntil.set(db, Number(answer.until));
}

const newestCalls = (db: Db) =>
  db
    .select({
      time: calls.time,
      status: calls.status,
      success: calls.success,
      durationMs: calls.latency,
      bytes: calls.bytes,
      params: calls.params,
      paramsTruncated: calls.paramsTruncated,
    })
    .from(calls)
    .where(
      and(
        eq(calls.userId, sql.placeholder('userId')),
        eq(calls.interfaceInfoId, sql.placeholder('interfaceInfoId')),
      ),
    )
    // Read backwards along interface_call_user_interface_time_idx; calls of one millisecond newest id first.
    .orderBy(desc(calls.time), desc(calls.id))
    .limit(HISTORY_LIMIT)
    .prepare('interface_call_history');

/** A user's newest calls of an interface (the recorder flushed first, so the one just made is among them). */
export async function historyOf(
  db: Db,
  userId: string,
  interfaceInfoId: string,
): Promise<CallHistoryEntry[]> {
  const rows = await prepared(db, 'interface_call_history', newestCalls).execute({ userId, interfaceInfoId });
  return rows.map(historyEntryOf);
}

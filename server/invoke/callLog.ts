import type { Queryable } from '../db/connect';
import { calls } from '../db/schema';
import { addToRollup, catchUp, hourOf, HOUR_MS, rolledUpUntil, withRollupLock } from '../domain/rollup';

/**
 * The call log: one row per call that reached an interface. Invoke (and
 * later the gateway) hand rows to the recorder, which writes them here in
 * batches; the analysis reads them through the roll-up (domain/rollup.ts).
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
};

/**
 * Writes one batch in one transaction. The first batch of a new hour first
 * rolls the hours before it up; a call older than the roll-up (a batch that
 * waited, another process's clock) is added to it in the transaction that
 * logs it, so the analysis counts every call once, whoever writes.
 */
export async function writeCalls(db: Queryable, rows: CallRow[]): Promise<void> {
  if (rows.length === 0) return;
  const latest = hourOf(Math.max(...rows.map((row) => row.time.getTime())));
  if (latest > (await rolledUpUntil(db))) await catchUp(db, latest);
  await withRollupLock(db, 'shared', async (tx) => {
    const until = (await rolledUpUntil(tx)) * HOUR_MS;
    await tx.insert(calls).values(rows);
    await addToRollup(
      tx,
      rows.filter((row) => row.time.getTime() < until),
    );
  });
}

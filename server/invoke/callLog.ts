import type { Queryable } from '../db/connect';
import { calls } from '../db/schema';

/**
 * The call log: one row per call that reached an interface. Invoke (and
 * later the gateway) hand rows to the recorder, which writes them here in
 * batches; the analysis reads them.
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

/** Writes one batch in one statement. */
export async function writeCalls(db: Queryable, rows: CallRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(calls).values(rows);
}

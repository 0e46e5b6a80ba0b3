import { lt } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { nonces } from '../db/schema';

/**
 * Nonces the gateway has seen, in the database, so a request replayed to
 * another server process is refused too. A call's admission spends its nonce
 * (server/invoke/admission.ts): a new nonce is stored, one whose time has
 * passed is stored again, one still live is a replay.
 */

/** Removes nonces that can no longer be replayed. */
export async function removeExpiredNonces(db: Db, now: number): Promise<void> {
  await db.delete(nonces).where(lt(nonces.expiresAt, new Date(now)));
}

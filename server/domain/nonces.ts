import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { rowsOf } from '../db/rows';
import { nonces } from '../db/schema';

/**
 * Nonces the gateway has seen, in the database, so a request replayed to
 * another server process is refused too. One statement decides: a new nonce
 * is stored, one whose time has passed is stored again, one still live is a
 * replay.
 */

/** Records `nonce` for `accessKey`; false when it was used within its lifetime. */
export async function spendNonce(db: Db, accessKey: string, nonce: string, now: number, ttlSeconds: number): Promise<boolean> {
  const expires = new Date(now + ttlSeconds * 1000).toISOString();
  const result = await db.execute(sql`
    INSERT INTO gateway_nonce (access_key, nonce, expires_at) VALUES (${accessKey}, ${nonce}, ${expires}::timestamptz)
    ON CONFLICT (access_key, nonce) DO UPDATE SET expires_at = excluded.expires_at
    WHERE gateway_nonce.expires_at <= ${new Date(now).toISOString()}::timestamptz
    RETURNING 1 AS used`);
  return rowsOf(result).length === 1;
}

/** Removes nonces that can no longer be replayed. */
export async function removeExpiredNonces(db: Db, now: number): Promise<void> {
  await db.delete(nonces).where(lt(nonces.expiresAt, new Date(now)));
}

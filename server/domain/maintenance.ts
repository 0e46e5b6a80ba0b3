import { KEY_EXPIRY_NOTICE_MS } from '@agler/contract/alerts';
import type { Database } from '../db/connect';
import { alertKeysExpiringSoon } from './keys';
import { removeExpiredNonces } from './nonces';
import { removeExpired } from './session';
import { settleSubscriptions } from './subscriptions';
import { THROTTLE_WINDOW_MS } from './user';

/**
 * Upkeep while the server runs: ended sessions, spent login throttles and
 * gateway nonces past their lifetime are removed every few minutes, and keys
 * expiring within KEY_EXPIRY_NOTICE_MS alert their users (once per key and
 * expiry); subscriptions that were to end with their period end; on PGlite, which has no autovacuum, the
 * busy tables are vacuumed every hour. Any process may do it; doing it twice
 * is harmless.
 */

export const SWEEP_MS = 10 * 60 * 1000;
const VACUUM_EVERY = 6; // sweeps: hourly

export function startMaintenance(
  database: Database,
  onError: (error: unknown) => void,
  now: () => number = Date.now,
) {
  let sweeps = 0;
  let running: Promise<void> | undefined;
  const sweep = async () => {
    try {
      await removeExpired(database.db, now(), THROTTLE_WINDOW_MS);
      await removeExpiredNonces(database.db, now());
      await alertKeysExpiringSoon(database.db, now(), KEY_EXPIRY_NOTICE_MS);
      await settleSubscriptions(database.db, now());
      sweeps += 1;
      if (sweeps % VACUUM_EVERY === 0) await database.vacuum();
    } catch (error) {
      onError(error);
    }
  };
  const timer = setInterval(() => {
    running ??= sweep().finally(() => {
      running = undefined;
    });
  }, SWEEP_MS);
  timer.unref();
  return {
    /** Stops the timer; a sweep under way finishes (the caller closes the database after app.close()). */
    stop() {
      clearInterval(timer);
      return running ?? Promise.resolve();
    },
  };
}

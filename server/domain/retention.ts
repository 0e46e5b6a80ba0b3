import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { Database, Queryable } from '../db/connect';
import { rowsOf } from '../db/rows';
import { HOUR_MS, rolledUpUntil } from './rollup';

/**
 * The call log's retention (CALL_LOG_RETENTION_DAYS): calls older than the
 * retention are removed from `interface_call`, a small batch per statement,
 * so that the log does not fill the disk. Only calls the roll-up already
 * holds (before its `call_rollup_until` hour) are removed, so the analysis's
 * figures of any range stay what they were; what reads single calls (我的用量,
 * an interface's callers) finds none older than the retention.
 *
 * Each batch is one short DELETE of its own, with a pause after it, so that
 * the gateway's writes (on PGlite the one connection) wait for one batch at
 * most, never for a whole run; a run is bounded in batches and in time, and
 * the next run goes on where it stopped. One process runs at a time: a run
 * first takes a lease in app_meta, and a process that finds it taken skips
 * its run (the lease ends by itself should its holder die).
 */

export const DAY_MS = 24 * HOUR_MS;
export const DEFAULT_RETENTION_DAYS = 90;
/** The app_meta key of the lease: `<expiry in ms> <holder>`. */
export const LEASE_KEY = 'call_retention_lease';

export type RetentionLimits = {
  /** Rows one DELETE removes at most. */
  batchRows: number;
  /** Batches one run makes at most. */
  maxBatches: number;
  /** Milliseconds one run goes on at most (it stops after the batch that passes it). */
  maxMs: number;
  /** Milliseconds between two batches, in which the gateway's statements run. */
  pauseMs: number;
};

/**
 * A batch of 2,000 holds the database for tens of milliseconds
 * (docs/server.md), so the gateway waits about that long at most; a run every
 * minute removes up to a million calls, ahead of a gateway that logs
 * thousands a second.
 */
export const RETENTION_LIMITS: RetentionLimits = {
  batchRows: 2000,
  maxBatches: 500,
  maxMs: 30_000,
  pauseMs: 20,
};
export const RETENTION_EVERY_MS = 60_000;
/** Longer than a run may last, so a live holder keeps it; short enough that a dead holder's lapses soon. */
export const LEASE_MS = 5 * 60_000;

export type RetentionRun = {
  /** Another process held the lease: this one did nothing. */
  skipped: boolean;
  removed: number;
  batches: number;
  /** No call older than the cutoff was left when the run ended. */
  done: boolean;
  /** Calls before this time (ms) were removable: the retention's start, or the roll-up's mark if earlier. */
  cutoff: number;
};

const iso = (ms: number) => new Date(ms).toISOString();

/** Takes the lease (`value`: its expiry and holder) unless another holder's has not expired at `at`; answers whether it did. */
async function takeLease(db: Queryable, value: string, at: number): Promise<boolean> {
  const taken = rowsOf(
    await db.execute(sql`
      INSERT INTO app_meta (key, value) VALUES (${LEASE_KEY}, ${value})
      ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value
      WHERE split_part(app_meta.value, ' ', 1)::float8 <= ${at}
      RETURNING 1 AS taken`),
  );
  return taken.length === 1;
}

async function releaseLease(db: Queryable, value: string): Promise<void> {
  await db.execute(sql`UPDATE app_meta SET value = '0' WHERE key = ${LEASE_KEY} AND value = ${value}`);
}

/**
 * Removes at most `rows` of the oldest calls before `cutoff`, in one
 * statement: the time index finds them and their row addresses (ctid) remove
 * them, so a batch costs the same on a log of any size (`id IN (…)` is
 * planned as a scan of the whole table). Calls are never updated, so an
 * address found is the call's until it is removed.
 */
export async function removeBatch(db: Queryable, cutoff: number, rows: number): Promise<number> {
  const [{ removed }] = rowsOf<{ removed: number }>(
    await db.execute(sql`
      WITH gone AS (
        DELETE FROM interface_call
        WHERE ctid = ANY(ARRAY(
          SELECT ctid FROM interface_call WHERE time < ${iso(cutoff)}::timestamptz ORDER BY time LIMIT ${rows}
        ))
        RETURNING 1
      )
      SELECT count(*)::int AS removed FROM gone`),
  );
  return Number(removed);
}

export type RetentionOptions = {
  days: number;
  now: () => number;
  limits?: RetentionLimits;
  /** Asked between batches: true ends the run there (the app is closing). */
  stopping?: () => boolean;
};

/** One run: removes calls older than the retention that the roll-up holds, within the run's limits. */
export async function removeOldCalls(db: Queryable, options: RetentionOptions): Promise<RetentionRun> {
  const limits = options.limits ?? RETENTION_LIMITS;
  const at = options.now();
  const lease = `${at + LEASE_MS} ${randomUUID()}`;
  const run: RetentionRun = { skipped: false, removed: 0, batches: 0, done: false, cutoff: 0 };
  if (!(await takeLease(db, lease, at))) return { ...run, skipped: true };
  try {
    // Calls from the roll-up's mark on are not in the roll-up yet: the analysis still reads them from the log.
    run.cutoff = Math.min(at - options.days * DAY_MS, (await rolledUpUntil(db)) * HOUR_MS);
    const started = performance.now();
    while (run.batches < limits.maxBatches && performance.now() - started < limits.maxMs) {
      if (run.batches > 0) await sleep(limits.pauseMs);
      if (options.stopping?.()) break;
      const removed = await removeBatch(db, run.cutoff, limits.batchRows);
      run.batches += 1;
      run.removed += removed;
      if (removed < limits.batchRows) {
        run.done = true;
        break;
      }
    }
    return run;
  } finally {
    await releaseLease(db, lease);
  }
}

/**
 * Runs the retention every RETENTION_EVERY_MS while the server runs (the
 * first run one interval after the start). `stop()` ends a run under way
 * after its current batch.
 */
export function startRetention(
  database: Database,
  options: { days: number; now?: () => number; onError: (error: unknown) => void; everyMs?: number },
) {
  let stopped = false;
  let running: Promise<void> | undefined;
  const runOnce = async () => {
    try {
      await removeOldCalls(database.db, {
        days: options.days,
        now: options.now ?? Date.now,
        stopping: () => stopped,
      });
    } catch (error) {
      options.onError(error);
    }
  };
  const timer = setInterval(() => {
    running ??= runOnce().finally(() => {
      running = undefined;
    });
  }, options.everyMs ?? RETENTION_EVERY_MS);
  timer.unref();
  return {
    /** Stops the timer; the run under way ends after its batch (the caller closes the database after). */
    stop() {
      stopped = true;
      clearInterval(timer);
      return running ?? Promise.resolve();
    },
  };
}

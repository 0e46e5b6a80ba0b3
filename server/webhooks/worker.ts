import { randomUUID } from 'node:crypto';
import { and, count, eq, gt, min, sql } from 'drizzle-orm';
import {
  ALERT_MESSAGES,
  PING_EVENT,
  WEBHOOK_MAX_TRIES,
  WEBHOOK_RETRY_DELAYS_S,
  WEBHOOK_TEST_LIMIT,
  WEBHOOK_TIMEOUT_S,
} from '@agler/contract/alerts';
import type { WebhookDeliveryState } from '@agler/contract/alerts';
import { ResponseCode } from '@agler/contract/constants';
import type { Db, Queryable } from '../db/connect';
import { rowsOf } from '../db/rows';
import { webhookDeliveries, webhooks } from '../db/schema';
import { at } from '../db/time';
import { refuse } from '../domain/errors';
import { webhookSecretOwner } from '../domain/webhooks';
import type { PingResult } from '../domain/webhooks';
import { webhookHeaders } from '../domain/webhookSignature';
import type { SecretBox } from '../keys/secretBox';
import type { UpstreamClient } from '../upstream/client';

/**
 * The webhook queue's worker. Alerts are queued by raiseAlert
 * (server/domain/alerts.ts); the worker claims the due ones with FOR UPDATE
 * SKIP LOCKED, so any number of processes on one PostgreSQL share the queue
 * without sending a message twice at once, and sends each through the
 * upstream client (the same address guard as interfaces). A failed try is
 * retried after WEBHOOK_RETRY_DELAYS_S; every try is logged.
 */

/** A delivery as a try needs it, with the webhook it goes to (null: the webhook is gone). */
type Claimed = {
  id: string;
  userId: string;
  payload: string;
  tries: number;
  hook: { url: string; secretSealed: string; previousSealed: string | null; previousUntil: number | null } | null;
};

type ClaimedRow = {
  id: string;
  user_id: string;
  payload: string;
  tries: number;
  url: string | null;
  secret_sealed: string | null;
  previous_sealed: string | null;
  previous_until_ms: number | null;
};

const claimedOf = (row: ClaimedRow): Claimed => ({
  id: row.id,
  userId: row.user_id,
  payload: row.payload,
  tries: Number(row.tries),
  hook:
    row.url === null || row.secret_sealed === null
      ? null
      : {
          url: row.url,
          secretSealed: row.secret_sealed,
          previousSealed: row.previous_sealed,
          previousUntil: row.previous_until_ms === null ? null : Number(row.previous_until_ms),
        },
});

/** The webhook-id of a message: `msg_` and 32 hex digits, as raiseAlert makes them in SQL. */
const newDeliveryId = () => `msg_${randomUUID().replace(/-/g, '')}`;

const MINUTE_MS = 60_000;

/**
 * Refuses a test while the user's last one is still being sent, or when the
 * last minute already holds WEBHOOK_TEST_LIMIT.perMinute of them: 42900 with
 * Retry-After, as a call over a rate limit. A test still marked as being sent
 * a minute on (its process stopped) no longer holds the next one back.
 */
async function checkTestLimit(tx: Queryable, userId: string, current: number): Promise<void> {
  const [recent] = await tx
    .select({
      sent: count(),
      open: sql<number>`count(*) FILTER (WHERE ${webhookDeliveries.state} = 'pending')`.mapWith(Number),
      oldest: min(webhookDeliveries.createTime),
    })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.userId, userId),
        eq(webhookDeliveries.eventType, PING_EVENT),
        gt(webhookDeliveries.createTime, new Date(current - MINUTE_MS)),
      ),
    );
  const tooSoon = (message: string, seconds: number) =>
    refuse(ResponseCode.QUOTA_EXHAUSTED, message, {}, { 'retry-after': String(seconds) });
  if (recent.open > 0) tooSoon(ALERT_MESSAGES.webhookTestBusy, WEBHOOK_TIMEOUT_S);
  if (recent.sent >= WEBHOOK_TEST_LIMIT.perMinute) {
    const wait = recent.oldest!.getTime() + MINUTE_MS - current;
    tooSoon(ALERT_MESSAGES.webhookTestLimited, Math.max(1, Math.ceil(wait / 1000)));
  }
}

/** How long a claimed delivery is kept from other processes: longer than a try can take. */
export const LEASE_MS = 60_000;
export const BATCH = 20;
/** Batches one run takes at most; the next run goes on. */
const BATCHES_PER_RUN = 10;
export const POLL_MS = 3_000;

export type WebhookWorkerOptions = {
  db: Db;
  box: SecretBox;
  client: UpstreamClient;
  now: () => number;
  onError: (error: unknown) => void;
  pollMs?: number;
};

export type WebhookWorker = {
  /** Sends every due delivery (those queued by alerts, retries, resends); answers how many tries were made. */
  runDue(): Promise<number>;
  /** Runs soon, without waiting for the next poll (after a resend). */
  kick(): void;
  /** `POST /api/user/webhook/test`: a `ping`, sent at once (within WEBHOOK_TEST_LIMIT), logged, never retried. */
  ping(userId: string): Promise<PingResult>;
  start(): void;
  /** Stops polling; a run under way finishes. */
  stop(): Promise<void>;
};

export function createWebhookWorker(options: WebhookWorkerOptions): WebhookWorker {
  const { db, box, client, now } = options;

  // Runs one after another in this process (other processes are kept apart by the claim's lock).
  let chain: Promise<unknown> = Promise.resolve();
  let busy = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  async function tryOnce(row: Claimed, retries: boolean): Promise<PingResult> {
    const started = now();
    let outcome: Omit<PingResult, 'id' | 'delivered'>;
    const { hook } = row;
    if (hook === null) {
      outcome = { status: null, durationMs: 0, failure: 'noWebhook' };
    } else {
      const owner = webhookSecretOwner(row.userId);
      const secrets = [box.open(hook.secretSealed, owner)];
      if (hook.previousSealed && hook.previousUntil !== null && hook.previousUntil > started)
        secrets.push(box.open(hook.previousSealed, owner));
      const answer = await client.call({
        method: 'POST',
        url: hook.url,
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Agler-Webhooks/1.0',
          ...webhookHeaders(secrets, row.id, Math.floor(started / 1000), row.payload),
        },
        body: row.payload,
      });
      outcome = answer.ok
        ? {
            status: answer.status,
            durationMs: answer.durationMs,
            failure: answer.status >= 200 && answer.status < 300 ? null : 'httpError',
          }
        : { status: answer.status ?? null, durationMs: answer.durationMs, failure: answer.failure };
    }
    const delivered = outcome.failure === null;
    const again = !delivered && retries && hook !== null && row.tries < WEBHOOK_MAX_TRIES;
    const state: WebhookDeliveryState = delivered ? 'delivered' : again ? 'pending' : 'failed';
    const next = again ? at(started + WEBHOOK_RETRY_DELAYS_S[row.tries - 1] * 1000) : sql`NULL`;
    // One statement, so the try's log and the delivery's new state are written together without a transaction.
    await db.execute(sql`
      WITH logged AS (
        INSERT INTO webhook_attempt (delivery_id, time, status, duration_ms, failure)
        VALUES (${row.id}, ${at(started)}, ${outcome.status}::smallint, ${outcome.durationMs}::int, ${outcome.failure})
      )
      UPDATE webhook_delivery SET state = ${state}, next_try_time = ${next} WHERE id = ${row.id}`);
    return { id: row.id, delivered, ...outcome };
  }

  /** Claims up to BATCH due deliveries: counted as tried and leased, so no other process takes them meanwhile. */
  async function claim(): Promise<Claimed[]> {
    const current = now();
    // Raw: FOR UPDATE SKIP LOCKED in a CTE feeding an UPDATE … FROM with a join is what lets processes share the queue.
    const rows = rowsOf<ClaimedRow>(
      await db.execute(sql`
        WITH due AS (
          SELECT id, user_id FROM webhook_delivery
          WHERE state = 'pending' AND next_try_time <= ${at(current)}
          ORDER BY next_try_time LIMIT ${BATCH} FOR UPDATE SKIP LOCKED
        )
        UPDATE webhook_delivery d SET tries = d.tries + 1, next_try_time = ${at(current + LEASE_MS)}
        FROM due LEFT JOIN webhook w ON w.user_id = due.user_id
        WHERE d.id = due.id
        RETURNING d.id, d.user_id::text AS user_id, d.payload, d.tries, w.url, w.secret_sealed, w.previous_sealed,
                  (extract(epoch FROM w.previous_until) * 1000)::float8 AS previous_until_ms`),
    );
    return rows.map(claimedOf);
  }

  async function drain(): Promise<number> {
    let tries = 0;
    for (let batch = 0; batch < BATCHES_PER_RUN && !stopped; batch += 1) {
      const rows = await claim();
      if (rows.length === 0) break;
      await Promise.all(rows.map((row) => tryOnce(row, true)));
      tries += rows.length;
    }
    return tries;
  }

  function runDue(): Promise<number> {
    const run = chain.then(drain);
    busy = true;
    chain = run.then(
      () => {
        busy = false;
      },
      (error: unknown) => {
        busy = false;
        options.onError(error);
      },
    );
    return run;
  }

  const tick = () => {
    if (!busy && !stopped) runDue().catch(() => undefined);
  };

  return {
    runDue,
    kick: () => setImmediate(tick),
    async ping(userId) {
      const current = now();
      const payload = JSON.stringify({
        type: PING_EVENT,
        timestamp: new Date(current).toISOString().replace(/\.\d{3}Z$/, 'Z'),
        data: {},
      });
      const row = await db.transaction(async (tx): Promise<Claimed> => {
        // The webhook's row is locked, so two tests of one user, from any process, are counted one after the other.
        const [hook] = await tx
          .select({
            url: webhooks.url,
            secretSealed: webhooks.secretSealed,
            previousSealed: webhooks.previousSealed,
            previousUntil: webhooks.previousUntil,
          })
          .from(webhooks)
          .where(eq(webhooks.userId, userId))
          .for('update');
        if (!hook) refuse(ResponseCode.NOT_FOUND, ALERT_MESSAGES.webhookNotSet);
        await checkTestLimit(tx, userId, current);
        // Never due (no next try): the test is sent here, once.
        const id = newDeliveryId();
        await tx.insert(webhookDeliveries).values({
          id,
          userId,
          eventType: PING_EVENT,
          payload,
          state: 'pending',
          tries: 1,
          createTime: new Date(current),
        });
        return {
          id,
          userId,
          payload,
          tries: 1,
          hook: { ...hook, previousUntil: hook.previousUntil?.getTime() ?? null },
        };
      });
      return tryOnce(row, false);
    },
    start() {
      if (timer || stopped) return;
      timer = setInterval(tick, options.pollMs ?? POLL_MS);
      timer.unref();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await chain;
    },
  };
}

import { count, eq, sql } from 'drizzle-orm';
import {
  ALERT_MESSAGES,
  parseDeliveryId,
  parseDeliveryListQuery,
  parseWebhookInput,
  PING_EVENT,
  WEBHOOK_MAX_TRIES,
  WEBHOOK_RETRY_DELAYS_S,
  WEBHOOK_SECRET_GRACE_S,
  WEBHOOK_TEST_LIMIT,
  WEBHOOK_TIMEOUT_S,
} from '@agler/contract/alerts';
import type { AlertKind, WebhookDeliveryState } from '@agler/contract/alerts';
import { ResponseCode } from '@agler/contract/constants';
import { formatTime } from '@agler/contract/dates';
import type { Page } from '@agler/contract/types';
import type { Db, Queryable } from '../db/connect';
import { rowsOf } from '../db/rows';
import { webhookDeliveries } from '../db/schema';
import type { SecretBox } from '../keys/secretBox';
import type { AllowList } from '../upstream/addressPolicy';
import { ipLiteralOf, isAllowedHost, isPublicAddress } from '../upstream/addressPolicy';
import type { UpstreamClient } from '../upstream/client';
import { at } from './alerts';
import { refuse } from './errors';
import { newWebhookSecret, webhookHeaders } from './webhookSignature';

/**
 * A user's webhook and its deliveries. Alerts are queued by raiseAlert
 * (server/domain/alerts.ts); the worker here claims the due ones with FOR
 * UPDATE SKIP LOCKED, so any number of processes on one PostgreSQL share the
 * queue without sending a message twice at once, and sends each through the
 * upstream client (the same address guard as interfaces). A failed try is
 * retried after WEBHOOK_RETRY_DELAYS_S; every try is logged.
 */

export type WebhookVO = {
  url: string;
  kinds: AlertKind[];
  createTime: string;
  updateTime: string;
  /** Until when the secret before the last rotation still signs too; null: none does. */
  previousSecretUntil: string | null;
};

/** The answer of a save: the secret only when the webhook was created. */
export type WebhookSaved = WebhookVO & { secret?: string };

export type WebhookAttemptVO = {
  time: string;
  /** The receiver's HTTP status; null when it never answered. */
  status: number | null;
  durationMs: number;
  /** Why the try failed (upstream failure, `httpError`, `noWebhook`); null when it was delivered. */
  failure: string | null;
};

export type WebhookDeliveryVO = {
  id: string;
  eventType: string;
  state: WebhookDeliveryState;
  tries: number;
  nextTryTime: string | null;
  createTime: string;
  attempts: WebhookAttemptVO[];
};

export type PingResult = { id: string; delivered: boolean } & Omit<WebhookAttemptVO, 'time'>;

/** Secrets are sealed for their owner's webhook, so one copied into another row does not open. */
const ownerOf = (userId: string) => `webhook:${userId}`;

const time = (value: Date | string | null) => (value === null ? null : formatTime(new Date(value).getTime()));

type WebhookRow = {
  url: string;
  kinds: AlertKind[] | string;
  create_time: Date | string;
  update_time: Date | string;
  previous_until: Date | string | null;
};

/** A text[] as both drivers answer it (node-postgres parses it; a `{a,b}` text is read here otherwise). */
const kindsOf = (kinds: AlertKind[] | string): AlertKind[] =>
  Array.isArray(kinds)
    ? kinds
    : (kinds
        .replace(/^\{|\}$/g, '')
        .split(',')
        .filter(Boolean) as AlertKind[]);

function toVO(row: WebhookRow, now: number): WebhookVO {
  const until = row.previous_until === null ? null : new Date(row.previous_until).getTime();
  return {
    url: row.url,
    kinds: kindsOf(row.kinds),
    createTime: time(row.create_time)!,
    updateTime: time(row.update_time)!,
    previousSecretUntil: until !== null && until > now ? formatTime(until) : null,
  };
}

const WEBHOOK_COLUMNS = sql`url, kinds, create_time, update_time, previous_until`;

/** `GET /api/user/webhook`: the user's webhook, or null. */
export async function webhookOf(db: Db, userId: string, now: number): Promise<WebhookVO | null> {
  const [row] = rowsOf<WebhookRow>(
    await db.execute(sql`SELECT ${WEBHOOK_COLUMNS} FROM webhook WHERE user_id = ${userId}::bigint`),
  );
  return row ? toVO(row, now) : null;
}

/**
 * The address rule beyond the contract's: https, or http to a host that
 * INVOKE_ALLOW_HOSTS names; an internal IP literal only when named there too.
 * A name that resolves to an internal address is refused at each try.
 */
function checkAddress(text: string, allow: AllowList): void {
  const url = new URL(text);
  const allowed = isAllowedHost(url, allow);
  if (url.protocol === 'http:' && !allowed)
    refuse(ResponseCode.PARAMS_ERROR, ALERT_MESSAGES.webhookHttpNotAllowed);
  const literal = ipLiteralOf(url);
  if (!allowed && literal !== undefined && !isPublicAddress(literal))
    refuse(ResponseCode.PARAMS_ERROR, ALERT_MESSAGES.webhookAddressRefused);
}

const kindsArray = (kinds: readonly AlertKind[]) => sql`${`{${kinds.join(',')}}`}::text[]`;

/** `POST /api/user/webhook {url, kinds}`: sets the address and kinds; the first save makes the secret and answers it, once. */
export async function saveWebhook(
  db: Db,
  box: SecretBox,
  userId: string,
  body: Record<string, unknown>,
  allow: AllowList,
  now: number,
): Promise<WebhookSaved> {
  const parsed = parseWebhookInput(body);
  if (!parsed.ok) refuse(ResponseCode.PARAMS_ERROR, parsed.message);
  const { url, kinds } = parsed.value;
  checkAddress(url, allow);
  const stamp = at(Math.floor(now / 1000) * 1000);
  return db.transaction(async (tx) => {
    const [updated] = rowsOf<WebhookRow>(
      await tx.execute(sql`
        UPDATE webhook SET url = ${url}, kinds = ${kindsArray(kinds)}, update_time = ${stamp}
        WHERE user_id = ${userId}::bigint RETURNING ${WEBHOOK_COLUMNS}`),
    );
    if (updated) return toVO(updated, now);
    const secret = newWebhookSecret();
    const [created] = rowsOf<WebhookRow>(
      await tx.execute(sql`
        INSERT INTO webhook (user_id, url, kinds, secret_sealed, create_time, update_time)
        VALUES (${userId}::bigint, ${url}, ${kindsArray(kinds)}, ${box.seal(secret, ownerOf(userId))}, ${stamp}, ${stamp})
        RETURNING ${WEBHOOK_COLUMNS}`),
    );
    return { ...toVO(created, now), secret };
  });
}

/** `POST /api/user/webhook/delete`: no more deliveries; those still queued fail at their next try. */
export async function deleteWebhook(db: Db, userId: string): Promise<true> {
  const gone = rowsOf(
    await db.execute(sql`DELETE FROM webhook WHERE user_id = ${userId}::bigint RETURNING user_id`),
  );
  if (gone.length === 0) refuse(ResponseCode.NOT_FOUND, ALERT_MESSAGES.webhookNotSet);
  return true;
}

/**
 * `POST /api/user/webhook/secret/rotate`: a new secret, answered once; the
 * one before keeps signing beside it for WEBHOOK_SECRET_GRACE_S.
 */
export async function rotateSecret(
  db: Db,
  box: SecretBox,
  userId: string,
  now: number,
): Promise<{ secret: string; previousSecretUntil: string }> {
  const secret = newWebhookSecret();
  const until = now + WEBHOOK_SECRET_GRACE_S * 1000;
  const rotated = rowsOf(
    await db.execute(sql`
      UPDATE webhook SET previous_sealed = secret_sealed, previous_until = ${at(until)},
        secret_sealed = ${box.seal(secret, ownerOf(userId))}, update_time = ${at(Math.floor(now / 1000) * 1000)}
      WHERE user_id = ${userId}::bigint RETURNING user_id`),
  );
  if (rotated.length === 0) refuse(ResponseCode.NOT_FOUND, ALERT_MESSAGES.webhookNotSet);
  return { secret, previousSecretUntil: formatTime(until) };
}

// ---------------------------------------------------------------- the deliveries' log

type DeliveryRow = {
  id: string;
  event_type: string;
  state: WebhookDeliveryState;
  tries: number;
  next_try_time: Date | string | null;
  create_time: Date | string;
};

type AttemptRow = {
  delivery_id: string;
  time: Date | string;
  status: number | null;
  duration_ms: number;
  failure: string | null;
};

/** `GET /api/user/webhook/deliveries`: newest first, each with its tries. */
export async function listDeliveries(
  db: Db,
  userId: string,
  rawQuery: unknown,
): Promise<Page<WebhookDeliveryVO>> {
  const parsed = parseDeliveryListQuery(rawQuery);
  if (!parsed.ok) refuse(ResponseCode.PARAMS_ERROR, parsed.message);
  const { current, pageSize } = parsed.value;
  const [{ total }] = rowsOf<{ total: number }>(
    await db.execute(
      sql`SELECT count(*)::int AS total FROM webhook_delivery WHERE user_id = ${userId}::bigint`,
    ),
  );
  const rows =
    (current - 1) * pageSize < total
      ? rowsOf<DeliveryRow>(
          await db.execute(sql`
            SELECT id, event_type, state, tries, next_try_time, create_time FROM webhook_delivery
            WHERE user_id = ${userId}::bigint ORDER BY create_time DESC, id DESC
            LIMIT ${pageSize} OFFSET ${(current - 1) * pageSize}`),
        )
      : [];
  const attempts = rows.length
    ? rowsOf<AttemptRow>(
        await db.execute(sql`
          SELECT delivery_id, time, status::int AS status, duration_ms, failure FROM webhook_attempt
          WHERE delivery_id IN (${sql.join(
            rows.map((row) => sql`${row.id}`),
            sql`, `,
          )}) ORDER BY time, id`),
      )
    : [];
  return {
    records: rows.map((row) => ({
      id: row.id,
      eventType: row.event_type,
      state: row.state,
      tries: Number(row.tries),
      nextTryTime: row.state === 'pending' ? time(row.next_try_time) : null,
      createTime: time(row.create_time)!,
      attempts: attempts
        .filter((attempt) => attempt.delivery_id === row.id)
        .map((attempt) => ({
          time: time(attempt.time)!,
          status: attempt.status,
          durationMs: Number(attempt.duration_ms),
          failure: attempt.failure,
        })),
    })),
    total,
    current,
    size: pageSize,
    pages: Math.ceil(total / pageSize),
  };
}

/** `POST /api/user/webhook/resend {id}`: the delivery is due again at once, with a fresh round of tries. */
export async function resendDelivery(
  db: Db,
  userId: string,
  body: Record<string, unknown>,
  now: number,
): Promise<true> {
  const parsed = parseDeliveryId(body);
  if (!parsed.ok) refuse(ResponseCode.PARAMS_ERROR, parsed.message);
  const found = rowsOf(
    await db.execute(sql`
      UPDATE webhook_delivery SET state = 'pending', tries = 0, next_try_time = ${at(now)}
      WHERE id = ${parsed.value} AND user_id = ${userId}::bigint RETURNING id`),
  );
  if (found.length === 0) refuse(ResponseCode.NOT_FOUND, ALERT_MESSAGES.deliveryNotFound);
  return true;
}

// ---------------------------------------------------------------- sending

/** A delivery as a try needs it, with the webhook it goes to (null fields: the webhook is gone). */
type Claimed = {
  id: string;
  user_id: string;
  payload: string;
  tries: number;
  url: string | null;
  secret_sealed: string | null;
  previous_sealed: string | null;
  previous_until: Date | string | null;
};

const WEBHOOK_OF_DELIVERY = sql`w.url, w.secret_sealed, w.previous_sealed, w.previous_until`;

const MINUTE_MS = 60_000;

/**
 * Refuses a test while the user's last one is still being sent, or when the
 * last minute already holds WEBHOOK_TEST_LIMIT.perMinute of them: 42900 with
 * Retry-After, as a call over a rate limit. A test still marked as being sent
 * a minute on (its process stopped) no longer holds the next one back.
 */
async function checkTestLimit(tx: Queryable, userId: string, current: number): Promise<void> {
  const [recent] = rowsOf<{ sent: number; open: number; oldest: Date | string | null }>(
    await tx.execute(sql`
      SELECT count(*)::int AS sent, (count(*) FILTER (WHERE state = 'pending'))::int AS open,
             min(create_time) AS oldest
      FROM webhook_delivery
      WHERE user_id = ${userId}::bigint AND event_type = ${PING_EVENT}
        AND create_time > ${at(current - MINUTE_MS)}`),
  );
  const tooSoon = (message: string, seconds: number) =>
    refuse(ResponseCode.QUOTA_EXHAUSTED, message, {}, { 'retry-after': String(seconds) });
  if (recent.open > 0) tooSoon(ALERT_MESSAGES.webhookTestBusy, WEBHOOK_TIMEOUT_S);
  if (recent.sent >= WEBHOOK_TEST_LIMIT.perMinute) {
    const wait = new Date(recent.oldest!).getTime() + MINUTE_MS - current;
    tooSoon(ALERT_MESSAGES.webhookTestLimited, Math.max(1, Math.ceil(wait / 1000)));
  }
}

/** How long a claimed delivery is kept from other processes: longer than a try can take. */
const LEASE_MS = 60_000;
const BATCH = 20;
/** Batches one run takes at most; the next run goes on. */
const BATCHES_PER_RUN = 10;
const POLL_MS = 3_000;

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
    let outcome: Omit<WebhookAttemptVO, 'time'>;
    if (row.url === null || row.secret_sealed === null) {
      outcome = { status: null, durationMs: 0, failure: 'noWebhook' };
    } else {
      const secrets = [box.open(row.secret_sealed, ownerOf(row.user_id))];
      if (row.previous_sealed && row.previous_until && new Date(row.previous_until).getTime() > started)
        secrets.push(box.open(row.previous_sealed, ownerOf(row.user_id)));
      const answer = await client.call({
        method: 'POST',
        url: row.url,
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
    const again = !delivered && retries && row.url !== null && row.tries < WEBHOOK_MAX_TRIES;
    const state: WebhookDeliveryState = delivered ? 'delivered' : again ? 'pending' : 'failed';
    const next = again ? at(started + WEBHOOK_RETRY_DELAYS_S[row.tries - 1] * 1000) : sql`NULL`;
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
    return rowsOf<Claimed>(
      await db.execute(sql`
        WITH due AS (
          SELECT id, user_id FROM webhook_delivery
          WHERE state = 'pending' AND next_try_time <= ${at(current)}
          ORDER BY next_try_time LIMIT ${BATCH} FOR UPDATE SKIP LOCKED
        )
        UPDATE webhook_delivery d SET tries = d.tries + 1, next_try_time = ${at(current + LEASE_MS)}
        FROM due LEFT JOIN webhook w ON w.user_id = due.user_id
        WHERE d.id = due.id
        RETURNING d.id, d.user_id::text AS user_id, d.payload, d.tries, ${WEBHOOK_OF_DELIVERY}`),
    );
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
      const row = await db.transaction(async (tx) => {
        // The webhook's row is locked, so two tests of one user, from any process, are counted one after the other.
        const [hook] = rowsOf(
          await tx.execute(sql`SELECT 1 FROM webhook WHERE user_id = ${userId}::bigint FOR UPDATE`),
        );
        if (!hook) refuse(ResponseCode.NOT_FOUND, ALERT_MESSAGES.webhookNotSet);
        await checkTestLimit(tx, userId, current);
        const [inserted] = rowsOf<Claimed>(
          await tx.execute(sql`
            WITH d AS (
              INSERT INTO webhook_delivery (id, user_id, event_type, payload, state, tries, create_time)
              SELECT 'msg_' || replace(gen_random_uuid()::text, '-', ''), user_id, ${PING_EVENT}, ${payload},
                     'pending', 1, ${at(current)}
              FROM webhook WHERE user_id = ${userId}::bigint
              RETURNING id, user_id, payload, tries
            )
            SELECT d.id, d.user_id::text AS user_id, d.payload, d.tries, ${WEBHOOK_OF_DELIVERY}
            FROM d JOIN webhook w ON w.user_id = d.user_id`),
        );
        return inserted;
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

/** For tests and tools: the deliveries queued for a user, oldest first. */
export async function deliveriesOf(db: Queryable, userId: string) {
  return rowsOf<{
    id: string;
    event_type: string;
    state: WebhookDeliveryState;
    tries: number;
    payload: string;
  }>(
    await db.execute(sql`
      SELECT id, event_type, state, tries, payload FROM webhook_delivery
      WHERE user_id = ${userId}::bigint ORDER BY create_time, id`),
  );
}

/** Deliveries still to be sent, due or waiting for a retry: the queue's depth, for /metrics. */
export async function pendingDeliveryCount(db: Queryable): Promise<number> {
  const [row] = await db
    .select({ pending: count() })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.state, 'pending' satisfies WebhookDeliveryState));
  return row.pending;
}

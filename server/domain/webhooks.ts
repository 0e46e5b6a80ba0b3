import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { ALERT_MESSAGES, WEBHOOK_SECRET_GRACE_S } from '@agler/contract/alerts';
import type { WebhookDeliveryState, WebhookInput } from '@agler/contract/alerts';
import { ResponseCode } from '@agler/contract/constants';
import { formatTime } from '@agler/contract/dates';
import type { components } from '@agler/contract/openapi';
import type { Page } from '@agler/contract/types';
import type { Db, Queryable } from '../db/connect';
import { webhookAttempts, webhookDeliveries, webhooks } from '../db/schema';
import type { SecretBox } from '../keys/secretBox';
import type { AllowList } from '../upstream/addressPolicy';
import { ipLiteralOf, isAllowedHost, isPublicAddress } from '../upstream/addressPolicy';
import { refuse } from './errors';
import { toSecond } from './interfaceInfo';
import { newWebhookSecret } from './webhookSignature';

/**
 * A user's webhook and the log of its deliveries. Alerts queue deliveries
 * (raiseAlert, server/domain/alerts.ts); the worker (server/webhooks/worker.ts)
 * sends them and writes each try.
 */

type Schemas = components['schemas'];

/** The server answers every field, null where there is nothing. */
export type WebhookVO = Required<Omit<Schemas['WebhookVO'], 'secret'>>;
/** The answer of a save: the secret only when the webhook was created. */
export type WebhookSaved = WebhookVO & Pick<Schemas['WebhookVO'], 'secret'>;
export type WebhookAttemptVO = Required<Schemas['WebhookAttemptVO']>;
export type WebhookDeliveryVO = Required<Omit<Schemas['WebhookDeliveryVO'], 'attempts'>> & {
  attempts: WebhookAttemptVO[];
};
export type PingResult = Required<Schemas['WebhookPingVO']>;

/** Secrets are sealed for their owner's webhook, so one copied into another row does not open. */
export const webhookSecretOwner = (userId: string) => `webhook:${userId}`;

const time = (value: Date | null) => (value === null ? null : formatTime(value.getTime()));

const WEBHOOK_COLUMNS = {
  url: webhooks.url,
  kinds: webhooks.kinds,
  createTime: webhooks.createTime,
  updateTime: webhooks.updateTime,
  previousUntil: webhooks.previousUntil,
};

type WebhookRow = Pick<typeof webhooks.$inferSelect, keyof typeof WEBHOOK_COLUMNS>;

function toVO(row: WebhookRow, now: number): WebhookVO {
  const until = row.previousUntil?.getTime() ?? null;
  return {
    url: row.url,
    kinds: row.kinds,
    createTime: formatTime(row.createTime.getTime()),
    updateTime: formatTime(row.updateTime.getTime()),
    previousSecretUntil: until !== null && until > now ? formatTime(until) : null,
  };
}

/** `GET /api/user/webhook`: the user's webhook, or null. */
export async function webhookOf(db: Db, userId: string, now: number): Promise<WebhookVO | null> {
  const [row] = await db.select(WEBHOOK_COLUMNS).from(webhooks).where(eq(webhooks.userId, userId));
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

/** `POST /api/user/webhook {url, kinds}`: sets the address and kinds; the first save makes the secret and answers it, once. */
export async function saveWebhook(
  db: Db,
  box: SecretBox,
  userId: string,
  { url, kinds }: WebhookInput,
  allow: AllowList,
  now: number,
): Promise<WebhookSaved> {
  checkAddress(url, allow);
  const stamp = toSecond(now);
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(webhooks)
      .set({ url, kinds, updateTime: stamp })
      .where(eq(webhooks.userId, userId))
      .returning(WEBHOOK_COLUMNS);
    if (updated) return toVO(updated, now);
    const secret = newWebhookSecret();
    const [created] = await tx
      .insert(webhooks)
      .values({
        userId,
        url,
        kinds,
        secretSealed: box.seal(secret, webhookSecretOwner(userId)),
        createTime: stamp,
        updateTime: stamp,
      })
      .returning(WEBHOOK_COLUMNS);
    return { ...toVO(created, now), secret };
  });
}

/** `POST /api/user/webhook/delete`: no more deliveries; those still queued fail at their next try. */
export async function deleteWebhook(db: Db, userId: string): Promise<true> {
  const gone = await db
    .delete(webhooks)
    .where(eq(webhooks.userId, userId))
    .returning({ userId: webhooks.userId });
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
): Promise<Schemas['WebhookSecretVO']> {
  const secret = newWebhookSecret();
  const until = now + WEBHOOK_SECRET_GRACE_S * 1000;
  const rotated = await db
    .update(webhooks)
    .set({
      previousSealed: sql`${webhooks.secretSealed}`,
      previousUntil: new Date(until),
      secretSealed: box.seal(secret, webhookSecretOwner(userId)),
      updateTime: toSecond(now),
    })
    .where(eq(webhooks.userId, userId))
    .returning({ userId: webhooks.userId });
  if (rotated.length === 0) refuse(ResponseCode.NOT_FOUND, ALERT_MESSAGES.webhookNotSet);
  return { secret, previousSecretUntil: formatTime(until) };
}

// ---------------------------------------------------------------- the deliveries' log

/** `GET /api/user/webhook/deliveries`: newest first, each with its tries. */
export async function listDeliveries(
  db: Db,
  userId: string,
  { current, pageSize }: { current: number; pageSize: number },
): Promise<Page<WebhookDeliveryVO>> {
  const mine = eq(webhookDeliveries.userId, userId);
  const [{ total }] = await db.select({ total: count() }).from(webhookDeliveries).where(mine);
  const rows =
    (current - 1) * pageSize < total
      ? await db
          .select({
            id: webhookDeliveries.id,
            eventType: webhookDeliveries.eventType,
            state: webhookDeliveries.state,
            tries: webhookDeliveries.tries,
            nextTryTime: webhookDeliveries.nextTryTime,
            createTime: webhookDeliveries.createTime,
          })
          .from(webhookDeliveries)
          .where(mine)
          .orderBy(desc(webhookDeliveries.createTime), desc(webhookDeliveries.id))
          .limit(pageSize)
          .offset((current - 1) * pageSize)
      : [];
  const attempts = rows.length
    ? await db
        .select()
        .from(webhookAttempts)
        .where(
          inArray(
            webhookAttempts.deliveryId,
            rows.map((row) => row.id),
          ),
        )
        .orderBy(asc(webhookAttempts.time), asc(webhookAttempts.id))
    : [];
  return {
    records: rows.map((row) => ({
      id: row.id,
      eventType: row.eventType,
      state: row.state,
      tries: row.tries,
      nextTryTime: row.state === 'pending' ? time(row.nextTryTime) : null,
      createTime: formatTime(row.createTime.getTime()),
      attempts: attempts
        .filter((attempt) => attempt.deliveryId === row.id)
        .map((attempt) => ({
          time: formatTime(attempt.time.getTime()),
          status: attempt.status,
          durationMs: attempt.durationMs,
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
export async function resendDelivery(db: Db, userId: string, id: string, now: number): Promise<true> {
  const found = await db
    .update(webhookDeliveries)
    .set({ state: 'pending', tries: 0, nextTryTime: new Date(now) })
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.userId, userId)))
    .returning({ id: webhookDeliveries.id });
  if (found.length === 0) refuse(ResponseCode.NOT_FOUND, ALERT_MESSAGES.deliveryNotFound);
  return true;
}

/** For tests and tools: the deliveries queued for a user, oldest first. */
export async function deliveriesOf(db: Queryable, userId: string) {
  return db
    .select({
      id: webhookDeliveries.id,
      eventType: webhookDeliveries.eventType,
      state: webhookDeliveries.state,
      tries: webhookDeliveries.tries,
      payload: webhookDeliveries.payload,
    })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.userId, userId))
    .orderBy(asc(webhookDeliveries.createTime), asc(webhookDeliveries.id));
}

/** Deliveries still to be sent, due or waiting for a retry: the queue's depth, for /metrics. */
export async function pendingDeliveryCount(db: Queryable): Promise<number> {
  const [row] = await db
    .select({ pending: count() })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.state, 'pending' satisfies WebhookDeliveryState));
  return row.pending;
}

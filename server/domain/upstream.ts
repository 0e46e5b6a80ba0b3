import { eq } from 'drizzle-orm';
import { ResponseCode } from '@agler/contract/constants';
import { formatTime } from '@agler/contract/dates';
import type { Id } from '@agler/contract/ids';
import {
  hintOf,
  mergeCredentials,
  UPSTREAM_CREDENTIALS_MAX,
  UPSTREAM_SETTINGS_MESSAGES,
} from '@agler/contract/interfaceUpstream';
import type {
  CredentialsChange,
  UpstreamCredential,
  UpstreamCredentialHint,
  UpstreamLimits,
  UpstreamVO,
} from '@agler/contract/interfaceUpstream';
import type { GraceSeconds } from '@agler/contract/keys';
import type { Db, Queryable } from '../db/connect';
import { interfaceUpstream } from '../db/schema';
import type { SecretBox } from '../keys/secretBox';
import { refuse } from './errors';
import { findRow, toSecond } from './interfaceInfo';
import { newWebhookSecret } from './webhookSignature';

/**
 * How the platform calls one interface's server (the `interface_upstream` row): read here for the calls,
 * written by the publisher's operations. Sealed values are bound to `interface:<id>`, so a value copied to
 * another interface's row does not open. Every interface signs its forwarded calls: the first call (or the
 * first setting) makes its row with a new secret.
 */

export type UpstreamRow = typeof interfaceUpstream.$inferSelect;

/** What one call to the interface's server needs, opened. */
export type CallSettings = {
  headers: UpstreamCredential[];
  query: UpstreamCredential[];
  /** The current forwarding secret. */
  secret: string;
  /** The secret before the last rotation and when it stops signing (ms); null when there is none. */
  previous: { secret: string; until: number } | null;
  /** null: the server's INVOKE_TIMEOUT_MS. */
  timeoutMs: number | null;
  retries: number;
  /** null: the default (UPSTREAM_CONNECTIONS_DEFAULT). */
  maxConnections: number | null;
};

type SealedCredentials = { headers: UpstreamCredential[]; query: UpstreamCredential[] };

export const sealOwnerOf = (interfaceId: string) => `interface:${interfaceId}`;

async function rowOf(db: Queryable, interfaceId: string): Promise<UpstreamRow | undefined> {
  const [row] = await db.select().from(interfaceUpstream).where(eq(interfaceUpstream.interfaceInfoId, interfaceId));
  return row;
}

/** The interface's row, made with a new forwarding secret when it has none yet (two first calls make one). */
export async function ensureUpstream(
  db: Queryable,
  box: SecretBox,
  interfaceId: string,
  now: number,
): Promise<UpstreamRow> {
  const found = await rowOf(db, interfaceId);
  if (found) return found;
  await db
    .insert(interfaceUpstream)
    .values({
      interfaceInfoId: interfaceId,
      secretSealed: box.seal(newWebhookSecret(), sealOwnerOf(interfaceId)),
      secretTime: new Date(now),
      updateTime: new Date(now),
    })
    .onConflictDoNothing();
  return (await rowOf(db, interfaceId)) as UpstreamRow;
}

/** The row's values, opened: its credentials and secrets in the clear, for the call only. */
export function callSettingsOf(row: UpstreamRow, box: SecretBox): CallSettings {
  const owner = sealOwnerOf(row.interfaceInfoId);
  const credentials: SealedCredentials = row.credentialsSealed
    ? (JSON.parse(box.open(row.credentialsSealed, owner)) as SealedCredentials)
    : { headers: [], query: [] };
  return {
    headers: credentials.headers,
    query: credentials.query,
    secret: box.open(row.secretSealed, owner),
    previous:
      row.previousSealed && row.previousUntil
        ? { secret: box.open(row.previousSealed, owner), until: row.previousUntil.getTime() }
        : null,
    timeoutMs: row.timeoutMs,
    retries: row.retries,
    maxConnections: row.maxConnections,
  };
}

/** The secrets that sign a call at `now`: the current one first, the previous one while its grace lasts. */
export const signingSecrets = (settings: CallSettings, now: number): string[] =>
  settings.previous && settings.previous.until > now
    ? [settings.secret, settings.previous.secret]
    : [settings.secret];

/** The settings of one interface's calls, read (and its row made when it has none). */
export async function loadCallSettings(
  db: Queryable,
  box: SecretBox,
  interfaceId: string,
  now: number,
): Promise<CallSettings> {
  return callSettingsOf(await ensureUpstream(db, box, interfaceId, now), box);
}

/** What an admin reads of the row: the credentials' hints, never a value or a secret. */
export function upstreamVOOf(row: UpstreamRow, now: number): UpstreamVO {
  const until = row.previousUntil?.getTime();
  return {
    credentials: row.credentialHints,
    timeoutMs: row.timeoutMs,
    retries: row.retries,
    maxConnections: row.maxConnections,
    secretTime: formatTime(row.secretTime.getTime()),
    previousUntil: row.previousSealed && until !== undefined && until > now ? formatTime(until) : null,
  };
}

/**
 * The live interface's row, made when it has none, with the interface locked so that two writes of its
 * settings take turns (a missing or deleted interface is 40400, as for its other operations).
 */
async function lockedUpstream(tx: Queryable, box: SecretBox, interfaceId: Id, now: number): Promise<UpstreamRow> {
  await findRow(tx, interfaceId, true);
  return ensureUpstream(tx, box, interfaceId, now);
}

async function written(tx: Queryable, interfaceId: Id, values: Partial<UpstreamRow>): Promise<UpstreamRow> {
  const [row] = await tx
    .update(interfaceUpstream)
    .set(values)
    .where(eq(interfaceUpstream.interfaceInfoId, interfaceId))
    .returning();
  return row;
}

/**
 * `GET /api/interfaceInfo/get`'s `upstream` for an admin (the interface already read). A read writes nothing:
 * an interface without a row answers the table's defaults and no secret yet (the first call or rotation makes it).
 */
export async function upstreamOf(db: Queryable, interfaceId: Id, now: number): Promise<UpstreamVO> {
  const row = await rowOf(db, interfaceId);
  if (row) return upstreamVOOf(row, now);
  return { credentials: [], timeoutMs: null, retries: 0, maxConnections: null, secretTime: null, previousUntil: null };
}

/**
 * `POST /api/interfaceInfo/upstreamAuth/set`: each named credential set or removed, the others kept; the
 * whole set is sealed again and its hints rewritten.
 */
export async function setCredentials(
  db: Db,
  box: SecretBox,
  change: CredentialsChange,
  now: number,
): Promise<UpstreamVO> {
  return db.transaction(async (tx) => {
    const row = await lockedUpstream(tx, box, change.id, now);
    const current = callSettingsOf(row, box);
    const headers = mergeCredentials('header', current.headers, change.headers);
    const query = mergeCredentials('query', current.query, change.query);
    if (headers.length + query.length > UPSTREAM_CREDENTIALS_MAX)
      refuse(ResponseCode.PARAMS_ERROR, UPSTREAM_SETTINGS_MESSAGES.tooMany);
    const hints: UpstreamCredentialHint[] = [
      ...headers.map(({ name, value }) => hintOf('header', name, value)),
      ...query.map(({ name, value }) => hintOf('query', name, value)),
    ];
    const sealed: SealedCredentials = { headers, query };
    const updated = await written(tx, change.id, {
      credentialsSealed: hints.length ? box.seal(JSON.stringify(sealed), sealOwnerOf(change.id)) : null,
      credentialHints: hints,
      updateTime: toSecond(now),
    });
    return upstreamVOOf(updated, now);
  });
}

/** `POST /api/interfaceInfo/upstreamLimits/set`: the call's timeout, retries and most connections. */
export async function setLimits(
  db: Db,
  box: SecretBox,
  interfaceId: Id,
  limits: UpstreamLimits,
  now: number,
): Promise<UpstreamVO> {
  return db.transaction(async (tx) => {
    await lockedUpstream(tx, box, interfaceId, now);
    return upstreamVOOf(await written(tx, interfaceId, { ...limits, updateTime: toSecond(now) }), now);
  });
}

/**
 * `POST /api/interfaceInfo/forwardSecret/rotate`: a new secret; the current one keeps signing beside it
 * for the grace (none: it stops at once), and one from an earlier rotation stops.
 */
export async function rotateSecret(
  db: Db,
  box: SecretBox,
  interfaceId: Id,
  graceSeconds: GraceSeconds,
  now: number,
): Promise<{ secret: string; upstream: UpstreamVO }> {
  return db.transaction(async (tx) => {
    const row = await lockedUpstream(tx, box, interfaceId, now);
    const secret = newWebhookSecret();
    const updated = await written(tx, interfaceId, {
      secretSealed: box.seal(secret, sealOwnerOf(interfaceId)),
      previousSealed: graceSeconds > 0 ? row.secretSealed : null,
      previousUntil: graceSeconds > 0 ? new Date(now + graceSeconds * 1000) : null,
      secretTime: toSecond(now),
      updateTime: toSecond(now),
    });
    return { secret, upstream: upstreamVOOf(updated, now) };
  });
}

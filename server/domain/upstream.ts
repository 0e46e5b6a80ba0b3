import { eq } from 'drizzle-orm';
import type { UpstreamCredential } from '@agler/contract/interfaceUpstream';
import type { Queryable } from '../db/connect';
import { interfaceUpstream } from '../db/schema';
import type { SecretBox } from '../keys/secretBox';
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

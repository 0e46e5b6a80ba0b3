import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { ResponseCode } from '@agler/contract/constants';
import { parseId } from '@agler/contract/ids';
import { MESSAGES } from '@agler/contract/messages';
import { effectiveLimits } from '@agler/contract/rateLimit';
import type { RateLimits } from '@agler/contract/rateLimit';
import { createCache } from '../cache/cache';
import { CHANGE_CHANNEL, hear, onChange, parseChange } from '../cache/changes';
import type { Database, Db } from '../db/connect';
import { prepared } from '../db/prepared';
import { accessKeys, interfaces, users } from '../db/schema';
import { refuse } from '../domain/errors';
import { LIVE_INTERFACE, PUBLIC_COLUMNS } from '../domain/interfaceInfo';
import { limitSourcesOf } from '../domain/quotas';
import type { LimitSources } from '../domain/quotas';
import type { SessionUser } from '../domain/session';
import { loadCallSettings } from '../domain/upstream';
import type { CallSettings } from '../domain/upstream';
import type { SecretBox } from '../keys/secretBox';
import type { InterfaceRow } from '../invoke/invoke';

/**
 * What the gateway reads on every call, kept in the process (../cache): the
 * access key's owner and secret, the interface, the caller's own limits on
 * it and their plan's. Each is dropped when a change to it is announced
 * (../cache/changes.ts), here at once and in every other process through LISTEN/NOTIFY; while that
 * channel is down nothing is kept, and every entry goes after
 * CACHE_TTL_MS in any case.
 */

export const CACHE_TTL_MS = 5_000;
const MAX_ENTRIES = 20_000;

/**
 * A live (not revoked) key as the gateway checks it: its owner, its secret,
 * the secret before its last rotation while that may still sign, its expiry
 * and its interfaces. Times are compared with the app's clock on each call,
 * so an expiry or a grace's end needs no announcement.
 */
export type KeyOwner = {
  keyId: string;
  user: SessionUser;
  secretKey: string;
  previous: { secretKey: string; until: number } | null;
  /** null: never. */
  expiresAt: number | null;
  /** null: any interface. */
  interfaceIds: readonly string[] | null;
};

/** The last use of a key is written at most this often per key and process. */
export const LAST_USED_EVERY_MS = 60_000;

export type Lookups = {
  /** The owner and secret key of an access key; undefined when there is none. */
  keyOwner: (accessKey: string) => Promise<KeyOwner | undefined>;
  /** The live interface of `rawId`: 40000 when it cannot be an id, 40400 when there is none. */
  liveInterface: (rawId: unknown) => Promise<InterfaceRow>;
  /** How the platform calls the interface's server: its credentials, forwarding secrets, timeout, retries, connections. */
  upstreamOf: (interfaceId: string) => Promise<CallSettings>;
  /** The limits that apply to `userId` on `row`: their own override, else their plan's, else the interface's. */
  limitsOf: (userId: string, row: InterfaceRow) => Promise<RateLimits>;
  /**
   * Notes that key `keyId` was used at `now`: written at most once a
   * LAST_USED_EVERY_MS per key, without waiting; the write when there is one.
   */
  touch: (keyId: string, now: number) => Promise<void> | undefined;
  close: () => Promise<void>;
};

const ownerOfKey = (db: Db) =>
  db
    .select({
      user: users,
      keyId: accessKeys.id,
      secretSealed: accessKeys.secretSealed,
      previousSealed: accessKeys.previousSealed,
      previousUntil: accessKeys.previousUntil,
      expiresAt: accessKeys.expiresAt,
      interfaceIds: accessKeys.interfaceIds,
    })
    .from(accessKeys)
    .innerJoin(users, eq(users.id, accessKeys.userId))
    .where(and(eq(accessKeys.accessKey, sql.placeholder('accessKey')), isNull(accessKeys.revokedAt)))
    .prepare('access_key_owner');

const liveById = (db: Db) =>
  db
    .select(PUBLIC_COLUMNS)
    .from(interfaces)
    .where(and(eq(interfaces.id, sql.placeholder('id')), LIVE_INTERFACE))
    .prepare('live_interface_by_id');

/** `now`: the app's clock, which dates a row the first call makes (tests move it). */
export async function createLookups(database: Database, box: SecretBox, now: () => number): Promise<Lookups> {
  const { db } = database;
  let listening = false;
  const enabled = () => listening;
  const options = { max: MAX_ENTRIES, ttlMs: CACHE_TTL_MS, enabled };
  const owners = createCache<string, KeyOwner | null>(options);
  const rows = createCache<string, InterfaceRow | null>(options);
  const overrides = createCache<string, LimitSources>(options);
  const upstreams = createCache<string, CallSettings>(options);
  /** When each key's last use was last written by this process, and the writes under way. */
  const lastWritten = new Map<string, number>();
  const writing = new Set<Promise<void>>();

  const unsubscribe = onChange((change) => {
    if (change === 'reset') {
      owners.clear();
      rows.clear();
      overrides.clear();
      upstreams.clear();
    } else if (change.kind === 'user') {
      owners.deleteWhere((_, owner) => owner?.user.id === change.userId);
      overrides.deleteWhere((key) => key.startsWith(`${change.userId}:`));
    } else if (change.kind === 'interface') {
      rows.delete(change.interfaceId);
      upstreams.delete(change.interfaceId);
    } else if (change.kind === 'plans') {
      overrides.clear();
    } else {
      overrides.delete(`${change.userId}:${change.interfaceId}`);
    }
  });
  const stopListening = await database.listen(
    CHANGE_CHANNEL,
    (payload) => {
      const change = parseChange(payload);
      if (change) hear(change);
    },
    (state) => {
      listening = state;
      if (!state) hear('reset');
    },
  );

  return {
    keyOwner: async (accessKey) =>
      (await owners.get(accessKey, async () => {
        const [found] = await prepared(db, 'access_key_owner', ownerOfKey).execute({ accessKey });
        if (!found) return null;
        const { user } = found;
        return {
          keyId: found.keyId,
          user,
          secretKey: box.open(found.secretSealed, user.id),
          previous:
            found.previousSealed && found.previousUntil
              ? { secretKey: box.open(found.previousSealed, user.id), until: found.previousUntil.getTime() }
              : null,
          expiresAt: found.expiresAt?.getTime() ?? null,
          interfaceIds: found.interfaceIds,
        };
      })) ?? undefined,
    async liveInterface(rawId) {
      const id = parseId(rawId);
      if (!id) refuse(ResponseCode.PARAMS_ERROR, MESSAGES.badId);
      const row = await rows.get(id, async () => {
        const [found] = await prepared(db, 'live_interface_by_id', liveById).execute({ id });
        return found ?? null;
      });
      if (!row) refuse(ResponseCode.NOT_FOUND, MESSAGES.interfaceNotFound);
      return row;
    },
    upstreamOf: (interfaceId) =>
      upstreams.get(interfaceId, () => loadCallSettings(db, box, interfaceId, now())),
    async limitsOf(userId, row) {
      const { override, plan } = await overrides.get(`${userId}:${row.id}`, () => limitSourcesOf(db, userId, row.id));
      return effectiveLimits(row, override, plan);
    },
    touch(keyId, now) {
      if (now - (lastWritten.get(keyId) ?? -Infinity) < LAST_USED_EVERY_MS) return undefined;
      lastWritten.set(keyId, now);
      // Another process may have written a later time: the newest stays.
      const write = db
        .update(accessKeys)
        .set({ lastUsed: new Date(now) })
        .where(
          and(
            eq(accessKeys.id, keyId),
            or(isNull(accessKeys.lastUsed), lt(accessKeys.lastUsed, new Date(now))),
          ),
        )
        .then(() => undefined)
        .finally(() => writing.delete(write));
      writing.add(write);
      return write;
    },
    async close() {
      unsubscribe();
      await Promise.allSettled([...writing]);
      await stopListening();
    },
  };
}

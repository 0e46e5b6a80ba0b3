import { KEY_LIMITS } from './constants';
import { parseDate, parseLocalTime, startOfDay } from './dates';
import { parseId } from './ids';
import type { Id } from './ids';
import { MESSAGES } from './messages';
import { queryOf } from './queries';
import type { Parsed } from './queries';
import type { components } from './openapi';
import { textFault } from './text';

type Schemas = components['schemas'];

/**
 * A user's keys: up to KEY_LIMITS.perUser live (not revoked) named pairs,
 * each with an optional expiry and an optional list of the interfaces it may
 * call. A rotation gives a key a new secret while the one before keeps
 * signing for the grace chosen; a revocation stops the key at once. The
 * console's forms check with these rules too.
 */

export const KEY_STATUS = { ACTIVE: 'active', EXPIRED: 'expired', REVOKED: 'revoked' } as const;
export type KeyStatus = (typeof KEY_STATUS)[keyof typeof KEY_STATUS];

/** The graces a rotation may give the secret before it: none, an hour, a day (seconds). */
export const GRACE_SECONDS = [0, 3600, 86400] as const;
export type GraceSeconds = (typeof GRACE_SECONDS)[number];

export const KEY_AUDIT_ACTIONS = ['add', 'rotate', 'revoke', 'regenerate'] as const;
export type KeyAuditAction = (typeof KEY_AUDIT_ACTIONS)[number];

/** How many of a user's newest audit entries `GET /api/user/key/audit` answers. */
export const KEY_AUDIT_LIMIT = 200;

/** How many last characters of a key show it where the whole is not shown (a secret's tail, a call's key). */
export const KEY_TAIL_LENGTH = 4;

/** The name of the key a user's first pair becomes, and of the one `regenerate` makes when there is none. */
export const DEFAULT_KEY_NAME = '默认';

/**
 * An interface a key is limited to, as the key list names it. One its viewer
 * may no longer see (offline or deleted) says deleted and, except to an
 * admin, is named by its id, as one that never existed would be.
 */
export type KeyInterfaceVO = Schemas['KeyInterfaceVO'];
/** A key as listed: never its secret; times as the contract writes them; null interfaces: any. */
export type KeyVO = Schemas['KeyVO'];
export type KeyAuditVO = Schemas['KeyAuditVO'];

/** The status of a key at `now`. */
export function keyStatusOf(
  key: { revokedAt: number | null; expiresAt: number | null },
  now: number,
): KeyStatus {
  if (key.revokedAt !== null) return KEY_STATUS.REVOKED;
  if (key.expiresAt !== null && key.expiresAt <= now) return KEY_STATUS.EXPIRED;
  return KEY_STATUS.ACTIVE;
}

/** The check of a key's name: required, one line, at most nameMax characters. */
export function keyNameOf(raw: unknown): Parsed<string> {
  if (raw !== undefined && raw !== null && typeof raw !== 'string')
    return { ok: false, message: MESSAGES.keyNameInvalid };
  const name = (raw ?? '').trim();
  if (!name) return { ok: false, message: MESSAGES.keyNameRequired };
  if ([...name].length > KEY_LIMITS.nameMax) return { ok: false, message: MESSAGES.keyNameTooLong };
  if (textFault(name)) return { ok: false, message: MESSAGES.keyNameInvalid };
  return { ok: true, value: name };
}

/** The latest expiry a key made at `now` may have: KEY_LIMITS.expiryMaxYears calendar years on. */
export function keyExpiryLatest(now: number): number {
  const latest = new Date(now);
  latest.setFullYear(latest.getFullYear() + KEY_LIMITS.expiryMaxYears);
  return latest.getTime();
}

/**
 * An expiry: `yyyy-MM-dd` (the key works through that local day) or
 * `yyyy-MM-dd HH:mm:ss`, read strictly (contract/dates.ts); it must be after
 * `now` and at most KEY_LIMITS.expiryMaxYears years after it. Absent, null or
 * empty: none.
 */
export function keyExpiryOf(raw: unknown, now: number): Parsed<number | null> {
  if (raw === undefined || raw === null || raw === '') return { ok: true, value: null };
  const day = parseDate(raw);
  const ms = day === undefined ? parseLocalTime(raw) : startOfDay(day, 1);
  if (ms === undefined) return { ok: false, message: MESSAGES.keyExpiryInvalid };
  if (ms <= now) return { ok: false, message: MESSAGES.keyExpiryPast };
  if (ms > keyExpiryLatest(now)) return { ok: false, message: MESSAGES.keyExpiryTooFar };
  return { ok: true, value: ms };
}

/**
 * The last day a key works, as its owner chose it: an expiry made from a day
 * is the next midnight, which read as a time looks like one more day. Times
 * are the wall clock of the server's time zone (the contract's local time),
 * so the day is counted on the text itself, whatever the reader's zone.
 * undefined for an expiry at any other time of day (set through the API).
 */
export function keyLastDay(expiresAt: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2}) 00:00:00$/.exec(expiresAt);
  if (!match) return undefined;
  const [y, m, d] = match.slice(1).map(Number);
  const day = new Date(Date.UTC(y, m - 1, d - 1));
  return day.toISOString().slice(0, 10);
}

/** An interface list: absent, null or empty for any interface; else distinct ids. */
export function keyInterfacesOf(raw: unknown): Parsed<Id[] | null> {
  if (raw === undefined || raw === null) return { ok: true, value: null };
  if (!Array.isArray(raw) || raw.length > KEY_LIMITS.interfacesMax)
    return { ok: false, message: MESSAGES.keyInterfacesInvalid };
  if (raw.length === 0) return { ok: true, value: null };
  const ids: Id[] = [];
  for (const item of raw) {
    const id = parseId(item);
    if (!id) return { ok: false, message: MESSAGES.keyInterfacesInvalid };
    if (!ids.includes(id)) ids.push(id);
  }
  return { ok: true, value: ids };
}

export type NewKey = { name: string; expiresAt: number | null; interfaceIds: Id[] | null };

/** `POST /api/user/key/add`'s body. */
export function parseNewKey(body: Record<string, unknown>, now: number): Parsed<NewKey> {
  const name = keyNameOf(body.name);
  if (!name.ok) return name;
  const expiresAt = keyExpiryOf(body.expiresAt, now);
  if (!expiresAt.ok) return expiresAt;
  const interfaceIds = keyInterfacesOf(body.interfaceIds);
  if (!interfaceIds.ok) return interfaceIds;
  return {
    ok: true,
    value: { name: name.value, expiresAt: expiresAt.value, interfaceIds: interfaceIds.value },
  };
}

export type KeyRotation = { id: Id; graceSeconds: GraceSeconds };

/** `POST /api/user/key/rotate`'s body. */
export function parseKeyRotation(body: Record<string, unknown>): Parsed<KeyRotation> {
  const id = parseId(body.id);
  if (!id) return { ok: false, message: MESSAGES.badId };
  const grace = body.graceSeconds;
  if (typeof grace !== 'number' || !(GRACE_SECONDS as readonly number[]).includes(grace))
    return { ok: false, message: MESSAGES.badGrace };
  return { ok: true, value: { id, graceSeconds: grace as GraceSeconds } };
}

/** `POST /api/user/key/revoke`'s body. */
export function parseKeyRef(body: Record<string, unknown>): Parsed<Id> {
  const id = parseId(body.id);
  return id ? { ok: true, value: id } : { ok: false, message: MESSAGES.badId };
}

/** The `userId` of `GET /api/user/key/list` and `/audit`: an admin's look at another user; absent, the viewer's own. */
export function parseKeyOwnerQuery(input: unknown): Parsed<Id | undefined> {
  const { userId } = queryOf(input);
  if (userId === undefined || userId === '') return { ok: true, value: undefined };
  const id = parseId(userId);
  return id ? { ok: true, value: id } : { ok: false, message: MESSAGES.userIdInvalid };
}

import { randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { KEY_LIMITS, ResponseCode } from '@agler/contract/constants';
import { formatTime } from '@agler/contract/dates';
import type { Id } from '@agler/contract/ids';
import { DEFAULT_KEY_NAME, KEY_AUDIT_LIMIT, KEY_TAIL_LENGTH, keyStatusOf } from '@agler/contract/keys';
import type { KeyAuditAction, KeyAuditVO, KeyRotation, KeyVO, NewKey } from '@agler/contract/keys';
import { MESSAGES } from '@agler/contract/messages';
import type { AccessKeyVO, KeyPairVO } from '@agler/contract/types';
import { announce } from '../cache/changes';
import type { Db } from '../db/connect';
import { accessKeyAudit, accessKeys, interfaces, users } from '../db/schema';
import type { SecretBox } from '../keys/secretBox';
import { alertExpiringKeys } from './alerts';
import { refuse } from './errors';
import { requireVisible, toSecond, visibleInterface } from './interfaceInfo';
import type { SessionUser } from './session';
import { isAdmin } from './user';

/**
 * A user's keys: up to KEY_LIMITS.perUser live (not revoked) named pairs.
 * The access key names a pair; the secret key signs calls and is stored
 * sealed, so it is answered only when it is made (add, rotate, regenerate).
 * Every change is written to the audit trail in its transaction and
 * announced, so the gateway's caches drop the user's keys at once
 * (server/gateway/lookups.ts). The user's first key (the oldest not revoked)
 * is the one `GET /api/user/key` and `regenerate` work on, as when a user had
 * one pair.
 */

const newKey = (prefix: string) => `${prefix}_${randomBytes(32).toString('base64url')}`;

/** Who changes a key, and from which address. */
export type KeyActor = { user: SessionUser; ip: string };

export type NewKeyPair = KeyPairVO & { id: Id };

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const LIVE_KEY = isNull(accessKeys.revokedAt);
const OLDEST_FIRST = [asc(accessKeys.createTime), asc(accessKeys.id)];

const timeOf = (date: Date | null) => (date ? formatTime(date.getTime()) : null);

type InterfaceNames = Map<Id, { name: string; deleted: boolean }>;

function toKeyVO(row: typeof accessKeys.$inferSelect, now: number, names: InterfaceNames): KeyVO {
  const status = keyStatusOf(
    { revokedAt: row.revokedAt?.getTime() ?? null, expiresAt: row.expiresAt?.getTime() ?? null },
    now,
  );
  const graceOn = row.previousUntil !== null && row.previousUntil.getTime() > now && status === 'active';
  return {
    id: row.id,
    name: row.name,
    accessKey: row.accessKey,
    secretKeyTail: row.secretTail,
    createTime: formatTime(row.createTime.getTime()),
    expiresAt: timeOf(row.expiresAt),
    lastUsed: timeOf(row.lastUsed),
    interfaceIds: row.interfaceIds,
    interfaces:
      row.interfaceIds?.map((id) => ({ id, ...(names.get(id) ?? { name: id, deleted: true }) })) ?? null,
    graceUntil: graceOn ? timeOf(row.previousUntil) : null,
    status,
  };
}

/** The user whose keys `viewer` asks for: their own, or anyone's for an admin. */
function ownerFor(viewer: SessionUser, userId: Id | undefined): Id {
  if (userId === undefined || userId === viewer.id) return viewer.id;
  if (!isAdmin(viewer)) refuse(ResponseCode.NO_AUTH, MESSAGES.noAuth);
  return userId;
}

/**
 * The names of the interfaces the keys are limited to, in one query: a key
 * names what it may call however many interfaces the catalogue holds. An
 * admin also reads deleted ones by name (their rows stay); to anyone else an
 * interface they may not see (visibleInterface: offline or deleted) is
 * listed as an id without a row is, as itself and deleted.
 */
async function interfaceNames(
  db: Db,
  viewer: SessionUser,
  rows: (typeof accessKeys.$inferSelect)[],
): Promise<InterfaceNames> {
  const ids = [...new Set(rows.flatMap((row) => row.interfaceIds ?? []))];
  if (ids.length === 0) return new Map();
  const found = await db
    .select({ id: interfaces.id, name: interfaces.name, deletedAt: interfaces.deletedAt })
    .from(interfaces)
    .where(and(inArray(interfaces.id, ids), isAdmin(viewer) ? undefined : visibleInterface(viewer)));
  return new Map(found.map((row) => [row.id, { name: row.name, deleted: row.deletedAt !== null }]));
}

/** `GET /api/user/key/list`: a user's keys, oldest first, revoked ones too; never a secret. */
export async function listKeys(
  db: Db,
  viewer: SessionUser,
  userId: Id | undefined,
  now: number,
): Promise<KeyVO[]> {
  const owner = ownerFor(viewer, userId);
  const rows = await db
    .select()
    .from(accessKeys)
    .where(eq(accessKeys.userId, owner))
    .orderBy(...OLDEST_FIRST);
  const names = await interfaceNames(db, viewer, rows);
  return rows.map((row) => toKeyVO(row, now, names));
}

/** `GET /api/user/key/audit`: a user's newest changes to keys. */
export async function keyAudit(db: Db, viewer: SessionUser, userId: Id | undefined): Promise<KeyAuditVO[]> {
  const owner = ownerFor(viewer, userId);
  const rows = await db
    .select()
    .from(accessKeyAudit)
    .where(eq(accessKeyAudit.userId, owner))
    .orderBy(desc(accessKeyAudit.id))
    .limit(KEY_AUDIT_LIMIT);
  return rows.map((row) => ({
    id: String(row.id),
    keyId: row.keyId,
    action: row.action as KeyAuditAction,
    keyName: row.keyName,
    accessKey: row.accessKey,
    graceSeconds: row.graceSeconds,
    ip: row.ip,
    time: formatTime(row.time.getTime()),
  }));
}

/** Serializes a user's key changes: the limit and the unique name are checked under it. */
async function lockUser(tx: Tx, userId: Id) {
  await tx.execute(sql`SELECT 1 FROM app_user WHERE id = ${userId}::bigint FOR UPDATE`);
}

async function audit(
  tx: Tx,
  actor: KeyActor,
  action: KeyAuditAction,
  key: { id: Id; name: string; accessKey: string },
  now: number,
  graceSeconds: number | null = null,
) {
  await tx.insert(accessKeyAudit).values({
    userId: actor.user.id,
    keyId: key.id,
    action,
    keyName: key.name,
    accessKey: key.accessKey,
    graceSeconds,
    ip: actor.ip,
    time: toSecond(now),
  });
}

async function liveCount(tx: Tx, userId: Id): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(accessKeys)
    .where(and(eq(accessKeys.userId, userId), LIVE_KEY));
  return Number(row.n);
}

function newSecret(box: SecretBox, userId: Id) {
  const secretKey = newKey('sk');
  return {
    secretKey,
    secretSealed: box.seal(secretKey, userId),
    secretTail: secretKey.slice(-KEY_TAIL_LENGTH),
  };
}

/** `POST /api/user/key/add`: a new named pair, within the limit, its interfaces ones the user may see. */
export async function addKey(
  db: Db,
  box: SecretBox,
  actor: KeyActor,
  input: NewKey,
  now: number,
): Promise<NewKeyPair> {
  const { user } = actor;
  if (input.interfaceIds) {
    await requireVisible(db, user, input.interfaceIds, {
      code: ResponseCode.PARAMS_ERROR,
      message: MESSAGES.keyInterfaceNotFound,
    });
  }
  const accessKey = newKey('ak');
  const { secretKey, secretSealed, secretTail } = newSecret(box, user.id);
  const id = await db.transaction(async (tx) => {
    await lockUser(tx, user.id);
    if ((await liveCount(tx, user.id)) >= KEY_LIMITS.perUser)
      refuse(ResponseCode.PARAMS_ERROR, MESSAGES.keyLimit);
    const [taken] = await tx
      .select({ id: accessKeys.id })
      .from(accessKeys)
      .where(and(eq(accessKeys.userId, user.id), eq(accessKeys.name, input.name), LIVE_KEY));
    if (taken) refuse(ResponseCode.PARAMS_ERROR, MESSAGES.keyNameTaken);
    const [row] = await tx
      .insert(accessKeys)
      .values({
        userId: user.id,
        name: input.name,
        accessKey,
        secretSealed,
        secretTail,
        interfaceIds: input.interfaceIds,
        expiresAt: input.expiresAt === null ? null : new Date(input.expiresAt),
        createTime: toSecond(now),
      })
      .returning({ id: accessKeys.id });
    await audit(tx, actor, 'add', { id: row.id, name: input.name, accessKey }, now);
    return row.id;
  });
  await announce(db, { kind: 'user', userId: user.id });
  return { id, accessKey, secretKey };
}

/** The user's own key `id`, locked; another user's or none: 40400 alike, so an id tells nothing. */
async function ownKey(tx: Tx, userId: Id, id: Id) {
  const [row] = await tx
    .select()
    .from(accessKeys)
    .where(and(eq(accessKeys.id, id), eq(accessKeys.userId, userId)))
    .for('update');
  if (!row) refuse(ResponseCode.NOT_FOUND, MESSAGES.keyNotFound);
  return row;
}

/**
 * `POST /api/user/key/rotate`: a new secret at once; the one before signs
 * for `graceSeconds` more (0: stops at once). The access key stays.
 */
export async function rotateKey(
  db: Db,
  box: SecretBox,
  actor: KeyActor,
  rotation: KeyRotation,
  now: number,
): Promise<NewKeyPair> {
  const { user } = actor;
  const { secretKey, secretSealed, secretTail } = newSecret(box, user.id);
  const accessKey = await db.transaction(async (tx) => {
    const row = await ownKey(tx, user.id, rotation.id);
    if (row.revokedAt) refuse(ResponseCode.PARAMS_ERROR, MESSAGES.keyRevoked);
    const grace = rotation.graceSeconds > 0;
    await tx
      .update(accessKeys)
      .set({
        secretSealed,
        secretTail,
        previousSealed: grace ? row.secretSealed : null,
        previousUntil: grace ? new Date(now + rotation.graceSeconds * 1000) : null,
      })
      .where(eq(accessKeys.id, row.id));
    await audit(tx, actor, 'rotate', row, now, rotation.graceSeconds);
    return row.accessKey;
  });
  await announce(db, { kind: 'user', userId: user.id });
  return { id: rotation.id, accessKey, secretKey };
}

/** `POST /api/user/key/revoke`: the key stops at once, its old secret too; revoking twice changes nothing. */
export async function revokeKey(db: Db, actor: KeyActor, id: Id, now: number): Promise<boolean> {
  const { user } = actor;
  await db.transaction(async (tx) => {
    const row = await ownKey(tx, user.id, id);
    if (row.revokedAt) return;
    await tx
      .update(accessKeys)
      .set({ revokedAt: new Date(now), previousSealed: null, previousUntil: null })
      .where(eq(accessKeys.id, row.id));
    await audit(tx, actor, 'revoke', row, now);
  });
  await announce(db, { kind: 'user', userId: user.id });
  return true;
}

/** `GET /api/user/key`: the user's first key (oldest not revoked), or null when there is none. */
export async function keyOf(db: Db, user: SessionUser): Promise<AccessKeyVO | null> {
  const [row] = await db
    .select({ accessKey: accessKeys.accessKey, secretKeyTail: accessKeys.secretTail })
    .from(accessKeys)
    .where(and(eq(accessKeys.userId, user.id), LIVE_KEY))
    .orderBy(...OLDEST_FIRST)
    .limit(1);
  return row ?? null;
}

/**
 * `POST /api/user/key/regenerate`: a new pair for the user's first key (the
 * old one stops at once, its grace too), or a first key named
 * DEFAULT_KEY_NAME when there is none.
 */
export async function regenerateKey(
  db: Db,
  box: SecretBox,
  actor: KeyActor,
  now: number,
): Promise<KeyPairVO> {
  const { user } = actor;
  const accessKey = newKey('ak');
  const { secretKey, secretSealed, secretTail } = newSecret(box, user.id);
  await db.transaction(async (tx) => {
    await lockUser(tx, user.id);
    const [first] = await tx
      .select({ id: accessKeys.id, name: accessKeys.name })
      .from(accessKeys)
      .where(and(eq(accessKeys.userId, user.id), LIVE_KEY))
      .orderBy(...OLDEST_FIRST)
      .limit(1);
    const pair = { accessKey, secretSealed, secretTail, previousSealed: null, previousUntil: null };
    if (first) {
      await tx.update(accessKeys).set(pair).where(eq(accessKeys.id, first.id));
      await audit(tx, actor, 'regenerate', { ...first, accessKey }, now);
      return;
    }
    const [row] = await tx
      .insert(accessKeys)
      .values({ userId: user.id, name: DEFAULT_KEY_NAME, createTime: toSecond(now), ...pair })
      .returning({ id: accessKeys.id });
    await audit(tx, actor, 'regenerate', { id: row.id, name: DEFAULT_KEY_NAME, accessKey }, now);
  });
  await announce(db, { kind: 'user', userId: user.id });
  return { accessKey, secretKey };
}

/** A key as the expiry sweep reads it (expiresAt in epoch milliseconds; null: never). */
export type KeyRow = { id: string; userId: string; name: string; expiresAt: number | null };

/** Live keys that expire by `until` and have not yet expired at `now`, with their users. */
export async function keysExpiringBy(db: Db, now: number, until: number): Promise<KeyRow[]> {
  const rows = await db
    .select({
      id: accessKeys.id,
      userId: accessKeys.userId,
      name: accessKeys.name,
      expiresAt: accessKeys.expiresAt,
    })
    .from(accessKeys)
    .innerJoin(users, eq(users.id, accessKeys.userId))
    .where(
      and(
        LIVE_KEY,
        isNotNull(accessKeys.expiresAt),
        lte(accessKeys.expiresAt, new Date(until)),
        gt(accessKeys.expiresAt, new Date(now)),
      ),
    );
  return rows.map((row) => ({ ...row, expiresAt: row.expiresAt!.getTime() }));
}

/** The sweep's part (./maintenance.ts): `key_expiring` alerts for keys that expire within the notice. */
export async function alertKeysExpiringSoon(db: Db, now: number, noticeMs: number): Promise<number> {
  return alertExpiringKeys(db, await keysExpiringBy(db, now, now + noticeMs), now);
}

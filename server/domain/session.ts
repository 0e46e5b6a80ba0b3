import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../db/connect';
import { prepared } from '../db/prepared';
import { loginAttempts, sessions, users } from '../db/schema';

/**
 * Sessions live in the database, so any process behind a load balancer
 * knows them. The cookie holds a random token; the table holds its SHA-256,
 * so reading the table opens no session.
 */

const HOUR_MS = 60 * 60 * 1000;

export const SESSION_LIMITS = {
  /** A session nobody used for this long has ended. */
  idleMs: 24 * HOUR_MS,
  /** No session lasts longer than this, used or not. */
  absoluteMs: 7 * 24 * HOUR_MS,
  /** `last_seen` is written at most this often per session, not on every request. */
  touchMs: 60 * 1000,
} as const;

export type SessionUser = typeof users.$inferSelect;

const idOf = (token: string) => createHash('sha256').update(token).digest('hex');

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Starts a session for `userId`; the answer is the token for the cookie. */
export async function createSession(db: Queryable, userId: string, now: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const time = new Date(now);
  await db.insert(sessions).values({ id: idOf(token), userId, createTime: time, lastSeen: time });
  return token;
}

/** A live session's row: its id, not idle too long, not older than the absolute limit (placeholders of sessionParams). */
export const LIVE_SESSION = and(
  eq(sessions.id, sql.placeholder('id')),
  gt(sessions.lastSeen, sql.placeholder('idleSince')),
  gt(sessions.createTime, sql.placeholder('startedSince')),
);

/** The placeholders of LIVE_SESSION for a cookie's token at `now`, or undefined for a token that cannot be one. */
export function sessionParams(
  token: string | undefined,
  now: number,
): { id: string; idleSince: string; startedSince: string } | undefined {
  if (!token || !TOKEN_PATTERN.test(token)) return undefined;
  return {
    id: idOf(token),
    // Placeholders skip the columns' own mapping: times go as ISO text, which both drivers read.
    idleSince: new Date(now - SESSION_LIMITS.idleMs).toISOString(),
    startedSince: new Date(now - SESSION_LIMITS.absoluteMs).toISOString(),
  };
}

/** Keeps a session that was just used alive: writes `last_seen` when it is older than touchMs. */
export async function keepAlive(db: Db, id: string, lastSeen: Date, now: number): Promise<void> {
  if (now - lastSeen.getTime() < SESSION_LIMITS.touchMs) return;
  await db
    .update(sessions)
    .set({ lastSeen: new Date(now) })
    .where(eq(sessions.id, id));
}

const liveSession = (db: Db) =>
  db
    .select({ user: users, lastSeen: sessions.lastSeen })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(LIVE_SESSION)
    .prepare('live_session');

/** The user of a live session, or undefined; keeps the session alive while it is used. */
export async function userOfSession(
  db: Db,
  token: string | undefined,
  now: number,
): Promise<SessionUser | undefined> {
  const params = sessionParams(token, now);
  if (!params) return undefined;
  const [row] = await prepared(db, 'live_session', liveSession).execute(params);
  if (!row) return undefined;
  await keepAlive(db, params.id, row.lastSeen, now);
  return row.user;
}

/** The session row's key of a cookie's token, or undefined for a token that cannot be one. */
export function sessionIdOf(token: string | undefined): string | undefined {
  return token && TOKEN_PATTERN.test(token) ? idOf(token) : undefined;
}

/** Ends the session of `token` (nothing when there is none). */
export async function endSession(db: Queryable, token: string | undefined): Promise<void> {
  if (!token || !TOKEN_PATTERN.test(token)) return;
  await db.delete(sessions).where(eq(sessions.id, idOf(token)));
}

/** Removes ended sessions and login throttles that no longer hold anything back. */
export async function removeExpired(db: Queryable, now: number, throttleWindowMs: number): Promise<void> {
  await db
    .delete(sessions)
    .where(
      or(
        lt(sessions.lastSeen, new Date(now - SESSION_LIMITS.idleMs)),
        lt(sessions.createTime, new Date(now - SESSION_LIMITS.absoluteMs)),
      ),
    );
  await db
    .delete(loginAttempts)
    .where(
      and(
        lt(loginAttempts.windowStart, new Date(now - throttleWindowMs)),
        or(isNull(loginAttempts.lockedUntil), lt(loginAttempts.lockedUntil, new Date(now))),
      ),
    );
}

import { eq, sql } from 'drizzle-orm';
import type { Credentials } from '@agler/contract/accounts';
import { LOGIN_THROTTLE, ResponseCode, USER_ROLE } from '@agler/contract/constants';
import { formatTime } from '@agler/contract/dates';
import { MESSAGES } from '@agler/contract/messages';
import type { LoginUserVO } from '@agler/contract/types';
import type { Db } from '../db/connect';
import { loginAttempts, users } from '../db/schema';
import { refuse } from './errors';
import { decoyHash, verifyPassword } from './password';
import { createSession, endSession } from './session';
import type { SessionUser } from './session';

/** Accounts: login with throttling, logout, and who may do what. */

export const THROTTLE_WINDOW_MS = LOGIN_THROTTLE.windowSeconds * 1000;
const LOCK_MS = LOGIN_THROTTLE.lockMinutes * 60 * 1000;

/** The user's public view: never the password hash. */
export function toLoginUserVO(user: SessionUser): LoginUserVO {
  return {
    id: user.id,
    userName: user.userName,
    userAccount: user.userAccount,
    userAvatar: user.userAvatar,
    userRole: user.userRole as LoginUserVO['userRole'],
    createTime: formatTime(user.createTime.getTime()),
    updateTime: formatTime(user.updateTime.getTime()),
  };
}

/**
 * Counts a login attempt for the name before its password is checked, in one
 * statement: attempts that arrive together, in this process or in others
 * sharing the database, are counted one after another, so no more than
 * LOGIN_THROTTLE.maxFailures of them are ever checked in a window. A new
 * window opens after a quiet minute or a lock that ended; the window's last
 * allowed attempt sets the lock, and attempts during the lock count on.
 * Answers whether this attempt may be checked.
 */
async function countAttempt(db: Db, account: string, now: number): Promise<boolean> {
  const time = sql`${new Date(now).toISOString()}::timestamptz`;
  const lockedUntil = sql`${new Date(now + LOCK_MS).toISOString()}::timestamptz`;
  const locked = sql`${loginAttempts.lockedUntil} > ${time}`;
  const fresh = sql`(${loginAttempts.windowStart} <= ${new Date(now - THROTTLE_WINDOW_MS).toISOString()}::timestamptz OR ${loginAttempts.lockedUntil} <= ${time})`;
  const [row] = await db
    .insert(loginAttempts)
    .values({ userAccount: account, failures: 1, windowStart: new Date(now), lockedUntil: null })
    .onConflictDoUpdate({
      target: loginAttempts.userAccount,
      set: {
        failures: sql`CASE WHEN ${locked} THEN ${loginAttempts.failures} + 1 WHEN ${fresh} THEN 1 ELSE ${loginAttempts.failures} + 1 END`,
        windowStart: sql`CASE WHEN ${locked} THEN ${loginAttempts.windowStart} WHEN ${fresh} THEN ${time} ELSE ${loginAttempts.windowStart} END`,
        lockedUntil: sql`CASE WHEN ${locked} THEN ${loginAttempts.lockedUntil} WHEN ${fresh} THEN NULL WHEN ${loginAttempts.failures} + 1 >= ${LOGIN_THROTTLE.maxFailures}::int THEN ${lockedUntil} ELSE NULL END`,
      },
    })
    .returning({ attempts: loginAttempts.failures });
  return row.attempts <= LOGIN_THROTTLE.maxFailures;
}

/**
 * The account a login names: the one of that exact name, else the one whose
 * name differs only in letter case; none when several do (accounts from
 * before names were unique regardless of case), as for an unknown name.
 */
async function accountNamed(db: Db, account: string): Promise<SessionUser | undefined> {
  const spellings = await db
    .select()
    .from(users)
    .where(sql`lower(${users.userAccount}) = lower(${account})`);
  return (
    spellings.find((user) => user.userAccount === account) ??
    (spellings.length === 1 ? spellings[0] : undefined)
  );
}

export type LoginResult = { user: LoginUserVO; token: string };

/**
 * `POST /api/user/login`: counts the attempt (refused past the throttle),
 * checks the password, then starts a session (ending `previousToken`'s); a
 * right password clears the name's attempts. A wrong account and a wrong
 * password read the same, take as long, and count the same. A banned account
 * is refused once the password is right, and gets no session.
 */
export async function login(
  db: Db,
  { userAccount, userPassword }: Credentials,
  previousToken: string | undefined,
  now: number,
): Promise<LoginResult> {
  // No account holds NUL, and PostgreSQL text cannot: such a name is simply wrong, after the same work.
  if (userAccount.includes('\u0000')) {
    await verifyPassword(userPassword, await decoyHash());
    refuse(ResponseCode.PARAMS_ERROR, MESSAGES.wrongCredentials);
  }
  // Every spelling of a name counts as the name: login finds the account whatever the case typed.
  const throttleKey = userAccount.toLowerCase();
  if (!(await countAttempt(db, throttleKey, now))) refuse(ResponseCode.FORBIDDEN, MESSAGES.loginThrottled);

  const user = await accountNamed(db, userAccount);
  const matches = await verifyPassword(userPassword, user?.userPassword ?? (await decoyHash()));
  if (!user || !matches) refuse(ResponseCode.PARAMS_ERROR, MESSAGES.wrongCredentials);
  if (user.userRole === USER_ROLE.BAN) refuse(ResponseCode.NO_AUTH, MESSAGES.banned);

  const token = await db.transaction(async (tx) => {
    await tx.delete(loginAttempts).where(eq(loginAttempts.userAccount, throttleKey));
    await endSession(tx, previousToken);
    return createSession(tx, user.id, now);
  });
  return { user: toLoginUserVO(user), token };
}

/** `POST /api/user/logout`: ends the session in the database; idempotent. */
export async function logout(db: Db, token: string | undefined): Promise<true> {
  await endSession(db, token);
  return true;
}

/** The logged-in user, or the contract's refusal (40100 without a session, 40101 when banned). */
export function requireUser(user: SessionUser | undefined): SessionUser {
  if (!user) refuse(ResponseCode.NOT_LOGIN, MESSAGES.notLogin);
  if (user.userRole === USER_ROLE.BAN) refuse(ResponseCode.NO_AUTH, MESSAGES.banned);
  return user;
}

/** The logged-in admin, or 40100 / 40101. */
export function requireAdmin(user: SessionUser | undefined): SessionUser {
  const checked = requireUser(user);
  if (checked.userRole !== USER_ROLE.ADMIN) refuse(ResponseCode.NO_AUTH, MESSAGES.noAuth);
  return checked;
}

export const isAdmin = (user: SessionUser) => user.userRole === USER_ROLE.ADMIN;

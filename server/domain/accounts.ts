import { and, count, desc, eq, ne, or, sql } from 'drizzle-orm';
import type { Column, SQL } from 'drizzle-orm';
import type {
  PasswordChange,
  ProfileChange,
  Registration,
  RoleChange,
  UserListQuery,
} from '@agler/contract/accounts';
import { ResponseCode, USER_ROLE } from '@agler/contract/constants';
import { MESSAGES } from '@agler/contract/messages';
import type { LoginUserVO, Page } from '@agler/contract/types';
import { announce } from '../cache/changes';
import type { Db } from '../db/connect';
import { sessions, users } from '../db/schema';
import { refuse } from './errors';
import { hashPassword, verifyPassword } from './password';
import { createSession, sessionIdOf } from './session';
import type { SessionUser } from './session';
import { toLoginUserVO } from './user';

/**
 * Accounts beyond logging in: registration, a user's own name, avatar and
 * password, and the admins' list of users and their roles. The routes read
 * each body with contract/accounts.ts; what needs the store is checked here.
 */

/** `POST /api/user/register`: the new user, logged in. */
export async function register(
  db: Db,
  { userAccount, userPassword }: Registration,
  now: number,
): Promise<{ id: string; token: string }> {
  const hash = await hashPassword(userPassword);
  return db.transaction(async (tx) => {
    const time = new Date(now);
    const [created] = await tx
      .insert(users)
      .values({
        userAccount,
        userPassword: hash,
        userName: userAccount,
        userRole: USER_ROLE.USER,
        createTime: time,
        updateTime: time,
      })
      // Either unique index: the name itself, or the name regardless of case (schema.ts).
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (!created) refuse(ResponseCode.PARAMS_ERROR, MESSAGES.accountTaken);
    return { id: created.id, token: await createSession(tx, created.id, now) };
  });
}

/** `POST /api/user/update/my`. */
export async function updateProfile(
  db: Db,
  user: SessionUser,
  change: ProfileChange,
  now: number,
): Promise<true> {
  if (Object.keys(change).length > 0) {
    await db
      .update(users)
      .set({ ...change, updateTime: new Date(now) })
      .where(eq(users.id, user.id));
  }
  return true;
}

/** `POST /api/user/update/password`: every other session of the user ends. */
export async function changePassword(
  db: Db,
  user: SessionUser,
  token: string | undefined,
  { oldPassword, newPassword }: PasswordChange,
  now: number,
): Promise<true> {
  if (!(await verifyPassword(oldPassword, user.userPassword)))
    refuse(ResponseCode.PARAMS_ERROR, MESSAGES.wrongPassword);
  const hash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ userPassword: hash, updateTime: new Date(now) })
      .where(eq(users.id, user.id));
    const current = sessionIdOf(token);
    await tx
      .delete(sessions)
      .where(current ? and(eq(sessions.userId, user.id), ne(sessions.id, current)) : eq(sessions.userId, user.id));
  });
  return true;
}

const contains = (column: Column, text: string): SQL =>
  sql`strpos(lower(${column}), ${text}) > 0`;

/** `GET /api/user/list/page` (admins): newest first. */
export async function listUsers(
  db: Db,
  { current, pageSize, searchText, userRole }: UserListQuery,
): Promise<Page<LoginUserVO>> {
  const where = and(
    searchText ? or(contains(users.userAccount, searchText), contains(users.userName, searchText)) : undefined,
    userRole ? eq(users.userRole, userRole) : undefined,
  );
  const [{ total }] = await db.select({ total: count() }).from(users).where(where);
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(desc(users.createTime), desc(users.id))
    .limit(pageSize)
    .offset((current - 1) * pageSize);
  return {
    records: rows.map(toLoginUserVO),
    total,
    current,
    size: pageSize,
    pages: Math.ceil(total / pageSize),
  };
}

/**
 * `POST /api/user/update` (admins). The admins' rows are locked first, so two
 * admins demoting each other at once cannot leave none. Banning ends the
 * user's sessions in the same transaction: a banned browser is logged out at
 * once rather than refused on every request (their keys are refused by the
 * gateway, which reads the role).
 */
export async function changeRole(
  db: Db,
  admin: SessionUser,
  { id, userRole }: RoleChange,
  now: number,
): Promise<true> {
  await db.transaction(async (tx) => {
    const admins = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.userRole, USER_ROLE.ADMIN))
      .for('update');
    const [target] = await tx.select({ id: users.id, userRole: users.userRole }).from(users).where(eq(users.id, id));
    if (!target) refuse(ResponseCode.NOT_FOUND, MESSAGES.userNotFound);
    if (target.id === admin.id && userRole !== USER_ROLE.ADMIN) refuse(ResponseCode.PARAMS_ERROR, MESSAGES.selfRole);
    if (target.userRole === USER_ROLE.ADMIN && userRole !== USER_ROLE.ADMIN && admins.length <= 1)
      refuse(ResponseCode.PARAMS_ERROR, MESSAGES.lastAdmin);
    await tx
      .update(users)
      .set({ userRole, updateTime: new Date(now) })
      .where(eq(users.id, id));
    if (userRole === USER_ROLE.BAN) await tx.delete(sessions).where(eq(sessions.userId, id));
    await announce(tx, { kind: 'user', userId: id });
  });
  return true;
}

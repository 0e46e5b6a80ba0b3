import { randomBytes } from 'crypto';
import {
  parseLogin,
  parsePasswordChange,
  parseProfileChange,
  parseRegistration,
  parseRoleChange,
  parseUserListQuery,
} from '@agler/contract/accounts';
import { ResponseCode, USER_ROLE } from '@agler/contract/constants';
import { formatTime } from '@agler/contract/dates';
import { compareIds, parseId } from '@agler/contract/ids';
import { MESSAGES } from '@agler/contract/messages';
import type { Query } from '@agler/contract/queries';
import type { AccessKeyVO, KeyPairVO, LoginUserVO, Page } from '@agler/contract/types';
import type { Envelope } from './envelope';
import { failure, success } from './envelope';
import type { UserRecord } from './store';
import { hashPassword, newSessionId, sharedStore, toLoginUserVO } from './store';

/**
 * Accounts: login and registration with their cookie sessions, the user's own
 * profile, password and key pair, and the admins' list of users and roles.
 * Every function answers the envelope the endpoint sends; the route file
 * only reads the request and writes the session cookie. The rules of the
 * fields are contract/accounts.ts, as the server applies them; what needs the
 * store (a taken account, the current password, the last admin) is checked here.
 */

type Body = Record<string, unknown>;

/** An answer that may start a session: the route sets its cookie. */
export type SessionAnswer<T> = { envelope: Envelope<T>; sessionId?: string };

/** New accounts' ids count up from here, after the demo accounts' (64-bit, as a snowflake backend hands out). */
const USER_ID_BASE = BigInt('1790000000000000000');

/** A new session for the user, ending `previousSessionId`'s (the browser's earlier one), as login does. */
function startSession(user: UserRecord, previousSessionId: string | undefined): string {
  const { sessions } = sharedStore();
  if (previousSessionId) sessions.delete(previousSessionId);
  const sessionId = newSessionId();
  sessions.set(sessionId, user.id);
  return sessionId;
}

/** Ends every session of the user but `keep`. */
function endSessionsOf(user: UserRecord, keep?: string) {
  const { sessions } = sharedStore();
  for (const [id, userId] of sessions) {
    if (userId === user.id && id !== keep) sessions.delete(id);
  }
}

/** `POST /api/user/login`. A banned account is refused as its requests are, once the password is right. */
export function login(body: Body, previousSessionId?: string): SessionAnswer<LoginUserVO | null> {
  const parsed = parseLogin(body);
  if (!parsed.ok) return { envelope: failure(ResponseCode.PARAMS_ERROR, parsed.message) };
  const { userAccount, userPassword } = parsed.value;
  const user = sharedStore().users.find((u) => u.userAccount === userAccount);
  if (!user || user.passwordHash !== hashPassword(userPassword)) {
    return { envelope: failure(ResponseCode.PARAMS_ERROR, MESSAGES.wrongCredentials) };
  }
  if (user.userRole === USER_ROLE.BAN) return { envelope: failure(ResponseCode.NO_AUTH, MESSAGES.banned) };
  return { envelope: success(toLoginUserVO(user)), sessionId: startSession(user, previousSessionId) };
}

/** `POST /api/user/logout`: idempotent. */
export function logout(sessionId: string | undefined) {
  if (sessionId) sharedStore().sessions.delete(sessionId);
}

/** The id of the `seq`-th account (from 1; the demo accounts are the first). */
export function userIdOf(seq: number): string {
  return (USER_ID_BASE + BigInt(seq)).toString();
}

/** `POST /api/user/register`: a new ordinary user, logged in at once; answers the new id. */
export function register(
  body: Body,
  previousSessionId?: string,
  now = Date.now(),
): SessionAnswer<string | null> {
  const parsed = parseRegistration(body);
  if (!parsed.ok) return { envelope: failure(ResponseCode.PARAMS_ERROR, parsed.message) };
  const store = sharedStore();
  const { userAccount: account, userPassword } = parsed.value;
  // Case-sensitive, as login matches accounts.
  if (store.users.some((u) => u.userAccount === account))
    return { envelope: failure(ResponseCode.PARAMS_ERROR, MESSAGES.accountTaken) };
  const time = formatTime(now);
  const user: UserRecord = {
    id: userIdOf(store.nextUserSeq++),
    userAccount: account,
    userName: account,
    userAvatar: '',
    userRole: USER_ROLE.USER,
    passwordHash: hashPassword(userPassword),
    createTime: time,
    updateTime: time,
  };
  store.users.push(user);
  return { envelope: success(user.id), sessionId: startSession(user, previousSessionId) };
}

/** `POST /api/user/update/my`: the user's own name and avatar; a field left out stays. */
export function updateMy(body: Body, user: UserRecord, now = Date.now()): Envelope<boolean | null> {
  const parsed = parseProfileChange(body);
  if (!parsed.ok) return failure(ResponseCode.PARAMS_ERROR, parsed.message);
  Object.assign(user, parsed.value);
  user.updateTime = formatTime(now);
  return success(true);
}

/**
 * `POST /api/user/update/password`: on success every other session of the
 * user ends; `sessionId`'s stays. The fields are checked before the current
 * password, as the server does.
 */
export function updatePassword(
  body: Body,
  user: UserRecord,
  sessionId: string | undefined,
  now = Date.now(),
): Envelope<boolean | null> {
  const parsed = parsePasswordChange(body);
  if (!parsed.ok) return failure(ResponseCode.PARAMS_ERROR, parsed.message);
  const { oldPassword, newPassword } = parsed.value;
  if (hashPassword(oldPassword) !== user.passwordHash) return failure(ResponseCode.PARAMS_ERROR, MESSAGES.wrongPassword);
  user.passwordHash = hashPassword(newPassword);
  user.updateTime = formatTime(now);
  endSessionsOf(user, sessionId);
  return success(true);
}

/** A key: a prefix and 32 random bytes in base64url (43 characters). */
function newKey(prefix: 'ak_' | 'sk_'): string {
  return prefix + randomBytes(32).toString('base64url');
}

/** `GET /api/user/key`: the access key and the secret key's last 4 characters, or null before the first pair. */
export function keyOf(user: UserRecord): Envelope<AccessKeyVO | null> {
  const pair = sharedStore().keys.get(user.id);
  return success(pair ? { accessKey: pair.accessKey, secretKeyTail: pair.secretKey.slice(-4) } : null);
}

/** `POST /api/user/key/regenerate`: a new pair replaces the old one at once; the only answer holding the secret key. */
export function regenerateKey(user: UserRecord): Envelope<KeyPairVO> {
  const pair = { accessKey: newKey('ak_'), secretKey: newKey('sk_') };
  sharedStore().keys.set(user.id, pair);
  return success({ ...pair });
}

/** The user with this id (as text or a safe number), or the envelope that refuses the id. */
export function findUser(rawId: unknown): UserRecord | Envelope<null> {
  const id = parseId(rawId);
  if (!id) return failure(ResponseCode.PARAMS_ERROR, MESSAGES.badId);
  return (
    sharedStore().users.find((u) => u.id === id) ?? failure(ResponseCode.NOT_FOUND, MESSAGES.userNotFound)
  );
}

export function isUser(found: UserRecord | Envelope<null>): found is UserRecord {
  return 'id' in found;
}

/** Newest first: creation time descending, then id descending. */
function newestFirst(a: UserRecord, b: UserRecord): number {
  if (a.createTime !== b.createTime) return a.createTime < b.createTime ? 1 : -1;
  return compareIds(b.id, a.id);
}

/** `GET /api/user/list/page` (admins): users without their passwords, newest first. */
export function listUsers(query: Query): Envelope<Page<LoginUserVO> | null> {
  const parsed = parseUserListQuery(query);
  if (!parsed.ok) return failure(ResponseCode.PARAMS_ERROR, parsed.message);
  const { current, pageSize, searchText, userRole } = parsed.value;
  const matches = sharedStore()
    .users.filter(
      (u) =>
        (!userRole || u.userRole === userRole) &&
        (!searchText ||
          u.userAccount.toLowerCase().includes(searchText) ||
          u.userName.toLowerCase().includes(searchText)),
    )
    .sort(newestFirst);
  const start = (current - 1) * pageSize;
  return success({
    records: matches.slice(start, start + pageSize).map(toLoginUserVO),
    total: matches.length,
    current,
    size: pageSize,
    pages: Math.ceil(matches.length / pageSize),
  });
}

/**
 * `POST /api/user/update` (admins): a user's role. Banning ends the user's
 * sessions with it, so a banned browser is logged out rather than refused on
 * every request; their key pair is refused by the gateway.
 */
export function updateRole(body: Body, admin: UserRecord, now = Date.now()): Envelope<boolean | null> {
  const parsed = parseRoleChange(body);
  if (!parsed.ok) return failure(ResponseCode.PARAMS_ERROR, parsed.message);
  const { id, userRole } = parsed.value;
  const { users } = sharedStore();
  const user = users.find((u) => u.id === id);
  if (!user) return failure(ResponseCode.NOT_FOUND, MESSAGES.userNotFound);
  if (user.id === admin.id && userRole !== USER_ROLE.ADMIN)
    return failure(ResponseCode.PARAMS_ERROR, MESSAGES.selfRole);
  const demotesAdmin = user.userRole === USER_ROLE.ADMIN && userRole !== USER_ROLE.ADMIN;
  if (demotesAdmin && users.filter((u) => u.userRole === USER_ROLE.ADMIN).length === 1) {
    return failure(ResponseCode.PARAMS_ERROR, MESSAGES.lastAdmin);
  }
  user.userRole = userRole;
  user.updateTime = formatTime(now);
  if (userRole === USER_ROLE.BAN) endSessionsOf(user);
  return success(true);
}

import { randomBytes } from 'crypto';
import {
  ACCOUNT_LENGTH,
  PAGE_SIZE_MAX,
  PASSWORD_LENGTH,
  ResponseCode,
  USER_LIMITS,
  USER_ROLE,
} from '@agler/contract/constants';
import type { UserRole } from '@agler/contract/constants';
import { formatTime } from '@agler/contract/dates';
import { compareIds, parseId } from '@agler/contract/ids';
import { isAbsoluteHttpUrl } from '@agler/contract/interfaceValidation';
import { MESSAGES } from '@agler/contract/messages';
import type { Query } from '@agler/contract/queries';
import { hasUnsafeCharacters } from '@agler/contract/text';
import type { AccessKeyVO, KeyPairVO, LoginUserVO, Page } from '@agler/contract/types';
import type { Envelope } from './envelope';
import { failure, success } from './envelope';
import type { UserRecord } from './store';
import { hashPassword, newSessionId, sharedStore, toLoginUserVO } from './store';

/**
 * Accounts: login and registration with their cookie sessions, the user's own
 * profile, password and key pair, and the admins' list of users and roles.
 * Every function answers the envelope the endpoint sends; the route file
 * only reads the request and writes the session cookie.
 */

type Body = Record<string, unknown>;

/** An answer that may start a session: the route sets its cookie. */
export type SessionAnswer<T> = { envelope: Envelope<T>; sessionId?: string };

/** Characters an account may hold. */
const ACCOUNT_CHARS = /^[A-Za-z0-9_.-]+$/;

/** New accounts' ids count up from here, after the demo accounts' (64-bit, as a snowflake backend hands out). */
const USER_ID_BASE = BigInt('1790000000000000000');

const USER_ROLES: readonly string[] = Object.values(USER_ROLE);

function lengthIn(value: unknown, range: { min: number; max: number }): value is string {
  return typeof value === 'string' && value.length >= range.min && value.length <= range.max;
}

/** A new session for the user, ending `previousSessionId`'s (the browser's earlier one), as login does. */
function startSession(user: UserRecord, previousSessionId: string | undefined): string {
  const { sessions } = sharedStore();
  if (previousSessionId) sessions.delete(previousSessionId);
  const sessionId = newSessionId();
  sessions.set(sessionId, user.id);
  return sessionId;
}

/** `POST /api/user/login`. A banned account is refused as its requests are, once the password is right. */
export function login(body: Body, previousSessionId?: string): SessionAnswer<LoginUserVO | null> {
  const { userAccount, userPassword } = body;
  if (!lengthIn(userAccount, ACCOUNT_LENGTH))
    return { envelope: failure(ResponseCode.PARAMS_ERROR, MESSAGES.accountLength) };
  if (!lengthIn(userPassword, PASSWORD_LENGTH))
    return { envelope: failure(ResponseCode.PARAMS_ERROR, MESSAGES.passwordLength) };
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

/** What is wrong with a new account's fields, in the contract's order, or undefined. */
function registrationError(body: Body): string | undefined {
  const { userAccount, userPassword, checkPassword } = body;
  if (!lengthIn(userAccount, ACCOUNT_LENGTH)) return MESSAGES.accountLength;
  if (!ACCOUNT_CHARS.test(userAccount)) return MESSAGES.accountChars;
  if (!lengthIn(userPassword, PASSWORD_LENGTH)) return MESSAGES.passwordLength;
  if (checkPassword !== userPassword) return MESSAGES.passwordMismatch;
  // Case-sensitive, as login matches accounts.
  if (sharedStore().users.some((u) => u.userAccount === userAccount)) return MESSAGES.accountTaken;
  return undefined;
}

/** `POST /api/user/register`: a new ordinary user, logged in at once; answers the new id. */
export function register(
  body: Body,
  previousSessionId?: string,
  now = Date.now(),
): SessionAnswer<string | null> {
  const error = registrationError(body);
  if (error) return { envelope: failure(ResponseCode.PARAMS_ERROR, error) };
  const store = sharedStore();
  const account = body.userAccount as string;
  const time = formatTime(now);
  const user: UserRecord = {
    id: userIdOf(store.nextUserSeq++),
    userAccount: account,
    userName: account,
    userAvatar: '',
    userRole: USER_ROLE.USER,
    passwordHash: hashPassword(body.userPassword as string),
    createTime: time,
    updateTime: time,
  };
  store.users.push(user);
  return { envelope: success(user.id), sessionId: startSession(user, previousSessionId) };
}

/** `POST /api/user/update/my`: the user's own name and avatar; a field left out stays. */
export function updateMy(body: Body, user: UserRecord, now = Date.now()): Envelope<boolean | null> {
  const { userName, userAvatar } = body;
  let name: string | undefined;
  if (userName !== undefined) {
    name = typeof userName === 'string' ? userName.trim() : '';
    if (!name || name.length > USER_LIMITS.nameMax || hasUnsafeCharacters(name)) {
      return failure(ResponseCode.PARAMS_ERROR, MESSAGES.userNameLength);
    }
  }
  if (userAvatar !== undefined) {
    const valid =
      typeof userAvatar === 'string' &&
      (userAvatar === '' || (userAvatar.length <= USER_LIMITS.avatarMax && isAbsoluteHttpUrl(userAvatar)));
    if (!valid) return failure(ResponseCode.PARAMS_ERROR, MESSAGES.avatarInvalid);
  }
  if (name !== undefined) user.userName = name;
  if (userAvatar !== undefined) user.userAvatar = userAvatar as string;
  user.updateTime = formatTime(now);
  return success(true);
}

/** `POST /api/user/update/password`: on success every other session of the user ends; `sessionId`'s stays. */
export function updatePassword(
  body: Body,
  user: UserRecord,
  sessionId: string | undefined,
  now = Date.now(),
): Envelope<boolean | null> {
  const { oldPassword, newPassword, checkPassword } = body;
  if (typeof oldPassword !== 'string' || hashPassword(oldPassword) !== user.passwordHash) {
    return failure(ResponseCode.PARAMS_ERROR, MESSAGES.wrongPassword);
  }
  if (!lengthIn(newPassword, PASSWORD_LENGTH))
    return failure(ResponseCode.PARAMS_ERROR, MESSAGES.passwordLength);
  if (checkPassword !== newPassword) return failure(ResponseCode.PARAMS_ERROR, MESSAGES.passwordMismatch);
  user.passwordHash = hashPassword(newPassword);
  user.updateTime = formatTime(now);
  const { sessions } = sharedStore();
  for (const [id, userId] of sessions) {
    if (userId === user.id && id !== sessionId) sessions.delete(id);
  }
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

type UserListQuery = { current: number; pageSize: number; searchText?: string; userRole?: UserRole };

const USER_LIST_KEYS = ['current', 'pageSize', 'searchText', 'userRole'] as const;

/** A whole number in a query, or `fallback` when absent; undefined when it is no such number. */
function wholeNumber(text: string | undefined, fallback: number): number | undefined {
  if (text === undefined || text === '') return fallback;
  return /^\d{1,9}$/.test(text) ? Number(text) : undefined;
}

/** `GET /api/user/list/page`'s query, read as the catalogue's list reads its own. */
function parseUserListQuery(
  query: Query,
): { ok: true; value: UserListQuery } | { ok: false; message: string } {
  const texts: Partial<Record<(typeof USER_LIST_KEYS)[number], string>> = {};
  for (const key of USER_LIST_KEYS) {
    const value = query[key];
    if (value === undefined) continue;
    if (typeof value === 'number') texts[key] = String(value);
    else if (typeof value === 'string') texts[key] = value;
    else return { ok: false, message: MESSAGES.notText(key) };
  }
  const current = wholeNumber(texts.current, 1);
  if (current === undefined || current < 1) return { ok: false, message: MESSAGES.badCurrent };
  const pageSize = wholeNumber(texts.pageSize, 10);
  if (pageSize === undefined || pageSize < 1 || pageSize > PAGE_SIZE_MAX)
    return { ok: false, message: MESSAGES.badPageSize };
  const userRole = texts.userRole || undefined;
  if (userRole !== undefined && !USER_ROLES.includes(userRole))
    return { ok: false, message: MESSAGES.badRole };
  const searchText = texts.searchText?.trim().toLowerCase() || undefined;
  return { ok: true, value: { current, pageSize, searchText, userRole: userRole as UserRole | undefined } };
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
 * `POST /api/user/update` (admins): a user's role. A banned user keeps their
 * sessions, but each of their requests answers 40101 (mock/_lib/http.ts).
 */
export function updateRole(body: Body, admin: UserRecord, now = Date.now()): Envelope<boolean | null> {
  const id = parseId(body.id);
  if (!id) return failure(ResponseCode.PARAMS_ERROR, MESSAGES.badId);
  const role = body.userRole;
  if (typeof role !== 'string' || !USER_ROLES.includes(role))
    return failure(ResponseCode.PARAMS_ERROR, MESSAGES.badRole);
  const { users } = sharedStore();
  const user = users.find((u) => u.id === id);
  if (!user) return failure(ResponseCode.NOT_FOUND, MESSAGES.userNotFound);
  if (user.id === admin.id && role !== USER_ROLE.ADMIN)
    return failure(ResponseCode.PARAMS_ERROR, MESSAGES.selfRole);
  const demotesAdmin = user.userRole === USER_ROLE.ADMIN && role !== USER_ROLE.ADMIN;
  if (demotesAdmin && users.filter((u) => u.userRole === USER_ROLE.ADMIN).length === 1) {
    return failure(ResponseCode.PARAMS_ERROR, MESSAGES.lastAdmin);
  }
  user.userRole = role as UserRole;
  user.updateTime = formatTime(now);
  return success(true);
}

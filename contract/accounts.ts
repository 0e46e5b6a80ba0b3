import {
  ACCOUNT_LENGTH,
  PAGE_SIZE_MAX,
  PASSWORD_LENGTH,
  QUOTA_MAX,
  USER_LIMITS,
  USER_ROLE,
} from './constants';
import type { UserRole } from './constants';
import { parseId } from './ids';
import type { Id } from './ids';
import type { Message } from './messageKeys';
import { MESSAGES, TEXT_MESSAGES } from './messages';
import { queryOf, textsOf } from './queries';
import type { Parsed } from './queries';
import { parseRateOverride } from './rateLimit';
import type { RateOverride } from './rateLimit';
import { textFault } from './text';

/**
 * The rules of accounts, keys and quotas, in the order the server applies
 * them, which the console's forms check with too, so both say the same thing
 * in the same words. What needs the store (a taken account, the current
 * password, the last admin) the server checks after these.
 */

const ACCOUNT_CHARS = /^[A-Za-z0-9_.-]+$/;
const USER_ROLES: readonly string[] = Object.values(USER_ROLE);

const lengthIn = (value: unknown, range: { min: number; max: number }): value is string =>
  typeof value === 'string' && value.length >= range.min && value.length <= range.max;

/**
 * One field's rule, as the forms check it while typing: the message of the
 * first thing wrong with the value, or undefined when it is fine.
 */
export type FieldCheck = (value: unknown) => Message | undefined;

/**
 * An account name to log in with: its length, then only what no stored text
 * may hold, as older accounts may hold other characters.
 */
export const loginAccountError: FieldCheck = (value) => {
  if (!lengthIn(value, ACCOUNT_LENGTH)) return MESSAGES.accountLength;
  const fault = textFault(value, { lineBreaks: true, directionMarks: true });
  return fault && TEXT_MESSAGES.field('账号', fault);
};

/** A new account name: its length, then its characters. */
export const accountError: FieldCheck = (value) =>
  loginAccountError(value) ?? (ACCOUNT_CHARS.test(value as string) ? undefined : MESSAGES.accountChars);

export const passwordError: FieldCheck = (value) =>
  lengthIn(value, PASSWORD_LENGTH) ? undefined : MESSAGES.passwordLength;

/** The password typed again. */
export function repeatError(password: unknown, repeated: unknown): Message | undefined {
  return repeated === password ? undefined : MESSAGES.passwordMismatch;
}

/** The first message of `errors`, or undefined when there is none. */
const firstError = (...errors: (Message | undefined)[]): Message | undefined => errors.find(Boolean);

export type Credentials = { userAccount: string; userPassword: string };

/** `POST /api/user/login`'s body, before the account is looked up. */
export function parseLogin(body: Record<string, unknown>): Parsed<Credentials> {
  const { userAccount, userPassword } = body;
  const message = firstError(loginAccountError(userAccount), passwordError(userPassword));
  return message ? { ok: false, message } : { ok: true, value: { userAccount, userPassword } as Credentials };
}

export type Registration = Credentials;

/** `POST /api/user/register`'s body, before the account is looked up. */
export function parseRegistration(body: Record<string, unknown>): Parsed<Registration> {
  const { userAccount, userPassword, checkPassword } = body;
  const message = firstError(
    accountError(userAccount),
    passwordError(userPassword),
    repeatError(userPassword, checkPassword),
  );
  return message
    ? { ok: false, message }
    : { ok: true, value: { userAccount, userPassword } as Registration };
}

export type ProfileChange = { userName?: string; userAvatar?: string };

function isAvatarUrl(text: string): boolean {
  if (text.length > USER_LIMITS.avatarMax) return false;
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** `POST /api/user/update/my`'s body: the fields given, checked (a field left out stays). */
export function parseProfileChange(body: Record<string, unknown>): Parsed<ProfileChange> {
  const change: ProfileChange = {};
  if (body.userName !== undefined) {
    const name = typeof body.userName === 'string' ? body.userName.trim() : '';
    const fault = textFault(name);
    if (fault) return { ok: false, message: TEXT_MESSAGES.field('昵称', fault) };
    if (!name || Array.from(name).length > USER_LIMITS.nameMax)
      return { ok: false, message: MESSAGES.userNameLength };
    change.userName = name;
  }
  if (body.userAvatar !== undefined) {
    const avatar = typeof body.userAvatar === 'string' ? body.userAvatar.trim() : undefined;
    const fault = avatar && textFault(avatar);
    if (fault) return { ok: false, message: TEXT_MESSAGES.field('头像地址', fault) };
    if (avatar === undefined || (avatar !== '' && !isAvatarUrl(avatar)))
      return { ok: false, message: MESSAGES.avatarInvalid };
    change.userAvatar = avatar;
  }
  return { ok: true, value: change };
}

export type PasswordChange = { oldPassword: string; newPassword: string };

/** `POST /api/user/update/password`'s body; the current password is checked after, against the store. */
export function parsePasswordChange(body: Record<string, unknown>): Parsed<PasswordChange> {
  const { oldPassword, newPassword, checkPassword } = body;
  if (typeof oldPassword !== 'string' || oldPassword === '')
    return { ok: false, message: MESSAGES.wrongPassword };
  const message = firstError(passwordError(newPassword), repeatError(newPassword, checkPassword));
  return message
    ? { ok: false, message }
    : { ok: true, value: { oldPassword, newPassword: newPassword as string } };
}

export type RoleChange = { id: Id; userRole: UserRole };

/** `POST /api/user/update`'s body. */
export function parseRoleChange(body: Record<string, unknown>): Parsed<RoleChange> {
  const id = parseId(body.id);
  if (!id) return { ok: false, message: MESSAGES.badId };
  if (typeof body.userRole !== 'string' || !USER_ROLES.includes(body.userRole))
    return { ok: false, message: MESSAGES.badRole };
  return { ok: true, value: { id, userRole: body.userRole as UserRole } };
}

export type QuotaChange = {
  userId: Id;
  interfaceInfoId: Id;
  /** What is left; undefined: the quota stays as it is. */
  leftNum?: number;
  /** The user's own rate limits; undefined: they stay as they are. */
  rate?: RateOverride;
};

/** `POST /api/userInterfaceInfo/update`'s body: leftNum, the rate limit override, or both. */
export function parseQuotaChange(body: Record<string, unknown>): Parsed<QuotaChange> {
  const userId = parseId(body.userId);
  const interfaceInfoId = parseId(body.interfaceInfoId);
  if (!userId || !interfaceInfoId) return { ok: false, message: MESSAGES.badId };
  const rate = parseRateOverride(body);
  if (!rate.ok) return rate;
  const { leftNum } = body;
  if (leftNum === undefined && rate.value)
    return { ok: true, value: { userId, interfaceInfoId, rate: rate.value } };
  if (typeof leftNum !== 'number' || !Number.isInteger(leftNum) || leftNum < 0 || leftNum > QUOTA_MAX)
    return { ok: false, message: MESSAGES.badLeftNum };
  return { ok: true, value: { userId, interfaceInfoId, leftNum, rate: rate.value } };
}

/** A quota after an admin sets what is left: what was used stays used. */
export function quotaAfterSet(
  current: { leftNum: number; totalNum: number } | undefined,
  leftNum: number,
): { leftNum: number; totalNum: number } {
  const used = current ? current.totalNum - current.leftNum : 0;
  return { leftNum, totalNum: used + leftNum };
}

export type UserListQuery = { current: number; pageSize: number; searchText?: string; userRole?: UserRole };

function pageNumber(value: unknown, fallback: number): number | undefined {
  if (value === undefined || value === '') return fallback;
  const text = typeof value === 'number' ? String(value) : value;
  return typeof text === 'string' && /^\d{1,9}$/.test(text) ? Number(text) : undefined;
}

/** `GET /api/user/list/page`'s query: newest first, searchText lower-cased. */
export function parseUserListQuery(input: unknown): Parsed<UserListQuery> {
  const query = queryOf(input);
  const current = pageNumber(query.current, 1);
  if (current === undefined || current < 1) return { ok: false, message: MESSAGES.badCurrent };
  const pageSize = pageNumber(query.pageSize, 10);
  if (pageSize === undefined || pageSize < 1 || pageSize > PAGE_SIZE_MAX)
    return { ok: false, message: MESSAGES.badPageSize };
  const texts = textsOf(query, ['searchText'] as const);
  if (!texts.ok) return texts;
  let userRole: UserRole | undefined;
  if (query.userRole !== undefined && query.userRole !== '') {
    if (typeof query.userRole !== 'string' || !USER_ROLES.includes(query.userRole))
      return { ok: false, message: MESSAGES.badRole };
    userRole = query.userRole as UserRole;
  }
  const searchText = texts.value.searchText?.trim().toLowerCase() || undefined;
  return { ok: true, value: { current, pageSize, searchText, userRole } };
}

import { DEFAULT_QUOTA, QUOTA_MAX, ResponseCode, USER_ROLE } from '@agler/contract/constants';
import { compareIds } from '@agler/contract/ids';
import { MESSAGES } from '@agler/contract/messages';
import type { Query } from '@agler/contract/queries';
import type { InterfaceQuota } from '@agler/contract/types';
import { findUser, isUser } from './accounts';
import type { Envelope } from './envelope';
import { failure, success } from './envelope';
import { findInterface, isRecord } from './interfaceReads';
import type { UserRecord } from './store';
import { quotaKey, sharedStore } from './store';

/**
 * Quotas: how many calls each user has left of each interface. A quota is
 * made on the user's first call with DEFAULT_QUOTA; every call of a user that
 * is not an admin takes a unit before it is made. The usage rows join them
 * with the user's calls.
 */

type Body = Record<string, unknown>;

/**
 * Takes one unit of the user's quota for the interface, making the quota on
 * the first call; false when none is left. Admins are never limited.
 */
export function takeUnit(user: UserRecord, interfaceInfoId: string): boolean {
  if (user.userRole === USER_ROLE.ADMIN) return true;
  const { quotas } = sharedStore();
  const key = quotaKey(user.id, interfaceInfoId);
  let quota = quotas.get(key);
  if (!quota) {
    quota = { leftNum: DEFAULT_QUOTA, totalNum: DEFAULT_QUOTA };
    quotas.set(key, quota);
  }
  if (quota.leftNum <= 0) return false;
  quota.leftNum -= 1;
  return true;
}

/** Gives back the unit takeUnit took, for a call that never reached the interface. */
export function giveUnitBack(user: UserRecord, interfaceInfoId: string) {
  if (user.userRole === USER_ROLE.ADMIN) return;
  const quota = sharedStore().quotas.get(quotaKey(user.id, interfaceInfoId));
  if (quota) quota.leftNum += 1;
}

/**
 * The user's rows: every interface still there that they hold a quota for or
 * have called, most called first (then by id); without a quota the default.
 */
export function usageOf(userId: string): InterfaceQuota[] {
  const { calls, quotas, interfaces } = sharedStore();
  const counts = new Map<string, number>();
  for (const call of calls) {
    if (call.userId === userId) counts.set(call.interfaceInfoId, (counts.get(call.interfaceInfoId) ?? 0) + 1);
  }
  const rows: InterfaceQuota[] = [];
  for (const record of interfaces) {
    const quota = quotas.get(quotaKey(userId, record.id));
    const callCount = counts.get(record.id) ?? 0;
    if (!quota && callCount === 0) continue;
    rows.push({
      interfaceInfoId: record.id,
      name: record.name,
      method: record.method,
      status: record.status,
      calls: callCount,
      leftNum: quota?.leftNum ?? DEFAULT_QUOTA,
      totalNum: quota?.totalNum ?? DEFAULT_QUOTA,
    });
  }
  return rows.sort((a, b) => b.calls - a.calls || compareIds(a.interfaceInfoId, b.interfaceInfoId));
}

/** `GET /api/userInterfaceInfo/list` (admins): one user's rows, as the user sees them. */
export function listUserQuotas(query: Query): Envelope<InterfaceQuota[] | null> {
  const user = findUser(query.userId);
  if (!isUser(user)) return user;
  return success(usageOf(user.id));
}

/**
 * `POST /api/userInterfaceInfo/update` (admins): sets what is left; the total
 * grows or shrinks by the same amount, so the calls already used stay counted.
 */
export function updateQuota(body: Body): Envelope<boolean | null> {
  const { leftNum } = body;
  if (typeof leftNum !== 'number' || !Number.isInteger(leftNum) || leftNum < 0 || leftNum > QUOTA_MAX) {
    return failure(ResponseCode.PARAMS_ERROR, MESSAGES.badLeftNum);
  }
  const user = findUser(body.userId);
  if (!isUser(user)) return user;
  const record = findInterface(body.interfaceInfoId);
  if (!isRecord(record)) return record;
  const { quotas } = sharedStore();
  const key = quotaKey(user.id, record.id);
  const old = quotas.get(key);
  quotas.set(key, { leftNum, totalNum: old ? old.totalNum - old.leftNum + leftNum : leftNum });
  return success(true);
}

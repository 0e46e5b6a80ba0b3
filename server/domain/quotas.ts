import { sql } from 'drizzle-orm';
import { parseQuotaChange, quotaAfterSet } from '@agler/contract/accounts';
import { ResponseCode } from '@agler/contract/constants';
import type { HttpMethod, InterfaceStatus } from '@agler/contract/constants';
import { compareIds, parseId } from '@agler/contract/ids';
import { MESSAGES } from '@agler/contract/messages';
import { effectiveLimits } from '@agler/contract/rateLimit';
import type { RateOverride } from '@agler/contract/rateLimit';
import type { InterfaceQuota } from '@agler/contract/types';
import { announce } from '../cache/changes';
import { resetQuotaAlerts } from './alerts';
import type { Db } from '../db/connect';
import { rowsOf } from '../db/rows';
import { refuse } from './errors';

/**
 * Quotas: what is left of a user's calls per interface. The first call makes
 * the row with `defaultQuota`; every call of a user who is no admin takes a
 * unit first, in its admission (server/invoke/admission.ts), which never
 * takes more than there is, in one process or several. A call that the
 * interface did not answer with 2xx to 4xx gives its unit back (contract/charge.ts).
 */

/** A user's own rate limits on an interface (undefined: none set), for a call whose caller was read without them. */
export async function rateOverrideOf(
  db: Db,
  userId: string,
  interfaceInfoId: string,
): Promise<RateOverride | undefined> {
  const [row] = rowsOf<{ rate_limit: number | null; rate_burst: number | null }>(
    await db.execute(sql`
      SELECT rate_limit, rate_burst FROM user_interface_info
      WHERE user_id = ${userId}::bigint AND interface_info_id = ${interfaceInfoId}::bigint`),
  );
  return row ? { rateLimit: row.rate_limit, rateBurst: row.rate_burst } : undefined;
}

type UsageRow = {
  iid: string;
  name: string;
  method: string;
  status: number;
  calls: number;
  left_num: number | string | null;
  total_num: number | string | null;
  rate_limit: number;
  rate_burst: number;
  own_limit: number | null;
  own_burst: number | null;
};

/** A user's calls and quotas per interface: every interface they called or hold a quota for. */
export async function usageOf(db: Db, userId: string, defaultQuota: number): Promise<InterfaceQuota[]> {
  const result = await db.execute(sql`
    WITH q AS (
      SELECT interface_info_id, left_num, total_num, rate_limit, rate_burst
      FROM user_interface_info WHERE user_id = ${userId}::bigint
    ), c AS (
      SELECT interface_info_id, count(*)::int AS calls FROM interface_call
      WHERE user_id = ${userId}::bigint GROUP BY interface_info_id
    )
    SELECT i.id::text AS iid, i.name, i.method, i.status::int AS status,
           coalesce(c.calls, 0)::int AS calls, q.left_num, q.total_num,
           i.rate_limit, i.rate_burst, q.rate_limit AS own_limit, q.rate_burst AS own_burst
    FROM interface_info i
    LEFT JOIN q ON q.interface_info_id = i.id
    LEFT JOIN c ON c.interface_info_id = i.id
    WHERE (q.interface_info_id IS NOT NULL OR c.interface_info_id IS NOT NULL) AND i.deleted_at IS NULL`);
  return rowsOf<UsageRow>(result)
    .map((row) => {
      const override = { rateLimit: row.own_limit, rateBurst: row.own_burst };
      const effective = effectiveLimits({ rateLimit: row.rate_limit, rateBurst: row.rate_burst }, override);
      return {
        interfaceInfoId: row.iid,
        name: row.name,
        method: row.method as HttpMethod,
        status: row.status as InterfaceStatus,
        calls: Number(row.calls),
        // total_num is a bigint, which node-postgres reads as text.
        leftNum: row.left_num === null ? defaultQuota : Number(row.left_num),
        totalNum: row.total_num === null ? defaultQuota : Number(row.total_num),
        ...override,
        effectiveRateLimit: effective.rateLimit,
        effectiveRateBurst: effective.rateBurst,
      };
    })
    .sort((a, b) => b.calls - a.calls || compareIds(a.interfaceInfoId, b.interfaceInfoId));
}

async function userExists(db: Db, id: string): Promise<boolean> {
  return rowsOf(await db.execute(sql`SELECT 1 FROM app_user WHERE id = ${id}::bigint`)).length > 0;
}

/** `GET /api/userInterfaceInfo/list` (admins). */
export async function usageOfUser(
  db: Db,
  rawUserId: unknown,
  defaultQuota: number,
): Promise<InterfaceQuota[]> {
  const userId = parseId(rawUserId);
  if (!userId) refuse(ResponseCode.PARAMS_ERROR, MESSAGES.badId);
  if (!(await userExists(db, userId))) refuse(ResponseCode.NOT_FOUND, MESSAGES.userNotFound);
  return usageOf(db, userId, defaultQuota);
}

/**
 * `POST /api/userInterfaceInfo/update` (admins): sets what is left (what was
 * used stays used), the user's own rate limits, or both. A user without a
 * quota row gets one with `defaultQuota`, as their first call would make it.
 */
export async function setQuota(db: Db, body: Record<string, unknown>, defaultQuota: number): Promise<true> {
  const parsed = parseQuotaChange(body);
  if (!parsed.ok) refuse(ResponseCode.PARAMS_ERROR, parsed.message);
  const { userId, interfaceInfoId, leftNum, rate } = parsed.value;
  await db.transaction(async (tx) => {
    if (!rowsOf(await tx.execute(sql`SELECT 1 FROM app_user WHERE id = ${userId}::bigint`)).length)
      refuse(ResponseCode.NOT_FOUND, MESSAGES.userNotFound);
    if (
      !rowsOf(
        await tx.execute(
          sql`SELECT 1 FROM interface_info WHERE id = ${interfaceInfoId}::bigint AND deleted_at IS NULL`,
        ),
      ).length
    )
      refuse(ResponseCode.NOT_FOUND, MESSAGES.interfaceNotFound);
    const [current] = rowsOf<{
      left_num: number | string;
      total_num: number | string;
      rate_limit: number | null;
      rate_burst: number | null;
    }>(
      await tx.execute(sql`
        SELECT left_num, total_num, rate_limit, rate_burst FROM user_interface_info
        WHERE user_id = ${userId}::bigint AND interface_info_id = ${interfaceInfoId}::bigint FOR UPDATE`),
    );
    const quota = current
      ? { leftNum: Number(current.left_num), totalNum: Number(current.total_num) }
      : { leftNum: defaultQuota, totalNum: defaultQuota };
    const next = leftNum === undefined ? quota : quotaAfterSet(current && quota, leftNum);
    const own = rate ?? { rateLimit: current?.rate_limit ?? null, rateBurst: current?.rate_burst ?? null };
    await tx.execute(sql`
      INSERT INTO user_interface_info (user_id, interface_info_id, left_num, total_num, rate_limit, rate_burst)
      VALUES (${userId}::bigint, ${interfaceInfoId}::bigint, ${next.leftNum}::int, ${next.totalNum}::int,
              ${own.rateLimit}::int, ${own.rateBurst}::int)
      ON CONFLICT (user_id, interface_info_id) DO UPDATE SET left_num = excluded.left_num,
        total_num = excluded.total_num, rate_limit = excluded.rate_limit, rate_burst = excluded.rate_burst`);
    // A quota set anew may run low again: its alerts at 80 % and 100 % can be raised again.
    if (leftNum !== undefined) await resetQuotaAlerts(tx, userId, interfaceInfoId);
    await announce(tx, { kind: 'quota', userId, interfaceId: interfaceInfoId });
  });
  return true;
}

import { sql } from 'drizzle-orm';
import { interfaceCallersOf, topCallers } from '@agler/contract/callers';
import type { CallerCount } from '@agler/contract/callers';
import { ResponseCode } from '@agler/contract/constants';
import type { Id } from '@agler/contract/ids';
import { MESSAGES } from '@agler/contract/messages';
import type { DayRange } from '@agler/contract/queries';
import type { InterfaceCallers } from '@agler/contract/types';
import type { Queryable } from '../db/connect';
import { rowsOf } from '../db/rows';
import { refuse } from './errors';

/**
 * `GET /api/analysis/interface/callers`: one interface's callers and its
 * calls by status class, counted here and ranked by contract/callers.ts.
 * The roll-up keeps neither users nor statuses, so this reads the log,
 * through its (interface_info_id, time) index. A deleted interface keeps
 * its row (deleted_at set) and answers; an id with no row is 40400.
 */
export async function interfaceCallers(
  db: Queryable,
  { interfaceInfoId, range }: { interfaceInfoId: Id; range: DayRange },
): Promise<InterfaceCallers> {
  const inRange = sql`c.interface_info_id = ${interfaceInfoId}::bigint
    AND c.time >= ${new Date(range.startMs).toISOString()}::timestamptz
    AND c.time < ${new Date(range.endMs).toISOString()}::timestamptz`;

  const [found] = rowsOf<{ id: string }>(
    await db.execute(sql`SELECT id::text AS id FROM interface_info WHERE id = ${interfaceInfoId}::bigint`),
  );
  if (!found) refuse(ResponseCode.NOT_FOUND, MESSAGES.interfaceNotFound);

  // Per user and per (status, success): a few rows each, whatever the number of calls.
  const [perUser, perStatus] = await Promise.all([
    db.execute(sql`
      SELECT c.user_id::text AS "userId", count(*)::int AS calls, (count(*) FILTER (WHERE NOT c.success))::int AS errors
      FROM interface_call c
      WHERE ${inRange}
      GROUP BY c.user_id`),
    db.execute(sql`
      SELECT c.status::int AS status, c.success, count(*)::int AS calls
      FROM interface_call c
      WHERE ${inRange}
      GROUP BY c.status, c.success`),
  ]);
  const counts = rowsOf<CallerCount>(perUser);
  const top = topCallers(counts);
  const names =
    top.length === 0
      ? []
      : rowsOf<{ id: string; userAccount: string; userName: string }>(
          await db.execute(sql`
            SELECT id::text AS id, user_account AS "userAccount", user_name AS "userName"
            FROM app_user
            WHERE id = ANY(${`{${top.map((c) => c.userId).join(',')}}`}::bigint[])`),
        );
  const byId = new Map(names.map((row) => [row.id, row]));
  return interfaceCallersOf(
    interfaceInfoId,
    range,
    counts,
    rowsOf<{ status: number | null; success: boolean; calls: number }>(perStatus),
    (id) => byId.get(id),
  );
}

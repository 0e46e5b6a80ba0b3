import { and, inArray, sql } from 'drizzle-orm';
import type { TimeWindow } from '@agler/contract/queries';
import type { TopInterface } from '@agler/contract/types';
import type { Queryable } from '../../db/connect';
import { rowsOf } from '../../db/rows';
import { interfaces } from '../../db/schema';
import { LIVE_INTERFACE, PUBLIC_COLUMNS, toInterfaceInfo } from '../interfaceInfo';
import { blocksOf, consistently, inWindows, planOf } from '../rollup';

/**
 * `GET /api/analysis/top/interface/invoke`: the most called live interfaces in
 * the window, ties to the smaller id. A deleted interface is left out: the
 * answer is a list of interfaces to open, and TopInterface has no deleted mark.
 */
export async function topInterfaces(
  db: Queryable,
  { limit, window }: { limit: number; window: TimeWindow },
): Promise<TopInterface[]> {
  const counted = await consistently(db, async (until) => {
    const plan = planOf(window.startMs, window.endMs, until);
    return rowsOf<{ iid: string; calls: number }>(
      await db.execute(sql`
        WITH cells AS (
          SELECT r.interface_info_id AS iid, r.calls
          FROM ${blocksOf(plan)} JOIN call_rollup r ON r.span = b.span AND r.start = b.start
          UNION ALL
          SELECT c.interface_info_id, 1
          FROM interface_call c
          WHERE ${inWindows(plan.windows, sql`c.time`)}
        )
        SELECT g.iid::text AS iid, g.calls
        FROM (SELECT iid, sum(calls)::float8 AS calls FROM cells GROUP BY iid) AS g
        JOIN interface_info i ON i.id = g.iid AND i.deleted_at IS NULL
        ORDER BY g.calls DESC, g.iid
        LIMIT ${limit}`),
    );
  });
  if (counted.length === 0) return [];
  const records = await db
    .select(PUBLIC_COLUMNS)
    .from(interfaces)
    .where(
      and(
        inArray(
          interfaces.id,
          counted.map((row) => row.iid),
        ),
        LIVE_INTERFACE,
      ),
    );
  const byId = new Map(records.map((row) => [row.id, row]));
  // An interface deleted between the two reads is left out.
  return counted
    .filter((row) => byId.has(row.iid))
    .map((row) => ({ ...toInterfaceInfo(byId.get(row.iid)!), totalNum: row.calls }));
}

import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { USAGE_COLUMNS } from '@agler/contract/analysis';
import type { UsageSortField } from '@agler/contract/constants';
import { formatTime } from '@agler/contract/dates';
import type { UsageQuery } from '@agler/contract/queries';
import { WHOLE_TENTHS } from '@agler/contract/shares';
import type { UsagePage, UsageTable } from '@agler/contract/types';
import type { Queryable } from '../../db/connect';
import { rowsOf } from '../../db/rows';
import { consistently, planOf } from '../rollup';
import type { Plan } from '../rollup';
import { cellsOf, P95_COLUMN, p95sFor, usageOf } from './cells';

/** `GET /api/analysis/interfaces`: a page of the usage table, in any order, searched by name (./cells.ts has the rules). */

/** The order of each sort field of the usage table, as contract/analysis.ts compareUsage orders (`r`: a row of `kept`). */
const USAGE_ORDER: Record<UsageSortField, SQL> = {
  name: sql`r.name_rank`,
  calls: sql`r.calls`,
  errors: sql`r.errors`,
  successRate: sql`(r.calls - r.errors)::float8 / r.calls`,
  // Math.round of the mean, as the row shows it.
  avgLatency: sql`floor(r.latency_sum::float8 / r.calls + 0.5)`,
  p95Latency: sql`r.p95`,
  share: sql`r.calls`,
  // To the second, as the row shows it: calls within one second tie.
  lastCallTime: sql`floor(date_part('epoch', r.last_time))`,
};

/** The figures of a period's interfaces that have a row, the page's rows, and the ids of called interfaces that have none. */
export type UsagePageRows = {
  calls: number;
  errors: number;
  latencySum: number;
  /** interfaces called (that have a row) */
  called: number;
  /** of those, the ones the search keeps */
  kept: number;
  missing: string[];
  rows: UsageTable['rows'];
};

/**
 * One page of the usage table of `plan`'s time in one statement: every
 * interface's sums (for the order, the totals and the shares, whose rounding
 * depends on all of them), but the p95 of the page's rows only: merging
 * latency distributions is most of the work, and a page holds few of the
 * table's rows. Sorted by p95, every kept row needs it.
 */
export async function usagePageOf(
  db: Queryable,
  plan: Plan,
  page: Omit<UsageQuery, 'range'>,
): Promise<UsagePageRows> {
  const { current, pageSize, sortField, sortOrder, searchText } = page;
  const byP95 = sortField === 'p95Latency';
  const direction = sortOrder === 'ascend' ? sql`ASC` : sql`DESC`;
  const search = searchText ? sql`strpos(r.name_lower, ${searchText}) > 0` : sql`true`;
  const order = sql`${USAGE_ORDER[sortField]} ${direction}, r.iid`;
  const sorted = byP95
    ? sql`(SELECT k.*, coalesce(${P95_COLUMN}, k.slowest) AS p95
           FROM kept k LEFT JOIN floor f ON f.iid = k.iid LEFT JOIN p95 p ON p.iid = k.iid)`
    : sql`kept`;
  // The page's rows first (a top-N sort), then their positions.
  const ranked = sql`
    SELECT r.*, row_number() OVER (ORDER BY ${order}) AS pos
    FROM (SELECT r.* FROM ${sorted} r ORDER BY ${order} LIMIT ${pageSize} OFFSET ${(current - 1) * pageSize}) AS r`;
  const [row] = rowsOf<{ figures: string }>(
    await db.execute(sql`
      WITH ${usageOf(plan, byP95 ? 'distributions' : 'figures')},
      names AS MATERIALIZED (
        SELECT id, name, name_lower, name_rank, method, status, deleted_at IS NOT NULL AS deleted FROM interface_info
      ),
      named AS MATERIALIZED (
        SELECT u.*, n.id IS NOT NULL AS known, n.name, n.name_lower, n.name_rank, n.method, n.status, n.deleted
        FROM usage u LEFT JOIN names n ON n.id = u.iid
      ),
      totals AS MATERIALIZED (
        SELECT coalesce(sum(calls), 0)::float8 AS calls, coalesce(sum(errors), 0)::float8 AS errors,
               coalesce(sum(latency_sum), 0)::float8 AS latency_sum, count(*)::int AS called
        FROM named WHERE known
      ),
      shares AS MATERIALIZED (
        SELECT s.iid,
               s.tenths + CASE WHEN row_number() OVER (ORDER BY s.rest DESC, s.calls DESC, s.iid)
                                    <= ${WHOLE_TENTHS} - sum(s.tenths) OVER () THEN 1 ELSE 0 END AS share
        FROM (
          SELECT n.iid, n.calls, (n.calls * ${WHOLE_TENTHS}) / t.calls::bigint AS tenths,
                 (n.calls * ${WHOLE_TENTHS}) % t.calls::bigint AS rest
          FROM named n CROSS JOIN totals t
          WHERE n.known
        ) AS s
      ),
      -- A filter of named, cheaper to repeat than to copy.
      kept AS NOT MATERIALIZED (SELECT r.* FROM named r WHERE r.known AND ${search}),
      ${
        byP95
          ? sql`${p95sFor(sql`kept`)}, page AS MATERIALIZED (${ranked})`
          : sql`page AS MATERIALIZED (${ranked}),
              ${cellsOf(plan, 'distributions', { name: 'page_cells', only: sql`SELECT iid FROM page` })},
              ${p95sFor(sql`page`, sql`page_cells`)}`
      }
      SELECT json_build_array(
        t.calls, t.errors, t.latency_sum, t.called, (SELECT count(*) FROM kept),
        (SELECT array_agg(iid::text) FROM named WHERE NOT known),
        (SELECT json_agg(json_build_array(
           r.iid::text, r.name, r.method, r.status, r.deleted, r.calls, r.errors,
           (r.calls - r.errors)::float8 / r.calls, floor(r.latency_sum::float8 / r.calls + 0.5),
           ${byP95 ? sql`r.p95` : sql`coalesce(${P95_COLUMN}, r.slowest)`}, s.share,
           round(date_part('epoch', r.last_time) * 1000)) ORDER BY r.pos)
         FROM page r JOIN shares s ON s.iid = r.iid
         ${byP95 ? sql`` : sql`LEFT JOIN floor f ON f.iid = r.iid LEFT JOIN p95 p ON p.iid = r.iid`})
      )::text AS figures
      FROM totals t`),
  );
  const [calls, errors, latencySum, called, kept, missing, rows] = JSON.parse(row.figures) as [
    number,
    number,
    number,
    number,
    number,
    string[] | null,
    [...UsageTable['rows'][number][], number][] | null,
  ];
  return {
    calls,
    errors,
    latencySum,
    called,
    kept,
    missing: missing ?? [],
    rows: (rows ?? []).map((values) => {
      const lastMs = values.pop() as number;
      return [...values, formatTime(lastMs)];
    }),
  };
}

/** `GET /api/analysis/interfaces`: one page of the overview's usage table. */
export async function usagePage(db: Queryable, query: UsageQuery): Promise<UsagePage> {
  const { range, ...page } = query;
  const { kept, rows } = await consistently(db, (until) =>
    usagePageOf(db, planOf(range.startMs, range.endMs, until), page),
  );
  return { columns: [...USAGE_COLUMNS], rows, total: kept, current: page.current, size: page.pageSize };
}

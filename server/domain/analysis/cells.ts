import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { blocksOf, inWindows } from '../rollup';
import type { Plan } from '../rollup';

/**
 * The rules of the usage analysis, which its endpoints share (overview.ts,
 * usage.ts, top.ts): a range is whole local days, both ends included; calls
 * of a deleted interface stay counted under its name, marked deleted (its
 * row is kept, deleted_at set), while calls of interfaces with no row at all
 * are not counted; p95 is the nearest-rank percentile (PostgreSQL's
 * percentile_disc) of latencies in the contract's buckets (contract/analysis.ts
 * latencyBucket); "most called first" breaks ties by the smaller id.
 *
 * Each reads the roll-up (../rollup.ts: counts and latency distributions of
 * whole hours and blocks of days), and the log for what is not rolled up yet
 * and for parts of hours, in statements that answer a few rows or one JSON
 * text, as answering many rows costs the drivers more than the query.
 */

/** The nearest rank of the `percent`-th percentile among `n` calls, in SQL (contract/analysis.ts nearestRank, in integers). */
export const rankOf = (n: SQL, percent = 95) =>
  sql`greatest(1, (${sql.raw(String(percent))} * (${n})::bigint + 99) / 100)`;

/**
 * What cellsOf reads of each row: `sums` only calls, errors and latencies'
 * sum (a period's totals); `figures` also the last call and the slowest
 * (an interface's figures); `distributions` also the latency distributions
 * (its p95).
 */
type Reads = 'sums' | 'figures' | 'distributions';

/** `name`: the CTE's name (a constant); `only`: a subquery of the interfaces (ids) to read, else all. */
type CellsOptions = { name?: string; only?: SQL };

/**
 * `cells`: the plan's rows of the roll-up and calls of the log (as rows of
 * one call), with what `reads` asks. The slowest is the last entry of a row's
 * latency distribution, so only `sums` leaves the distributions unread. Only
 * the cells with distributions are kept (MATERIALIZED), as the p95s read them
 * again; the others are read once, by the sums per interface or of a period,
 * which then read the roll-up's rows straight away rather than a kept copy.
 */
export const cellsOf = (plan: Plan, reads: Reads, { name = 'cells', only }: CellsOptions = {}) => {
  const sums = reads === 'sums';
  const distributions = reads === 'distributions';
  return sql`
  ${sql.raw(name)} AS ${distributions ? sql`MATERIALIZED` : sql`NOT MATERIALIZED`} (
    SELECT r.interface_info_id AS iid, r.calls, r.errors, r.latency_sum
           ${sums ? sql`` : sql`, r.last_time, r.latencies[cardinality(r.latencies)] AS slowest`}
           ${distributions ? sql`, r.latencies, r.cumulative` : sql``}
    FROM ${blocksOf(plan)} JOIN call_rollup r ON r.span = b.span AND r.start = b.start
      ${only ? sql`AND r.interface_info_id IN (${only})` : sql``}
    UNION ALL
    SELECT c.interface_info_id, 1, CASE WHEN c.success THEN 0 ELSE 1 END, c.latency
           ${sums ? sql`` : sql`, c.time, call_latency_bucket(c.latency)`}
           ${distributions ? sql`, ARRAY[call_latency_bucket(c.latency)], '{0,1}'::bigint[]` : sql``}
    FROM interface_call c
    WHERE ${inWindows(plan.windows, sql`c.time`)} ${only ? sql`AND c.interface_info_id IN (${only})` : sql``}
  )`;
};

/** After cellsOf: `usage`, the cells' sums per interface, deleted ones included. */
export const usageOf = (plan: Plan, reads: Exclude<Reads, 'sums'>) => sql`
  ${cellsOf(plan, reads)},
  usage AS MATERIALIZED (
    SELECT iid, sum(calls)::bigint AS calls, sum(errors) AS errors, sum(latency_sum) AS latency_sum,
           max(last_time) AS last_time, max(slowest) AS slowest
    FROM cells
    GROUP BY iid
  )`;

/** Another percentile than p95sFor's: its percent and the prefix of its CTEs' names (`p50_`: `p50_floor`, …). */
type PercentileOptions = { percent: number; prefix: string };

/**
 * After usageOf(plan, 'distributions'): `floor` and `p95`, which find the
 * p95 of each interface of `rows` (a CTE of usage's columns: usage itself,
 * or a page of it) called 20 times or more (below that the nearest rank is
 * the last: the slowest, which the usage has). Read it as P95_COLUMN, null
 * where it is the slowest after all. Given PercentileOptions, the same for
 * another percentile: `<prefix>floor` and `p<percent>` (percentileColumn).
 *
 * It is the interface's m-th largest latency, m = calls − nearest rank + 1.
 * Each row's m-th largest is a floor for it (the row's m are among all of its
 * calls), the highest of them the floor taken; only the latencies above it,
 * from the rows that have any, are merged, and when fewer than m are above
 * it, the floor is the answer.
 */
export const p95sFor = (
  rows: SQL,
  cells: SQL = sql`cells`,
  { percent, prefix }: PercentileOptions = { percent: 95, prefix: '' },
) => {
  const name = (cte: string) => sql.raw(`${prefix}${cte}`);
  // The fewest calls whose nearest rank is not the last.
  const fewest = Math.ceil(100 / (100 - percent));
  return sql`
  ${name('wanted')} AS MATERIALIZED (
    SELECT iid, calls - ${rankOf(sql`calls`, percent)} + 1 AS m FROM ${rows} WHERE calls >= ${sql.raw(String(fewest))}
  ),
  ${name('floor')} AS MATERIALIZED (
    SELECT w.iid, w.m,
           coalesce(max(c.latencies[width_bucket(c.calls - w.m, c.cumulative)]) FILTER (WHERE c.calls >= w.m), -1)
             AS latency
    FROM ${name('wanted')} w JOIN ${cells} c ON c.iid = w.iid
    GROUP BY w.iid, w.m
  ),
  ${name('above')} AS (
    SELECT f.iid, f.m, u.latency, u.upto - u.below AS calls
    FROM ${name('floor')} f
    JOIN ${cells} c ON c.iid = f.iid AND c.slowest > f.latency
    CROSS JOIN LATERAL (SELECT width_bucket(f.latency, c.latencies) + 1 AS first) s
    CROSS JOIN LATERAL unnest(
      c.latencies[s.first:], c.cumulative[s.first + 1:], c.cumulative[s.first:cardinality(c.latencies)]
    ) AS u(latency, upto, below)
  ),
  ${sql.raw(`p${percent}`)} AS (
    SELECT DISTINCT ON (iid) iid, latency
    FROM (
      SELECT iid, latency, m, sum(sum(calls)) OVER (PARTITION BY iid ORDER BY latency DESC) AS seen
      FROM ${name('above')}
      GROUP BY iid, latency, m
    ) AS merged
    WHERE seen >= m
    ORDER BY iid, latency DESC
  )`;
};
/** An interface's percentile from p95sFor (`floor` and `found`: the aliases of its floor and its result), null where it is the slowest. */
export const percentileColumn = (floor: string, found: string) =>
  sql`coalesce(${sql.raw(found)}.latency, nullif(${sql.raw(floor)}.latency, -1))`;
/** An interface's p95 from p95sFor (`f`: its floor, `p`: its p95), null where it is the slowest. */
export const P95_COLUMN = percentileColumn('f', 'p');

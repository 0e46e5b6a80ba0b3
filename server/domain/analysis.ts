import { and, inArray, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { UsageSortField } from '@agler/contract/constants';
import { formatDate, formatTime, startOfDay } from '@agler/contract/dates';
import { totalsOf, USAGE_COLUMNS } from '@agler/contract/analysis';
import { compareIds } from '@agler/contract/ids';
import { shareTenths, WHOLE_TENTHS } from '@agler/contract/shares';
import type { DayRange, TimeWindow, UsageQuery } from '@agler/contract/queries';
import type { AnalysisOverviewAnswer, TopInterface, UsagePage, UsageTable } from '@agler/contract/types';
import type { Queryable } from '../db/connect';
import { rowsOf } from '../db/rows';
import { interfaces } from '../db/schema';
import { LIVE_INTERFACE, PUBLIC_COLUMNS, toInterfaceInfo } from './interfaceInfo';
import { blocksOf, consistently, HOUR_MS, inWindows, planOf } from './rollup';
import type { Plan, Window } from './rollup';

/**
 * The usage analysis by the mocks' rules (mock/_lib/analysis.ts): a range is
 * whole local days, both ends included; calls of a deleted interface stay
 * counted under its name, marked deleted (its row is kept, deleted_at set),
 * while calls of interfaces with no row at all (removed before deletes were
 * soft) are not counted; p95 is the nearest-rank percentile (PostgreSQL's
 * percentile_disc) of latencies in the contract's buckets (latencyBucket);
 * "most called first" breaks ties by the smaller id.
 *
 * It reads the roll-up (./rollup.ts): for a 90-day range about four rows per
 * interface (counts and latency distributions of whole hours and blocks of
 * days), and the log for what is not rolled up yet and for parts of hours.
 * Each figure is one statement that answers a few rows or one JSON text
 * (answering thousands of rows costs the drivers more than the query).
 */

/** An array literal of id texts or numbers (made here, never from input). */
const list = (values: readonly (string | number)[]) => `{${values.join(',')}}`;
/** A PostgreSQL array literal of times. */
const timeArray = (values: readonly number[]) =>
  `{${values.map((ms) => `"${new Date(ms).toISOString()}"`).join(',')}}`;

/** The nearest rank of P95 among `n` calls, in SQL (contract/analysis.ts nearestRank, in integers). */
const rankOf = (n: SQL) => sql`greatest(1, (95 * (${n})::bigint + 99) / 100)`;

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
 * which then read the roll-up's rows straight away (about 8 ms less at
 * 1,000,000 calls than keeping 23,000 rows first).
 */
const cellsOf = (plan: Plan, reads: Reads, { name = 'cells', only }: CellsOptions = {}) => {
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
const usageOf = (plan: Plan, reads: Exclude<Reads, 'sums'>) => sql`
  ${cellsOf(plan, reads)},
  usage AS MATERIALIZED (
    SELECT iid, sum(calls)::bigint AS calls, sum(errors) AS errors, sum(latency_sum) AS latency_sum,
           max(last_time) AS last_time, max(slowest) AS slowest
    FROM cells
    GROUP BY iid
  )`;

/**
 * Every interface row, soft-deleted ones too (a scan, so the joins hash: the
 * planner cannot foresee a block's rows), with its name and state when
 * `described` (the interfaces' own figures), else only its id (a period's
 * totals need no more, and the primary key's index answers it without
 * reading the rows).
 */
const namesOf = (described: boolean) => sql`
  names AS MATERIALIZED (
    ${
      described
        ? sql`SELECT id, name, method, status, deleted_at IS NOT NULL AS deleted FROM interface_info`
        : sql`SELECT id FROM interface_info`
    }
  )`;

/** The columns of usageColumns, in its order. */
type CalledColumns = [
  string[],
  (string | null)[],
  string[],
  number[],
  (boolean | null)[],
  number[],
  number[],
  number[],
  number[],
  number[],
];
/** Each column null when no interface was called. */
type UsageColumns = CalledColumns | { [K in keyof CalledColumns]: null };
/** The interfaces' usage, a column per figure: index i is one interface in each. */
type Usage = {
  iids: string[];
  /** null: the interface has no row (removed before deletes were soft). */
  names: (string | null)[];
  methods: string[];
  statuses: number[];
  /** true: soft-deleted, counted under its name. */
  deleted: (boolean | null)[];
  calls: number[];
  errors: number[];
  latencySums: number[];
  lastMs: number[];
  p95s: number[];
};

/**
 * After usageOf(plan, 'distributions'): `floor` and `p95`, which find the p95 of each
 * interface of `rows` (a CTE of usage's columns: usage itself, or a page of it) called 20 times or more (below that the nearest rank is the
 * last: the slowest, which the usage has). Read it as P95_COLUMN, null where
 * it is the slowest after all.
 *
 * It is the interface's m-th largest latency, m = calls − nearest rank + 1.
 * Each row's m-th largest is a floor for it (the row's m are among all of its
 * calls), the highest of them the floor taken; only the latencies above it,
 * from the rows that have any, are merged, and when fewer than m are above
 * it, the floor is the answer.
 */
const p95sFor = (rows: SQL, cells: SQL = sql`cells`) => sql`
  wanted AS MATERIALIZED (SELECT iid, calls - ${rankOf(sql`calls`)} + 1 AS m FROM ${rows} WHERE calls >= 20),
  floor AS MATERIALIZED (
    SELECT w.iid, w.m,
           coalesce(max(c.latencies[width_bucket(c.calls - w.m, c.cumulative)]) FILTER (WHERE c.calls >= w.m), -1)
             AS latency
    FROM wanted w JOIN ${cells} c ON c.iid = w.iid
    GROUP BY w.iid, w.m
  ),
  above AS (
    SELECT f.iid, f.m, u.latency, u.upto - u.below AS calls
    FROM floor f
    JOIN ${cells} c ON c.iid = f.iid AND c.slowest > f.latency
    CROSS JOIN LATERAL (SELECT width_bucket(f.latency, c.latencies) + 1 AS first) s
    CROSS JOIN LATERAL unnest(
      c.latencies[s.first:], c.cumulative[s.first + 1:], c.cumulative[s.first:cardinality(c.latencies)]
    ) AS u(latency, upto, below)
  ),
  p95 AS (
    SELECT DISTINCT ON (iid) iid, latency
    FROM (
      SELECT iid, latency, m, sum(sum(calls)) OVER (PARTITION BY iid ORDER BY latency DESC) AS seen
      FROM above
      GROUP BY iid, latency, m
    ) AS merged
    WHERE seen >= m
    ORDER BY iid, latency DESC
  )`;
/** Every called interface's p95. */
const P95S = p95sFor(sql`usage`);
/** An interface's p95 from P95S (`f`: its floor, `p`: its p95), null where it is the slowest. */
const P95_COLUMN = sql`coalesce(p.latency, nullif(f.latency, -1))`;

/** The p95 of each interface P95S finds, by id. */
async function p95sOf(db: Queryable, plan: Plan): Promise<Map<string, number | null>> {
  const [{ pairs }] = rowsOf<{ pairs: string | null }>(
    await db.execute(sql`
      WITH ${usageOf(plan, 'distributions')}, ${P95S}
      SELECT json_agg(json_build_array(f.iid::text, ${P95_COLUMN}))::text AS pairs
      FROM floor f LEFT JOIN p95 p ON p.iid = f.iid`),
  );
  return new Map(pairs ? (JSON.parse(pairs) as [string, number | null][]) : []);
}

/**
 * The interfaces' usage (`u`) and rows (`n`) as one JSON array of columns, the last `lastColumn`
 * (the slowest or the p95): the database writes ten arrays faster than thousands of small ones,
 * and the process reads them faster too.
 * The last call's time is float8 milliseconds (`extract` would be numeric: slower,
 * and written with three decimals), rounded to whole milliseconds as the column holds them.
 */
const usageColumns = (lastColumn: SQL) => sql`json_build_array(
  array_agg(u.iid::text), array_agg(n.name), array_agg(n.method), array_agg(n.status), array_agg(n.deleted),
  array_agg(u.calls), array_agg(u.errors), array_agg(u.latency_sum), array_agg(round(date_part('epoch', u.last_time) * 1000)),
  array_agg(${lastColumn}))::text AS columns`;

/**
 * Each interface called in `plan`'s time, with its p95. On PostgreSQL
 * (`sideBySide`) its sums and its p95 are two statements that run side by
 * side on the pool's connections (the p95's, merging latency distributions,
 * is the longer); PGlite runs one statement at a time, so there they are one,
 * which reads the calls once.
 */
async function interfacesOf(db: Queryable, plan: Plan, sideBySide: boolean): Promise<Usage | undefined> {
  const columnsOf = (statement: SQL) =>
    db.execute(statement).then((result) => rowsOf<{ columns: string }>(result)[0].columns);
  const [text, p95s] = sideBySide
    ? await Promise.all([
        columnsOf(sql`
          WITH ${usageOf(plan, 'figures')}, ${namesOf(true)}
          SELECT ${usageColumns(sql`u.slowest`)}
          FROM usage u
          LEFT JOIN names n ON n.id = u.iid`),
        p95sOf(db, plan),
      ])
    : [
        await columnsOf(sql`
          WITH ${usageOf(plan, 'distributions')}, ${namesOf(true)}, ${P95S}
          SELECT ${usageColumns(sql`coalesce(${P95_COLUMN}, u.slowest)`)}
          FROM usage u
          LEFT JOIN names n ON n.id = u.iid
          LEFT JOIN floor f ON f.iid = u.iid
          LEFT JOIN p95 p ON p.iid = u.iid`),
        new Map<string, number | null>(),
      ];
  const columns = JSON.parse(text) as UsageColumns;
  if (columns[0] === null) return undefined;
  const [iids, names, methods, statuses, deleted, calls, errors, latencySums, lastMs, slowestOrP95] = columns;
  return {
    iids,
    names,
    methods,
    statuses,
    deleted,
    calls,
    errors,
    latencySums,
    lastMs,
    p95s: p95s.size > 0 ? iids.map((iid, i) => p95s.get(iid) ?? slowestOrP95[i]) : slowestOrP95,
  };
}

/**
 * Interface `i` of `usage` as a row of the answer's table, its values in
 * USAGE_COLUMNS' order (contract/analysis.ts): written here directly, as
 * 8,000 rows of records packed afterwards cost about 10 ms more.
 */
function usageRow(usage: Usage, i: number, share: number): UsageTable['rows'][number] {
  const calls = usage.calls[i];
  const errors = usage.errors[i];
  return [
    usage.iids[i],
    usage.names[i],
    usage.methods[i],
    usage.statuses[i],
    usage.deleted[i] === true,
    calls,
    errors,
    (calls - errors) / calls,
    Math.round(usage.latencySums[i] / calls),
    usage.p95s[i],
    share,
    formatTime(usage.lastMs[i]),
  ];
}

/** A period's totals over the interfaces that have a row (soft-deleted ones too), and the ids of those that have none. */
type PeriodRow = {
  calls: number;
  errors: number;
  latency_sum: number;
  called: number;
  missing: string[] | null;
};

/**
 * The cells are summed as they are, not per interface first: the interfaces are only counted
 * (`count(DISTINCT …)`), which takes PGlite about 4 ms less than grouping 25,000 rows into 8,000.
 */
async function periodOf(db: Queryable, plan: Plan): Promise<PeriodRow> {
  const [row] = rowsOf<PeriodRow>(
    await db.execute(sql`
      WITH ${cellsOf(plan, 'sums')}, ${namesOf(false)}
      SELECT coalesce(sum(c.calls) FILTER (WHERE n.id IS NOT NULL), 0)::float8 AS calls,
             coalesce(sum(c.errors) FILTER (WHERE n.id IS NOT NULL), 0)::float8 AS errors,
             coalesce(sum(c.latency_sum) FILTER (WHERE n.id IS NOT NULL), 0)::float8 AS latency_sum,
             (count(DISTINCT c.iid) FILTER (WHERE n.id IS NOT NULL))::int AS called,
             array_agg(DISTINCT c.iid::text) FILTER (WHERE n.id IS NULL) AS missing
      FROM cells c LEFT JOIN names n ON n.id = c.iid`),
  );
  return row;
}

/**
 * The p95 of a period over the interfaces that have a row: the roll-up of
 * all interfaces, less the rows of those in `missing` (no row), and the log's calls.
 */
async function periodP95Of(db: Queryable, plan: Plan, missing: string[]): Promise<number> {
  const entries = (table: SQL, sign: SQL, where: SQL) => sql`
    SELECT u.latency, ${sign} (u.upto - u.below) AS calls
    FROM blk JOIN ${table} r ON r.span = blk.span AND r.start = blk.start ${where}
    CROSS JOIN LATERAL unnest(r.latencies, r.cumulative[2:], r.cumulative[:cardinality(r.latencies)])
      AS u(latency, upto, below)`;
  const [row] = rowsOf<{ p95: number | null }>(
    await db.execute(sql`
      WITH blk AS MATERIALIZED (SELECT * FROM ${blocksOf(plan)}),
      distribution AS (
        SELECT latency, sum(calls) AS calls
        FROM (
          ${entries(sql`call_rollup_all`, sql``, sql``)}
          UNION ALL
          ${entries(sql`call_rollup`, sql`-`, sql`AND r.interface_info_id = ANY(${list(missing)}::bigint[])`)}
          UNION ALL
          SELECT call_latency_bucket(c.latency), 1
          FROM interface_call c
          JOIN interface_info i ON i.id = c.interface_info_id
          WHERE ${inWindows(plan.windows, sql`c.time`)}
        ) AS entries
        GROUP BY latency
        HAVING sum(calls) > 0
      )
      SELECT latency AS p95
      FROM (
        SELECT latency, sum(calls) OVER (ORDER BY latency) AS seen, sum(calls) OVER () AS total FROM distribution
      ) AS ranked
      WHERE seen >= ${rankOf(sql`total`)}
      ORDER BY latency
      LIMIT 1`),
  );
  return row?.p95 ?? 0;
}

/**
 * Calls and errors per local day (`bounds`: the midnights from the first day
 * to the day after the last). An hour of the roll-up that a midnight cuts (a
 * time zone off whole hours) is read from the log instead.
 */
async function dailyOf(
  db: Queryable,
  plan: Plan,
  bounds: number[],
  missing: string[],
): Promise<{ day: number; calls: number; errors: number }[]> {
  const rolledTo = Math.min(plan.until, plan.lastHour);
  const cut = bounds
    .slice(1, -1)
    .filter((ms) => ms % HOUR_MS !== 0)
    .map((ms) => Math.floor(ms / HOUR_MS))
    .filter((hour) => hour >= plan.firstHour && hour < rolledTo);
  const windows: Window[] = [
    ...plan.windows,
    ...cut.map((hour) => ({ from: hour * HOUR_MS, to: (hour + 1) * HOUR_MS })),
  ];
  const hourStart = sql`to_timestamp(r.start::float8 * 3600)`;
  const inRange = sql`r.span = 1 AND r.start >= ${plan.firstHour} AND r.start < ${rolledTo}
    AND r.start <> ALL(${list(cut)}::integer[])`;
  return rowsOf(
    await db.execute(sql`
      SELECT day, sum(calls)::float8 AS calls, sum(errors)::float8 AS errors
      FROM (
        SELECT width_bucket(${hourStart}, ${timeArray(bounds)}::timestamptz[]) AS day, r.calls, r.errors
        FROM call_rollup_all r
        WHERE ${inRange}
        UNION ALL
        SELECT width_bucket(${hourStart}, ${timeArray(bounds)}::timestamptz[]), -r.calls, -r.errors
        FROM call_rollup r
        WHERE r.interface_info_id = ANY(${list(missing)}::bigint[]) AND ${inRange}
        UNION ALL
        SELECT width_bucket(c.time, ${timeArray(bounds)}::timestamptz[]), 1, CASE WHEN c.success THEN 0 ELSE 1 END
        FROM interface_call c
        JOIN interface_info i ON i.id = c.interface_info_id
        WHERE ${inWindows(windows, sql`c.time`)}
      ) AS calls
      GROUP BY day`),
  );
}

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
type UsagePageRows = {
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
 * latency distributions is most of the work, and a page has ten rows where
 * the table may have thousands. Sorted by p95, every kept row needs it.
 */
async function usagePageOf(
  db: Queryable,
  plan: Plan,
  page: Omit<UsageQuery, 'range'>,
): Promise<UsagePageRows> {
  const { current, pageSize, sortField, sortOrder, searchText } = page;
  const byP95 = sortField === 'p95Latency';
  const direction = sortOrder === 'ascend' ? sql`ASC` : sql`DESC`;
  // PostgreSQL text cannot hold NUL, and no stored name does (the field rules refuse control characters).
  const search = searchText?.includes('\u0000')
    ? sql`false`
    : searchText
      ? sql`strpos(r.name_lower, ${searchText}) > 0`
      : sql`true`;
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

/**
 * The whole usage table of `plan`'s time (interfacesOf), most called first,
 * as usagePageOf answers a page.
 */
async function wholeTableOf(db: Queryable, plan: Plan, sideBySide: boolean): Promise<UsagePageRows> {
  const usage = await interfacesOf(db, plan, sideBySide);
  const table: UsagePageRows = {
    calls: 0,
    errors: 0,
    latencySum: 0,
    called: 0,
    kept: 0,
    missing: [],
    rows: [],
  };
  if (!usage) return table;
  // Indexes into usage of the interfaces that have a row.
  const existing: number[] = [];
  usage.names.forEach((name, i) => (name === null ? table.missing.push(usage.iids[i]) : existing.push(i)));
  for (const i of existing) {
    table.calls += usage.calls[i];
    table.errors += usage.errors[i];
    table.latencySum += usage.latencySums[i];
  }
  existing.sort((a, b) => usage.calls[b] - usage.calls[a] || compareIds(usage.iids[a], usage.iids[b]));
  const shares = shareTenths(existing.map((i) => usage.calls[i]));
  table.rows = existing.map((i, k) => usageRow(usage, i, shares[k]));
  table.called = table.kept = existing.length;
  return table;
}

/**
 * How the overview's statements run: `sideBySide` on a pool (PostgreSQL), else one at a time (PGlite);
 * `pageSize`: its usage table holds only the first rows, most called first.
 */
export type OverviewOptions = { sideBySide?: boolean; pageSize?: number };

/**
 * Key figures, calls per day and usage per interface in
 * `range` (as the answer's table, most called first), plus the totals of
 * the equally long period right before it. Days
 * are bounded by the local midnights computed here, so a day stays a day
 * across a daylight-saving change.
 */
export async function overviewOf(
  db: Queryable,
  range: DayRange,
  { sideBySide = false, pageSize }: OverviewOptions = {},
): Promise<AnalysisOverviewAnswer> {
  const bounds = [range.startMs];
  for (let i = 1; i <= range.days; i += 1) bounds.push(startOfDay(range.startMs, i));
  const previousStart = startOfDay(range.startMs, -range.days);

  return consistently(db, async (until) => {
    const current = planOf(range.startMs, range.endMs, until);
    const before = planOf(previousStart, range.startMs, until);
    // On PostgreSQL the queries run side by side on the pool's connections; PGlite takes them in turn. Those that
    // take interfaces without a row out first assume there are none, and run again when there are.
    const figuresOf = (missing: string[], missingBefore: string[]) =>
      Promise.all([
        periodP95Of(db, current, missing),
        periodP95Of(db, before, missingBefore),
        dailyOf(db, current, bounds, missing),
      ]);
    const [table, period, assumed] = await Promise.all([
      pageSize === undefined
        ? wholeTableOf(db, current, sideBySide)
        : usagePageOf(db, current, { current: 1, pageSize, sortField: 'calls', sortOrder: 'descend' }),
      periodOf(db, before),
      figuresOf([], []),
    ]);
    const { missing } = table;
    const missingBefore = period.missing ?? [];
    const [p95, p95Before, perDay] =
      missing.length + missingBefore.length > 0 ? await figuresOf(missing, missingBefore) : assumed;

    const dayCalls = new Array<number>(range.days).fill(0);
    const dayErrors = new Array<number>(range.days).fill(0);
    for (const { day, calls, errors } of perDay) {
      dayCalls[day - 1] = calls;
      dayErrors[day - 1] = errors;
    }

    return {
      startDate: range.startDate,
      endDate: range.endDate,
      ...totalsOf(table.calls, table.errors, table.latencySum, p95, table.called),
      previous: {
        startDate: formatDate(previousStart),
        endDate: formatDate(startOfDay(range.startMs, -1)),
        ...totalsOf(period.calls, period.errors, period.latency_sum, p95Before, period.called),
      },
      daily: bounds
        .slice(0, -1)
        .map((ms, i) => ({ date: formatDate(ms), calls: dayCalls[i], errors: dayErrors[i] })),
      interfaces: { columns: [...USAGE_COLUMNS], rows: table.rows },
    };
  });
}

/** `GET /api/analysis/interfaces`: one page of the overview's usage table. */
export async function usagePage(db: Queryable, query: UsageQuery): Promise<UsagePage> {
  const { range, ...page } = query;
  const { kept, rows } = await consistently(db, (until) =>
    usagePageOf(db, planOf(range.startMs, range.endMs, until), page),
  );
  return { columns: [...USAGE_COLUMNS], rows, total: kept, current: page.current, size: page.pageSize };
}

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

import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { totalsOf, USAGE_COLUMNS } from '@agler/contract/analysis';
import { formatDate, formatTime, startOfDay } from '@agler/contract/dates';
import { compareIds } from '@agler/contract/ids';
import type { DayRange } from '@agler/contract/queries';
import { shareTenths } from '@agler/contract/shares';
import type { AnalysisOverviewAnswer, UsageTable } from '@agler/contract/types';
import type { Queryable } from '../../db/connect';
import { rowsOf } from '../../db/rows';
import { blocksOf, consistently, HOUR_MS, inWindows, planOf } from '../rollup';
import type { Plan, Window } from '../rollup';
import { cellsOf, P95_COLUMN, p95sFor, rankOf, usageOf } from './cells';
import { usagePageOf } from './usage';
import type { UsagePageRows } from './usage';

/** `GET /api/analysis/overview`: key figures, calls per day and usage per interface of a range (./cells.ts has the rules). */

/** An array literal of id texts or numbers (made here, never from input). */
const list = (values: readonly (string | number)[]) => `{${values.join(',')}}`;
/** A PostgreSQL array literal of times. */
const timeArray = (values: readonly number[]) =>
  `{${values.map((ms) => `"${new Date(ms).toISOString()}"`).join(',')}}`;

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

/** Every called interface's p95 (p95sFor's `floor` and `p95`). */
const P95S = p95sFor(sql`usage`);

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
  /** null: the interface has no row. */
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
 * The interfaces' usage (`u`) and rows (`n`) as one JSON array of columns,
 * the last `lastColumn`: the database writes a few arrays faster than many
 * small ones, and the process reads them faster too. The last call's time is
 * float8 milliseconds (`extract` would be numeric: slower, and written with
 * three decimals), rounded to whole milliseconds as the column holds them.
 */
const usageColumns = (lastColumn: SQL) => sql`json_build_array(
  array_agg(u.iid::text), array_agg(n.name), array_agg(n.method), array_agg(n.status), array_agg(n.deleted),
  array_agg(u.calls), array_agg(u.errors), array_agg(u.latency_sum), array_agg(round(date_part('epoch', u.last_time) * 1000)),
  array_agg(${lastColumn}))::text AS columns`;

/** Each interface called in `plan`'s time with its figures and p95, in one statement that reads the calls once. */
async function interfacesOf(db: Queryable, plan: Plan): Promise<Usage | undefined> {
  const [{ columns: text }] = rowsOf<{ columns: string }>(
    await db.execute(sql`
      WITH ${usageOf(plan, 'distributions')}, ${namesOf(true)}, ${P95S}
      SELECT ${usageColumns(sql`coalesce(${P95_COLUMN}, u.slowest)`)}
      FROM usage u
      LEFT JOIN names n ON n.id = u.iid
      LEFT JOIN floor f ON f.iid = u.iid
      LEFT JOIN p95 p ON p.iid = u.iid`),
  );
  const columns = JSON.parse(text) as UsageColumns;
  if (columns[0] === null) return undefined;
  const [iids, names, methods, statuses, deleted, calls, errors, latencySums, lastMs, p95s] = columns;
  return { iids, names, methods, statuses, deleted, calls, errors, latencySums, lastMs, p95s };
}

/**
 * Interface `i` of `usage` as a row of the answer's table, its values in
 * USAGE_COLUMNS' order (contract/analysis.ts): written here directly, as
 * records packed afterwards cost a second pass over every row.
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
 * The cells are summed as they are, not per interface first: counting the
 * interfaces (`count(DISTINCT …)`) is cheaper than grouping the cells.
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

/**
 * The whole usage table of `plan`'s time (interfacesOf), most called first,
 * as usagePageOf answers a page.
 */
async function wholeTableOf(db: Queryable, plan: Plan): Promise<UsagePageRows> {
  const usage = await interfacesOf(db, plan);
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

/** `pageSize`: the overview's usage table holds only its first rows, most called first. */
export type OverviewOptions = { pageSize?: number };

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
  { pageSize }: OverviewOptions = {},
): Promise<AnalysisOverviewAnswer> {
  const bounds = [range.startMs];
  for (let i = 1; i <= range.days; i += 1) bounds.push(startOfDay(range.startMs, i));
  const previousStart = startOfDay(range.startMs, -range.days);

  return consistently(db, async (until) => {
    const current = planOf(range.startMs, range.endMs, until);
    const before = planOf(previousStart, range.startMs, until);
    // The statements go at once (PostgreSQL runs them side by side, PGlite in turn). Those that take
    // interfaces without a row out first assume there are none, and run again when there are.
    const figuresOf = (missing: string[], missingBefore: string[]) =>
      Promise.all([
        periodP95Of(db, current, missing),
        periodP95Of(db, before, missingBefore),
        dailyOf(db, current, bounds, missing),
      ]);
    const [table, period, assumed] = await Promise.all([
      pageSize === undefined
        ? wholeTableOf(db, current)
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

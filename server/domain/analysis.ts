import { and, asc, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { ResponseCode } from '@agler/contract/constants';
import type { InterfaceStatus } from '@agler/contract/constants';
import { formatDate, formatTime, startOfDay } from '@agler/contract/dates';
import { totalsOf } from '@agler/contract/analysis';
import { compareIds } from '@agler/contract/ids';
import { parseOverviewQuery, parseTopQuery } from '@agler/contract/queries';
import type { DayRange, Query } from '@agler/contract/queries';
import type { AnalysisOverview, AnalysisTotals, InterfaceUsage, TopInterface } from '@agler/contract/types';
import type { Db } from '../db/connect';
import { rowsOf } from '../db/rows';
import { calls, interfaces } from '../db/schema';
import { refuse } from './errors';
import { PUBLIC_COLUMNS, toInterfaceInfo } from './interfaceInfo';

/**
 * The usage analysis, aggregated in SQL from the call log on each request,
 * by the mocks' rules (mock/_lib/analysis.ts): a range is whole local days,
 * both ends included; calls of interfaces that no longer exist are not
 * counted; p95 is the nearest-rank percentile, which is PostgreSQL's
 * percentile_disc; "most called first" breaks ties by the smaller id.
 */

export const P95 = 0.95;

const iso = (ms: number) => new Date(ms).toISOString();

/** A PostgreSQL array literal of times (made from numbers, never from input). */
const timeArray = (values: number[]) => `{${values.map((ms) => `"${iso(ms)}"`).join(',')}}`;


/** How many calls of one period took one latency (ms): the period's whole distribution, a few thousand rows at most. */
type LatencyRow = { cur: boolean; latency: number; calls: number; errors: number };
type InterfaceRow = {
  iid: string;
  name: string;
  method: string;
  status: number;
  calls: number;
  errors: number;
  latency_sum: number;
  p95: number;
  last_ms: number;
};
type DayRow = { day: number; calls: number; errors: number };

/** The totals of one period from its latency distribution: p95 is the smallest latency whose running count reaches the nearest rank. */
function periodTotals(distribution: LatencyRow[], interfacesCalled: number): AnalysisTotals {
  distribution.sort((a, b) => a.latency - b.latency);
  let calls = 0;
  let errors = 0;
  let latencySum = 0;
  for (const row of distribution) {
    calls += row.calls;
    errors += row.errors;
    latencySum += row.latency * row.calls;
  }
  const rank = Math.min(calls, Math.max(1, Math.ceil(P95 * calls)));
  let seen = 0;
  const p95 = distribution.find((row) => (seen += row.calls) >= rank)?.latency ?? 0;
  return totalsOf(calls, errors, latencySum, p95, interfacesCalled);
}

/**
 * Key figures, calls per day (zero-filled) and usage per interface in
 * `range`, plus the totals of the equally long period right before it.
 * Four queries, each grouped once: each period's latency distribution (its
 * totals and p95 follow from it), the interfaces called in the period
 * before, each interface of the range, each day of the range. Days are
 * bounded by the local midnights computed here, so a day stays a day across
 * a daylight-saving change.
 */
export async function overviewOf(db: Db, range: DayRange): Promise<AnalysisOverview> {
  const bounds = [range.startMs];
  for (let i = 1; i <= range.days; i += 1) bounds.push(startOfDay(range.startMs, i));
  const previousStart = startOfDay(range.startMs, -range.days);
  const start = iso(range.startMs);
  const end = iso(range.endMs);

  // On PostgreSQL the three run side by side on the pool's connections; PGlite takes them in turn.
  const [distributions, calledBefore, perInterface, perDay] = await Promise.all([
    db.execute(sql`
      SELECT c.time >= ${start}::timestamptz AS cur, c.latency,
             count(*)::int AS calls,
             (count(*) FILTER (WHERE NOT c.success))::int AS errors
      FROM interface_call c JOIN interface_info i ON i.id = c.interface_info_id
      WHERE c.time >= ${iso(previousStart)}::timestamptz AND c.time < ${end}::timestamptz
      GROUP BY 1, 2`),
    db.execute(sql`
      SELECT count(*)::int AS n FROM (
        SELECT DISTINCT c.interface_info_id
        FROM interface_call c JOIN interface_info i ON i.id = c.interface_info_id
        WHERE c.time >= ${iso(previousStart)}::timestamptz AND c.time < ${start}::timestamptz
      ) AS called`),
    db.execute(sql`
      SELECT c.interface_info_id::text AS iid, i.name, i.method, i.status::int AS status,
             count(*)::int AS calls,
             (count(*) FILTER (WHERE NOT c.success))::int AS errors,
             sum(c.latency)::float8 AS latency_sum,
             (percentile_disc(${P95}::float8) WITHIN GROUP (ORDER BY c.latency))::int AS p95,
             (extract(epoch FROM max(c.time)) * 1000)::float8 AS last_ms
      FROM interface_call c JOIN interface_info i ON i.id = c.interface_info_id
      WHERE c.time >= ${start}::timestamptz AND c.time < ${end}::timestamptz
      GROUP BY c.interface_info_id, i.id`),
    db.execute(sql`
      SELECT width_bucket(c.time, ${timeArray(bounds)}::timestamptz[]) AS day,
             count(*)::int AS calls,
             (count(*) FILTER (WHERE NOT c.success))::int AS errors
      FROM interface_call c JOIN interface_info i ON i.id = c.interface_info_id
      WHERE c.time >= ${start}::timestamptz AND c.time < ${end}::timestamptz
      GROUP BY 1`),
  ]);

  const latencies = rowsOf<LatencyRow>(distributions);
  const dayCalls = new Array<number>(range.days).fill(0);
  const dayErrors = new Array<number>(range.days).fill(0);
  for (const { day, calls: n, errors } of rowsOf<DayRow>(perDay)) {
    dayCalls[day - 1] = n;
    dayErrors[day - 1] = errors;
  }
  const rows: InterfaceUsage[] = rowsOf<InterfaceRow>(perInterface).map((g) => ({
    interfaceInfoId: g.iid,
    name: g.name,
    method: g.method as InterfaceUsage['method'],
    status: g.status as InterfaceStatus,
    calls: g.calls,
    errors: g.errors,
    successRate: (g.calls - g.errors) / g.calls,
    avgLatency: Math.round(g.latency_sum / g.calls),
    p95Latency: g.p95,
    lastCallTime: formatTime(g.last_ms),
  }));
  rows.sort((a, b) => b.calls - a.calls || compareIds(a.interfaceInfoId, b.interfaceInfoId));

  return {
    startDate: range.startDate,
    endDate: range.endDate,
    ...periodTotals(
      latencies.filter((row) => row.cur),
      rows.length,
    ),
    previous: {
      startDate: formatDate(previousStart),
      endDate: formatDate(startOfDay(range.startMs, -1)),
      ...periodTotals(
        latencies.filter((row) => !row.cur),
        rowsOf<{ n: number }>(calledBefore)[0].n,
      ),
    },
    daily: bounds
      .slice(0, -1)
      .map((ms, i) => ({ date: formatDate(ms), calls: dayCalls[i], errors: dayErrors[i] })),
    interfaces: rows,
  };
}

/** `GET /api/analysis/overview`. */
export async function overview(db: Db, query: Query): Promise<AnalysisOverview> {
  const range = parseOverviewQuery(query);
  if (!range.ok) refuse(ResponseCode.PARAMS_ERROR, range.message);
  return overviewOf(db, range.value);
}

/** `GET /api/analysis/top/interface/invoke`: the most called interfaces in the window, ties to the smaller id. */
export async function topInterfaces(db: Db, query: Query, now: number): Promise<TopInterface[]> {
  const parsed = parseTopQuery(query, now);
  if (!parsed.ok) refuse(ResponseCode.PARAMS_ERROR, parsed.message);
  const { limit, window } = parsed.value;
  const totalNum = sql<number>`count(*)::int`;
  const rows = await db
    .select({ ...PUBLIC_COLUMNS, totalNum })
    .from(calls)
    .innerJoin(interfaces, eq(interfaces.id, calls.interfaceInfoId))
    .where(
      and(
        Number.isFinite(window.startMs) ? gte(calls.time, new Date(window.startMs)) : undefined,
        Number.isFinite(window.endMs) ? lt(calls.time, new Date(window.endMs)) : undefined,
      ),
    )
    .groupBy(interfaces.id)
    .orderBy(desc(totalNum), asc(interfaces.id))
    .limit(limit);
  return rows.map(({ totalNum: n, ...row }) => ({ ...toInterfaceInfo(row), totalNum: n }));
}

import { and, asc, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { ResponseCode } from '@agler/contract/constants';
import type { InterfaceStatus } from '@agler/contract/constants';
import { formatDate, formatTime, startOfDay } from '@agler/contract/dates';
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

function totalsOf(calls: number, errors: number, latencySum: number, p95: number, interfacesCalled: number): AnalysisTotals {
  return {
    totalCalls: calls,
    successCalls: calls - errors,
    errorCalls: errors,
    successRate: calls ? (calls - errors) / calls : 0,
    avgLatency: calls ? Math.round(latencySum / calls) : 0,
    p95Latency: p95,
    interfacesCalled,
  };
}

type Group = {
  /** 1 in the rows of a whole period, 0 in an interface's or a day's */
  g_iid: number;
  g_day: number;
  cur: boolean;
  iid: string | null;
  day: number | null;
  calls: number;
  errors: number;
  latency_sum: number;
  p95: number;
  last_ms: number | null;
  name: string | null;
  method: string | null;
  status: number | null;
};

/**
 * Key figures, calls per day (zero-filled) and usage per interface in
 * `range`, plus the totals of the equally long period right before it: one
 * scan of both periods, grouped three ways (per interface, per period, per
 * day); days are the local midnights computed here, so a day stays a day
 * across a daylight-saving change.
 */
export async function overviewOf(db: Db, range: DayRange): Promise<AnalysisOverview> {
  const bounds = [range.startMs];
  for (let i = 1; i <= range.days; i += 1) bounds.push(startOfDay(range.startMs, i));
  const previousStart = startOfDay(range.startMs, -range.days);

  const groups = rowsOf<Group>(
    await db.execute(sql`
      WITH s AS (
        SELECT c.interface_info_id AS iid,
               c.time >= ${iso(range.startMs)}::timestamptz AS cur,
               width_bucket(c.time, ${timeArray(bounds)}::timestamptz[]) AS day,
               c.time, c.latency, c.success
        FROM interface_call c
        JOIN interface_info i ON i.id = c.interface_info_id
        WHERE c.time >= ${iso(previousStart)}::timestamptz AND c.time < ${iso(range.endMs)}::timestamptz
      ), g AS (
        SELECT GROUPING(s.iid)::int AS g_iid, GROUPING(s.day)::int AS g_day, s.cur, s.iid, s.day,
               count(*)::int AS calls,
               (count(*) FILTER (WHERE NOT s.success))::int AS errors,
               sum(s.latency)::float8 AS latency_sum,
               (percentile_disc(${P95}::float8) WITHIN GROUP (ORDER BY s.latency))::int AS p95,
               (extract(epoch FROM max(s.time)) * 1000)::float8 AS last_ms
        FROM s
        GROUP BY GROUPING SETS ((s.cur, s.iid), (s.cur), (s.cur, s.day))
      )
      SELECT g.g_iid, g.g_day, g.cur, g.iid::text AS iid, g.day, g.calls, g.errors, g.latency_sum, g.p95, g.last_ms,
             i.name, i.method, i.status::int AS status
      FROM g LEFT JOIN interface_info i ON i.id = g.iid`),
  );

  const dayCalls = new Array<number>(range.days).fill(0);
  const dayErrors = new Array<number>(range.days).fill(0);
  const rows: InterfaceUsage[] = [];
  let current: Group | undefined;
  let previous: Group | undefined;
  let previousInterfaces = 0;
  for (const g of groups) {
    const isInterface = g.g_iid === 0;
    const isDay = g.g_day === 0 && g.g_iid === 1;
    if (!isInterface && !isDay) {
      if (g.cur) current = g;
      else previous = g;
    } else if (isDay) {
      if (g.cur && g.day !== null && g.day >= 1 && g.day <= range.days) {
        dayCalls[g.day - 1] = g.calls;
        dayErrors[g.day - 1] = g.errors;
      }
    } else if (!g.cur) previousInterfaces += 1;
    else {
      rows.push({
        interfaceInfoId: g.iid!,
        name: g.name!,
        method: g.method as InterfaceUsage['method'],
        status: g.status as InterfaceStatus,
        calls: g.calls,
        errors: g.errors,
        successRate: (g.calls - g.errors) / g.calls,
        avgLatency: Math.round(g.latency_sum / g.calls),
        p95Latency: g.p95,
        lastCallTime: formatTime(g.last_ms!),
      });
    }
  }
  rows.sort((a, b) => b.calls - a.calls || compareIds(a.interfaceInfoId, b.interfaceInfoId));

  return {
    startDate: range.startDate,
    endDate: range.endDate,
    ...totalsOf(current?.calls ?? 0, current?.errors ?? 0, current?.latency_sum ?? 0, current?.p95 ?? 0, rows.length),
    previous: {
      startDate: formatDate(previousStart),
      endDate: formatDate(startOfDay(range.startMs, -1)),
      ...totalsOf(previous?.calls ?? 0, previous?.errors ?? 0, previous?.latency_sum ?? 0, previous?.p95 ?? 0, previousInterfaces),
    },
    daily: bounds.slice(0, -1).map((ms, i) => ({ date: formatDate(ms), calls: dayCalls[i], errors: dayErrors[i] })),
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

import type { SortOrder, UsageSortField } from './constants';
import { compareIds } from './ids';
import type { UsageQuery } from './queries';
import { shareTenths } from './shares';
import { compareNames } from './text';
import type {
  AnalysisOverview,
  AnalysisOverviewAnswer,
  AnalysisTotals,
  InterfaceUsage,
  UsageColumn,
  UsagePage,
  UsageTable,
} from './types';

/** The percentile the analysis reports for latency. */
export const P95 = 0.95;

/** The 1-based nearest rank of percentile `p` (0 to 1) among `n` values: PostgreSQL's percentile_disc. */
export function nearestRank(n: number, p: number = P95): number {
  return Math.min(n, Math.max(1, Math.ceil(p * n)));
}

/**
 * A latency as the analysis counts it for p95: exact below 1 s, three
 * significant digits from 1 s on (1234 ms → 1230 ms, 25 678 ms → 25 600 ms),
 * so at most 1 % below the measured value. The server keeps latency
 * distributions per block of time in these buckets (the same rule is the SQL
 * function call_latency_bucket of its migration 0002); the mocks report p95 by
 * it too, so both answer the same figures. Rounding down keeps the order of
 * values, so the p95 of bucketed latencies is the bucket of the exact p95.
 */
export function latencyBucket(ms: number): number {
  if (ms < 1000) return ms;
  const step = 10 ** (String(Math.trunc(ms)).length - 3);
  return ms - (ms % step);
}

/** The key figures of a period from its counts, as the mocks and the server answer them. */
export function totalsOf(
  calls: number,
  errors: number,
  latencySum: number,
  p95: number,
  interfacesCalled: number,
): AnalysisTotals {
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

/** The columns of the overview's usage table, in the order the mocks and the server write them. */
export const USAGE_COLUMNS: readonly UsageColumn[] = [
  'interfaceInfoId',
  'name',
  'method',
  'status',
  'deleted',
  'calls',
  'errors',
  'successRate',
  'avgLatency',
  'p95Latency',
  'share',
  'lastCallTime',
];

/** Usage records as the overview's table: the property names once, then a row of values per record. */
export function packUsage(records: readonly InterfaceUsage[]): UsageTable {
  return {
    columns: [...USAGE_COLUMNS],
    rows: records.map((record) =>
      USAGE_COLUMNS.map((column) => (column === 'deleted' ? record.deleted === true : record[column])),
    ),
  };
}

/**
 * The records of a usage table, each value read by its column's name (so a
 * table with more columns, or in another order, reads the same); `deleted`
 * is only set on a deleted interface, as records have it.
 */
export function unpackUsage(table: UsageTable): InterfaceUsage[] {
  const at = USAGE_COLUMNS.map((column) => [column, table.columns.indexOf(column)] as const);
  return table.rows.map((row) => {
    const record: Record<string, unknown> = {};
    for (const [column, i] of at) {
      if (column !== 'deleted') record[column] = row[i];
      else if (row[i] === true) record.deleted = true;
    }
    return record as InterfaceUsage;
  });
}

export const packOverview = (overview: AnalysisOverview): AnalysisOverviewAnswer => ({
  ...overview,
  interfaces: packUsage(overview.interfaces),
});

export const unpackOverview = (answer: AnalysisOverviewAnswer): AnalysisOverview => ({
  ...answer,
  interfaces: unpackUsage(answer.interfaces),
});

/** A usage record before its share, which depends on every other record. */
export type UnsharedUsage = Omit<InterfaceUsage, 'share'>;

/**
 * The records, most called first, each with its share of all their calls
 * (shareTenths: ties to the larger count, then to the earlier record).
 */
export function withShares(records: readonly UnsharedUsage[]): InterfaceUsage[] {
  const tenths = shareTenths(records.map((record) => record.calls));
  return records.map((record, i) => ({ ...record, share: tenths[i] }));
}

/** The usage table's orders by each sort field; ties always go to the smaller id. */
const USAGE_ORDER: Record<UsageSortField, (a: InterfaceUsage, b: InterfaceUsage) => number> = {
  name: (a, b) => compareNames(a.name, b.name),
  calls: (a, b) => a.calls - b.calls,
  errors: (a, b) => a.errors - b.errors,
  successRate: (a, b) => a.successRate - b.successRate,
  avgLatency: (a, b) => a.avgLatency - b.avgLatency,
  p95Latency: (a, b) => a.p95Latency - b.p95Latency,
  share: (a, b) => a.calls - b.calls,
  lastCallTime: (a, b) => a.lastCallTime.localeCompare(b.lastCallTime),
};

export function compareUsage(field: UsageSortField, order: SortOrder) {
  const sign = order === 'ascend' ? 1 : -1;
  return (a: InterfaceUsage, b: InterfaceUsage) =>
    sign * USAGE_ORDER[field](a, b) || compareIds(a.interfaceInfoId, b.interfaceInfoId);
}

/**
 * One page of the usage table (`GET /api/analysis/interfaces`) from all its
 * records: those whose name holds the search, in the asked order, as the
 * mocks answer it (the server does the same in SQL).
 */
export function usagePage(records: readonly InterfaceUsage[], query: UsageQuery): UsagePage {
  const { current, pageSize, sortField, sortOrder, searchText } = query;
  const kept = searchText
    ? records.filter((record) => record.name.toLowerCase().includes(searchText))
    : [...records];
  kept.sort(compareUsage(sortField, sortOrder));
  const { columns, rows } = packUsage(kept.slice((current - 1) * pageSize, current * pageSize));
  return { columns, rows, total: kept.length, current, size: pageSize };
}

import { DAY_MS, formatDate, formatTime, startOfDay } from '@agler/contract/dates';
import { latencyBucket, nearestRank, P95, totalsOf, withShares } from '@agler/contract/analysis';
import type { UnsharedUsage } from '@agler/contract/analysis';
import { compareIds } from '@agler/contract/ids';
import type { DayRange, TimeWindow } from '@agler/contract/queries';
import type { AnalysisOverview, TopInterface } from '@agler/contract/types';
import type { CallRecord, InterfaceRecord } from './store';

/**
 * The usage analysis: pure aggregation over the store's call log, computed on
 * request. The log holds the seeded history and every call `invoke` appends,
 * so a call counts as soon as it is recorded; there is no cache to keep fresh.
 *
 * Rules: a range is whole local days, both ends included; calls of a deleted
 * interface stay counted under its name, marked `deleted` (calls of an id the
 * store knows nothing of are not counted); p95 is the nearest-rank percentile
 * (the smallest latency that at least 95 % of the calls do not exceed) in the
 * contract's latency buckets (latencyBucket: exact below 1 s, three
 * significant digits above), as the server keeps it; "most called first"
 * breaks ties by the smaller id (the older interface).
 */

// ---------------------------------------------------------------- statistics

/**
 * The k-th smallest value (0-based) of `values[from..to)`, rearranging that
 * part: Hoare's selection, linear on average, so no interface needs a sort.
 */
function selectKth(values: Float64Array, k: number, from = 0, to = values.length): number {
  let lo = from;
  let hi = to - 1;
  const target = from + k;
  while (lo < hi) {
    const pivot = values[(lo + hi) >>> 1];
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (values[i] < pivot) i += 1;
      while (values[j] > pivot) j -= 1;
      if (i <= j) {
        const t = values[i];
        values[i] = values[j];
        values[j] = t;
        i += 1;
        j -= 1;
      }
    }
    if (target <= j) hi = j;
    else if (target >= i) lo = i;
    else return values[target];
  }
  return values[target];
}

/** Nearest-rank percentile of `values[from..to)`, rearranging that part; 0 when it is empty. */
function percentileInPlace(values: Float64Array, p: number, from = 0, to = values.length): number {
  const n = to - from;
  return n === 0 ? 0 : selectKth(values, nearestRank(n, p) - 1, from, to);
}

/** Nearest-rank percentile (`p` from 0 to 1) of latencies; 0 when there are none. */
export function percentile(values: ArrayLike<number>, p: number): number {
  return percentileInPlace(Float64Array.from(values), p);
}

const round = (value: number) => Math.round(value);

// ---------------------------------------------------------------- aggregation

/** Local midnights from the range's first day to the day after its last. */
function dayBounds(range: DayRange): number[] {
  const bounds = [range.startMs];
  for (let i = 1; i <= range.days; i += 1) bounds.push(startOfDay(range.startMs, i));
  return bounds;
}

/** The index of the day that holds `time` (inside the range); exact across DST changes. */
function dayIndex(bounds: number[], time: number): number {
  let i = Math.min(bounds.length - 2, Math.max(0, Math.floor((time - bounds[0]) / DAY_MS)));
  while (i > 0 && time < bounds[i]) i -= 1;
  while (i < bounds.length - 2 && time >= bounds[i + 1]) i += 1;
  return i;
}

/** Position of each interface in the catalogue, by id. */
function slotsOf(interfaces: readonly InterfaceRecord[]): Map<string, number> {
  const slots = new Map<string, number>();
  for (let i = 0; i < interfaces.length; i += 1) slots.set(interfaces[i].id, i);
  return slots;
}

/**
 * Key figures, calls per day (zero-filled) and usage per interface in
 * `range`, plus the totals of the equally long period right before it.
 *
 * Two passes over the log: the first counts per interface and per day, the
 * second lays every latency out in one typed array, grouped by interface, so
 * each interface's p95 is a selection inside its own segment.
 */
export function aggregateCalls(
  calls: readonly CallRecord[],
  live: readonly InterfaceRecord[],
  range: DayRange,
  deleted: readonly InterfaceRecord[] = [],
): AnalysisOverview {
  const interfaces = deleted.length > 0 ? [...live, ...deleted] : live;
  const slots = slotsOf(interfaces);
  const size = interfaces.length;
  const callsOf = new Int32Array(size);
  const errorsOf = new Int32Array(size);
  const latencySumOf = new Float64Array(size);
  const lastOf = new Float64Array(size);
  const slotOfCall = new Int32Array(calls.length).fill(-1);
  const bounds = dayBounds(range);
  const dayCalls = new Array<number>(range.days).fill(0);
  const dayErrors = new Array<number>(range.days).fill(0);
  const previousStart = startOfDay(range.startMs, -range.days);
  const previousLatencies: number[] = [];
  const previousInterfaces = new Set<number>();
  let total = 0;
  let errors = 0;
  let latencySum = 0;
  let previousErrors = 0;
  let previousLatencySum = 0;

  for (let c = 0; c < calls.length; c += 1) {
    const call = calls[c];
    const time = call.time;
    if (time < previousStart || time >= range.endMs) continue;
    const slot = slots.get(call.interfaceInfoId);
    if (slot === undefined) continue;
    if (time < range.startMs) {
      previousLatencies.push(call.latency);
      previousLatencySum += call.latency;
      previousInterfaces.add(slot);
      if (!call.success) previousErrors += 1;
      continue;
    }
    slotOfCall[c] = slot;
    const day = dayIndex(bounds, time);
    callsOf[slot] += 1;
    latencySumOf[slot] += call.latency;
    if (time > lastOf[slot]) lastOf[slot] = time;
    total += 1;
    latencySum += call.latency;
    dayCalls[day] += 1;
    if (!call.success) {
      errorsOf[slot] += 1;
      errors += 1;
      dayErrors[day] += 1;
    }
  }

  const offsets = new Int32Array(size + 1);
  for (let i = 0; i < size; i += 1) offsets[i + 1] = offsets[i] + callsOf[i];
  const cursor = offsets.slice(0, size);
  const latencies = new Float64Array(total);
  for (let c = 0; c < calls.length; c += 1) {
    const slot = slotOfCall[c];
    if (slot >= 0) latencies[cursor[slot]++] = calls[c].latency;
  }
  // Before the per-interface selections rearrange the segments (harmless, but clearer apart).
  const p95 = latencyBucket(percentileInPlace(latencies.slice(), P95));

  const called: number[] = [];
  for (let i = 0; i < size; i += 1) if (callsOf[i] > 0) called.push(i);
  called.sort((a, b) => callsOf[b] - callsOf[a] || compareIds(interfaces[a].id, interfaces[b].id));
  const rows: UnsharedUsage[] = called.map((slot) => {
    const record = interfaces[slot];
    const n = callsOf[slot];
    return {
      interfaceInfoId: record.id,
      name: record.name,
      method: record.method,
      status: record.status,
      ...(slot >= live.length ? { deleted: true } : {}),
      calls: n,
      errors: errorsOf[slot],
      successRate: (n - errorsOf[slot]) / n,
      avgLatency: round(latencySumOf[slot] / n),
      p95Latency: latencyBucket(percentileInPlace(latencies, P95, offsets[slot], offsets[slot + 1])),
      lastCallTime: formatTime(lastOf[slot]),
    };
  });

  return {
    startDate: range.startDate,
    endDate: range.endDate,
    ...totalsOf(total, errors, latencySum, p95, called.length),
    previous: {
      startDate: formatDate(previousStart),
      endDate: formatDate(startOfDay(range.startMs, -1)),
      ...totalsOf(
        previousLatencies.length,
        previousErrors,
        previousLatencySum,
        latencyBucket(percentile(previousLatencies, P95)),
        previousInterfaces.size,
      ),
    },
    daily: bounds
      .slice(0, -1)
      .map((ms, i) => ({ date: formatDate(ms), calls: dayCalls[i], errors: dayErrors[i] })),
    interfaces: withShares(rows),
  };
}

/**
 * The `limit` most called interfaces in `window`; ties go to the smaller id.
 * Only live ones (`interfaces`): a deleted interface has no page to open.
 */
export function rankTopInterfaces(
  calls: readonly CallRecord[],
  interfaces: readonly InterfaceRecord[],
  limit: number,
  window: TimeWindow = { startMs: -Infinity, endMs: Infinity },
): TopInterface[] {
  const slots = slotsOf(interfaces);
  const counts = new Int32Array(interfaces.length);
  for (let c = 0; c < calls.length; c += 1) {
    const call = calls[c];
    if (call.time < window.startMs || call.time >= window.endMs) continue;
    const slot = slots.get(call.interfaceInfoId);
    if (slot !== undefined) counts[slot] += 1;
  }
  const called: number[] = [];
  for (let i = 0; i < counts.length; i += 1) if (counts[i] > 0) called.push(i);
  return called
    .sort((a, b) => counts[b] - counts[a] || compareIds(interfaces[a].id, interfaces[b].id))
    .slice(0, limit)
    .map((slot) => ({ ...interfaces[slot], totalNum: counts[slot] }));
}

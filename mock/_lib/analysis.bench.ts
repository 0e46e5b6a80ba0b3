import { performance } from 'perf_hooks';
import { aggregateOverview, topInterfaces } from './analysis';
import { lastDays } from '@agler/contract/queries';
import { storeWithHistory } from './analysisFixtures';
import { HISTORY_DAYS } from '@agler/contract/demo/seedCalls';
import type { Store } from './store';
import { createStore } from './store';

/**
 * Times the analysis over a large catalogue (10,000 interfaces with their 90
 * days of history; the target is 200 ms). It checks that the answer adds up
 * and prints the times; the times themselves depend on the machine and
 * decide nothing.
 *
 *   node -r ts-node/register/transpile-only mock/_lib/analysis.bench.ts [interfaces]
 */

export type AnalysisBenchResult = {
  interfaces: number;
  calls: number;
  seedMs: number;
  /** the first aggregation, before the engine has optimised anything */
  firstOverviewMs: number;
  overviewMs: number;
  weekOverviewMs: number;
  topMs: number;
};

const RUNS = 7;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function timeOnce(run: () => unknown): number {
  const started = performance.now();
  run();
  return performance.now() - started;
}

function check(store: Store, now: number) {
  const range = lastDays(HISTORY_DAYS, now);
  const o = aggregateOverview(store, range.startDate, range.endDate);
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  const problems = [
    o.totalCalls !== store.calls.length && 'total differs from the log',
    o.daily.length !== HISTORY_DAYS && 'not one bucket per day',
    sum(o.daily.map((d) => d.calls)) !== o.totalCalls && 'days do not add up',
    sum(o.interfaces.map((r) => r.calls)) !== o.totalCalls && 'interfaces do not add up',
  ].filter(Boolean);
  if (problems.length) throw new Error(`inconsistent analysis: ${problems.join(', ')}`);
}

/** The store as the server builds it, or over made-up interfaces where the catalogue seeds fewer. */
function largeStore(interfaceCount: number, now: number): Store {
  const store = createStore({ interfaceCount, now });
  return store.interfaces.length >= interfaceCount ? store : storeWithHistory(interfaceCount, now);
}

/** Seeds `interfaceCount` interfaces with their history and times the aggregations over it. */
export function benchAnalysis(interfaceCount = 10_000, now = Date.now()): AnalysisBenchResult {
  const seeding = performance.now();
  const store = largeStore(interfaceCount, now);
  const seedMs = performance.now() - seeding;
  const range = lastDays(HISTORY_DAYS, now);
  const week = lastDays(7, now);
  const overview = () => aggregateOverview(store, range.startDate, range.endDate);
  const firstOverviewMs = timeOnce(overview);
  check(store, now);
  const repeat = (run: () => unknown) => median(Array.from({ length: RUNS }, () => timeOnce(run)));
  return {
    interfaces: interfaceCount,
    calls: store.calls.length,
    seedMs,
    firstOverviewMs,
    overviewMs: repeat(overview),
    weekOverviewMs: repeat(() => aggregateOverview(store, week.startDate, week.endDate)),
    topMs: repeat(() => topInterfaces(store, 20, range)),
  };
}

export function formatBench(r: AnalysisBenchResult): string {
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  return [
    `analysis: ${r.interfaces} interfaces, ${r.calls} calls over ${HISTORY_DAYS} days (seeded in ${ms(r.seedMs)})`,
    `  overview, ${HISTORY_DAYS} days: ${ms(r.overviewMs)} (median of ${RUNS}; first call ${ms(r.firstOverviewMs)})`,
    `  overview, 7 days: ${ms(r.weekOverviewMs)}`,
    `  top 20, ${HISTORY_DAYS} days: ${ms(r.topMs)}`,
  ].join('\n');
}

if (require.main === module) {
  // eslint-disable-next-line no-console
  console.log(formatBench(benchAnalysis(Number(process.argv[2]) || undefined)));
}

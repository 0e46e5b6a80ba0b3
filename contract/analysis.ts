import type { AnalysisTotals } from './types';

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

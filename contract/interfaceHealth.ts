import type { components } from './openapi';

/**
 * An interface's health in the catalogue (`GET /api/interfaceInfo/health`):
 * its calls of the last HEALTH_WINDOW_HOURS, their success rate, p50 and p95
 * latency (nearest rank over contract/analysis.ts latencyBucket, as the
 * analysis counts them) and a state judged by the thresholds here, which
 * docs/server.md ("Health") explains.
 */

/** The hours of calls an interface's health is judged on, up to now. */
export const HEALTH_WINDOW_HOURS = 24;
/** How long the server keeps its answer and the console waits before asking again. */
export const HEALTH_REFRESH_MS = 60_000;

/** One interface's figures of the window, as answered (config/openapi.json InterfaceHealth). */
export type InterfaceHealth = components['schemas']['InterfaceHealth'];
export type HealthState = InterfaceHealth['state'];
export const HEALTH_STATES = ['healthy', 'degraded', 'down', 'unknown'] as const satisfies readonly HealthState[];

export const HEALTH_THRESHOLDS = {
  /** Below this success rate (0 to 1), with at least `downMinCalls` calls, an interface is down. */
  downSuccessRate: 0.5,
  /** Fewer calls than this are too few to call an interface down: failures among them make it degraded. */
  downMinCalls: 3,
  /** Below this success rate an interface is degraded. */
  degradedSuccessRate: 0.95,
  /** A p95 latency above this, in milliseconds, makes an interface degraded. */
  degradedP95Ms: 2000,
} as const;

/** The answer: every interface the caller may see, by id. */
export type HealthMap = Record<string, InterfaceHealth>;

/** The state of figures by HEALTH_THRESHOLDS. */
export function healthStateOf(calls: number, successRate: number, p95: number): HealthState {
  const t = HEALTH_THRESHOLDS;
  if (calls === 0) return 'unknown';
  if (calls >= t.downMinCalls && successRate < t.downSuccessRate) return 'down';
  if (successRate < t.degradedSuccessRate || p95 > t.degradedP95Ms) return 'degraded';
  return 'healthy';
}

/** An interface's health from its counts and percentiles. */
export function healthOf(calls: number, errors: number, p50: number, p95: number): InterfaceHealth {
  const successRate = calls > 0 ? (calls - errors) / calls : 0;
  return { calls, successRate, p50, p95, state: healthStateOf(calls, successRate, p95) };
}

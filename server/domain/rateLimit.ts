import { ResponseCode } from '@agler/contract/constants';
import { MESSAGES } from '@agler/contract/messages';
import type { PlanPeriod } from '@agler/contract/plans';
import type { RateLimits } from '@agler/contract/rateLimit';
import { refuse } from './errors';
import { PERIOD_WINDOW_SECONDS } from './periods';

/**
 * Rate limits by the generic cell rate algorithm (GCRA): per caller and
 * interface one row holds the theoretical arrival time (TAT), the moment the
 * caller's allowance would be whole again if every call came at the rate. A
 * call at `now` is allowed when TAT − now ≤ (burst − 1) × interval, and moves
 * TAT to max(TAT, now) + interval. The database applies it to a batch of
 * calls at once (server/invoke/admission.ts); this module holds the
 * arithmetic both sides share. Times are the app's `now` in milliseconds
 * (tests move it), so every process needs a clock that agrees with the
 * others'.
 */

/** What the RateLimit headers tell a caller after an allowed call. */
export type RateState = RateLimits & {
  /** Calls that may be made at once now. */
  remaining: number;
  /** Seconds until the whole burst is available again. */
  resetSeconds: number;
};

/** A subscription's period as the headers tell it, after the call: calls charged in it, overage included. */
export type PeriodUse = { period: PlanPeriod; quota: number; used: number; periodEnd: number };

/** Whole seconds from `nowMs` to the end of the period, at least 1 while it lasts. */
export const secondsToPeriodEnd = (use: PeriodUse, nowMs: number) => Math.max(1, Math.ceil((use.periodEnd - nowMs) / 1000));

/**
 * The policies in the IETF draft's syntax (draft-ietf-httpapi-ratelimit-headers), the burst as a vendor
 * parameter: the rate limit's when one applies, the subscription's period quota when the call is charged to one.
 */
export function rateLimitHeaders(state: RateState | undefined, use?: PeriodUse, nowMs = 0): Record<string, string> {
  const policies: string[] = [];
  const items: string[] = [];
  if (state) {
    policies.push(`"rate";q=${state.rateLimit};w=1;agler-burst=${state.rateBurst}`);
    items.push(`"rate";r=${state.remaining};t=${state.resetSeconds}`);
  }
  if (use) {
    policies.push(`"${use.period}";q=${use.quota};w=${PERIOD_WINDOW_SECONDS[use.period]}`);
    items.push(`"${use.period}";r=${Math.max(0, use.quota - use.used)};t=${secondsToPeriodEnd(use, nowMs)}`);
  }
  return policies.length ? { 'ratelimit-policy': policies.join(', '), ratelimit: items.join(', ') } : {};
}

/** Floating-point slack, so that calls exactly on the interval are allowed. */
const EPSILON_MS = 1e-6;

/** The limits as GCRA reads them: ms between calls and how far TAT may run ahead of now; both 0 without a limit. */
export function gcraOf(limits: RateLimits): { interval: number; tolerance: number } {
  if (limits.rateLimit <= 0) return { interval: 0, tolerance: 0 };
  const interval = 1000 / limits.rateLimit;
  return { interval, tolerance: (limits.rateBurst - 1) * interval + EPSILON_MS };
}

/** The state after an allowed call that moved TAT to `tat`. */
export function rateStateAt(limits: RateLimits, tat: number, nowMs: number): RateState {
  const { interval } = gcraOf(limits);
  const ahead = tat - nowMs;
  return {
    ...limits,
    remaining: Math.max(0, Math.floor((limits.rateBurst * interval - ahead + EPSILON_MS) / interval)),
    resetSeconds: Math.max(0, Math.ceil(ahead / 1000)),
  };
}

/** The refusal of a call over the limit, TAT being `tat`: 42900 with Retry-After and the RateLimit headers (a subscription's too). */
export function refuseRate(limits: RateLimits, tat: number, nowMs: number, use?: PeriodUse): never {
  const { tolerance } = gcraOf(limits);
  const retryAfter = Math.max(1, Math.ceil((Math.max(tat, nowMs) - tolerance - nowMs) / 1000));
  return refuse(
    ResponseCode.QUOTA_EXHAUSTED,
    MESSAGES.rateLimited,
    {},
    {
      'retry-after': String(retryAfter),
      ...rateLimitHeaders({ ...limits, remaining: 0, resetSeconds: retryAfter }, use, nowMs),
    },
  );
}

/**
 * The refusal of a call past its subscription's quota for the period (overage `block`): 42900 with Retry-After
 * at the period's end and the RateLimit headers.
 */
export function refusePeriod(use: PeriodUse, rate: RateState | undefined, nowMs: number): never {
  return refuse(
    ResponseCode.QUOTA_EXHAUSTED,
    MESSAGES.planQuotaExhausted,
    {},
    { 'retry-after': String(secondsToPeriodEnd(use, nowMs)), ...rateLimitHeaders(rate, use, nowMs) },
  );
}

import { sql } from 'drizzle-orm';
import { ResponseCode } from '@agler/contract/constants';
import { MESSAGES } from '@agler/contract/messages';
import type { RateLimits } from '@agler/contract/rateLimit';
import type { Db } from '../db/connect';
import { rowsOf } from '../db/rows';
import { refuse } from './errors';

/**
 * Rate limits by the generic cell rate algorithm (GCRA): per caller and
 * interface one row holds the theoretical arrival time (TAT), the moment the
 * caller's allowance would be whole again if every call came at the rate. A
 * call at `now` is allowed when TAT − now ≤ (burst − 1) × interval, and moves
 * TAT to max(TAT, now) + interval. The check and the move are one statement
 * (`INSERT … ON CONFLICT DO UPDATE … WHERE … RETURNING`), so calls in any
 * number of processes on one database share the row and never overtake each
 * other; calls without a limit make no statement at all. Times are the app's
 * `now` in milliseconds (tests move it), so every process needs a clock that
 * agrees with the others'.
 */

/** What the RateLimit headers tell a caller after an allowed call. */
export type RateState = RateLimits & {
  /** Calls that may be made at once now. */
  remaining: number;
  /** Seconds until the whole burst is available again. */
  resetSeconds: number;
};

/** The policy in the IETF draft's syntax (draft-ietf-httpapi-ratelimit-headers), the burst as a vendor parameter. */
export function rateLimitHeaders(state: RateState): Record<string, string> {
  return {
    'ratelimit-policy': `"rate";q=${state.rateLimit};w=1;agler-burst=${state.rateBurst}`,
    ratelimit: `"rate";r=${state.remaining};t=${state.resetSeconds}`,
  };
}

/** Floating-point slack, so that calls exactly on the interval are allowed. */
const EPSILON_MS = 1e-6;

/**
 * Takes one call of `limits` for the user on the interface at `nowMs`:
 * undefined when there is no limit (nothing is asked of the database), the
 * state after the call when it is allowed; a 42900 refusal with Retry-After
 * and the RateLimit headers when the caller is over the limit.
 */
export async function takeRate(
  db: Db,
  userId: string,
  interfaceInfoId: string,
  limits: RateLimits,
  nowMs: number,
): Promise<RateState | undefined> {
  if (limits.rateLimit <= 0) return undefined;
  const interval = 1000 / limits.rateLimit;
  const tolerance = (limits.rateBurst - 1) * interval + EPSILON_MS;
  // `prior` reads the row as the statement began, for the refusal's Retry-After only.
  const result = await db.execute(sql`
    WITH prior AS (
      SELECT tat FROM rate_limit WHERE user_id = ${userId}::bigint AND interface_info_id = ${interfaceInfoId}::bigint
    ), taken AS (
      INSERT INTO rate_limit (user_id, interface_info_id, tat)
      VALUES (${userId}::bigint, ${interfaceInfoId}::bigint, ${nowMs}::float8 + ${interval}::float8)
      ON CONFLICT (user_id, interface_info_id) DO UPDATE
        SET tat = greatest(rate_limit.tat, ${nowMs}::float8) + ${interval}::float8
        WHERE greatest(rate_limit.tat, ${nowMs}::float8) - ${nowMs}::float8 <= ${tolerance}::float8
      RETURNING tat
    )
    SELECT (SELECT tat FROM taken) AS taken, (SELECT tat FROM prior) AS prior`);
  const [row] = rowsOf<{ taken: number | string | null; prior: number | string | null }>(result);
  const burstSpan = limits.rateBurst * interval;
  if (row?.taken === null || row?.taken === undefined) {
    const tat = Math.max(Number(row?.prior ?? nowMs + burstSpan), nowMs);
    const retryAfter = Math.max(1, Math.ceil((tat - tolerance - nowMs) / 1000));
    refuse(
      ResponseCode.QUOTA_EXHAUSTED,
      MESSAGES.rateLimited,
      {},
      {
        'retry-after': String(retryAfter),
        ...rateLimitHeaders({ ...limits, remaining: 0, resetSeconds: retryAfter }),
      },
    );
  }
  const ahead = Number(row.taken) - nowMs;
  return {
    ...limits,
    remaining: Math.max(0, Math.floor((burstSpan - ahead + EPSILON_MS) / interval)),
    resetSeconds: Math.max(0, Math.ceil(ahead / 1000)),
  };
}

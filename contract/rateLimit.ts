import { RATE_LIMIT_MAX } from './constants';
import { MESSAGES } from './messages';
import type { Parsed } from './queries';

/**
 * Rate limits: calls per second per caller on an interface (`rateLimit`, 0 =
 * none) with a burst (`rateBurst`, the calls a caller may make at once, at
 * least `rateLimit`). An admin sets them on the interface and may override
 * both for one user. The admin form and the server check them with these.
 */

export type RateLimits = { rateLimit: number; rateBurst: number };

/** A user's own limits on one interface; null: the interface's. */
export type RateOverride = { rateLimit: number | null; rateBurst: number | null };

const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= RATE_LIMIT_MAX;

/** What is wrong with a rate limit, or undefined. */
export function rateLimitError(value: unknown): string | undefined {
  return isCount(value) ? undefined : MESSAGES.badRateLimit;
}

/** What is wrong with a burst beside its rate limit, or undefined (a limit that is itself wrong is its own field's message). */
export function rateBurstError(rateLimit: unknown, rateBurst: unknown): string | undefined {
  if (!isCount(rateBurst)) return MESSAGES.badRateBurst;
  return isCount(rateLimit) && rateBurst < rateLimit ? MESSAGES.badRateBurst : undefined;
}

/** Stored limits: no limit has no burst, and a burst left out equals the limit. */
export function normalizeLimits(rateLimit: number, rateBurst: number | undefined): RateLimits {
  return rateLimit === 0 ? { rateLimit: 0, rateBurst: 0 } : { rateLimit, rateBurst: rateBurst ?? rateLimit };
}

/**
 * The limits of an interface's add or update body. Absent fields: none on an
 * add; on an update the stored ones (`current`), except that a new limit
 * without a burst takes a burst equal to it.
 */
export function parseInterfaceLimits(
  body: Record<string, unknown>,
  current?: RateLimits,
): Parsed<RateLimits> {
  const { rateLimit, rateBurst } = body;
  if (rateLimit !== undefined && rateLimitError(rateLimit))
    return { ok: false, message: MESSAGES.badRateLimit };
  const limit = (rateLimit as number | undefined) ?? current?.rateLimit ?? 0;
  if (rateBurst === undefined) {
    return {
      ok: true,
      value: normalizeLimits(limit, rateLimit === undefined ? current?.rateBurst : undefined),
    };
  }
  const message = rateBurstError(limit, rateBurst);
  return message ? { ok: false, message } : { ok: true, value: normalizeLimits(limit, rateBurst as number) };
}

/**
 * A user's override in `POST /api/userInterfaceInfo/update`: undefined when
 * the body leaves the limits alone; `rateLimit: null` goes back to the
 * interface's; a burst comes only with a limit, and left out it equals it.
 */
export function parseRateOverride(body: Record<string, unknown>): Parsed<RateOverride | undefined> {
  const { rateLimit, rateBurst } = body;
  if (rateLimit === undefined) {
    return rateBurst === undefined
      ? { ok: true, value: undefined }
      : { ok: false, message: MESSAGES.burstWithoutLimit };
  }
  if (rateLimit === null) {
    return rateBurst === undefined || rateBurst === null
      ? { ok: true, value: { rateLimit: null, rateBurst: null } }
      : { ok: false, message: MESSAGES.burstWithoutLimit };
  }
  if (rateLimitError(rateLimit)) return { ok: false, message: MESSAGES.badRateLimit };
  if (rateBurst === undefined || rateBurst === null)
    return { ok: true, value: normalizeLimits(rateLimit as number, undefined) };
  const message = rateBurstError(rateLimit, rateBurst);
  return message
    ? { ok: false, message }
    : { ok: true, value: normalizeLimits(rateLimit as number, rateBurst as number) };
}

/**
 * The limits that apply to a user: their own when an admin set them, else their plan's when it sets them (the
 * plan of their active subscription covering the interface), else the interface's (`own`).
 */
export function effectiveLimits(own: RateLimits, override: RateOverride | undefined, plan?: RateOverride): RateLimits {
  if (override && override.rateLimit !== null) return normalizeLimits(override.rateLimit, override.rateBurst ?? undefined);
  if (plan && plan.rateLimit !== null) return normalizeLimits(plan.rateLimit, plan.rateBurst ?? undefined);
  return own;
}

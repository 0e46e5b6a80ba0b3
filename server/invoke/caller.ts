import { and, eq, sql } from 'drizzle-orm';
import { parseId } from '@agler/contract/ids';
import type { Db } from '../db/connect';
import { prepared } from '../db/prepared';
import { effectiveLimits } from '@agler/contract/rateLimit';
import type { RateLimits } from '@agler/contract/rateLimit';
import { interfaces, plans, quotas, sessions, subscriptionCovers, subscriptions, users } from '../db/schema';
import { LIVE_INTERFACE, PUBLIC_COLUMNS } from '../domain/interfaceInfo';
import { keepAlive, LIVE_SESSION, sessionParams } from '../domain/session';
import type { SessionUser } from '../domain/session';
import type { InterfaceRow } from './invoke';

/**
 * Who calls and what, in one statement: the session's user for invoke, the
 * live interface of the id, the caller's own rate limits on it and their
 * plan's (docs/plans.md), left-joined, so a call asks the database once for
 * all of them instead of thrice. (The gateway keeps them in the process:
 * server/gateway/lookups.ts.)
 */

/** The caller's row of quotas on the interface, for an admin's override of its rate limits. */
const OWN_QUOTA = and(eq(quotas.userId, users.id), eq(quotas.interfaceInfoId, interfaces.id));
const OVERRIDE = { rateLimit: quotas.rateLimit, rateBurst: quotas.rateBurst };
/** The caller's cover of the interface, and its subscription while active. */
const OWN_COVER = and(eq(subscriptionCovers.userId, users.id), eq(subscriptionCovers.interfaceInfoId, interfaces.id));
const ACTIVE_SUBSCRIPTION = and(eq(subscriptions.id, subscriptionCovers.subscriptionId), eq(subscriptions.status, 'active'));
const PLAN_LIMITS = { rateLimit: plans.rateLimit, rateBurst: plans.rateBurst };

type Limits = { rateLimit: number | null; rateBurst: number | null } | null;

/** The limits that apply to the caller, when the interface was found. */
function limitsOf(row: InterfaceRow | null, override: Limits, plan: Limits): RateLimits | undefined {
  return row ? effectiveLimits(row, override ?? undefined, plan ?? undefined) : undefined;
}

/** The interface id to look up: one that cannot be an id matches no row, and findInterface refuses it later, in its turn. */
const lookupId = (rawId: unknown) => parseId(rawId) ?? '0';

const sessionAndInterface = (db: Db) =>
  db
    .select({ user: users, lastSeen: sessions.lastSeen, found: PUBLIC_COLUMNS, override: OVERRIDE, plan: PLAN_LIMITS })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(interfaces, and(eq(interfaces.id, sql.placeholder('interfaceId')), LIVE_INTERFACE))
    .leftJoin(quotas, OWN_QUOTA)
    .leftJoin(subscriptionCovers, OWN_COVER)
    .leftJoin(subscriptions, ACTIVE_SUBSCRIPTION)
    .leftJoin(plans, eq(plans.id, subscriptions.planId))
    .where(LIVE_SESSION)
    .prepare('live_session_interface');

export type Caller = {
  /** undefined: no live session. */
  user: SessionUser | undefined;
  /** The live interface of the id; undefined when there is none or the id cannot be one (findInterface says which). */
  row: InterfaceRow | undefined;
  /** The rate limits that apply to the caller on `row` (with `row`). */
  limits?: RateLimits;
};

/** The caller of a cookie's token at `now` and the live interface `rawId` names; keeps the session alive. */
export async function callerOf(
  db: Db,
  token: string | undefined,
  now: number,
  rawId: unknown,
): Promise<Caller> {
  const params = sessionParams(token, now);
  if (!params) return { user: undefined, row: undefined };
  const interfaceId = lookupId(rawId);
  const [found] = await prepared(db, 'live_session_interface', sessionAndInterface).execute({
    ...params,
    interfaceId,
  });
  if (!found) return { user: undefined, row: undefined };
  await keepAlive(db, params.id, found.lastSeen, now);
  return { user: found.user, row: found.found ?? undefined, limits: limitsOf(found.found, found.override, found.plan) };
}

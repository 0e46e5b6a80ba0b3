import { and, asc, eq, gt, inArray, lte, or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { formatTime } from '@agler/contract/dates';
import type { components } from '@agler/contract/openapi';
import { LIVE_SUBSCRIPTION_STATUSES } from '@agler/contract/plans';
import type { Db } from '../../db/connect';
import { plans, subscriptions } from '../../db/schema';
import { periodAt } from '../periods';
import { settleSubscriptions } from '../subscriptions';

/** One plan's subscribers and their calls this period (`GET /api/analysis/plans`). */
export type PlanUsage = components['schemas']['PlanUsage'];

/** A count or a sum of the plan's joined subscriptions that `where` keeps, as a number (0 for none). */
const counted = (aggregate: SQL, where: SQL | undefined) =>
  sql<number>`coalesce(${aggregate} filter (where ${where}), 0)::float8`.mapWith(Number);

/**
 * `GET /api/analysis/plans` (admins): every plan, ordered as the plan list
 * is, with its active subscribers, what waits for it (pending subscriptions
 * and switches to it), and its subscribers' calls this period. The call log
 * does not say which plan a call was charged to, so the calls are the
 * subscriptions' own counts: those of an active subscription whose period
 * holds `now` (one past its period's end starts the next with nothing used,
 * docs/plans.md). Settles first, as every read of subscriptions does.
 */
export async function planUsage(db: Db, now: number): Promise<PlanUsage[]> {
  await settleSubscriptions(db, now);
  const time = new Date(now);
  const held = and(eq(subscriptions.status, 'active'), eq(subscriptions.planId, plans.id));
  // The period's bounds are the server's (its clock and time zone): the database never reads a clock here.
  const current = and(held, lte(subscriptions.periodStart, time), gt(subscriptions.periodEnd, time));
  const waiting = or(
    and(eq(subscriptions.status, 'pending'), eq(subscriptions.planId, plans.id)),
    and(eq(subscriptions.status, 'active'), eq(subscriptions.requestedPlanId, plans.id)),
  );
  const rows = await db
    .select({
      id: plans.id,
      name: plans.name,
      period: plans.period,
      quota: plans.quota,
      overage: plans.overage,
      retiredAt: plans.retiredAt,
      subscribers: counted(sql`count(*)`, held),
      pending: counted(sql`count(*)`, waiting),
      calls: counted(sql`sum(${subscriptions.used})`, current),
      // A subscription's quota this period is the plan's and its top-up (docs/plans.md).
      overageCalls: counted(
        sql`sum(greatest(${subscriptions.used} - ${plans.quota} - ${subscriptions.extra}, 0))`,
        current,
      ),
      atQuota: counted(
        sql`count(*)`,
        and(current, sql`${subscriptions.used} >= ${plans.quota} + ${subscriptions.extra}`),
      ),
    })
    .from(plans)
    .leftJoin(
      subscriptions,
      or(
        and(
          eq(subscriptions.planId, plans.id),
          inArray(subscriptions.status, [...LIVE_SUBSCRIPTION_STATUSES]),
        ),
        and(eq(subscriptions.requestedPlanId, plans.id), eq(subscriptions.status, 'active')),
      ),
    )
    .groupBy(plans.id)
    // As the plan list: retired ones last, then the smallest quota first.
    .orderBy(sql`${plans.retiredAt} IS NOT NULL`, asc(plans.quota), asc(plans.id));
  return rows.map((row) => {
    const period = periodAt(row.period, now);
    return {
      planId: String(row.id),
      planName: row.name,
      period: row.period,
      periodStart: formatTime(period.start),
      periodEnd: formatTime(period.end),
      quota: row.quota,
      overage: row.overage,
      retired: row.retiredAt !== null,
      subscribers: row.subscribers,
      pending: row.pending,
      callsThisPeriod: row.calls,
      overageThisPeriod: row.overageCalls,
      atQuotaThisPeriod: row.atQuota,
    };
  });
}

import { and, asc, count, eq, exists, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { ResponseCode } from '@agler/contract/constants';
import { formatTime } from '@agler/contract/dates';
import type { Id } from '@agler/contract/ids';
import { PLAN_MESSAGES } from '@agler/contract/messages';
import { LIVE_SUBSCRIPTION_STATUSES, samePlanInterfaces } from '@agler/contract/plans';
import type { PlanChange, PlanFields, PlanVO } from '@agler/contract/plans';
import { announce } from '../cache/changes';
import type { Db, Queryable } from '../db/connect';
import { isUniqueViolation } from '../db/errors';
import { idIs } from '../db/rows';
import { interfaces, planInterfaces, plans, subscriptions } from '../db/schema';
import { alertPlanRetired } from './alerts';
import { refuse } from './errors';
import { LIVE_INTERFACE, visibleInterface } from './interfaceInfo';
import type { SessionUser } from './session';
import { planInterfaceIds, settleSubscriptions } from './subscriptions';
import { isAdmin } from './user';

/**
 * Plans (docs/plans.md): what admins offer, a quota per period over one or
 * more interfaces. A user sees the public plans that are not retired and
 * those they hold; an admin sees every plan. Every write announces `plans`.
 */

const LIVE = [...LIVE_SUBSCRIPTION_STATUSES];

/**
 * The plans `viewer` may see: all for an admin; else the public ones not retired with an interface
 * they may see (a plan of unpublished interfaces is not there yet), and those they hold live.
 */
function visiblePlan(viewer: SessionUser, db: Queryable): SQL | undefined {
  if (isAdmin(viewer)) return undefined;
  const held = db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, viewer.id),
        inArray(subscriptions.status, LIVE),
        or(eq(subscriptions.planId, plans.id), eq(subscriptions.requestedPlanId, plans.id)),
      ),
    );
  const shown = db
    .select({ id: planInterfaces.interfaceInfoId })
    .from(planInterfaces)
    .innerJoin(interfaces, and(eq(interfaces.id, planInterfaces.interfaceInfoId), visibleInterface(viewer)))
    .where(eq(planInterfaces.planId, plans.id));
  return or(and(eq(plans.visibility, 'public'), isNull(plans.retiredAt), exists(shown)), exists(held));
}

/** The plans as answered, with the interfaces `viewer` may see and their active subscriptions. */
async function plansOf(db: Queryable, viewer: SessionUser, where: SQL | undefined): Promise<PlanVO[]> {
  const subscribers = db
    .select({ planId: subscriptions.planId, total: count().as('total') })
    .from(subscriptions)
    .where(eq(subscriptions.status, 'active'))
    .groupBy(subscriptions.planId)
    .as('subscribers');
  const rows = await db
    .select({ plan: plans, subscribers: subscribers.total })
    .from(plans)
    .leftJoin(subscribers, eq(subscribers.planId, plans.id))
    .where(where)
    // Retired ones last, then the smallest quota first: a plan table reads from the free plan up.
    .orderBy(sql`${plans.retiredAt} IS NOT NULL`, asc(plans.quota), asc(plans.id));
  const ids = await planInterfaceIds(
    db,
    viewer,
    rows.map((row) => row.plan.id),
  );
  return rows.map(({ plan, subscribers: total }) => ({
    id: String(plan.id),
    name: plan.name,
    description: plan.description,
    interfaceIds: ids.get(plan.id) ?? [],
    quota: plan.quota,
    period: plan.period,
    rateLimit: plan.rateLimit,
    rateBurst: plan.rateBurst,
    approval: plan.approval,
    overage: plan.overage,
    priceLabel: plan.priceLabel,
    visibility: plan.visibility,
    isDefault: plan.isDefault,
    retired: plan.retiredAt !== null,
    retireTime: plan.retiredAt === null ? null : formatTime(plan.retiredAt.getTime()),
    subscribers: Number(total ?? 0),
    createTime: formatTime(plan.createTime.getTime()),
    updateTime: formatTime(plan.updateTime.getTime()),
  }));
}

/** `GET /api/plan/list`: the plans the caller may see, optionally only those of one interface they may see. */
export async function listPlans(
  db: Db,
  viewer: SessionUser,
  query: { interfaceInfoId?: Id },
  now: number,
): Promise<PlanVO[]> {
  await settleSubscriptions(db, now);
  const ofInterface =
    query.interfaceInfoId === undefined
      ? undefined
      : inArray(
          plans.id,
          db
            .select({ id: planInterfaces.planId })
            .from(planInterfaces)
            .innerJoin(interfaces, and(eq(interfaces.id, planInterfaces.interfaceInfoId), visibleInterface(viewer)))
            .where(idIs(planInterfaces.interfaceInfoId, query.interfaceInfoId)),
        );
  return plansOf(db, viewer, and(visiblePlan(viewer, db), ofInterface));
}

/** `GET /api/plan/get`: one plan the caller may see; any other answers as one that does not exist. */
export async function getPlan(db: Db, viewer: SessionUser, id: Id, now: number): Promise<PlanVO> {
  await settleSubscriptions(db, now);
  const [plan] = await plansOf(db, viewer, and(idIs(plans.id, id), visiblePlan(viewer, db)));
  if (!plan) refuse(ResponseCode.NOT_FOUND, PLAN_MESSAGES.planNotFound);
  return plan;
}

/** Every id names a live interface (an offline one too: admins may put it in a plan before it goes online). */
async function requireInterfaces(tx: Queryable, ids: readonly Id[]): Promise<void> {
  const [{ found }] = await tx
    .select({ found: count() })
    .from(interfaces)
    .where(and(inArray(interfaces.id, [...ids]), LIVE_INTERFACE));
  if (found !== ids.length) refuse(ResponseCode.PARAMS_ERROR, PLAN_MESSAGES.interfaceNotFound);
}

/** The plan a default plan's interfaces already have as their default, if any, besides `self`. */
async function defaultOf(tx: Queryable, interfaceIds: readonly Id[], self?: number): Promise<string | undefined> {
  const [taken] = await tx
    .select({ name: plans.name })
    .from(planInterfaces)
    .innerJoin(plans, eq(plans.id, planInterfaces.planId))
    .where(
      and(
        eq(planInterfaces.isDefault, true),
        inArray(planInterfaces.interfaceInfoId, [...interfaceIds]),
        self === undefined ? undefined : ne(planInterfaces.planId, self),
      ),
    )
    .limit(1);
  return taken?.name;
}

/** A default plan is public, needs no approval, and is the only default of each of its interfaces. */
async function checkDefault(tx: Queryable, fields: PlanFields, self?: number): Promise<void> {
  if (!fields.isDefault) return;
  if (fields.visibility !== 'public' || fields.approval)
    refuse(ResponseCode.PARAMS_ERROR, PLAN_MESSAGES.defaultNeedsPublic);
  const taken = await defaultOf(tx, fields.interfaceIds, self);
  if (taken !== undefined) refuse(ResponseCode.PARAMS_ERROR, PLAN_MESSAGES.defaultTaken(taken));
}

/**
 * Runs a plan write; two writes that both made a default on one interface: the later one is
 * refused, naming the other (the default index is the one unique rule a checked write can break).
 */
async function writing<T>(db: Db, interfaceIds: readonly Id[], write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    refuse(ResponseCode.PARAMS_ERROR, PLAN_MESSAGES.defaultTaken((await defaultOf(db, interfaceIds)) ?? ''));
  }
}

/** A plan's columns of its fields (its interfaces are rows of their own). */
const columnsOf = (fields: PlanFields) => ({
  name: fields.name,
  description: fields.description,
  quota: fields.quota,
  period: fields.period,
  rateLimit: fields.rateLimit,
  rateBurst: fields.rateBurst,
  approval: fields.approval,
  overage: fields.overage,
  priceLabel: fields.priceLabel,
  visibility: fields.visibility,
  isDefault: fields.isDefault,
});

/** `POST /api/plan/add` (admins): answers the new plan's id. */
export async function addPlan(db: Db, fields: PlanFields, now: number): Promise<string> {
  return writing(db, fields.interfaceIds, () =>
    db.transaction(async (tx) => {
      await requireInterfaces(tx, fields.interfaceIds);
      await checkDefault(tx, fields);
      const time = new Date(now);
      const [created] = await tx
        .insert(plans)
        .values({ ...columnsOf(fields), createTime: time, updateTime: time })
        .returning({ id: plans.id });
      await tx.insert(planInterfaces).values(
        fields.interfaceIds.map((interfaceInfoId) => ({
          planId: created.id,
          interfaceInfoId,
          isDefault: fields.isDefault,
        })),
      );
      await announce(tx, { kind: 'plans' });
      return String(created.id);
    }),
  );
}

/** A plan that is not retired, locked for a change. */
async function lockPlan(tx: Queryable, id: Id) {
  const [plan] = await tx.select().from(plans).where(idIs(plans.id, id)).for('update');
  if (!plan) refuse(ResponseCode.NOT_FOUND, PLAN_MESSAGES.planNotFound);
  if (plan.retiredAt !== null) refuse(ResponseCode.PARAMS_ERROR, PLAN_MESSAGES.planRetired);
  return plan;
}

/**
 * `POST /api/plan/update` (admins): the fields present change. Its
 * interfaces change only while nobody holds or waits for the plan, so a live
 * subscription's covers are always its plan's interfaces.
 */
export async function updatePlan(db: Db, admin: SessionUser, change: PlanChange, now: number): Promise<PlanVO> {
  let interfaceIds: Id[] = change.fields.interfaceIds ?? [];
  await writing(db, interfaceIds, () =>
    db.transaction(async (tx) => {
      await settleSubscriptions(tx, now);
      const plan = await lockPlan(tx, change.id);
      const stored = (
        await tx.select({ id: planInterfaces.interfaceInfoId }).from(planInterfaces).where(eq(planInterfaces.planId, plan.id))
      ).map((row) => row.id);
      const merged: PlanFields = { ...columnsOf({ ...plan, interfaceIds: stored }), interfaceIds: stored, ...change.fields };
      interfaceIds = merged.interfaceIds;
      const moved = !samePlanInterfaces(stored, merged.interfaceIds);
      if (moved) {
        const [held] = await tx
          .select({ id: subscriptions.id })
          .from(subscriptions)
          .where(
            and(
              inArray(subscriptions.status, LIVE),
              or(eq(subscriptions.planId, plan.id), eq(subscriptions.requestedPlanId, plan.id)),
            ),
          )
          .limit(1);
        if (held) refuse(ResponseCode.PARAMS_ERROR, PLAN_MESSAGES.interfacesLocked);
        await requireInterfaces(tx, merged.interfaceIds);
      }
      await checkDefault(tx, merged, plan.id);
      await tx
        .update(plans)
        .set({ ...columnsOf(merged), updateTime: new Date(now) })
        .where(eq(plans.id, plan.id));
      if (moved) {
        await tx.delete(planInterfaces).where(eq(planInterfaces.planId, plan.id));
        await tx.insert(planInterfaces).values(
          merged.interfaceIds.map((interfaceInfoId) => ({ planId: plan.id, interfaceInfoId, isDefault: merged.isDefault })),
        );
      } else {
        await tx.update(planInterfaces).set({ isDefault: merged.isDefault }).where(eq(planInterfaces.planId, plan.id));
      }
      await announce(tx, { kind: 'plans' });
    }),
  );
  return getPlan(db, admin, change.id, now);
}

/**
 * `POST /api/plan/retire` (admins): the plan takes no new subscriptions and
 * is no longer a default; its active subscriptions end with their period,
 * their holders told so (a `subscription` alert), and those whose period is
 * already over end now.
 */
export async function retirePlan(db: Db, admin: SessionUser, id: Id, now: number): Promise<PlanVO> {
  await db.transaction(async (tx) => {
    const plan = await lockPlan(tx, id);
    const time = new Date(now);
    await tx.update(plans).set({ retiredAt: time, isDefault: false, updateTime: time }).where(eq(plans.id, plan.id));
    await tx.update(planInterfaces).set({ isDefault: false }).where(eq(planInterfaces.planId, plan.id));
    await alertPlanRetired(tx, plan.id, now);
    await settleSubscriptions(tx, now);
    await announce(tx, { kind: 'plans' });
  });
  return getPlan(db, admin, id, now);
}

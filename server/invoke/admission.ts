import { sql } from 'drizzle-orm';
import { ResponseCode } from '@agler/contract/constants';
import { MESSAGES } from '@agler/contract/messages';
import type { PlanOverage, PlanPeriod } from '@agler/contract/plans';
import type { RateLimits } from '@agler/contract/rateLimit';
import { hear } from '../cache/changes';
import type { Db } from '../db/connect';
import { createBatcher } from '../db/batcher';
import { rowsOf } from '../db/rows';
import { alertEndedByAdmission } from '../domain/alerts';
import { refuse } from '../domain/errors';
import { periodAt } from '../domain/periods';
import { gcraOf, rateStateAt, refusePeriod, refuseRate } from '../domain/rateLimit';
import type { RateState } from '../domain/rateLimit';

/**
 * What a call must be granted before it goes out, for a batch of calls in
 * one statement (group commit; the function `gateway_admit`,
 * server/db/functions/gateway_admit.sql): the signed call's nonce is spent (a live one is a replay), then per
 * caller and interface the rate limit (GCRA, ../domain/rateLimit.ts) and a
 * unit of the subscription covering the pair (docs/plans.md: its period
 * rolled or ended first, a default plan subscribed on the first call) or of
 * the quota. The database decides it all in one transaction, taking the rows
 * in one order in every process (nonces, then the subscriptions by id, then
 * per caller and interface its rate row and its quota row; a subscription
 * covers several interfaces, so it is taken before any of them), so
 * processes sharing a PostgreSQL never deadlock and never grant a call over
 * the quota, the period's quota or the limit, and a nonce is never spent
 * twice. A crash loses at most the answers of the batch being decided:
 * whatever it granted stays taken.
 *
 * Units given back (a call its interface did not answer with 2xx to 4xx) go
 * the same way, in batches of their own, to the active subscription covering
 * the pair, else to the quota.
 */

export type Ask = {
  userId: string;
  interfaceInfoId: string;
  /** A signed call's access key and nonce; the console's calls have none. */
  signed?: { accessKey: string; nonce: string };
  /**
   * `nonce`: only spend the nonce (the call is refused for another reason,
   * after its signature held); `free`: admit without a unit of quota
   * (admins); `charge`: admit and take a unit.
   */
  mode: 'nonce' | 'free' | 'charge';
  limits: RateLimits;
};

/** The subscription a call was charged to, as it stands after the call. */
export type PlanState = {
  subscriptionId: string;
  period: PlanPeriod;
  quota: number;
  /** Calls charged in the period, this one included, overage too. */
  used: number;
  /** epoch ms */
  periodEnd: number;
  overage: PlanOverage;
};

export type Admission =
  /** The nonce was used within its lifetime. */
  | { outcome: 'replay' }
  /** `nonce` mode: spent, nothing else asked. */
  | { outcome: 'spent' }
  /** Over the rate limit; TAT as the batch left it; the subscription it would have been charged to. */
  | { outcome: 'rate'; tat: number; limits: RateLimits; plan?: PlanState }
  | { outcome: 'quota' }
  /** The subscription's quota for the period is used up and its plan blocks overage. */
  | { outcome: 'period'; plan: PlanState; rate?: RateState }
  /** The subscription covering the interface waits for an admin's approval. */
  | { outcome: 'pending' }
  /** The interface is in a plan, and the caller holds no subscription covering it. */
  | { outcome: 'noPlan' }
  | { outcome: 'admitted'; left?: number; total?: number; rate?: RateState; plan?: PlanState };

export type Admitter = {
  admit: (ask: Ask) => Promise<Admission>;
  /** Gives back the unit of a call its interface did not answer with 2xx to 4xx (contract/charge.ts). */
  giveBack: (userId: string, interfaceInfoId: string) => Promise<void>;
  /** Resolves when every admission and unit given back so far is written. */
  drain: () => Promise<void>;
};

const MODE = { nonce: 0, free: 1, charge: 2 } as const;

/** A group's subscription in the function's answer: id, period, quota, used after the batch, period end (ms), overage. */
type GroupPlan = [subscriptionId: string, period: PlanPeriod, quota: number, used: number, periodEnd: number, overage: PlanOverage];

/**
 * One row of the function's answer per caller and interface: calls within the limit, units granted, left after,
 * TAT before, the quota's total, and the subscription charged (or why the calls were refused: `pending`, `none`).
 */
type Group = [
  userId: string,
  interfaceInfoId: string,
  passed: number,
  granted: number,
  left: number | null,
  base: number | null,
  total: number | string | null,
  plan?: GroupPlan | 'pending' | 'none' | null,
];
/** `plans`: the batch started or ended a subscription. */
type Answer = { used: number[]; groups: Group[]; plans?: boolean };

const pgArray = (values: (string | number | null)[]) =>
  `{${values.map((value) => (value === null ? 'NULL' : `"${String(value).replace(/["\\]/g, '\\$&')}"`)).join(',')}}`;

const groupKey = (userId: string, interfaceInfoId: string) => `${userId}:${interfaceInfoId}`;

/** The subscription as the `order`-th call of its group leaves it: the granted ones count in order, the rest see it all used. */
function planStateOf(held: GroupPlan, granted: number, order: number): PlanState {
  const [subscriptionId, period, quota, used, periodEnd, overage] = held;
  return {
    subscriptionId,
    period,
    quota,
    used: order < granted ? used - granted + order + 1 : used,
    periodEnd: Number(periodEnd),
    overage,
  };
}

/** The admissions of one batch, from the database's answer, in the asks' order. */
export function admissionsOf(asks: Ask[], skipped: Set<number>, answer: Answer, nowMs: number): Admission[] {
  const used = new Set(answer.used);
  const groups = new Map(answer.groups.map((group) => [groupKey(group[0], group[1]), { group, seen: 0 }]));
  return asks.map((ask, index) => {
    if (skipped.has(index) || used.has(index)) return { outcome: 'replay' };
    if (ask.mode === 'nonce') return { outcome: 'spent' };
    const entry = groups.get(groupKey(ask.userId, ask.interfaceInfoId));
    if (!entry) throw new Error(`gateway_admit answered no group for call ${index}`);
    const [, , passed, granted, left, base, total, held] = entry.group;
    const order = entry.seen;
    entry.seen += 1;
    if (held === 'pending') return { outcome: 'pending' };
    if (held === 'none') return { outcome: 'noPlan' };
    const { interval } = gcraOf(ask.limits);
    const plan = held ? planStateOf(held, granted, order) : undefined;
    if (order >= passed) return { outcome: 'rate', tat: (base ?? nowMs) + passed * interval, limits: ask.limits, plan };
    const rate = base === null ? undefined : rateStateAt(ask.limits, base + (order + 1) * interval, nowMs);
    if (order >= granted) return plan ? { outcome: 'period', plan, rate } : { outcome: 'quota' };
    return {
      outcome: 'admitted',
      left: left === null ? undefined : left + granted - order - 1,
      total: total === null || total === undefined ? undefined : Number(total),
      rate,
      plan,
    };
  });
}

export type AdmitterOptions = {
  db: Db;
  now: () => number;
  /** Calls a user gets per interface on their first call. */
  defaultQuota: number;
  /** How long a spent nonce stays spent. */
  nonceTtlSeconds: number;
  /** Told when the alerts of subscriptions a batch ended cannot be written (the calls go on). */
  onAlertError?: (error: unknown) => void;
};

export function createAdmitter(options: AdmitterOptions): Admitter {
  const { db, now, defaultQuota, nonceTtlSeconds } = options;
  const onAlertError = options.onAlertError ?? (() => undefined);

  async function decide(asks: Ask[]): Promise<Admission[]> {
    const nowMs = now();
    // A nonce twice in one batch: the second is a replay of the first, decided here (one statement cannot insert a row twice).
    const seen = new Set<string>();
    const skipped = new Set<number>();
    asks.forEach((ask, index) => {
      if (!ask.signed) return;
      const key = `${ask.signed.accessKey}\n${ask.signed.nonce}`;
      if (seen.has(key)) skipped.add(index);
      seen.add(key);
    });
    const sent = asks.map((ask, index) => (skipped.has(index) ? { ...ask, mode: 'nonce' as const, signed: undefined } : ask));
    const gcra = sent.map((ask) => gcraOf(ask.limits));
    const day = periodAt('day', nowMs);
    const month = periodAt('month', nowMs);
    const result = await db.execute(sql`
      SELECT gateway_admit(
        ${pgArray(sent.map((ask) => ask.userId))}::bigint[],
        ${pgArray(sent.map((ask) => ask.interfaceInfoId))}::bigint[],
        ${pgArray(sent.map((ask) => ask.signed?.accessKey ?? null))}::text[],
        ${pgArray(sent.map((ask) => ask.signed?.nonce ?? null))}::text[],
        ${pgArray(sent.map((ask) => MODE[ask.mode]))}::smallint[],
        ${pgArray(gcra.map((g) => g.interval))}::float8[],
        ${pgArray(gcra.map((g) => g.tolerance))}::float8[],
        ${nowMs}::float8,
        ${new Date(nowMs + nonceTtlSeconds * 1000).toISOString()}::timestamptz,
        ${defaultQuota}::int,
        ${day.start}::float8, ${day.end}::float8, ${month.start}::float8, ${month.end}::float8
      ) AS answer`);
    const [row] = rowsOf<{ answer: Answer | string }>(result);
    const answer = typeof row.answer === 'string' ? (JSON.parse(row.answer) as Answer) : row.answer;
    if (answer.plans) {
      // The database told every process at commit; this one hears it now, before its next call reads the limits.
      hear({ kind: 'plans' });
      // A batch that ended subscriptions with their period tells their holders (rare: once per subscription).
      const callers = sent.map((ask) => ask.userId);
      await alertEndedByAdmission(db, callers, nowMs).catch(onAlertError);
    }
    return admissionsOf(asks, skipped, answer, nowMs);
  }

  const admissions = createBatcher(decide);
  const givenBack = createBatcher(async (units: { userId: string; interfaceInfoId: string }[]) => {
    await db.execute(sql`
      SELECT gateway_give_back(
        ${pgArray(units.map((unit) => unit.userId))}::bigint[],
        ${pgArray(units.map((unit) => unit.interfaceInfoId))}::bigint[])`);
    return units.map(() => undefined);
  });

  return {
    admit: (ask) => admissions.submit(ask),
    giveBack: (userId, interfaceInfoId) => givenBack.submit({ userId, interfaceInfoId }),
    async drain() {
      await admissions.drain();
      await givenBack.drain();
    },
  };
}

/** The admission as the call goes on: its quota left, rate state and subscription, or the refusal it is. */
export function admitted(
  admission: Admission,
  nowMs: number,
): { left?: number; total?: number; rate?: RateState; plan?: PlanState } {
  switch (admission.outcome) {
    case 'admitted':
      return { left: admission.left, total: admission.total, rate: admission.rate, plan: admission.plan };
    case 'rate':
      return refuseRate(admission.limits, admission.tat, nowMs, admission.plan);
    case 'quota':
      return refuse(ResponseCode.QUOTA_EXHAUSTED, MESSAGES.quotaExhausted);
    case 'period':
      return refusePeriod(admission.plan, admission.rate, nowMs);
    case 'pending':
      return refuse(ResponseCode.FORBIDDEN, MESSAGES.subscriptionPending);
    case 'noPlan':
      return refuse(ResponseCode.FORBIDDEN, MESSAGES.planRequired);
    default:
      throw new Error(`admission ${admission.outcome} is no call's`);
  }
}

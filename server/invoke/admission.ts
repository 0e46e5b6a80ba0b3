import { sql } from 'drizzle-orm';
import { ResponseCode } from '@agler/contract/constants';
import { MESSAGES } from '@agler/contract/messages';
import type { RateLimits } from '@agler/contract/rateLimit';
import type { Db } from '../db/connect';
import { createBatcher } from '../db/batcher';
import { rowsOf } from '../db/rows';
import { refuse } from '../domain/errors';
import { gcraOf, rateStateAt, refuseRate } from '../domain/rateLimit';
import type { RateState } from '../domain/rateLimit';

/**
 * What a call must be granted before it goes out, for a batch of calls in
 * one statement (group commit; the function `gateway_admit`,
 * server/db/functions/gateway_admit.sql): the signed call's nonce is spent (a live one is a replay), then per
 * caller and interface the rate limit (GCRA, ../domain/rateLimit.ts) and a
 * unit of the quota. The database decides it all in one transaction, taking
 * the rows in one order in every process (nonces, then per caller and
 * interface its rate row and its quota row), so processes sharing a
 * PostgreSQL never deadlock and never grant a call over the quota or the
 * limit, and a nonce is never spent twice. A crash loses at most the
 * answers of the batch being decided: whatever it granted stays taken.
 *
 * Units given back (a call its interface did not answer with 2xx to 4xx) go
 * the same way, in batches of their own.
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

export type Admission =
  /** The nonce was used within its lifetime. */
  | { outcome: 'replay' }
  /** `nonce` mode: spent, nothing else asked. */
  | { outcome: 'spent' }
  /** Over the rate limit; TAT as the batch left it. */
  | { outcome: 'rate'; tat: number; limits: RateLimits }
  | { outcome: 'quota' }
  | { outcome: 'admitted'; left?: number; total?: number; rate?: RateState };

export type Admitter = {
  admit: (ask: Ask) => Promise<Admission>;
  /** Gives back the unit of a call its interface did not answer with 2xx to 4xx (contract/charge.ts). */
  giveBack: (userId: string, interfaceInfoId: string) => Promise<void>;
  /** Resolves when every admission and unit given back so far is written. */
  drain: () => Promise<void>;
};

const MODE = { nonce: 0, free: 1, charge: 2 } as const;

/** One row of the function's answer per caller and interface: calls within the limit, units granted, left after, TAT before, the quota's total. */
type Group = [
  userId: string,
  interfaceInfoId: string,
  passed: number,
  granted: number,
  left: number | null,
  base: number | null,
  total: number | string | null,
];
type Answer = { used: number[]; groups: Group[] };

const pgArray = (values: (string | number | null)[]) =>
  `{${values.map((value) => (value === null ? 'NULL' : `"${String(value).replace(/["\\]/g, '\\$&')}"`)).join(',')}}`;

const groupKey = (userId: string, interfaceInfoId: string) => `${userId}:${interfaceInfoId}`;

/** The admissions of one batch, from the database's answer, in the asks' order. */
export function admissionsOf(asks: Ask[], skipped: Set<number>, answer: Answer, nowMs: number): Admission[] {
  const used = new Set(answer.used);
  const groups = new Map(answer.groups.map((group) => [groupKey(group[0], group[1]), { group, seen: 0 }]));
  return asks.map((ask, index) => {
    if (skipped.has(index) || used.has(index)) return { outcome: 'replay' };
    if (ask.mode === 'nonce') return { outcome: 'spent' };
    const entry = groups.get(groupKey(ask.userId, ask.interfaceInfoId));
    if (!entry) throw new Error(`gateway_admit answered no group for call ${index}`);
    const [, , passed, granted, left, base, total] = entry.group;
    const order = entry.seen;
    entry.seen += 1;
    const { interval } = gcraOf(ask.limits);
    if (order >= passed) return { outcome: 'rate', tat: (base ?? nowMs) + passed * interval, limits: ask.limits };
    if (order >= granted) return { outcome: 'quota' };
    return {
      outcome: 'admitted',
      left: left === null ? undefined : left + granted - order - 1,
      total: total === null || total === undefined ? undefined : Number(total),
      rate: base === null ? undefined : rateStateAt(ask.limits, base + (order + 1) * interval, nowMs),
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
};

export function createAdmitter(options: AdmitterOptions): Admitter {
  const { db, now, defaultQuota, nonceTtlSeconds } = options;

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
        ${defaultQuota}::int
      ) AS answer`);
    const [row] = rowsOf<{ answer: Answer | string }>(result);
    const answer = typeof row.answer === 'string' ? (JSON.parse(row.answer) as Answer) : row.answer;
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

/** The admission as the call goes on: its quota left and rate state, or the refusal it is. */
export function admitted(
  admission: Admission,
  nowMs: number,
): { left?: number; total?: number; rate?: RateState } {
  switch (admission.outcome) {
    case 'admitted':
      return { left: admission.left, total: admission.total, rate: admission.rate };
    case 'rate':
      return refuseRate(admission.limits, admission.tat, nowMs);
    case 'quota':
      return refuse(ResponseCode.QUOTA_EXHAUSTED, MESSAGES.quotaExhausted);
    default:
      throw new Error(`admission ${admission.outcome} is no call's`);
  }
}

import { randomBytes } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import { loggedCallIsCharged } from '@agler/contract/charge';
import { USER_ROLE } from '@agler/contract/constants';
import { ADMIN_ID, DEMO_ACCOUNT_TIME, DEMO_ACCOUNTS, interfaceSeqOf, USER_ID } from '@agler/contract/demo/accounts';
import type { DemoAccount } from '@agler/contract/demo/accounts';
import { DEMO_PLAN_INTERFACES, DEMO_PLANS, DEMO_USER_PLAN } from '@agler/contract/demo/plans';
import { seedCalls } from '@agler/contract/demo/seedCalls';
import { demoGuardOf, DEMO_UPSTREAM_KEY_HEADER, HAND_WRITTEN_COUNT, seedInterfaces } from '@agler/contract/demo/seedInterfaces';
import { parseTime } from '@agler/contract/dates';
import type { CallRecord } from '@agler/contract/types';
import type { Db, Queryable } from '../db/connect';
import { interfaces, meta, planInterfaces, plans, quotas, subscriptionCovers, subscriptions, users } from '../db/schema';
import { RANK_VERSION, RANK_VERSION_KEY, ranksOf, sortByName } from './nameOrder';
import { announce } from '../cache/changes';
import type { SecretBox } from '../keys/secretBox';
import { ApiError } from './errors';
import { hashPassword } from './password';
import { periodAt } from './periods';
import { hourOf, rebuildRollup } from './rollup';
import { setCredentials } from './upstream';

/**
 * The demo data, from the same seed as the mocks (contract/demo): written on
 * the first start of an empty database, in one transaction, and marked as
 * done, so that it never comes back over an admin's edits and deletions.
 */

/** How many interfaces a demo database starts with (the mocks' default catalogue). */
export const DEMO_INTERFACE_COUNT = 40;

const SEEDED_AT = 'demo_seeded_at';
/** How many interfaces were seeded: their demo services answer their calls (serviceKeyOf). */
const SEEDED_COUNT = 'demo_interface_count';

/** Call records per INSERT. */
const CALL_BATCH = 5000;

type Report = (line: string) => void;

/** The quota sizes the demo's users were granted: each gets the smallest that leaves at least LEFT_SHARE of it. */
const QUOTA_SIZES = [1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000];
const LEFT_SHARE = 0.25;

export type DemoQuota = { userId: string; interfaceInfoId: string; leftNum: number; totalNum: number };

/**
 * The demo users' quotas, charged with their own history as the gateway charges
 * (contract/charge.ts): what each has used is what their calls cost, so no
 * screen shows a quota untouched beside its calls. Admins' calls cost nothing.
 */
export function demoQuotas(history: readonly CallRecord[], accounts: readonly DemoAccount[]): DemoQuota[] {
  const charged = new Set(accounts.filter((a) => a.userRole === USER_ROLE.USER).map((a) => a.id));
  // Per user and interface called (every call made the row, as a first call does), the units its calls used.
  const used = new Map<string, { userId: string; interfaceInfoId: string; units: number }>();
  for (const call of history) {
    if (!charged.has(call.userId)) continue;
    const key = `${call.userId}:${call.interfaceInfoId}`;
    const entry = used.get(key) ?? { userId: call.userId, interfaceInfoId: call.interfaceInfoId, units: 0 };
    if (loggedCallIsCharged(call)) entry.units += 1;
    used.set(key, entry);
  }
  return [...used.values()].map(({ userId, interfaceInfoId, units }) => {
    const size = QUOTA_SIZES.find((s) => units <= s * (1 - LEFT_SHARE));
    const totalNum = size ?? Math.ceil(units / (1 - LEFT_SHARE) / 100_000) * 100_000;
    return { userId, interfaceInfoId, leftNum: totalNum - units, totalNum };
  });
}

/**
 * The demo's plans over their interfaces, and the demo user's subscription
 * to DEMO_USER_PLAN: its period is the month that holds `now`, and what it
 * used is what the user's calls on those interfaces cost since the month began,
 * as the gateway would have charged them. Nothing when the catalogue is too
 * small to hold the plans' interfaces.
 */
async function seedPlans(
  tx: Queryable,
  history: readonly CallRecord[],
  interfaceCount: number,
  now: number,
): Promise<void> {
  if (DEMO_PLAN_INTERFACES.some((id) => interfaceSeqOf(id) > interfaceCount)) return;
  const time = new Date(now);
  const created = await tx
    .insert(plans)
    .values(DEMO_PLANS.map((plan) => ({ ...plan, visibility: 'public' as const, createTime: time, updateTime: time })))
    .returning({ id: plans.id, name: plans.name, isDefault: plans.isDefault, period: plans.period });
  await tx.insert(planInterfaces).values(
    created.flatMap((plan) =>
      DEMO_PLAN_INTERFACES.map((interfaceInfoId) => ({ planId: plan.id, interfaceInfoId, isDefault: plan.isDefault })),
    ),
  );
  const held = created.find((plan) => plan.name === DEMO_USER_PLAN)!;
  const period = periodAt(held.period, now);
  const covered = new Set(DEMO_PLAN_INTERFACES);
  const used = history.filter(
    (call) =>
      call.userId === USER_ID &&
      covered.has(call.interfaceInfoId) &&
      call.time >= period.start &&
      loggedCallIsCharged(call),
  ).length;
  const [subscription] = await tx
    .insert(subscriptions)
    .values({
      userId: USER_ID,
      planId: held.id,
      status: 'active',
      periodStart: new Date(period.start),
      periodEnd: new Date(period.end),
      used,
      createTime: new Date(DEMO_ACCOUNT_TIME),
      updateTime: time,
    })
    .returning({ id: subscriptions.id });
  await tx
    .insert(subscriptionCovers)
    .values(DEMO_PLAN_INTERFACES.map((interfaceInfoId) => ({ userId: USER_ID, interfaceInfoId, subscriptionId: subscription.id })));
}

/** How many interfaces the demo data seeded (0 when there was none). */
export async function seededInterfaceCount(db: Queryable): Promise<number> {
  const [row] = await db.select({ value: meta.value }).from(meta).where(eq(meta.key, SEEDED_COUNT));
  return row ? Number(row.value) : 0;
}

const UPSTREAM_KEYS_SEEDED = 'demo_upstream_keys_seeded';

/**
 * The key each key-guarded demo server requires, stored as its interface's upstream credential, once per
 * database. It is sealed under SECRET_KEY, which the demo data is made without, so the app writes it when it
 * starts; one an admin removed later stays removed. Answers how many interfaces got one.
 */
export async function seedDemoUpstreamKeys(db: Db, box: SecretBox, seededCount: number, now: number): Promise<number> {
  if (seededCount === 0) return 0;
  // Every start after the first finds the mark and writes nothing; two first starts at once still claim it once.
  const [done] = await db.select({ key: meta.key }).from(meta).where(eq(meta.key, UPSTREAM_KEYS_SEEDED));
  if (done) return 0;
  const claimed = await db
    .insert(meta)
    .values({ key: UPSTREAM_KEYS_SEEDED, value: new Date(now).toISOString() })
    .onConflictDoNothing()
    .returning({ key: meta.key });
  if (claimed.length === 0) return 0;
  let keyed = 0;
  for (const record of seedInterfaces(Math.min(seededCount, HAND_WRITTEN_COUNT), ADMIN_ID)) {
    if (demoGuardOf(record.id, seededCount) !== 'upstreamKey') continue;
    const value = randomBytes(24).toString('base64url');
    try {
      await setCredentials(db, box, { id: record.id, headers: [{ name: DEMO_UPSTREAM_KEY_HEADER, value }], query: [] }, now);
    } catch (error) {
      // An admin deleted the interface: it has no server to key.
      if (error instanceof ApiError) continue;
      throw error;
    }
    await announce(db, { kind: 'interface', interfaceId: record.id });
    keyed += 1;
  }
  return keyed;
}

/** A PostgreSQL array literal of numbers or id texts (made by the seed, never from input). */
const list = (values: readonly (string | number)[]) => `{${values.join(',')}}`;

async function insertCalls(db: Queryable, batch: CallRecord[]) {
  await db.execute(sql`
    INSERT INTO interface_call (interface_info_id, user_id, time, success, latency, status, bytes)
    SELECT c.interface_info_id, c.user_id, timestamptz 'epoch' + c.ms * interval '1 millisecond', c.success,
      c.latency, c.status, c.bytes
    FROM unnest(
      ${list(batch.map((c) => c.interfaceInfoId))}::bigint[],
      ${list(batch.map((c) => c.userId))}::bigint[],
      ${list(batch.map((c) => c.time))}::float8[],
      ${list(batch.map((c) => (c.success ? 't' : 'f')))}::boolean[],
      ${list(batch.map((c) => c.latency))}::int[],
      ${list(batch.map((c) => c.status ?? 'NULL'))}::smallint[],
      ${list(batch.map((c) => c.bytes))}::int[]
    ) AS c(interface_info_id, user_id, ms, success, latency, status, bytes)`);
}

/**
 * Writes the demo accounts, `interfaceCount` interfaces and their call
 * history up to `now`, unless the database was seeded before or already holds
 * accounts. Answers whether it wrote anything. Call from Database.exclusive.
 */
export async function seedDemoData(
  db: Db,
  options: { now: number; interfaceCount?: number; report?: Report },
): Promise<boolean> {
  const report = options.report ?? (() => undefined);
  const [seeded] = await db.select().from(meta).where(eq(meta.key, SEEDED_AT));
  if (seeded) return false;
  const [{ accounts }] = await db.select({ accounts: count() }).from(users);
  if (accounts > 0) return false;

  const interfaceCount = options.interfaceCount ?? DEMO_INTERFACE_COUNT;
  const records = seedInterfaces(interfaceCount, ADMIN_ID);
  const history = seedCalls(records, [...DEMO_ACCOUNTS], options.now);
  report(
    `正在写入演示数据：${DEMO_ACCOUNTS.length} 个账号、${records.length} 个接口、${history.length} 条调用记录……`,
  );
  const started = Date.now();
  const accountTime = new Date(DEMO_ACCOUNT_TIME);
  const accountRows = await Promise.all(
    DEMO_ACCOUNTS.map(async (account) => ({
      id: account.id,
      userAccount: account.userAccount,
      userPassword: await hashPassword(account.userPassword),
      userName: account.userName,
      userRole: account.userRole,
      createTime: accountTime,
      updateTime: accountTime,
    })),
  );
  const sorted = sortByName(records.map((r) => ({ id: r.id, name: r.name })));
  const ranks = ranksOf(sorted);
  const rankOf = new Map(sorted.map((r, i) => [r.id, ranks[i]]));

  await db.transaction(async (tx) => {
    await tx.insert(users).values(accountRows);
    for (let i = 0; i < records.length; i += 1000) {
      await tx.insert(interfaces).values(
        records.slice(i, i + 1000).map((r) => ({
          ...r,
          nameLower: r.name.toLowerCase(),
          descriptionLower: r.description.toLowerCase(),
          urlLower: r.url.toLowerCase(),
          nameRank: rankOf.get(r.id)!,
          createTime: new Date(parseTime(r.createTime)!),
          updateTime: new Date(parseTime(r.updateTime)!),
        })),
      );
    }
    let written = 0;
    let reported = 0;
    for (let i = 0; i < history.length; i += CALL_BATCH) {
      const batch = history.slice(i, i + CALL_BATCH);
      await insertCalls(tx, batch);
      written += batch.length;
      if (written - reported >= history.length / 4 && written < history.length) {
        reported = written;
        report(`  调用记录 ${Math.round((written / history.length) * 100)}%`);
      }
    }
    const granted = demoQuotas(history, DEMO_ACCOUNTS);
    for (let i = 0; i < granted.length; i += 1000) await tx.insert(quotas).values(granted.slice(i, i + 1000));
    await seedPlans(tx, history, records.length, options.now);
    // The history goes around the log's writer: the analysis's roll-up is made from it here, up to this hour.
    await rebuildRollup(tx, hourOf(options.now));
    // New ids continue right after the seeded ones, as in the mocks.
    await tx.execute(sql`SELECT setval('app_user_id_seq', (SELECT max(id) FROM app_user))`);
    await tx.execute(sql`SELECT setval('interface_info_id_seq', (SELECT max(id) FROM interface_info))`);
    await tx.insert(meta).values([
      { key: SEEDED_AT, value: new Date(options.now).toISOString() },
      { key: SEEDED_COUNT, value: String(records.length) },
      { key: RANK_VERSION_KEY, value: RANK_VERSION },
    ]);
  });
  await db.execute(sql`ANALYZE`);
  report(`  演示数据已写入（${((Date.now() - started) / 1000).toFixed(1)} s）`);
  return true;
}

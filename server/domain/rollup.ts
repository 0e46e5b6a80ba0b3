import { eq, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Queryable } from '../db/connect';
import { rowsOf } from '../db/rows';
import { meta } from '../db/schema';

/**
 * The roll-up of the call log (tables call_rollup and call_rollup_all, SQL
 * functions call_rollup_* in server/db/functions/): every call before the hour kept in app_meta
 * `call_rollup_until` is counted in its UTC hour and in the blocks of 1, 2, 4,
 * … 256 UTC days that hold it; the calls from that hour on are read from the
 * log. A range of time is then its whole hours at both ends, a few blocks in
 * between (a range up to now ends with one block that is still filling), and
 * the parts of hours at its ends (time zones off whole hours) plus the calls
 * not yet rolled up, from the log: a 90-day range is four or five rows per
 * interface instead of every call.
 *
 * The log's writers move that hour on (`catchUp`, at most once an hour: the
 * blocks, with their latency distributions, are rewritten once an hour, not
 * for every batch of calls), and add a call older than it to the roll-up in
 * the statement that logs it (server/invoke/callLog.ts). An advisory lock
 * keeps both exact with many writers: catching up holds it alone, logging
 * shares it. Readers take no
 * lock; they read `call_rollup_until` before and after (`consistently`).
 */

export const HOUR_MS = 60 * 60 * 1000;
const DAY_HOURS = 24;
/** Block lengths in days, longest first: the blocks of a range are the longest that fit. */
const BLOCK_DAYS = [256, 128, 64, 32, 16, 8, 4, 2, 1];
/** The hours of the call_rollup_fill_level steps, in order. */
const LEVELS = [...BLOCK_DAYS].reverse().map((days) => days * DAY_HOURS);

export const UNTIL_KEY = 'call_rollup_until';
/** Any lock key of our own (server/db/connect.ts has the start-up's). */
export const ROLLUP_LOCK = 7_529_002;

export const hourOf = (ms: number) => Math.floor(ms / HOUR_MS);
const iso = (ms: number) => new Date(ms).toISOString();

/** The first hour not in the roll-up: calls from then on are read from the log. */
export async function rolledUpUntil(db: Queryable): Promise<number> {
  const [row] = await db.select({ value: meta.value }).from(meta).where(eq(meta.key, UNTIL_KEY));
  // Without a mark nothing is rolled up: everything is read from the log, which is right, if slow.
  return row ? Number(row.value) : 0;
}

async function setRolledUpUntil(db: Queryable, hour: number) {
  await db
    .insert(meta)
    .values({ key: UNTIL_KEY, value: String(hour) })
    .onConflictDoUpdate({ target: meta.key, set: { value: String(hour) } });
}

/** A PostgreSQL array literal (values made here or by the database, never text from a request). */
const arrayOf = (values: readonly (string | number | boolean)[]) =>
  `{${values.map((v) => (typeof v === 'boolean' ? (v ? 't' : 'f') : v)).join(',')}}`;

/**
 * Runs `work` in a transaction holding the roll-up's lock alone; the log's
 * writers share it (`call_log_write`, server/db/functions/).
 */
async function withRollupLock<T>(db: Queryable, work: (tx: Queryable) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${ROLLUP_LOCK})`);
    return work(tx);
  });
}

/** Rolls the logged calls up to `hour` (exclusive), unless they are already: what the log's writers call when an hour has passed. */
export async function catchUp(db: Queryable, hour: number): Promise<void> {
  await withRollupLock(db, async (tx) => {
    const until = await rolledUpUntil(tx);
    if (hour <= until) return;
    await tx.execute(sql`
      SELECT call_rollup_add(array_agg(interface_info_id), array_agg(time), array_agg(success), array_agg(latency))
      FROM interface_call
      WHERE time >= ${iso(until * HOUR_MS)}::timestamptz AND time < ${iso(hour * HOUR_MS)}::timestamptz`);
    await setRolledUpUntil(tx, hour);
  });
}

/** Hours of the log filled in one statement when the roll-up is made anew: well within a client's time-out. */
const FILL_HOURS = 8 * DAY_HOURS;

/**
 * Makes the roll-up anew from the whole log, up to `hour` (exclusive), as
 * migration 0002 first filled it: after calls were written around the
 * log's writers (the demo data, the benchmark's growth).
 */
export async function rebuildRollup(db: Queryable, hour: number): Promise<void> {
  await withRollupLock(db, async (tx) => {
    await tx.execute(sql`TRUNCATE call_rollup, call_rollup_all`);
    // Made after the rows, as the migration does: far quicker than kept up row by row.
    await tx.execute(sql`DROP INDEX call_rollup_interface_idx`);
    const [{ first }] = rowsOf<{ first: number | null }>(
      await tx.execute(
        sql`SELECT floor(extract(epoch FROM min(time)) / 3600)::float8 AS first FROM interface_call`,
      ),
    );
    for (let from = first ?? hour; from < hour; from += FILL_HOURS) {
      await tx.execute(sql`SELECT call_rollup_fill_hours(
        ${iso(from * HOUR_MS)}::timestamptz, ${iso(Math.min(hour, from + FILL_HOURS) * HOUR_MS)}::timestamptz)`);
    }
    for (const span of LEVELS) await tx.execute(sql`SELECT call_rollup_fill_level(${span})`);
    await tx.execute(
      sql`CREATE INDEX call_rollup_interface_idx ON call_rollup (interface_info_id, span, start)`,
    );
    await setRolledUpUntil(tx, hour);
  });
}

// ---------------------------------------------------------------- reading

/** A time window of the log: `from` inclusive, `to` exclusive, in ms. */
export type Window = { from: number; to: number };

/**
 * How a span of time `[startMs, endMs)` is read: the roll-up's rows of these
 * blocks (`spans[i]` hours from hour `starts[i]`), which hold its calls
 * before hour `until` (a block may reach past the span's end when nothing
 * after `until` is rolled up), and the log in `windows` for the rest.
 */
export type Plan = {
  spans: number[];
  starts: number[];
  windows: Window[];
  until: number;
  /** The whole hours of the span: `[firstHour, lastHour)`. */
  firstHour: number;
  lastHour: number;
};

/** The longest block that starts on `day` and ends by `toDay`. */
const blockAt = (day: number, toDay: number) => BLOCK_DAYS.find((n) => day % n === 0 && day + n <= toDay)!;

function daysOf(plan: Plan, fromDay: number, toDay: number) {
  for (let day = fromDay; day < toDay; day += blockAt(day, toDay)) {
    plan.spans.push(blockAt(day, toDay) * DAY_HOURS);
    plan.starts.push(day * DAY_HOURS);
  }
}

function hoursOf(plan: Plan, fromHour: number, toHour: number) {
  for (let hour = fromHour; hour < toHour; hour += 1) {
    plan.spans.push(1);
    plan.starts.push(hour);
  }
}

/** Whole hours `[fromHour, toHour)`: the hours before the first whole day and after the last, the longest blocks between. */
function wholeHoursOf(plan: Plan, fromHour: number, toHour: number) {
  const firstDay = Math.ceil(fromHour / DAY_HOURS);
  const lastDay = Math.floor(toHour / DAY_HOURS);
  if (firstDay < lastDay) {
    hoursOf(plan, fromHour, firstDay * DAY_HOURS);
    daysOf(plan, firstDay, lastDay);
    hoursOf(plan, lastDay * DAY_HOURS, toHour);
  } else {
    hoursOf(plan, fromHour, toHour);
  }
}

/** Block lengths in hours, longest first. */
const SPANS = [...LEVELS].reverse().concat(1);

/** The plan of `[startMs, endMs)`; `startMs` may be -Infinity (all history). */
export function planOf(startMs: number, endMs: number, until: number): Plan {
  const first = Number.isFinite(startMs) ? Math.ceil(startMs / HOUR_MS) : 0;
  const last = Math.floor(endMs / HOUR_MS);
  const plan: Plan = {
    spans: [],
    starts: [],
    windows: [],
    until,
    firstHour: first,
    lastHour: Math.max(first, last),
  };
  if (first >= last) {
    plan.windows.push({ from: startMs, to: endMs });
    return plan;
  }
  if (until > first && until <= last) {
    // The roll-up ends inside the span: a block still open at `until` holds the span's calls from its start on,
    // so the longest one that starts inside the span takes the recent part in one row per interface.
    const span = SPANS.find((n) => Math.floor((until - 1) / n) * n >= first)!;
    const start = Math.floor((until - 1) / span) * span;
    wholeHoursOf(plan, first, start);
    plan.spans.push(span);
    plan.starts.push(start);
  } else if (until > first) {
    wholeHoursOf(plan, first, last);
  }
  if (Number.isFinite(startMs) && startMs < first * HOUR_MS) {
    plan.windows.push({ from: startMs, to: first * HOUR_MS });
  }
  // The blocks hold their calls before `until`; the log has the rest.
  const rolledTo = Math.max(first, Math.min(until, last)) * HOUR_MS;
  if (rolledTo < endMs) plan.windows.push({ from: rolledTo, to: endMs });
  return plan;
}

/** The plan's blocks as a table `b(span, start)`. */
export function blocksOf(plan: Plan): SQL {
  return sql`unnest(${arrayOf(plan.spans)}::integer[], ${arrayOf(plan.starts)}::integer[]) AS b(span, start)`;
}

/**
 * Whether the log's `time` falls in one of the windows. Written out, not
 * joined from an array, so the planner sees the times and expects the few
 * calls they hold.
 */
export function inWindows(windows: readonly Window[], time: SQL): SQL {
  if (windows.length === 0) return sql`false`;
  return sql`(${sql.join(
    windows.map((w) => sql`(${time} >= ${iso(w.from)}::timestamptz AND ${time} < ${iso(w.to)}::timestamptz)`),
    sql` OR `,
  )})`;
}

/**
 * Runs `read` with the hour the roll-up reaches, again if the writers moved
 * it on meanwhile: each of its queries then saw the roll-up that hour says,
 * so no call is counted twice or missed.
 */
export async function consistently<T>(db: Queryable, read: (until: number) => Promise<T>): Promise<T> {
  let until = await rolledUpUntil(db);
  for (;;) {
    const answer = await read(until);
    const now = await rolledUpUntil(db);
    if (now === until) return answer;
    until = now;
  }
}

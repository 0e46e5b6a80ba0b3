import { INTERFACE_STATUS } from '../constants';
import { DAY_MS, dayNumberOf, parseTime, startOfDay } from '../dates';
import type { CallRecord, InterfaceInfo } from '../types';
import { hashText, seededRandom } from '../random';

/**
 * The seeded call history: what the interfaces went through in the days
 * before the server started, so the analysis has something real to show.
 *
 * Realistic: popularity follows a long tail (the ranked interfaces get
 * PEAK_DAILY_CALLS / rank^1.1 calls a day, so the volume grows far slower
 * than the catalogue), traffic follows office hours, is lower at weekends and
 * drifts with the season; latencies are log-normal; a few interfaces are
 * slow, a few fail often, a few have short outages; nothing is called before
 * it was created or after it went offline.
 *
 * Deterministic: every (interface, calendar day) pair draws from its own
 * random stream, seeded by the interface's id and the day's number, so a past
 * day looks the same whenever the server starts.
 */

export const HISTORY_DAYS = 90;
export const PEAK_DAILY_CALLS = 420;
const POPULARITY_EXPONENT = 1.1;

/** Traffic per weekday (Sunday first) relative to a working day. */
const WEEKDAY_FACTOR = [0.5, 1, 1.04, 1.06, 1.03, 0.94, 0.56];
/** Relative traffic per local hour: quiet nights, peaks late morning and mid afternoon. */
const HOUR_WEIGHTS = [
  0.6, 0.4, 0.3, 0.25, 0.25, 0.35, 0.8, 1.8, 3.6, 5.6, 6.6, 6.4, 4.6, 4.8, 6.2, 6.6, 6.3, 5.6, 4.3, 3.4, 3.1,
  2.7, 1.9, 1.1,
];
const HOUR_CDF = (() => {
  const total = HOUR_WEIGHTS.reduce((a, b) => a + b, 0);
  let sum = 0;
  return HOUR_WEIGHTS.map((w) => (sum += w / total));
})();

const HOUR_MS = 60 * 60 * 1000;
const MAX_LATENCY = 30_000;

/** Every n-th interface of the popularity order has the trait; spread so a small catalogue has each. */
const SLOW_EVERY = { every: 12, at: 5 };
const FAILING_EVERY = { every: 10, at: 3 };
const OUTAGE_EVERY = { every: 9, at: 7 };
/** An outage-prone interface fails for OUTAGE_DAYS days every OUTAGE_CYCLE days. */
const OUTAGE_DAYS = 2;
const OUTAGE_CYCLE = 41;
/** Traffic swings ±SEASON_SWING over a year. */
const SEASON_SWING = 0.15;


function normal(random: () => number): number {
  const u = 1 - random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

/** A Poisson count: exact for small means, the normal approximation beyond. */
function poisson(mean: number, random: () => number): number {
  if (mean <= 0) return 0;
  if (mean > 30) return Math.max(0, Math.round(mean + Math.sqrt(mean) * normal(random)));
  const limit = Math.exp(-mean);
  let k = 0;
  let p = random();
  while (p > limit) {
    k += 1;
    p *= random();
  }
  return k;
}

type Profile = {
  id: string;
  seed: number;
  /** mean calls on a working day at the end of the period */
  daily: number;
  latencyMedian: number;
  latencySpread: number;
  errorRate: number;
  /** shifts this interface's outages within the cycle; none when undefined */
  outagePhase?: number;
  activeFrom: number;
  activeUntil: number;
};

function has(trait: { every: number; at: number }, index: number) {
  return index % trait.every === trait.at;
}

function profileOf(record: InterfaceInfo, index: number, historyStart: number, now: number): Profile {
  const seed = hashText(record.id);
  const random = seededRandom(seed);
  const slow = has(SLOW_EVERY, index);
  const failing = has(FAILING_EVERY, index);
  const created = parseTime(record.createTime) ?? historyStart;
  let activeUntil = Infinity;
  if (record.status === INTERFACE_STATUS.OFFLINE) {
    // Half the offline interfaces were never published; the others went offline some days ago.
    activeUntil =
      seed % 2 === 0 ? -Infinity : startOfDay(now, -(3 + (seed % 40))) + Math.floor(random() * DAY_MS);
  }
  return {
    id: record.id,
    seed,
    daily: (PEAK_DAILY_CALLS / (index + 1) ** POPULARITY_EXPONENT) * (0.85 + 0.3 * random()),
    latencyMedian: slow ? 700 + 900 * random() : 25 * 10 ** random(),
    latencySpread: slow ? 0.55 : 0.35 + 0.15 * random(),
    errorRate: failing ? 0.12 + 0.23 * random() : 0.002 + 0.023 * random(),
    outagePhase: has(OUTAGE_EVERY, index) ? seed % OUTAGE_CYCLE : undefined,
    activeFrom: Math.max(created, historyStart),
    activeUntil,
  };
}

/** Who may appear as a caller in the history. */
export type Caller = { id: string; userRole: string };

/** Picks a caller: ordinary users call far more than admins; banned users do not call. */
function callerPicker(users: Caller[]): (random: () => number) => string {
  const callers = users.filter((u) => u.userRole !== 'ban');
  const weights = callers.map((u) => (u.userRole === 'admin' ? 1 : 5));
  const total = weights.reduce((a, b) => a + b, 0);
  return (random) => {
    let r = random() * total;
    for (let i = 0; i < callers.length; i += 1) {
      r -= weights[i];
      if (r < 0) return callers[i].id;
    }
    return callers[callers.length - 1]?.id ?? '';
  };
}

function hourOf(random: () => number): number {
  const r = random();
  let hour = 0;
  while (hour < 23 && HOUR_CDF[hour] < r) hour += 1;
  return hour;
}

/**
 * The deterministic call history of `interfaces` over the HISTORY_DAYS days
 * up to `now` (today only until `now`), oldest first.
 */
/**
 * The status and size of a seeded call's answer, from what the call already drew (no draw of its
 * own, so the history is the same as without them): a JSON answer of 80 to 2,000 bytes, a short
 * error body, or nothing for a time-out.
 */
function answerOf(success: boolean, quickFailure: boolean, time: number): Pick<CallRecord, 'status' | 'bytes'> {
  if (success) return { status: 200, bytes: 80 + Math.floor(time % 1921) };
  return quickFailure ? { status: 500, bytes: 64 } : { status: null, bytes: 0 };
}

export function seedCalls(interfaces: InterfaceInfo[], users: Caller[], now: number): CallRecord[] {
  const historyStart = startOfDay(now, 1 - HISTORY_DAYS);
  // Popularity follows a hash order of the ids: stable, and unrelated to the catalogue's own order.
  const ordered = [...interfaces].sort((a, b) => hashText(a.id) - hashText(b.id) || (a.id < b.id ? -1 : 1));
  const profiles = ordered.map((record, index) => profileOf(record, index, historyStart, now));
  const pickCaller = callerPicker(users);
  const calls: CallRecord[] = [];

  for (let offset = HISTORY_DAYS - 1; offset >= 0; offset -= 1) {
    const dayStart = startOfDay(now, -offset);
    const dayEnd = startOfDay(now, 1 - offset);
    const dayNumber = dayNumberOf(dayStart);
    const weekday = WEEKDAY_FACTOR[new Date(dayStart).getDay()];
    const season = 1 + SEASON_SWING * Math.sin((2 * Math.PI * dayNumber) / 365.25);
    const day: CallRecord[] = [];

    for (const profile of profiles) {
      if (dayEnd <= profile.activeFrom || dayStart >= profile.activeUntil) continue;
      const random = seededRandom(profile.seed ^ Math.imul(dayNumber, 0x9e3779b1));
      const outage =
        profile.outagePhase !== undefined && (dayNumber + profile.outagePhase) % OUTAGE_CYCLE < OUTAGE_DAYS;
      const errorRate = outage ? 0.55 : profile.errorRate;
      const count = poisson(profile.daily * weekday * season * (0.85 + 0.3 * random()), random);
      for (let k = 0; k < count; k += 1) {
        const time = dayStart + hourOf(random) * HOUR_MS + Math.floor(random() * HOUR_MS);
        const success = random() >= errorRate;
        let latency = profile.latencyMedian * Math.exp(profile.latencySpread * normal(random));
        // Failures are either quick errors (a 500) or slow timeouts (no answer); an outage slows
        // everything down.
        const quickFailure = !success && random() < 0.7;
        if (!success) latency *= quickFailure ? 0.3 : 4;
        if (outage) latency *= 3;
        const userId = pickCaller(random);
        if (time < profile.activeFrom || time >= profile.activeUntil || time > now || time >= dayEnd)
          continue;
        const rounded = Math.min(MAX_LATENCY, Math.max(1, Math.round(latency)));
        day.push({
          interfaceInfoId: profile.id,
          userId,
          time,
          success,
          latency: rounded,
          ...answerOf(success, quickFailure, time),
        });
      }
    }
    day.sort((a, b) => a.time - b.time);
    for (const call of day) calls.push(call);
  }
  return calls;
}

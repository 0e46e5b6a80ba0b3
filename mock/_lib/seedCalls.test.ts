import { aggregateCalls, percentile } from './analysis';
import { lastDays } from '@agler/contract/queries';
import { fakeInterface, fakeInterfaces } from './analysisFixtures';
import { formatDate, formatTime, parseTime, startOfDay } from '@agler/contract/dates';
import { HISTORY_DAYS, seedCalls } from '@agler/contract/demo/seedCalls';
import type { CallRecord, UserRecord } from './store';
import { seedUsers } from './store';

const NOW = parseTime('2026-11-22 14:30:00')!;
const users = seedUsers();
const interfaces = fakeInterfaces(40);
const calls = seedCalls(interfaces, users, NOW);

const digest = (list: CallRecord[]) =>
  list.map((c) => `${c.interfaceInfoId}|${c.time}|${c.success}|${c.latency}|${c.userId}`);

describe('seedCalls', () => {
  it('is deterministic', () => {
    expect(digest(seedCalls(interfaces, users, NOW))).toEqual(digest(calls));
  });

  it('covers the 90 days up to now, oldest first, with a realistic volume', () => {
    const first = startOfDay(NOW, 1 - HISTORY_DAYS);
    expect(calls.length).toBeGreaterThan(50_000);
    expect(calls.length).toBeLessThan(300_000);
    expect(calls[0].time).toBeGreaterThanOrEqual(first);
    expect(calls[0].time).toBeLessThan(startOfDay(first, 1));
    expect(calls[calls.length - 1].time).toBeLessThanOrEqual(NOW);
    expect(calls.every((c, i) => i === 0 || calls[i - 1].time <= c.time)).toBe(true);
    expect(calls.every((c) => Number.isInteger(c.latency) && c.latency >= 1)).toBe(true);
  });

  it('gives a past day the same calls whatever day the server starts', () => {
    // Only the online ones: an offline interface's last day depends on today.
    const online = interfaces.filter((i) => i.status === 1);
    const later = seedCalls(online, users, NOW + 3 * 24 * 3600 * 1000);
    const earlier = seedCalls(online, users, NOW);
    const day = startOfDay(NOW, -10);
    const ofDay = (list: CallRecord[]) => list.filter((c) => c.time >= day && c.time < startOfDay(day, 1));
    expect(ofDay(later).length).toBeGreaterThan(0);
    expect(digest(ofDay(later))).toEqual(digest(ofDay(earlier)));
  });

  it('is quieter at weekends and at night', () => {
    const byWeekday = new Array(7).fill(0);
    const byHour = new Array(24).fill(0);
    for (const c of calls) {
      const d = new Date(c.time);
      byWeekday[d.getDay()] += 1;
      byHour[d.getHours()] += 1;
    }
    const weekend = (byWeekday[0] + byWeekday[6]) / 2;
    const working = (byWeekday[2] + byWeekday[3] + byWeekday[4]) / 3;
    expect(working).toBeGreaterThan(1.5 * weekend);
    expect(byHour[10]).toBeGreaterThan(5 * byHour[3]);
  });

  it('has a long tail, a few failing and a few slow interfaces', () => {
    const { interfaces: rows } = aggregateCalls(calls, interfaces, lastDays(HISTORY_DAYS, NOW));
    expect(rows[0].calls).toBeGreaterThan(10 * rows[rows.length - 1].calls);
    const failing = rows.filter((r) => r.successRate < 0.9);
    const slow = rows.filter((r) => r.p95Latency > 1000);
    expect(failing.length).toBeGreaterThanOrEqual(2);
    expect(failing.length).toBeLessThanOrEqual(8);
    expect(slow.length).toBeGreaterThanOrEqual(2);
    expect(slow.length).toBeLessThanOrEqual(8);
    const healthy = rows.filter((r) => r.successRate >= 0.95 && r.p95Latency < 1000);
    expect(healthy.length).toBeGreaterThan(rows.length / 2);
    expect(
      percentile(
        calls.map((c) => c.latency),
        0.5,
      ),
    ).toBeLessThan(300);
  });

  it('has a day on which some interface failed far more than usual', () => {
    const perDay = new Map<string, { calls: number; errors: number }>();
    for (const c of calls) {
      const key = `${c.interfaceInfoId}|${formatDate(c.time)}`;
      const entry = perDay.get(key) ?? { calls: 0, errors: 0 };
      entry.calls += 1;
      if (!c.success) entry.errors += 1;
      perDay.set(key, entry);
    }
    const outages = [...perDay.values()].filter((d) => d.calls >= 20 && d.errors / d.calls > 0.4);
    expect(outages.length).toBeGreaterThan(0);
  });

  it('calls nothing before it was created, while never published or after it went offline', () => {
    const created = formatTime(startOfDay(NOW, -10) + 9 * 3600 * 1000);
    const fresh = fakeInterface(100, { createTime: created });
    const offline = Array.from({ length: 12 }, (_, i) => fakeInterface(200 + i, { status: 0 }));
    const list = seedCalls([fresh, ...offline], users, NOW);
    const ofFresh = list.filter((c) => c.interfaceInfoId === fresh.id);
    expect(ofFresh.length).toBeGreaterThan(0);
    expect(Math.min(...ofFresh.map((c) => c.time))).toBeGreaterThanOrEqual(
      startOfDay(NOW, -10) + 9 * 3600 * 1000,
    );
    const called = offline.filter((o) => list.some((c) => c.interfaceInfoId === o.id));
    // Some offline interfaces were never published, the others stopped at least three days ago.
    expect(called.length).toBeGreaterThan(0);
    expect(called.length).toBeLessThan(offline.length);
    const lastOffline = Math.max(...list.filter((c) => c.interfaceInfoId !== fresh.id).map((c) => c.time));
    expect(lastOffline).toBeLessThan(startOfDay(NOW, -2));
  });

  it('is called by ordinary users more than by admins, never by banned ones', () => {
    const banned: UserRecord = {
      ...users[1],
      id: '1790000000000000009',
      userAccount: 'banned',
      userRole: 'ban',
    };
    const list = seedCalls(interfaces.slice(0, 10), [...users, banned], NOW);
    const byUser = (id: string) => list.filter((c) => c.userId === id).length;
    const [admin, user] = users;
    expect(byUser(user.id)).toBeGreaterThan(2 * byUser(admin.id));
    expect(byUser(admin.id)).toBeGreaterThan(0);
    expect(byUser(banned.id)).toBe(0);
  });

  it('has no history without interfaces', () => {
    expect(seedCalls([], users, NOW)).toEqual([]);
  });
});

/**
 * @jest-environment node
 */
import { sql } from 'drizzle-orm';
import { latencyBucket, unpackOverview } from '@agler/contract/analysis';
import { ResponseCode } from '@agler/contract/constants';
import { formatDate, formatTime, startOfDay } from '@agler/contract/dates';
import { compareIds } from '@agler/contract/ids';
import { MESSAGES } from '@agler/contract/messages';
import type { AnalysisOverview, AnalysisOverviewAnswer, Envelope, TopInterface } from '@agler/contract/types';
import { rowsOf } from '../db/rows';
import { ADMIN, call, loginAs, setUpTestApp, USER } from '../test/app';
import { refusal } from '../test/refusal';

/**
 * The SQL aggregation against a plain computation over the same call
 * records: the mocks' rules, written the simplest way (sorts, no selection),
 * p95 in the contract's latency buckets.
 */

const t = setUpTestApp({ login: { admin: ADMIN } });

type Call = { iid: string; ms: number; success: boolean; latency: number };

async function allCalls(): Promise<Call[]> {
  return rowsOf<Call>(
    await t.database.db.execute(sql`
      SELECT c.interface_info_id::text AS iid, (extract(epoch FROM c.time) * 1000)::float8 AS ms, c.success, c.latency
      FROM interface_call c JOIN interface_info i ON i.id = c.interface_info_id`),
  );
}

function p95(latencies: number[]): number {
  if (latencies.length === 0) return 0;
  const sorted = [...latencies].sort((a, b) => a - b);
  return latencyBucket(sorted[Math.min(sorted.length, Math.max(1, Math.ceil(0.95 * sorted.length))) - 1]);
}

function totals(calls: Call[]) {
  const errors = calls.filter((c) => !c.success).length;
  const sum = calls.reduce((s, c) => s + c.latency, 0);
  return {
    totalCalls: calls.length,
    successCalls: calls.length - errors,
    errorCalls: errors,
    successRate: calls.length ? (calls.length - errors) / calls.length : 0,
    avgLatency: calls.length ? Math.round(sum / calls.length) : 0,
    p95Latency: p95(calls.map((c) => c.latency)),
    interfacesCalled: new Set(calls.map((c) => c.iid)).size,
  };
}

test('the demo history answers as real calls do: 200 with a body, or a 500, or no answer (a time-out)', async () => {
  const [row] = rowsOf<Record<string, number>>(
    await t.database.db.execute(sql`
      SELECT count(*) FILTER (WHERE success)::int AS successes,
             count(*) FILTER (WHERE success AND status = 200 AND bytes > 0)::int AS answered,
             count(*) FILTER (WHERE NOT success)::int AS failures,
             count(*) FILTER (WHERE NOT success AND status = 500)::int AS errors,
             count(*) FILTER (WHERE NOT success AND status IS NULL AND bytes = 0)::int AS timeouts
      FROM interface_call`),
  );
  expect(row.successes).toBeGreaterThan(0);
  expect(row.answered).toBe(row.successes);
  expect(row.errors).toBeGreaterThan(0);
  expect(row.timeouts).toBeGreaterThan(0);
  expect(row.errors + row.timeouts).toBe(row.failures);
});

/** The overview's answer, its interfaces read back from the table they are sent as. */
async function overview(startDate: string, endDate: string): Promise<Envelope<AnalysisOverview>> {
  const answer = await call<AnalysisOverviewAnswer>(t.app, {
    url: `/api/analysis/overview?startDate=${startDate}&endDate=${endDate}`,
    cookie: t.cookie.admin,
  });
  return { ...answer, data: unpackOverview(answer.data) };
}

describe('overview', () => {
  test.each([7, 30, 90])('the last %i days equal the plain computation', async (days) => {
    const calls = await allCalls();
    const end = startOfDay(t.clock.now);
    const start = startOfDay(end, 1 - days);
    const previousStart = startOfDay(start, -days);
    const endMs = startOfDay(end, 1);
    const inRange = calls.filter((c) => c.ms >= start && c.ms < endMs);
    const before = calls.filter((c) => c.ms >= previousStart && c.ms < start);

    const answer = await overview(formatDate(start), formatDate(end));

    const { interfaces, daily, previous, callRetentionDays, ...current } = answer.data;
    expect(callRetentionDays).toBe(90);
    expect(current).toEqual({ startDate: formatDate(start), endDate: formatDate(end), ...totals(inRange) });
    expect(previous).toEqual({
      startDate: formatDate(previousStart),
      endDate: formatDate(startOfDay(start, -1)),
      ...totals(before),
    });
    expect(daily).toHaveLength(days);
    const bounds = Array.from({ length: days + 1 }, (_, i) => startOfDay(start, i));
    expect(daily).toEqual(
      bounds.slice(0, -1).map((from, i) => {
        const ofDay = inRange.filter((c) => c.ms >= from && c.ms < bounds[i + 1]);
        return {
          date: formatDate(from),
          calls: ofDay.length,
          errors: ofDay.filter((c) => !c.success).length,
        };
      }),
    );
    const ids = [...new Set(inRange.map((c) => c.iid))];
    const expectedRows = ids
      .map((iid) => {
        const own = inRange.filter((c) => c.iid === iid);
        return { iid, n: own.length, t: totals(own), last: Math.max(...own.map((c) => c.ms)) };
      })
      .sort((a, b) => b.n - a.n || compareIds(a.iid, b.iid));
    expect(
      interfaces.map((r) => [
        r.interfaceInfoId,
        r.calls,
        r.errors,
        r.avgLatency,
        r.p95Latency,
        r.successRate,
        r.lastCallTime,
      ]),
    ).toEqual(
      expectedRows.map((r) => [
        r.iid,
        r.n,
        r.t.errorCalls,
        r.t.avgLatency,
        r.t.p95Latency,
        r.t.successRate,
        formatTime(r.last),
      ]),
    );
  });

  test('a range without calls is all zeros, every day present', async () => {
    const answer = await overview('2020-01-01', '2020-01-03');

    expect(answer.data).toMatchObject({ totalCalls: 0, successRate: 0, p95Latency: 0, interfaces: [] });
    expect(answer.data.daily.map((d) => d.calls)).toEqual([0, 0, 0]);
  });

  test.each([
    ['startDate=2026-01-02', MESSAGES.dateRequired('endDate')],
    ['startDate=2026-02-30&endDate=2026-03-01', MESSAGES.dateInvalid('startDate')],
    ['startDate=2026-03-02&endDate=2026-03-01', MESSAGES.dateOrder],
    ['startDate=2024-01-01&endDate=2026-01-01', MESSAGES.rangeTooLong],
  ])('%s is refused by name', async (query, message) => {
    expect(await call(t.app, { url: `/api/analysis/overview?${query}`, cookie: t.cookie.admin })).toEqual(refusal(ResponseCode.PARAMS_ERROR, message));
  });

  test('admins only', async () => {
    const user = await loginAs(t.app, USER);
    expect(
      (
        await call(t.app, {
          url: '/api/analysis/overview?startDate=2026-01-01&endDate=2026-01-02',
          cookie: user,
        })
      ).code,
    ).toBe(ResponseCode.NO_AUTH);
  });
});

describe('top interfaces', () => {
  test('most called first over all history, ties to the smaller id', async () => {
    const calls = await allCalls();
    const counts = new Map<string, number>();
    for (const c of calls) counts.set(c.iid, (counts.get(c.iid) ?? 0) + 1);
    const expected = [...counts].sort((a, b) => b[1] - a[1] || compareIds(a[0], b[0])).slice(0, 20);

    const answer = await call<TopInterface[]>(t.app, {
      url: '/api/analysis/top/interface/invoke?limit=20',
      cookie: t.cookie.admin,
    });

    expect(answer.data.map((r) => [r.id, r.totalNum])).toEqual(expected);
    expect(answer.data[0]).toHaveProperty('requestParams');
  });

  test('three by default, and a deleted interface no longer counts', async () => {
    const before = await call<TopInterface[]>(t.app, {
      url: '/api/analysis/top/interface/invoke',
      cookie: t.cookie.admin,
    });
    await call(t.app, {
      method: 'POST',
      url: '/api/interfaceInfo/delete',
      payload: { id: before.data[0].id },
      cookie: t.cookie.admin,
    });

    const after = await call<TopInterface[]>(t.app, {
      url: '/api/analysis/top/interface/invoke',
      cookie: t.cookie.admin,
    });

    expect(before.data).toHaveLength(3);
    expect(after.data.map((r) => r.id)).toEqual([before.data[1].id, before.data[2].id, expect.any(String)]);
  });

  test('a limit over 20 is refused', async () => {
    const answer = await call(t.app, {
      url: '/api/analysis/top/interface/invoke?limit=21',
      cookie: t.cookie.admin,
    });
    expect(answer.message).toBe(MESSAGES.limitInvalid);
  });
});

describe('a deleted interface', () => {
  test('keeps its calls under its name, marked deleted; every total stays as it was', async () => {
    const end = startOfDay(t.clock.now);
    const range = [formatDate(startOfDay(end, -29)), formatDate(end)] as const;
    const before = await overview(...range);
    const target = before.data.interfaces.find((r) => !r.deleted)!;
    expect(target.calls).toBeGreaterThan(0);

    await call(t.app, {
      method: 'POST',
      url: '/api/interfaceInfo/delete',
      payload: { id: target.interfaceInfoId },
      cookie: t.cookie.admin,
    });
    const after = await overview(...range);

    expect(after.data).toEqual({
      ...before.data,
      interfaces: before.data.interfaces.map((r) =>
        r.interfaceInfoId === target.interfaceInfoId ? { ...r, deleted: true } : r,
      ),
    });
    expect(after.data.interfaces.filter((r) => r.deleted).length).toBe(
      before.data.interfaces.filter((r) => r.deleted).length + 1,
    );
    const top = await call<TopInterface[]>(t.app, {
      url: '/api/analysis/top/interface/invoke?limit=20',
      cookie: t.cookie.admin,
    });
    expect(top.data.map((r) => r.id)).not.toContain(target.interfaceInfoId);
  });
});

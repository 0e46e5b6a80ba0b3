import { spawnSync } from 'child_process';
import { aggregateCalls, percentile, rankTopInterfaces } from './analysis';
import { parseTime } from '@agler/contract/dates';
import { compareIds } from '@agler/contract/ids';
import { MESSAGES } from '@agler/contract/messages';
import { dayRange, lastDays, parseLimit, parseOverviewQuery, parseTopQuery } from '@agler/contract/queries';
import { call, fakeInterface } from './analysisFixtures';
import { createStore } from './store';

const at = (date: string, time = '12:00:00') => parseTime(`${date} ${time}`)!;

const A = fakeInterface(1, { name: '天气查询' });
const B = fakeInterface(2, { name: '随机头像' });
const C = fakeInterface(3, { name: '手机归属地', status: 0 });
const interfaces = [A, B, C];

describe('percentile (nearest rank)', () => {
  it('is the smallest value that at least p of the values do not exceed', () => {
    const hundred = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(percentile(hundred, 0.95)).toBe(95);
    expect(percentile([10, 20], 0.95)).toBe(20);
    expect(
      percentile(
        Array.from({ length: 20 }, (_, i) => i + 1),
        0.95,
      ),
    ).toBe(19);
    expect(percentile([7], 0.95)).toBe(7);
  });

  it('is 0 without values and handles repeated values', () => {
    expect(percentile([], 0.95)).toBe(0);
    expect(percentile([5, 5, 5, 5, 900], 0.95)).toBe(900);
    expect(percentile([5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 900], 0.95)).toBe(5);
  });

  it('leaves its input untouched', () => {
    const values = [3, 1, 2];
    percentile(values, 0.95);
    expect(values).toEqual([3, 1, 2]);
  });
});

describe('aggregateCalls', () => {
  const range = dayRange('2026-03-01', '2026-03-03');
  const calls = [
    call(A.id, at('2026-02-28', '23:59:59'), 999), // the day before: previous period
    call(A.id, at('2026-03-01', '00:00:00'), 100),
    call(A.id, at('2026-03-01', '09:30:00'), 200, false),
    call(B.id, at('2026-03-01', '10:00:00'), 50),
    call(A.id, at('2026-03-03', '23:59:59'), 300),
    call(B.id, at('2026-03-03', '08:00:00'), 70, false),
    call(A.id, at('2026-03-04', '00:00:00'), 999), // the day after: not counted
  ];

  it('counts every call of the range, success or error, with both ends included', () => {
    const overview = aggregateCalls(calls, interfaces, range);
    expect(overview.totalCalls).toBe(5);
    expect(overview.successCalls).toBe(3);
    expect(overview.errorCalls).toBe(2);
    expect(overview.successRate).toBeCloseTo(0.6);
    expect(overview.avgLatency).toBe(144);
    expect(overview.p95Latency).toBe(300);
    expect(overview.interfacesCalled).toBe(2);
    expect(overview.startDate).toBe('2026-03-01');
    expect(overview.endDate).toBe('2026-03-03');
  });

  it('has one zero-filled bucket per day of the range', () => {
    const overview = aggregateCalls(calls, interfaces, range);
    expect(overview.daily).toEqual([
      { date: '2026-03-01', calls: 3, errors: 1 },
      { date: '2026-03-02', calls: 0, errors: 0 },
      { date: '2026-03-03', calls: 2, errors: 1 },
    ]);
  });

  it('buckets across a month and a year boundary', () => {
    const overview = aggregateCalls(
      [call(A.id, at('2026-12-31', '23:00:00'), 10), call(A.id, at('2027-01-01', '01:00:00'), 10)],
      interfaces,
      dayRange('2026-12-30', '2027-01-02'),
    );
    expect(overview.daily.map((d) => [d.date, d.calls])).toEqual([
      ['2026-12-30', 0],
      ['2026-12-31', 1],
      ['2027-01-01', 1],
      ['2027-01-02', 0],
    ]);
  });

  it('gives each interface its calls, errors, success rate, latencies, share and last call, most called first', () => {
    const [first, second] = aggregateCalls(calls, interfaces, range).interfaces;
    expect(first).toEqual({
      interfaceInfoId: A.id,
      name: '天气查询',
      method: A.method,
      status: 1,
      calls: 3,
      errors: 1,
      successRate: 2 / 3,
      avgLatency: 200,
      p95Latency: 300,
      // 3 of the range's 5 calls.
      share: 600,
      lastCallTime: '2026-03-03 23:59:59',
    });
    expect(second).toMatchObject({
      interfaceInfoId: B.id,
      calls: 2,
      errors: 1,
      successRate: 0.5,
      avgLatency: 60,
      p95Latency: 70,
      share: 400,
    });
  });

  it('reports p95 in the latency buckets of the contract: three significant digits from 1 s on', () => {
    const slow = Array.from({ length: 20 }, (_, i) => call(A.id, at('2026-03-02'), 1000 + i * 113));
    const overview = aggregateCalls([...slow, call(B.id, at('2026-03-02'), 25_678)], interfaces, range);
    // The nearest rank of 20 calls is the 19th latency, 1000 + 18 × 113 = 3034 ms.
    expect(overview.interfaces.map((row) => row.p95Latency)).toEqual([3030, 25_600]);
    expect(overview.p95Latency).toBe(3140);
  });

  it('breaks ties in the interface list by the smaller id', () => {
    const overview = aggregateCalls(
      [call(C.id, at('2026-03-02'), 1), call(B.id, at('2026-03-02'), 1)],
      interfaces,
      range,
    );
    expect(overview.interfaces.map((row) => row.interfaceInfoId)).toEqual([B.id, C.id]);
  });

  it('sums the equally long period right before the range', () => {
    const overview = aggregateCalls(
      [
        ...calls,
        call(B.id, at('2026-02-26', '00:00:01'), 1, false),
        call(B.id, at('2026-02-25', '23:59:59'), 1),
      ],
      interfaces,
      range,
    );
    expect(overview.previous).toMatchObject({
      startDate: '2026-02-26',
      endDate: '2026-02-28',
      totalCalls: 2,
      errorCalls: 1,
      successRate: 0.5,
      p95Latency: 999,
      interfacesCalled: 2,
    });
  });

  it('keeps the calls of a deleted interface under its name, marked deleted, totals unchanged', () => {
    const whole = aggregateCalls(calls, interfaces, range);
    const overview = aggregateCalls(
      calls,
      interfaces.filter((r) => r !== B),
      range,
      [B],
    );
    expect(overview).toEqual({
      ...whole,
      interfaces: whole.interfaces.map((row) => (row.interfaceInfoId === B.id ? { ...row, deleted: true } : row)),
    });
    expect(overview.interfaces.find((row) => row.interfaceInfoId === B.id)).toMatchObject({
      name: B.name,
      deleted: true,
    });
    expect(overview.interfaces.filter((row) => row.deleted)).toHaveLength(1);
  });

  it('does not count the calls of an id it knows nothing of', () => {
    const overview = aggregateCalls(calls, [A], range);
    expect(overview.totalCalls).toBe(3);
    expect(overview.interfaces.map((row) => row.interfaceInfoId)).toEqual([A.id]);
    expect(overview.daily.reduce((sum, d) => sum + d.calls, 0)).toBe(3);
  });

  it('answers zeros and empty lists for a range without calls', () => {
    const overview = aggregateCalls(calls, interfaces, dayRange('2025-01-01', '2025-01-02'));
    expect(overview).toMatchObject({
      totalCalls: 0,
      successCalls: 0,
      successRate: 0,
      avgLatency: 0,
      p95Latency: 0,
      interfacesCalled: 0,
    });
    expect(overview.interfaces).toEqual([]);
    expect(overview.daily).toEqual([
      { date: '2025-01-01', calls: 0, errors: 0 },
      { date: '2025-01-02', calls: 0, errors: 0 },
    ]);
  });

  it('keeps a day a day when the clocks change', () => {
    // The zone is fixed when a process starts, so this runs in one set to Berlin,
    // where 2026-10-25 has 25 hours.
    const script = `
      const { aggregateCalls } = require(${JSON.stringify(require.resolve('./analysis'))});
      const { dayRange } = require(${JSON.stringify(require.resolve('@agler/contract/queries'))});
      const { call, fakeInterface } = require(${JSON.stringify(require.resolve('./analysisFixtures'))});
      const a = fakeInterface(1);
      const overview = aggregateCalls(
        [call(a.id, new Date(2026, 9, 25, 23, 30).getTime(), 5), call(a.id, new Date(2026, 9, 26, 0, 30).getTime(), 5)],
        [a],
        dayRange('2026-10-24', '2026-10-26'),
      );
      const dayLength = new Date(2026, 9, 26).getTime() - new Date(2026, 9, 25).getTime();
      console.log(JSON.stringify({ dayLength, daily: overview.daily }));`;
    const child = spawnSync(process.execPath, ['-r', 'ts-node/register/transpile-only', '-e', script], {
      env: { ...process.env, TZ: 'Europe/Berlin', TS_NODE_COMPILER_OPTIONS: '{"module":"commonjs"}' },
      encoding: 'utf8',
    });
    expect(child.stderr).toBe('');
    const { dayLength, daily } = JSON.parse(child.stdout);
    expect(dayLength).toBe(25 * 3600 * 1000);
    expect(daily).toEqual([
      { date: '2026-10-24', calls: 0, errors: 0 },
      { date: '2026-10-25', calls: 1, errors: 0 },
      { date: '2026-10-26', calls: 1, errors: 0 },
    ]);
  });
});

describe('aggregateCalls on the store', () => {
  it('counts a call appended after the store was seeded', () => {
    const now = at('2026-03-10');
    const store = { ...createStore({ interfaceCount: 0, now }), interfaces: [A, B] };
    const range = lastDays(7, now);
    const before = aggregateCalls(store.calls, store.interfaces, range);
    store.calls.push(call(B.id, now + 1000, 42));
    const after = aggregateCalls(store.calls, store.interfaces, range);
    expect(after.totalCalls).toBe(before.totalCalls + 1);
    expect(after.interfaces.find((row) => row.interfaceInfoId === B.id)?.calls).toBe(
      (before.interfaces.find((row) => row.interfaceInfoId === B.id)?.calls ?? 0) + 1,
    );
    expect(after.daily[after.daily.length - 1].calls).toBe(before.daily[before.daily.length - 1].calls + 1);
  });
});

describe('rankTopInterfaces', () => {
  const D = fakeInterface(10);
  const E = fakeInterface(9);
  const calls = [
    ...[1, 2, 3].map((h) => call(B.id, at('2026-03-01', `0${h}:00:00`), 10, h === 2)),
    ...[1, 2].map((h) => call(D.id, at('2026-03-01', `0${h}:00:00`), 10)),
    ...[1, 2].map((h) => call(E.id, at('2026-03-01', `0${h}:00:00`), 10)),
    call(A.id, at('2026-03-01'), 10),
    call(A.id, at('2026-02-01'), 10),
    call(A.id, at('2026-02-02'), 10),
  ];
  const all = [A, B, C, D, E];

  it('puts the most called first, counting errors too, and ties go to the smaller id', () => {
    const top = rankTopInterfaces(calls, all, 20);
    expect(top.map((t) => [t.name, t.totalNum])).toEqual([
      ['天气查询', 3],
      ['随机头像', 3],
      [E.name, 2],
      [D.name, 2],
    ]);
    expect(compareIds(E.id, D.id)).toBeLessThan(0);
    expect(compareIds('9', '10')).toBeLessThan(0);
  });

  it('returns at most `limit` interfaces with their full description', () => {
    const top = rankTopInterfaces(calls, all, 2);
    expect(top).toHaveLength(2);
    expect(top[0]).toEqual({ ...A, totalNum: 3 });
  });

  it('counts only the window it is given and only existing interfaces', () => {
    const march = rankTopInterfaces(calls, all, 20, dayRange('2026-03-01', '2026-03-01'));
    expect(march.find((t) => t.id === A.id)?.totalNum).toBe(1);
    const withoutB = rankTopInterfaces(calls, [A, D, E], 20);
    expect(withoutB.map((t) => t.id)).toEqual([A.id, E.id, D.id]);
  });

  it('leaves out interfaces without calls', () => {
    expect(rankTopInterfaces(calls, all, 20).some((t) => t.id === C.id)).toBe(false);
    expect(rankTopInterfaces([], all, 3)).toEqual([]);
  });
});

describe('query validation', () => {
  it('needs both dates of the overview and names the one that is wrong', () => {
    expect(parseOverviewQuery({ endDate: '2026-03-01' })).toEqual({
      ok: false,
      message: 'startDate 不能为空',
    });
    expect(parseOverviewQuery({ startDate: '2026-03-01' })).toEqual({
      ok: false,
      message: 'endDate 不能为空',
    });
    for (const bad of ['2026-13-01', '2026-02-30', '20260301', '2026-3-1', 'yesterday', ['2026-03-01']]) {
      expect(parseOverviewQuery({ startDate: bad, endDate: '2026-03-05' })).toEqual({
        ok: false,
        message: MESSAGES.dateInvalid('startDate'),
      });
    }
    expect(parseOverviewQuery({ startDate: '2026-03-01', endDate: '2026-02-29' })).toEqual({
      ok: false,
      message: 'endDate 应为 yyyy-MM-dd 格式的有效日期',
    });
  });

  it('refuses a reversed or too long range and accepts 366 days', () => {
    expect(parseOverviewQuery({ startDate: '2026-03-02', endDate: '2026-03-01' })).toEqual({
      ok: false,
      message: MESSAGES.dateOrder,
    });
    expect(parseOverviewQuery({ startDate: '2025-01-01', endDate: '2026-01-02' })).toEqual({
      ok: false,
      message: MESSAGES.rangeTooLong,
    });
    const longest = parseOverviewQuery({ startDate: '2025-01-01', endDate: '2026-01-01' });
    expect(longest.ok && longest.value.days).toBe(366);
    const oneDay = parseOverviewQuery({ startDate: '2026-03-01', endDate: '2026-03-01' });
    expect(oneDay.ok && oneDay.value.days).toBe(1);
  });

  it('defaults the limit to 3 and allows 1 to 20', () => {
    expect(parseLimit(undefined)).toEqual({ ok: true, value: 3 });
    expect(parseLimit('1')).toEqual({ ok: true, value: 1 });
    expect(parseLimit('20')).toEqual({ ok: true, value: 20 });
    for (const bad of ['0', '21', '-1', '1.5', 'ten', ['3']]) {
      expect(parseLimit(bad)).toEqual({ ok: false, message: 'limit 应为 1 到 20 的整数' });
    }
  });

  it('counts all history up to today when the top list has no dates', () => {
    const now = at('2026-03-10', '15:00:00');
    const query = parseTopQuery({}, now);
    expect(query).toEqual({
      ok: true,
      value: { limit: 3, window: { startMs: -Infinity, endMs: at('2026-03-11', '00:00:00') } },
    });
    const fromStart = parseTopQuery({ startDate: '2026-03-01', limit: '5' }, now);
    expect(fromStart.ok && fromStart.value.window).toMatchObject({
      startDate: '2026-03-01',
      endDate: '2026-03-10',
      days: 10,
    });
    expect(parseTopQuery({ startDate: '2026-03-11' }, now)).toEqual({
      ok: false,
      message: MESSAGES.dateOrder,
    });
    expect(parseTopQuery({ limit: '50' }, now)).toEqual({ ok: false, message: MESSAGES.limitInvalid });
  });
});

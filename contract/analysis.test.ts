import {
  latencyBucket,
  nearestRank,
  packOverview,
  packUsage,
  totalsOf,
  unpackOverview,
  unpackUsage,
  USAGE_COLUMNS,
  usagePage,
  withShares,
} from './analysis';
import type { UnsharedUsage } from './analysis';
import type { UsageSortField } from './constants';
import { dayRange } from './queries';
import type { AnalysisOverview, InterfaceUsage } from './types';

describe('latencyBucket', () => {
  it('keeps a latency below 1 s and rounds one from 1 s down to three significant digits', () => {
    expect([0, 1, 99, 100, 999].map(latencyBucket)).toEqual([0, 1, 99, 100, 999]);
    expect([1000, 1009, 1010, 1234, 9999].map(latencyBucket)).toEqual([1000, 1000, 1010, 1230, 9990]);
    expect([10_000, 25_678, 99_999, 123_456_789].map(latencyBucket)).toEqual([
      10_000, 25_600, 99_900, 123_000_000,
    ]);
  });

  it('keeps the order of latencies and is at most 1 % below them', () => {
    // One assertion over the whole sweep: an expect per latency made this test take a minute.
    const wrong: string[] = [];
    let previous = -1;
    for (let ms = 0; ms < 200_000 && wrong.length < 5; ms += 1) {
      const bucket = latencyBucket(ms);
      if (bucket < previous || bucket > ms || ms - bucket > ms / 100) wrong.push(`${ms} → ${bucket}`);
      previous = bucket;
    }
    expect(wrong).toEqual([]);
  });
});

describe('nearestRank', () => {
  it('is the rank PostgreSQL percentile_disc picks', () => {
    expect([1, 2, 19, 20, 21, 100, 101].map((n) => nearestRank(n))).toEqual([1, 2, 19, 19, 20, 95, 96]);
    expect(nearestRank(10, 0.5)).toBe(5);
  });
});

describe('totalsOf', () => {
  it('is all zeros without calls', () => {
    expect(totalsOf(0, 0, 0, 0, 0)).toEqual({
      totalCalls: 0,
      successCalls: 0,
      errorCalls: 0,
      successRate: 0,
      avgLatency: 0,
      p95Latency: 0,
      interfacesCalled: 0,
    });
  });
});

describe('the usage table', () => {
  const weather: InterfaceUsage = {
    interfaceInfoId: '1800000000000000001',
    name: '天气查询',
    method: 'GET',
    status: 1,
    calls: 3,
    errors: 1,
    successRate: 2 / 3,
    avgLatency: 120,
    p95Latency: 300,
    share: 750,
    lastCallTime: '2026-11-22 10:00:00',
  };
  const removed: InterfaceUsage = { ...weather, interfaceInfoId: '7', name: '旧接口', deleted: true, calls: 1 };

  it('names each property once and writes a row of values per record, in order', () => {
    const table = packUsage([weather, removed]);
    expect(table.columns).toEqual(USAGE_COLUMNS);
    expect(table.rows).toEqual([
      ['1800000000000000001', '天气查询', 'GET', 1, false, 3, 1, 2 / 3, 120, 300, 750, '2026-11-22 10:00:00'],
      ['7', '旧接口', 'GET', 1, true, 1, 1, 2 / 3, 120, 300, 750, '2026-11-22 10:00:00'],
    ]);
  });

  it('reads back the records it was made of, deleted set only where it is true', () => {
    const records = unpackUsage(packUsage([weather, removed]));
    expect(records).toEqual([weather, removed]);
    expect('deleted' in records[0]).toBe(false);
  });

  it('reads each value by its column, whatever their order, and leaves out columns it does not know', () => {
    const columns = [...USAGE_COLUMNS].reverse();
    const [row] = packUsage([weather]).rows;
    const table = { columns: [...columns, 'extra'], rows: [[...row].reverse().concat('more')] };
    expect(unpackUsage(table as never)).toEqual([weather]);
  });

  it('turns a whole overview into its answer and back', () => {
    const overview: AnalysisOverview = {
      startDate: '2026-11-22',
      endDate: '2026-11-22',
      ...totalsOf(4, 2, 480, 300, 2),
      previous: { startDate: '2026-11-21', endDate: '2026-11-21', ...totalsOf(0, 0, 0, 0, 0) },
      daily: [{ date: '2026-11-22', calls: 4, errors: 2 }],
      interfaces: [weather, removed],
    };
    const answer = packOverview(overview);
    expect(answer.interfaces.rows).toHaveLength(2);
    expect(unpackOverview(JSON.parse(JSON.stringify(answer)))).toEqual(overview);
  });
});

describe('one page of the usage table', () => {
  const record = (id: string, name: string, calls: number, more: Partial<InterfaceUsage> = {}): UnsharedUsage => ({
    interfaceInfoId: id,
    name,
    method: 'GET',
    status: 1,
    calls,
    errors: 0,
    successRate: 1,
    avgLatency: 100,
    p95Latency: 200,
    lastCallTime: '2026-11-22 10:00:00',
    ...more,
  });
  // Most called first, as the overview has them.
  const records = withShares([
    record('5', '天气查询', 6, { errors: 3, successRate: 0.5, p95Latency: 900 }),
    record('2', 'IP 归属地', 2, { avgLatency: 300 }),
    record('3', '翻译', 1, { lastCallTime: '2026-11-22 11:00:00' }),
    record('4', '接口10', 1),
    record('9', '接口9', 1),
  ]);
  const query = { range: dayRange('2026-11-22', '2026-11-22'), current: 1, pageSize: 10 } as const;
  const ids = (page: ReturnType<typeof usagePage>) => unpackUsage(page).map((row) => row.interfaceInfoId);

  it('gives every record its share of all the calls, adding up to 100.0%', () => {
    expect(records.map((row) => row.share)).toEqual([545, 182, 91, 91, 91]);
  });

  it('orders by the field asked, ties to the smaller id whatever the direction', () => {
    const page = (sortField: UsageSortField, sortOrder: 'ascend' | 'descend') =>
      ids(usagePage(records, { ...query, sortField, sortOrder }));
    expect(page('calls', 'descend')).toEqual(['5', '2', '3', '4', '9']);
    expect(page('calls', 'ascend')).toEqual(['3', '4', '9', '2', '5']);
    expect(page('share', 'descend')).toEqual(page('calls', 'descend'));
    expect(page('successRate', 'ascend')).toEqual(['5', '2', '3', '4', '9']);
    expect(page('avgLatency', 'descend')).toEqual(['2', '3', '4', '5', '9']);
    expect(page('p95Latency', 'descend')).toEqual(['5', '2', '3', '4', '9']);
    expect(page('lastCallTime', 'descend')).toEqual(['3', '2', '4', '5', '9']);
    // Chinese in pinyin order (fan, jie, tian), numbers by value, then Latin letters.
    expect(page('name', 'ascend')).toEqual(['3', '9', '4', '5', '2']);
  });

  it('keeps the names that hold the search, and cuts the page', () => {
    const found = usagePage(records, { ...query, sortField: 'calls', sortOrder: 'descend', searchText: '接口' });
    expect(ids(found)).toEqual(['4', '9']);
    expect(found.total).toBe(2);
    const second = usagePage(records, { ...query, current: 2, pageSize: 2, sortField: 'calls', sortOrder: 'descend' });
    expect(ids(second)).toEqual(['3', '4']);
    expect(second).toMatchObject({ total: 5, current: 2, size: 2 });
    // The shares stay those of all the calls.
    expect(unpackUsage(second).map((row) => row.share)).toEqual([91, 91]);
    expect(usagePage(records, { ...query, current: 9, sortField: 'calls', sortOrder: 'descend' }).rows).toEqual([]);
  });
});

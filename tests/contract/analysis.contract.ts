import { compareUsage, latencyBucket, unpackUsage, USAGE_COLUMNS } from '@agler/contract/analysis';
import { MAX_RANGE_DAYS, ResponseCode, TOP_INVOKE_LIMIT, USAGE_PAGE_SIZE, USAGE_SORT_FIELDS } from '@agler/contract/constants';
import { formatDate, startOfDay } from '@agler/contract/dates';
import { DEMO_USER_PLAN } from '@agler/contract/demo/plans';
import { MESSAGES } from '@agler/contract/messages';
import type { components } from '@agler/contract/openapi';
import type { PlanVO } from '@agler/contract/plans';
import type { AnalysisOverviewAnswer, InterfaceUsage, TopInterface, UsagePage } from '@agler/contract/types';
import type { Client } from './client';
import { Client as Visitor, expectRefusal, expectSuccess, loggedIn } from './client';
import { API, getOverview } from './interfaces';

/** The usage analysis: admins only, and every range it refuses. */

let user: Client;
let admin: Client;

beforeAll(async () => {
  [user, admin] = await Promise.all([loggedIn('user'), loggedIn('admin')]);
});

/** Each plan's subscribers and calls this period. */
const PLAN_USAGE = '/api/analysis/plans';
type PlanUsage = components['schemas']['PlanUsage'];

/** `yyyy-MM-dd` of the day `days` from today. */
const day = (days: number) => formatDate(startOfDay(Date.now(), days));

describe.each([
  ['top', API.top, {}],
  ['overview', API.overview, { startDate: day(-6), endDate: day(0) }],
  ['usage', API.usage, { startDate: day(-6), endDate: day(0) }],
  ['plans', PLAN_USAGE, {}],
])('%s', (_name, path, query) => {
  it('is for admins only', async () => {
    expectRefusal(await new Visitor().get(path, query), ResponseCode.NOT_LOGIN, MESSAGES.notLogin);
    expectRefusal(await user.get(path, query), ResponseCode.NO_AUTH, MESSAGES.noAuth);
  });
});

describe('top interfaces', () => {
  it(`answers the ${TOP_INVOKE_LIMIT.default} most called by default, most called first`, async () => {
    const top = expectSuccess(await admin.get<TopInterface[]>(API.top));
    expect(top).toHaveLength(TOP_INVOKE_LIMIT.default);
    for (const entry of top) {
      expect(entry).toEqual(
        expect.objectContaining({
          id: expect.any(String),
          name: expect.any(String),
          totalNum: expect.any(Number),
        }),
      );
    }
    expect(top.every((t, i) => i === 0 || top[i - 1].totalNum >= t.totalNum)).toBe(true);
  });

  it(`answers up to ${TOP_INVOKE_LIMIT.max} when asked, the same leaders first`, async () => {
    const three = expectSuccess(await admin.get<TopInterface[]>(API.top, { limit: 3 }));
    const most = expectSuccess(await admin.get<TopInterface[]>(API.top, { limit: TOP_INVOKE_LIMIT.max }));
    expect(most.length).toBeGreaterThan(3);
    expect(most.length).toBeLessThanOrEqual(TOP_INVOKE_LIMIT.max);
    expect(most.slice(0, 3).map((t) => t.totalNum)).toEqual(three.map((t) => t.totalNum));
  });

  it('counts only the calls of the range it is given', async () => {
    const all = expectSuccess(await admin.get<TopInterface[]>(API.top, { limit: 5 }));
    const week = expectSuccess(
      await admin.get<TopInterface[]>(API.top, { limit: 5, startDate: day(-6), endDate: day(0) }),
    );
    expect(week.length).toBeGreaterThan(0);
    expect(week[0].totalNum).toBeLessThanOrEqual(all[0].totalNum);
  });

  it.each([
    [{ limit: '0' }, MESSAGES.limitInvalid],
    [{ limit: String(TOP_INVOKE_LIMIT.max + 1) }, MESSAGES.limitInvalid],
    [{ limit: 'abc' }, MESSAGES.limitInvalid],
    [{ limit: '2.5' }, MESSAGES.limitInvalid],
    [{ startDate: '2026-1-1' }, MESSAGES.dateInvalid('startDate')],
    [{ startDate: day(0), endDate: 'today' }, MESSAGES.dateInvalid('endDate')],
    [{ startDate: day(0), endDate: day(-1) }, MESSAGES.dateOrder],
  ])('refuses %j with 40000 naming the parameter', async (query, message) => {
    expectRefusal(await admin.get(API.top, query), ResponseCode.PARAMS_ERROR, message);
  });
});

describe('overview', () => {
  it('adds up: one row per day, per interface, success and error', async () => {
    const o = expectSuccess(
      await getOverview(admin, { startDate: day(-29), endDate: day(0) }),
    );
    const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
    expect(o).toMatchObject({ startDate: day(-29), endDate: day(0) });
    expect(o.daily.map((d) => d.date)).toEqual(Array.from({ length: 30 }, (_, i) => day(i - 29)));
    expect(o.totalCalls).toBeGreaterThan(0);
    expect(sum(o.daily.map((d) => d.calls))).toBe(o.totalCalls);
    expect(sum(o.daily.map((d) => d.errors))).toBe(o.errorCalls);
    expect(sum(o.interfaces.map((r) => r.calls))).toBe(o.totalCalls);
    expect(o.successCalls + o.errorCalls).toBe(o.totalCalls);
    expect(o.interfacesCalled).toBe(o.interfaces.length);
    expect(o.interfaces.every((r) => typeof r.interfaceInfoId === 'string')).toBe(true);
    expect(o.previous).toMatchObject({ startDate: day(-59), endDate: day(-30) });
  });

  it('sends the interfaces as a table: the property names once, a row of values per interface', async () => {
    const range = { startDate: day(-29), endDate: day(0) };
    const answer = await admin.get<AnalysisOverviewAnswer>(API.overview, range);
    const { columns, rows } = expectSuccess(answer).interfaces;
    expect(columns).toEqual(USAGE_COLUMNS);
    expect(rows.length).toBeGreaterThan(1);
    expect(rows.every((row) => row.length === columns.length)).toBe(true);
    expect(answer.text.split('"lastCallTime"')).toHaveLength(2);
    // How far back single calls go (CALL_LOG_RETENTION_DAYS, unset on the target: the default).
    expect(expectSuccess(answer).callRetentionDays).toBe(90);
    const records = expectSuccess(await getOverview(admin, range)).interfaces;
    expect(records[0]).toEqual(Object.fromEntries(columns.map((c, i) => [c, rows[0][i]]).filter(([c, v]) => c !== 'deleted' || v)));
  });

  it('reports p95 in the latency buckets of the contract', async () => {
    const o = expectSuccess(
      await getOverview(admin, { startDate: day(-89), endDate: day(0) }),
    );
    const p95s = [o.p95Latency, o.previous.p95Latency, ...o.interfaces.map((r) => r.p95Latency)];
    expect(p95s.some((p95) => p95 >= 1000)).toBe(true);
    expect(p95s.map(latencyBucket)).toEqual(p95s);
  });

  it(`accepts a range of ${MAX_RANGE_DAYS} days`, async () => {
    const o = expectSuccess(
      await getOverview(admin, {
        startDate: day(1 - MAX_RANGE_DAYS),
        endDate: day(0),
      }),
    );
    expect(o.daily).toHaveLength(MAX_RANGE_DAYS);
  });

  it.each([
    [{}, MESSAGES.dateRequired('startDate')],
    [{ startDate: day(0) }, MESSAGES.dateRequired('endDate')],
    [{ startDate: '2026-02-30', endDate: '2026-03-01' }, MESSAGES.dateInvalid('startDate')],
    [{ startDate: '2026-03-01', endDate: 'tomorrow' }, MESSAGES.dateInvalid('endDate')],
    [{ startDate: '20260301', endDate: '2026-03-02' }, MESSAGES.dateInvalid('startDate')],
    [{ startDate: ['2026-03-01', '2026-03-02'], endDate: '2026-03-02' }, MESSAGES.dateInvalid('startDate')],
    [{ startDate: '2026-03-02', endDate: '2026-03-01' }, MESSAGES.dateOrder],
    [{ startDate: day(-MAX_RANGE_DAYS), endDate: day(0) }, MESSAGES.rangeTooLong],
  ])('refuses %j with 40000 naming the parameter', async (query, message) => {
    expectRefusal(await admin.get(API.overview, query), ResponseCode.PARAMS_ERROR, message);
  });
});

describe('the usage table, one page at a time', () => {
  const range = { startDate: day(-89), endDate: day(0) };
  let all: InterfaceUsage[];

  beforeAll(async () => {
    all = expectSuccess(await getOverview(admin, range)).interfaces;
  });

  const page = async (query: Record<string, string | number>) => {
    const answer = expectSuccess(await admin.get<UsagePage>(API.usage, { ...range, ...query }));
    expect(answer.columns).toEqual(USAGE_COLUMNS);
    return { ...answer, records: unpackUsage(answer) };
  };

  it('gives each interface its share of all the calls, the shares adding up to 100.0%', () => {
    expect(all.length).toBeGreaterThan(3);
    expect(all.reduce((sum, row) => sum + row.share, 0)).toBe(1000);
    const total = all.reduce((sum, row) => sum + row.calls, 0);
    for (const row of all) expect(Math.abs(row.share - (row.calls * 1000) / total)).toBeLessThan(1);
  });

  it(`answers the ${USAGE_PAGE_SIZE.default} most called by default: the overview's first rows`, async () => {
    const first = await page({});
    expect(first).toMatchObject({ total: all.length, current: 1, size: USAGE_PAGE_SIZE.default });
    expect(first.records).toEqual(all.slice(0, USAGE_PAGE_SIZE.default));
  });

  it('with pageSize, the overview holds the first rows only and counts them all', async () => {
    const answer = expectSuccess(await admin.get<AnalysisOverviewAnswer>(API.overview, { ...range, pageSize: 3 }));
    expect(unpackUsage(answer.interfaces)).toEqual(all.slice(0, 3));
    expect(answer.interfacesCalled).toBe(all.length);
  });

  it.each(USAGE_SORT_FIELDS.flatMap((field) => [[field, 'ascend'], [field, 'descend']] as const))(
    'sorts by %s, %s, on the server: page 2 of 3 rows is the whole table sorted, cut',
    async (sortField, sortOrder) => {
      const second = await page({ sortField, sortOrder, current: 2, pageSize: 3 });
      expect(second.records).toEqual([...all].sort(compareUsage(sortField, sortOrder)).slice(3, 6));
      expect(second.total).toBe(all.length);
    },
  );

  it('keeps the names that hold the search, whatever their case, with the shares of all the calls', async () => {
    // Trimmed as the server trims the search.
    const word = all[0].name.slice(0, 2).trim();
    const found = await page({ searchText: ` ${word.toUpperCase()} `, pageSize: USAGE_PAGE_SIZE.max });
    const wanted = all.filter((row) => row.name.toLowerCase().includes(word.toLowerCase()));
    expect(found.total).toBe(wanted.length);
    expect(found.records).toEqual(wanted.slice(0, USAGE_PAGE_SIZE.max));
    expect((await page({ searchText: '没有这样的接口名' })).total).toBe(0);
  });

  it('answers no rows past the last page', async () => {
    const past = await page({ current: 999, pageSize: USAGE_PAGE_SIZE.max });
    expect(past.records).toEqual([]);
    expect(past.total).toBe(all.length);
  });

  it.each([
    [API.usage, {}, MESSAGES.dateRequired('startDate')],
    [API.usage, { ...range, pageSize: '0' }, MESSAGES.badUsagePageSize],
    [API.usage, { ...range, pageSize: String(USAGE_PAGE_SIZE.max + 1) }, MESSAGES.badUsagePageSize],
    [API.usage, { ...range, current: '0' }, MESSAGES.badCurrent],
    [API.usage, { ...range, sortField: 'createTime' }, MESSAGES.badUsageSortField],
    [API.usage, { ...range, sortOrder: 'up' }, MESSAGES.badSortOrder],
    [API.usage, { ...range, searchText: ['a', 'b'] }, MESSAGES.notText('searchText')],
    [API.overview, { ...range, pageSize: 'ten' }, MESSAGES.badUsagePageSize],
  ])('%s refuses %j with 40000 naming the parameter', async (path, query, message) => {
    expectRefusal(await admin.get(path, query), ResponseCode.PARAMS_ERROR, message);
  });
});

describe('plans this period', () => {
  it('answers every plan in the plan list order, with its subscribers; the demo user holds one', async () => {
    const usage = expectSuccess(await admin.get<PlanUsage[]>(PLAN_USAGE));
    const plans = expectSuccess(await admin.get<PlanVO[]>('/api/plan/list'));
    expect(usage.map((row) => [row.planId, row.planName, row.quota, row.retired, row.subscribers])).toEqual(
      plans.map((plan) => [plan.id, plan.name, plan.quota, plan.retired, plan.subscribers]),
    );
    const held = usage.find((row) => row.planName === DEMO_USER_PLAN)!;
    expect(held.subscribers).toBeGreaterThanOrEqual(1);
    expect(held.callsThisPeriod).toBeGreaterThanOrEqual(held.overageThisPeriod);
    expect(held.periodStart < held.periodEnd).toBe(true);
  });
});

import { latencyBucket, USAGE_COLUMNS } from '@agler/contract/analysis';
import { MAX_RANGE_DAYS, ResponseCode, TOP_INVOKE_LIMIT } from '@agler/contract/constants';
import { formatDate, startOfDay } from '@agler/contract/dates';
import { MESSAGES } from '@agler/contract/messages';
import type { AnalysisOverviewAnswer, TopInterface } from '@agler/contract/types';
import type { Client } from './client';
import { Client as Visitor, expectRefusal, expectSuccess, loggedIn } from './client';
import { API, getOverview } from './interfaces';

/** The usage analysis: admins only, and every range it refuses. */

let user: Client;
let admin: Client;

beforeAll(async () => {
  [user, admin] = await Promise.all([loggedIn('user'), loggedIn('admin')]);
});

/** `yyyy-MM-dd` of the day `days` from today. */
const day = (days: number) => formatDate(startOfDay(Date.now(), days));

describe.each([
  ['top', API.top, {}],
  ['overview', API.overview, { startDate: day(-6), endDate: day(0) }],
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

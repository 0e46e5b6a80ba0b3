/**
 * @jest-environment node
 */
import { sql } from 'drizzle-orm';
import { CALL_LOG_LIMIT, CALL_LOG_PAGE_SIZE, ResponseCode } from '@agler/contract/constants';
import { formatDate, startOfDay } from '@agler/contract/dates';
import { interfaceIdOf } from '@agler/contract/demo/accounts';
import { MESSAGES } from '@agler/contract/messages';
import type { DailyCalls, Page } from '@agler/contract/types';
import type { CallLogEntry, UsageSummary } from '../domain/usage';
import { ADMIN, call, registerAs, setUpTestApp, USER } from '../test/app';
import { refusal } from '../test/refusal';

const t = setUpTestApp({ login: { user: USER, admin: ADMIN } });
let cookie: string;
let userId: string;
const FIRST = interfaceIdOf(1);
const SECOND = interfaceIdOf(2);

/** Writes `count` calls of the new user at `ms`, one millisecond apart. */
async function addCalls(
  count: number,
  ms: number,
  fields: { iid?: string; status?: number | null; success?: boolean } = {},
) {
  const { iid = FIRST, status = 200, success = true } = fields;
  await t.database.db.execute(sql`
    INSERT INTO interface_call (interface_info_id, user_id, time, success, latency, status, bytes)
    SELECT ${iid}::bigint, ${userId}::bigint, ${new Date(ms).toISOString()}::timestamptz + n * interval '1 millisecond',
           ${success}, 10 + n, ${status}::smallint, 42
    FROM generate_series(0, ${count - 1}) AS n`);
}

beforeAll(async () => {
  ({ cookie, id: userId } = await registerAs(t.app, 'usage-reader'));
  const today = startOfDay(t.clock.now);
  await addCalls(3, today + 3_600_000);
  await addCalls(2, startOfDay(today, -1) + 3_600_000, { status: 500, success: false });
  await addCalls(1, startOfDay(today, -2) + 3_600_000, { iid: SECOND, status: null, success: false });
});

const daysAgo = (n: number) => formatDate(startOfDay(t.clock.now, -n));

describe('GET /api/user/usage/daily', () => {
  test('answers every day of the range, zeros included, in local days', async () => {
    const answer = await call<DailyCalls[]>(t.app, {
      method: 'GET',
      url: `/api/user/usage/daily?startDate=${daysAgo(6)}&endDate=${daysAgo(0)}`,
      cookie,
    });
    expect(answer.code).toBe(0);
    expect(answer.data).toHaveLength(7);
    expect(answer.data.map((d) => d.date)).toEqual([6, 5, 4, 3, 2, 1, 0].map(daysAgo));
    expect(answer.data.slice(4)).toEqual([
      { date: daysAgo(2), calls: 1, errors: 1 },
      { date: daysAgo(1), calls: 2, errors: 2 },
      { date: daysAgo(0), calls: 3, errors: 0 },
    ]);
    expect(answer.data.slice(0, 4).every((d) => d.calls === 0 && d.errors === 0)).toBe(true);
  });

  test('filters by interface', async () => {
    const answer = await call<DailyCalls[]>(t.app, {
      method: 'GET',
      url: `/api/user/usage/daily?startDate=${daysAgo(2)}&endDate=${daysAgo(0)}&interfaceInfoId=${SECOND}`,
      cookie,
    });
    expect(answer.data.map((d) => d.calls)).toEqual([1, 0, 0]);
  });

  test('a key no call was recorded with matches none', async () => {
    const answer = await call<DailyCalls[]>(t.app, {
      method: 'GET',
      url: `/api/user/usage/daily?startDate=${daysAgo(2)}&endDate=${daysAgo(0)}&keyId=1`,
      cookie,
    });
    expect(answer.data.map((d) => d.calls)).toEqual([0, 0, 0]);
  });

  test.each([
    ['', MESSAGES.dateRequired('startDate')],
    ['startDate=2026-02-30&endDate=2026-03-01', MESSAGES.dateInvalid('startDate')],
    ['startDate=2026-03-02&endDate=2026-03-01', MESSAGES.dateOrder],
    ['startDate=2024-01-01&endDate=2026-03-01', MESSAGES.rangeTooLong],
    ['startDate=2026-03-01&endDate=2026-03-01&interfaceInfoId=x', MESSAGES.idParamInvalid('interfaceInfoId')],
    ['startDate=2026-03-01&endDate=2026-03-01&keyId=-1', MESSAGES.keyIdInvalid],
    ['startDate=2026-03-01&endDate=2026-03-01&userId=0', MESSAGES.userIdInvalid],
  ])('refuses %p with its message', async (query, message) => {
    const answer = await call(t.app, { method: 'GET', url: `/api/user/usage/daily?${query}`, cookie });
    expect(answer).toEqual(refusal(ResponseCode.PARAMS_ERROR, message));
  });

  test("a user cannot read another user's; an admin can, and an unknown user is 40400", async () => {
    const url = `/api/user/usage/daily?startDate=${daysAgo(0)}&endDate=${daysAgo(0)}&userId=${userId}`;
    expect(await call(t.app, { method: 'GET', url, cookie: t.cookie.user })).toEqual(refusal(ResponseCode.NO_AUTH, MESSAGES.noAuth));
    const asAdmin = await call<DailyCalls[]>(t.app, { method: 'GET', url, cookie: t.cookie.admin });
    expect(asAdmin.data).toEqual([{ date: daysAgo(0), calls: 3, errors: 0 }]);
    const own = await call<DailyCalls[]>(t.app, { method: 'GET', url, cookie });
    expect(own.data).toEqual(asAdmin.data);
    const unknown = await call(t.app, {
      method: 'GET',
      url: `/api/user/usage/daily?startDate=${daysAgo(0)}&endDate=${daysAgo(0)}&userId=1`,
      cookie: t.cookie.admin,
    });
    expect(unknown.code).toBe(ResponseCode.NOT_FOUND);
  });
});

describe('GET /api/user/usage/summary', () => {
  test('totals, p95 and per interface the quota, the burn rate and the day it runs out', async () => {
    const answer = await call<UsageSummary>(t.app, {
      method: 'GET',
      url: `/api/user/usage/summary?startDate=${daysAgo(6)}&endDate=${daysAgo(0)}`,
      cookie,
    });
    expect(answer.code).toBe(0);
    expect(answer.data).toMatchObject({ calls: 6, errors: 3, unlimited: false });
    // Latencies 10, 11, 12, 10, 11, 10: the nearest rank of 95 % of six is the sixth.
    expect(answer.data.p95Latency).toBe(12);
    // No quota row yet (calls written straight into the log): the default quota, burnt by the 3 calls of the
    // week that cost a unit (the two answered 500 cost nothing).
    const first = answer.data.interfaces.find((row) => row.interfaceInfoId === FIRST)!;
    expect(first).toMatchObject({ calls: 5, errors: 2, leftNum: 100, totalNum: 100, burnPerDay: 0.4 });
    expect(first.runsOutOn).toBe(formatDate(startOfDay(t.clock.now, Math.ceil((100 * 7) / 3) - 1)));
  });
});

describe('GET /api/user/calls', () => {
  test('the newest first, with status classes, filtered by interface and status class', async () => {
    const all = await call<Page<CallLogEntry>>(t.app, {
      method: 'GET',
      url: '/api/user/calls?pageSize=4',
      cookie,
    });
    expect(all.data.total).toBe(6);
    expect(all.data.records).toHaveLength(4);
    expect(all.data.records[0]).toMatchObject({
      interfaceInfoId: FIRST,
      status: 200,
      statusClass: '2xx',
      latency: 12,
      bytes: 42,
    });
    const times = all.data.records.map((r) => r.time);
    expect([...times].sort().reverse()).toEqual(times);

    const errors = await call<Page<CallLogEntry>>(t.app, {
      method: 'GET',
      url: '/api/user/calls?status=5xx',
      cookie,
    });
    expect(errors.data.records.map((r) => r.status)).toEqual([500, 500]);
    const none = await call<Page<CallLogEntry>>(t.app, {
      method: 'GET',
      url: '/api/user/calls?status=none',
      cookie,
    });
    expect(none.data.records).toMatchObject([
      { interfaceInfoId: SECOND, status: null, statusClass: 'noAnswer' },
    ]);
    const second = await call<Page<CallLogEntry>>(t.app, {
      method: 'GET',
      url: `/api/user/calls?interfaceInfoId=${SECOND}`,
      cookie,
    });
    expect(second.data.total).toBe(1);
  });

  test(`keeps only the last ${CALL_LOG_LIMIT} calls`, async () => {
    await addCalls(CALL_LOG_LIMIT + 5, startOfDay(t.clock.now) + 2 * 3_600_000);
    const page = await call<Page<CallLogEntry>>(t.app, {
      method: 'GET',
      url: `/api/user/calls?pageSize=${CALL_LOG_PAGE_SIZE.max}&current=10`,
      cookie,
    });
    expect(page.data.total).toBe(CALL_LOG_LIMIT);
    expect(page.data.records).toHaveLength(CALL_LOG_PAGE_SIZE.max);
    const beyond = await call<Page<CallLogEntry>>(t.app, {
      method: 'GET',
      url: `/api/user/calls?pageSize=${CALL_LOG_PAGE_SIZE.max}&current=11`,
      cookie,
    });
    expect(beyond.data.records).toEqual([]);
  });

  test.each([
    ['current=0', MESSAGES.badCurrent],
    ['pageSize=101', MESSAGES.badCallPageSize],
    ['status=3xx', MESSAGES.badCallStatus],
    ['interfaceInfoId=1.5', MESSAGES.idParamInvalid('interfaceInfoId')],
    ['keyId=abc', MESSAGES.keyIdInvalid],
    ['userId=abc', MESSAGES.userIdInvalid],
  ])('refuses %p with its message', async (query, message) => {
    expect(await call(t.app, { method: 'GET', url: `/api/user/calls?${query}`, cookie })).toEqual(refusal(ResponseCode.PARAMS_ERROR, message));
  });

  test("a user cannot read another user's calls", async () => {
    const answer = await call(t.app, {
      method: 'GET',
      url: `/api/user/calls?userId=${userId}`,
      cookie: t.cookie.user,
    });
    expect(answer.code).toBe(ResponseCode.NO_AUTH);
  });
});

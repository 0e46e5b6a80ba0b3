/**
 * @jest-environment node
 */
import { sql } from 'drizzle-orm';
import { latencyBucket, nearestRank } from '@agler/contract/analysis';
import { ResponseCode } from '@agler/contract/constants';
import { HEALTH_REFRESH_MS, HEALTH_WINDOW_HOURS } from '@agler/contract/interfaceHealth';
import type { HealthMap } from '@agler/contract/interfaceHealth';
import { MESSAGES } from '@agler/contract/messages';
import type { Page } from '@agler/contract/types';
import { rowsOf } from '../db/rows';
import { writeCalls } from '../invoke/callLog';
import { ADMIN, call, setUpTestApp, USER } from '../test/app';
import { refusal } from '../test/refusal';

/**
 * `GET /api/interfaceInfo/health`: each interface's last day of calls, from
 * the roll-up and the log, for the interfaces the caller may see, kept a minute.
 */

const t = setUpTestApp({ login: { admin: ADMIN, user: USER } });
const HOUR = 3_600_000;
const WINDOW = HEALTH_WINDOW_HOURS * HOUR;
const URL = '/api/interfaceInfo/health';

const post = <T = unknown>(url: string, payload: object) =>
  call<T>(t.app, { method: 'POST', url, payload, cookie: t.cookie.admin });
const health = (cookie: string) => call<HealthMap>(t.app, { url: URL, cookie });

/** Adds an interface (online unless asked) and answers its id. */
async function addInterface(name: string, online = true): Promise<string> {
  const added = await post<string>('/api/interfaceInfo/add', {
    name,
    description: '健康度测试',
    url: 'https://api.example.com/health',
    method: 'GET',
  });
  expect(added.code).toBe(0);
  if (online) expect((await post('/api/interfaceInfo/online', { id: added.data })).code).toBe(0);
  return added.data;
}

/** Writes calls of `iid`, each `[ms ago, latency, success]`, through the log's writer (which rolls older hours up). */
async function addCalls(iid: string, calls: [number, number, boolean][]) {
  await writeCalls(
    t.database.db,
    calls.map(([ago, latency, success]) => ({
      interfaceInfoId: iid,
      userId: ADMIN.id,
      time: new Date(t.clock.now - ago),
      success,
      latency,
      status: success ? 200 : 500,
      bytes: 2,
    })),
  );
}

const ids: Record<string, string> = {};

beforeAll(async () => {
  for (const name of ['healthy', 'slow', 'down', 'few', 'idle', 'deleted']) ids[name] = await addInterface(`健康-${name}`);
  ids.offline = await addInterface('健康-offline', false);
  // Older hours first, then recent ones: the first are rolled up when the last are written, so both are read.
  await addCalls(
    ids.healthy,
    Array.from({ length: 20 }, (_, i) => [20 * HOUR + i * 1000, 100 + i, true]),
  );
  await addCalls(ids.slow, Array.from({ length: 10 }, (_, i) => [WINDOW - 1000 * (i + 1), 150 * (i + 1), true]));
  await addCalls(ids.down, [
    [WINDOW, 5, true], // exactly a day old: the window holds it
    [WINDOW + 1, 5, true], // older: it does not
    [3 * HOUR, 40, false],
    [2 * HOUR, 50, false],
  ]);
  await addCalls(ids.idle, [[WINDOW + HOUR, 10, true]]);
  await addCalls(ids.deleted, [[HOUR, 10, true]]);
  await addCalls(ids.offline, [[HOUR, 10, true]]);
  await addCalls(ids.few, [
    [30 * 60_000, 700, false],
    [20 * 60_000, 300, true],
  ]);
  await addCalls(ids.healthy, [
    ...Array.from({ length: 19 }, (_, i): [number, number, boolean] => [10 * 60_000 + i * 1000, 120 + i, true]),
    [60_000, 139, false],
  ]);
  await addCalls(ids.slow, Array.from({ length: 10 }, (_, i) => [5 * 60_000 + i, 1650 + 150 * i, true]));
  const deleted = await post('/api/interfaceInfo/delete', { id: ids.deleted });
  if (deleted.code !== 0) throw new Error(`deleting: ${deleted.message}`);
});

describe('GET /api/interfaceInfo/health', () => {
  test('needs a session', async () => {
    expect(await call(t.app, { url: URL })).toEqual(refusal(ResponseCode.NOT_LOGIN, MESSAGES.notLogin));
  });

  test("answers each interface's calls, success rate, p50, p95 and state over the last day", async () => {
    const answer = await health(t.cookie.admin);
    expect(answer.code).toBe(0);
    const { healthy, slow, down, few, idle } = ids;
    expect(answer.data[healthy]).toEqual({ calls: 40, successRate: 39 / 40, p50: 119, p95: 137, state: 'healthy' });
    // 150, 300, … 3,000 ms: p95 is the 19th, 2,850 ms, over the threshold.
    expect(answer.data[slow]).toEqual({ calls: 20, successRate: 1, p50: 1500, p95: 2850, state: 'degraded' });
    expect(answer.data[down]).toEqual({ calls: 3, successRate: 1 / 3, p50: 40, p95: 50, state: 'down' });
    // Too few calls to be down: failing half of them is degraded.
    expect(answer.data[few]).toEqual({ calls: 2, successRate: 0.5, p50: 300, p95: 700, state: 'degraded' });
    expect(answer.data[idle]).toEqual({ calls: 0, successRate: 0, p50: 0, p95: 0, state: 'unknown' });
  });

  test('answers every live interface to admins and the online ones to users, never a deleted one', async () => {
    const [admin, user] = [await health(t.cookie.admin), await health(t.cookie.user)];
    const total = async (cookie: string) =>
      (await call<Page<unknown>>(t.app, { url: '/api/interfaceInfo/list/page?pageSize=1', cookie })).data.total;
    expect(Object.keys(admin.data)).toHaveLength(await total(t.cookie.admin));
    expect(Object.keys(user.data)).toHaveLength(await total(t.cookie.user));
    expect(admin.data[ids.offline]).toMatchObject({ calls: 1, state: 'healthy' });
    expect(user.data).not.toHaveProperty(ids.offline);
    expect(admin.data).not.toHaveProperty(ids.deleted);
    expect(user.data[ids.healthy]).toEqual(admin.data[ids.healthy]);
  });

  test('shows an interface taken offline or added at once, though the figures are kept', async () => {
    await health(t.cookie.user);
    expect((await post('/api/interfaceInfo/offline', { id: ids.few })).code).toBe(0);
    const added = await addInterface('健康-new');
    const [admin, user] = [await health(t.cookie.admin), await health(t.cookie.user)];
    expect(user.data).not.toHaveProperty(ids.few);
    expect(admin.data[ids.few]).toMatchObject({ calls: 2 });
    expect(user.data[added]).toEqual({ calls: 0, successRate: 0, p50: 0, p95: 0, state: 'unknown' });
    expect((await post('/api/interfaceInfo/online', { id: ids.few })).code).toBe(0);
  });

  test("answers the demo interfaces' figures as a plain computation over the log does", async () => {
    const calls = rowsOf<{ iid: string; success: boolean; latency: number }>(
      await t.database.db.execute(sql`
        SELECT c.interface_info_id::text AS iid, c.success, c.latency
        FROM interface_call c JOIN interface_info i ON i.id = c.interface_info_id AND i.deleted_at IS NULL
        WHERE c.time >= ${new Date(t.clock.now - WINDOW).toISOString()}::timestamptz
          AND c.time < ${new Date(t.clock.now).toISOString()}::timestamptz`),
    );
    const byId = new Map<string, { latencies: number[]; errors: number }>();
    for (const c of calls) {
      const entry = byId.get(c.iid) ?? { latencies: [], errors: 0 };
      entry.latencies.push(c.latency);
      if (!c.success) entry.errors += 1;
      byId.set(c.iid, entry);
    }
    const rank = (sorted: number[], p: number) => latencyBucket(sorted[nearestRank(sorted.length, p) - 1]);
    const { data } = await health(t.cookie.admin);
    expect(byId.size).toBeGreaterThan(10);
    for (const [iid, { latencies, errors }] of byId) {
      const sorted = [...latencies].sort((a, b) => a - b);
      expect([iid, data[iid]]).toEqual([
        iid,
        expect.objectContaining({
          calls: sorted.length,
          successRate: (sorted.length - errors) / sorted.length,
          p50: rank(sorted, 0.5),
          p95: rank(sorted, 0.95),
        }),
      ]);
    }
  });

  test('is kept for a minute: a new call shows once it has passed', async () => {
    const before = (await health(t.cookie.admin)).data[ids.idle];
    await addCalls(ids.idle, [[1000, 10, true]]);
    t.clock.now += HEALTH_REFRESH_MS - 1;
    expect((await health(t.cookie.admin)).data[ids.idle]).toEqual(before);
    t.clock.now += 1;
    expect((await health(t.cookie.admin)).data[ids.idle]).toMatchObject({ calls: 1, state: 'healthy' });
  });
});

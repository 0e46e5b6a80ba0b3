/**
 * @jest-environment node
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { INTERFACE_STATUS } from '@agler/contract/constants';
import { formatDate, startOfDay } from '@agler/contract/dates';
import { seedInterfaces } from '@agler/contract/demo/seedInterfaces';
import type { InterfaceQuota, KeyPairVO } from '@agler/contract/types';
import type { UsageSummary } from './usage';
import { rowsOf } from '../db/rows';
import { takesQuery } from '../invoke/request';
import { ADMIN, call, loginAs, USER } from '../test/app';
import type { TestApp } from '../test/app';
import { listeningApp, sendSigned } from '../test/gateway';
import { DEMO_INTERFACE_COUNT } from './seed';

/**
 * The demo data adds up: every quota was charged with its user's own history, as the gateway
 * charges (contract/charge.ts), so no screen shows a quota untouched beside its calls; what a demo
 * interface documents of its answers is what its answers carry; the README counts what the
 * catalogue holds.
 */

const PUBLIC_URL = 'http://demo-invariants.test';
const README = fs.readFileSync(path.join(__dirname, '../../README.md'), 'utf8');
const demo = seedInterfaces(DEMO_INTERFACE_COUNT, ADMIN.id);

let t: TestApp;
let base: string;
let user: string;
let admin: string;

beforeAll(async () => {
  ({ t, base } = await listeningApp(PUBLIC_URL));
  [admin, user] = await Promise.all([loginAs(t.app, ADMIN), loginAs(t.app, USER)]);
}, 180_000);

afterAll(() => t.close());

type Charged = {
  uid: string;
  iid: string;
  calls: number;
  charged: number;
  left_num: number | null;
  total_num: string | null;
};

/** Per caller and interface in the history: its calls, those that cost a unit, and the quota beside them. */
async function chargedCalls(): Promise<Charged[]> {
  return rowsOf<Charged>(
    await t.database.db.execute(sql`
      SELECT c.user_id::text AS uid, c.interface_info_id::text AS iid, count(*)::int AS calls,
             (count(*) FILTER (WHERE c.success OR c.status BETWEEN 400 AND 499))::int AS charged,
             q.left_num, q.total_num::text AS total_num
      FROM interface_call c
      LEFT JOIN user_interface_info q ON q.user_id = c.user_id AND q.interface_info_id = c.interface_info_id
      GROUP BY c.user_id, c.interface_info_id, q.left_num, q.total_num`),
  );
}

describe('quotas and the calls beside them', () => {
  test("every user's quota used exactly the units its calls cost; admins' calls cost none", async () => {
    const rows = await chargedCalls();
    const users = rows.filter((row) => row.uid === USER.id);
    expect(users.length).toBeGreaterThan(0);
    for (const row of users) {
      const used = Number(row.total_num) - Number(row.left_num);
      expect({ iid: row.iid, used, left: row.left_num! >= 0 }).toEqual({
        iid: row.iid,
        used: row.charged,
        left: true,
      });
    }
    expect(rows.filter((row) => row.uid === ADMIN.id && row.left_num !== null)).toEqual([]);
  });

  test('个人中心, 用户管理 and the interface page read the same quota, never more used than called', async () => {
    const charged = new Map(
      (await chargedCalls()).filter((row) => row.uid === USER.id).map((row) => [row.iid, row]),
    );
    const own = await call<InterfaceQuota[]>(t.app, { url: '/api/user/usage', cookie: user });
    const asAdmin = await call<InterfaceQuota[]>(t.app, {
      url: `/api/userInterfaceInfo/list?userId=${USER.id}`,
      cookie: admin,
    });

    expect(asAdmin.data).toEqual(own.data);
    expect(own.data).toHaveLength(charged.size);
    for (const row of own.data) {
      const used = row.totalNum - row.leftNum;
      expect({ name: row.name, used, called: row.calls }).toEqual({
        name: row.name,
        used: charged.get(row.interfaceInfoId)!.charged,
        called: charged.get(row.interfaceInfoId)!.calls,
      });
      expect(used).toBeLessThanOrEqual(row.calls);
    }
  });

  test('我的用量: over 90 days the same quotas, and none runs out today', async () => {
    const own = await call<InterfaceQuota[]>(t.app, { url: '/api/user/usage', cookie: user });
    const today = formatDate(t.clock.now);
    const summary = await call<UsageSummary>(t.app, {
      url: `/api/user/usage/summary?startDate=${formatDate(startOfDay(t.clock.now, -89))}&endDate=${today}`,
      cookie: user,
    });
    expect(summary.code).toBe(0);

    const quotas = new Map(own.data.map((row) => [row.interfaceInfoId, [row.leftNum, row.totalNum]]));
    for (const row of summary.data.interfaces) {
      expect([row.name, row.leftNum, row.totalNum]).toEqual([row.name, ...quotas.get(row.interfaceInfoId)!]);
      expect(row.calls).toBeGreaterThanOrEqual(row.totalNum - row.leftNum);
      expect([row.name, row.runsOutOn === today]).toEqual([row.name, false]);
    }
  });
});

describe('the demo interfaces', () => {
  test('document only the headers their answers carry through the gateway', async () => {
    const pair = (
      await call<KeyPairVO>(t.app, {
        method: 'POST',
        url: '/api/user/key/regenerate',
        payload: {},
        cookie: user,
      })
    ).data;
    const online = demo.filter((record) => record.status === INTERFACE_STATUS.ONLINE);
    expect(online.length).toBeGreaterThan(0);
    for (const record of online) {
      const answer = await sendSigned(t, base, pair, record.method, `/gateway/${record.id}`, {
        body: takesQuery(record.method) ? '' : '{}',
      });
      const documented = JSON.parse(record.responseHeader) as Record<string, string>;
      const missing = Object.keys(documented).filter((name) => !answer.headers.has(name));
      expect({ name: record.name, status: answer.status < 500, missing }).toEqual({
        name: record.name,
        status: true,
        missing: [],
      });
      expect([record.name, answer.headers.get('content-type')]).toEqual([
        record.name,
        documented['Content-Type'],
      ]);
    }
  });

  test('the README counts the catalogue and the demo user’s calls as the console shows them', async () => {
    const [, total, online] = /(\d+) interfaces \((\d+) online/.exec(README) ?? [];
    const [, called] = /has called (\d+) of them/.exec(README) ?? [];
    const own = await call<InterfaceQuota[]>(t.app, { url: '/api/user/usage', cookie: user });
    const [counts] = rowsOf<{ total: number; online: number }>(
      await t.database.db.execute(sql`
        SELECT count(*)::int AS total, (count(*) FILTER (WHERE status = ${INTERFACE_STATUS.ONLINE}))::int AS online
        FROM interface_info WHERE deleted_at IS NULL`),
    );

    expect([Number(total), Number(online), Number(called)]).toEqual([
      counts.total,
      counts.online,
      own.data.length,
    ]);
    expect(counts.total).toBe(DEMO_INTERFACE_COUNT);
  });
});

/**
 * @jest-environment node
 */
import { sql } from 'drizzle-orm';
import {
  ALERT_MESSAGES,
  WEBHOOK_MAX_TRIES,
  WEBHOOK_RETRY_DELAYS_S,
  WEBHOOK_TEST_LIMIT,
} from '@agler/contract/alerts';
import { ResponseCode } from '@agler/contract/constants';
import type { Page } from '@agler/contract/types';
import { rowsOf } from '../db/rows';
import { quotaCrossings, raiseAlert, resetQuotaAlerts, alertExpiringKeys } from '../domain/alerts';
import type { AlertPage } from '../domain/alerts';
import type { WebhookDeliveryVO, WebhookSaved } from '../domain/webhooks';
import { deliveriesOf } from '../domain/webhooks';
import { ADMIN, call, loginAs, registerAs, testApp, USER } from '../test/app';
import type { TestApp } from '../test/app';
import { verifies, webhookReceiver } from '../test/webhookReceiver';
import type { Received, WebhookReceiver } from '../test/webhookReceiver';

let receiver: WebhookReceiver;
/** What has reached the receiver (emptied before each test). */
let received: Received[] = [];

let t: TestApp;
let user: string;
let other: string;
let db: TestApp['database']['db'];

beforeAll(async () => {
  receiver = await webhookReceiver();
  t = await testApp({ invokeAllowHosts: [`127.0.0.1:${receiver.port}`] });
  db = t.database.db;
  user = await loginAs(t.app, USER);
  other = (await registerAs(t.app, 'alert-other', 'alert-other-pw')).cookie;
}, 180_000);
afterAll(async () => {
  await t.close();
  await receiver.close();
});
beforeEach(() => {
  receiver.received.length = 0;
  received = receiver.received;
  receiver.answerStatus = 200;
  receiver.answerDelayMs = 0;
});

const list = (cookie: string, query = '') =>
  call<AlertPage>(t.app, { method: 'GET', url: `/api/alert/list${query}`, cookie });
const hookUrl = () => `http://127.0.0.1:${receiver.port}/hook`;
const OTHER = { userAccount: 'alert-other', userPassword: 'alert-other-pw' };
/** Sessions end when the clock moves a day on: log in again. */
async function loginAgain() {
  user = await loginAs(t.app, USER);
  other = await loginAs(t.app, OTHER);
}

describe('alerts', () => {
  test('an alert raised in the domain is listed with its subject and data as raised', async () => {
    await raiseAlert(db, {
      userId: USER.id,
      kind: 'quota_request',
      subjectId: '7',
      data: { approved: true, amount: 50 },
      now: t.clock.now,
    });

    const page = await list(user);
    expect(page.code).toBe(0);
    expect(page.data.records[0]).toMatchObject({
      kind: 'quota_request',
      subjectId: '7',
      data: { approved: true, amount: 50 },
      read: false,
    });
  });

  test('quota alerts: once per crossing, again only after the quota is reset', async () => {
    const interfaceId = '1800000000000000001';
    const count = async () =>
      rowsOf<{ n: number }>(
        await db.execute(
          sql`SELECT count(*)::int AS n FROM alert WHERE user_id = ${USER.id}::bigint AND kind = 'quota_80' AND interface_info_id = ${interfaceId}::bigint`,
        ),
      )[0].n;
    const start = await count();

    await quotaCrossings(db, USER.id, interfaceId, 21, 100, t.clock.now);
    expect(await count()).toBe(start);
    await quotaCrossings(db, USER.id, interfaceId, 20, 100, t.clock.now);
    // A unit given back and taken again crosses the same line: not a second alert.
    await quotaCrossings(db, USER.id, interfaceId, 20, 100, t.clock.now);
    expect(await count()).toBe(start + 1);

    await resetQuotaAlerts(db, USER.id, interfaceId);
    await quotaCrossings(db, USER.id, interfaceId, 40, 200, t.clock.now);
    expect(await count()).toBe(start + 2);
    const [latest] = (await list(user)).data.records.filter((a) => a.kind === 'quota_80');
    expect(latest.data).toMatchObject({ leftNum: 40, totalNum: 200 });
    expect(latest.data.interfaceName).toEqual(expect.any(String));
  });

  test('key_expiring: keys within 7 days, once per key and expiry', async () => {
    const now = t.clock.now;
    const keys = [
      { id: '1', userId: USER.id, name: '生产', expiresAt: now + 3 * 86_400_000 },
      { id: '2', userId: USER.id, name: '测试', expiresAt: now + 30 * 86_400_000 },
      { id: '3', userId: USER.id, name: '无期限', expiresAt: null },
    ];
    expect(await alertExpiringKeys(db, keys, now)).toBe(1);
    expect(await alertExpiringKeys(db, keys, now)).toBe(0);
  });

  test('taking an interface offline alerts who called it in the last 30 days, once', async () => {
    const admin = await loginAs(t.app, ADMIN);
    const [target] = rowsOf<{ id: string }>(
      await db.execute(
        sql`SELECT id::text AS id FROM interface_info WHERE deleted_at IS NULL AND status = 1 ORDER BY id LIMIT 1`,
      ),
    );
    const otherId = (
      await call<{ id: string }>(t.app, { method: 'GET', url: '/api/user/get/login', cookie: other })
    ).data.id;
    // The other user called it 40 days ago: too long ago to be told.
    await db.execute(sql`
      INSERT INTO interface_call (interface_info_id, user_id, time, success, latency)
      VALUES (${target.id}::bigint, ${USER.id}::bigint, ${new Date(t.clock.now - 86_400_000).toISOString()}::timestamptz, true, 5),
             (${target.id}::bigint, ${otherId}::bigint, ${new Date(t.clock.now - 40 * 86_400_000).toISOString()}::timestamptz, true, 5)`);
    const offline = () =>
      call(t.app, {
        method: 'POST',
        url: '/api/interfaceInfo/offline',
        cookie: admin,
        payload: { id: target.id },
      });

    expect((await offline()).data).toBe(true);
    await offline();

    const mine = (await list(user)).data.records.filter(
      (a) => a.kind === 'interface_offline' && a.interfaceInfoId === target.id,
    );
    expect(mine).toHaveLength(1);
    expect((await list(other)).data.records.filter((a) => a.kind === 'interface_offline')).toHaveLength(0);
    await call(t.app, {
      method: 'POST',
      url: '/api/interfaceInfo/online',
      cookie: admin,
      payload: { id: target.id },
    });
  });
});

describe('webhook', () => {
  let secret: string;

  const save = (cookie: string, payload: object) =>
    call<WebhookSaved>(t.app, { method: 'POST', url: '/api/user/webhook', cookie, payload });
  const deliveries = (cookie: string) =>
    call<Page<WebhookDeliveryVO>>(t.app, { method: 'GET', url: '/api/user/webhook/deliveries', cookie });

  beforeAll(async () => {
    const saved = await save(user, { url: hookUrl(), kinds: ['quota_80', 'quota_100', 'interface_offline'] });
    if (saved.code !== 0) throw new Error(`saving the webhook: ${saved.message}`);
    secret = saved.data.secret!;
  });

  test('an alert of a chosen kind is queued, not sent, then delivered by the worker, signed', async () => {
    await raiseAlert(db, {
      userId: USER.id,
      kind: 'quota_100',
      interfaceInfoId: '1800000000000000002',
      data: { leftNum: 0, totalNum: 10 },
      now: t.clock.now,
    });
    // A kind the webhook does not take is not queued.
    await raiseAlert(db, { userId: USER.id, kind: 'quota_request', now: t.clock.now });
    expect(received).toHaveLength(0);

    await t.app.webhooks.runDue();

    expect(received).toHaveLength(1);
    expect(verifies(secret, received[0])).toBe(true);
    expect(received[0].timestamp).toBe(Math.floor(t.clock.now / 1000));
    expect(verifies('whsec_' + Buffer.alloc(32).toString('base64'), received[0])).toBe(false);
    expect(JSON.parse(received[0].body)).toMatchObject({
      type: 'alert.quota_100',
      data: {
        kind: 'quota_100',
        interfaceInfoId: '1800000000000000002',
        details: { leftNum: 0, totalNum: 10 },
      },
    });
  });

  test('a failing receiver is retried on the schedule, each try logged, then failed; resend delivers it', async () => {
    receiver.answerStatus = 500;
    await raiseAlert(db, { userId: USER.id, kind: 'quota_80', now: t.clock.now });
    const start = t.clock.now;

    await t.app.webhooks.runDue();
    let elapsed = 0;
    for (const delay of WEBHOOK_RETRY_DELAYS_S) {
      // Just before it is due nothing is sent; at its time, the next try.
      t.clock.now = start + (elapsed + delay) * 1000 - 1000;
      await t.app.webhooks.runDue();
      expect(received).toHaveLength(WEBHOOK_RETRY_DELAYS_S.indexOf(delay) + 1);
      elapsed += delay;
      t.clock.now = start + elapsed * 1000;
      await t.app.webhooks.runDue();
    }
    expect(received).toHaveLength(WEBHOOK_MAX_TRIES);
    expect(new Set(received.map((r) => r.id)).size).toBe(1);
    expect(received.every((r) => verifies(secret, r))).toBe(true);
    t.clock.now += 24 * 3600_000;
    await t.app.webhooks.runDue();
    expect(received).toHaveLength(WEBHOOK_MAX_TRIES);
    await loginAgain();

    // Deliveries made at the same moment have no order among them: this one is found by its type.
    const failed = (await deliveries(user)).data.records.find((d) => d.eventType === 'alert.quota_80')!;
    expect(failed).toMatchObject({
      eventType: 'alert.quota_80',
      state: 'failed',
      tries: WEBHOOK_MAX_TRIES,
      nextTryTime: null,
    });
    expect(failed.attempts).toHaveLength(WEBHOOK_MAX_TRIES);
    expect(failed.attempts[0]).toMatchObject({
      status: 500,
      failure: 'httpError',
      durationMs: expect.any(Number),
    });

    // Someone else cannot resend it.
    expect(
      await call(t.app, {
        method: 'POST',
        url: '/api/user/webhook/resend',
        cookie: other,
        payload: { id: failed.id },
      }),
    ).toMatchObject({
      code: ResponseCode.NOT_FOUND,
    });
    receiver.answerStatus = 204;
    expect(
      (
        await call(t.app, {
          method: 'POST',
          url: '/api/user/webhook/resend',
          cookie: user,
          payload: { id: failed.id },
        })
      ).data,
    ).toBe(true);
    await t.app.webhooks.runDue();
    const resent = (await deliveries(user)).data.records.find((d) => d.id === failed.id)!;
    expect(resent).toMatchObject({ id: failed.id, state: 'delivered' });
    expect(resent.attempts.at(-1)).toMatchObject({ status: 204, failure: null });
    expect(received.at(-1)!.id).toBe(failed.id);
  });

  test('a rotated secret is shown once; both sign during the grace, the new one alone after it', async () => {
    const rotated = await call<{ secret: string; previousSecretUntil: string }>(t.app, {
      method: 'POST',
      url: '/api/user/webhook/secret/rotate',
      cookie: user,
    });
    expect(rotated.data.secret).toMatch(/^whsec_/);
    expect(rotated.data.secret).not.toBe(secret);

    await call(t.app, { method: 'POST', url: '/api/user/webhook/test', cookie: user });
    expect(received[0].signatures).toHaveLength(2);
    expect(verifies(rotated.data.secret, received[0]) && verifies(secret, received[0])).toBe(true);

    t.clock.now += 25 * 3600_000;
    await loginAgain();
    await call(t.app, { method: 'POST', url: '/api/user/webhook/test', cookie: user });
    expect(received[1].signatures).toHaveLength(1);
    expect(verifies(secret, received[1])).toBe(false);
    expect(verifies(rotated.data.secret, received[1])).toBe(true);
    secret = rotated.data.secret;
  });

  test('an alert for a deleted webhook fails at its try, without retries', async () => {
    // Deliveries made at the same moment have no order of their own: this one is told by its id.
    const before = new Set((await deliveriesOf(db, USER.id)).map((d) => d.id));
    await raiseAlert(db, { userId: USER.id, kind: 'quota_80', now: t.clock.now });
    expect((await call(t.app, { method: 'POST', url: '/api/user/webhook/delete', cookie: user })).data).toBe(
      true,
    );
    await t.app.webhooks.runDue();
    const added = (await deliveriesOf(db, USER.id)).filter((d) => !before.has(d.id));
    expect(added).toEqual([expect.objectContaining({ state: 'failed', tries: 1 })]);
    expect(received).toHaveLength(0);
  });
});

describe('the test send', () => {
  let tester: string;
  const ping = () =>
    t.app.inject({ method: 'POST', url: '/api/user/webhook/test', headers: { cookie: tester } });
  const envelopeOf = (response: { body: string }) =>
    JSON.parse(response.body) as { code: number; message: string };

  beforeAll(async () => {
    tester = (await registerAs(t.app, 'webhook-tester')).cookie;
    const saved = await call(t.app, {
      method: 'POST',
      url: '/api/user/webhook',
      cookie: tester,
      payload: { url: hookUrl(), kinds: ['quota_request'] },
    });
    if (saved.code !== 0) throw new Error(`saving the webhook: ${saved.message}`);
  });

  test('at most WEBHOOK_TEST_LIMIT.perMinute a minute; the next minute, again', async () => {
    for (let i = 0; i < WEBHOOK_TEST_LIMIT.perMinute; i += 1) expect(envelopeOf(await ping()).code).toBe(0);
    const over = await ping();
    expect(envelopeOf(over)).toMatchObject({
      code: ResponseCode.QUOTA_EXHAUSTED,
      message: ALERT_MESSAGES.webhookTestLimited,
    });
    expect(Number(over.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(over.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(received).toHaveLength(WEBHOOK_TEST_LIMIT.perMinute);

    t.clock.now += 61_000;
    expect(envelopeOf(await ping()).code).toBe(0);
    expect(received).toHaveLength(WEBHOOK_TEST_LIMIT.perMinute + 1);
  });
});

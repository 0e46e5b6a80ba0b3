/**
 * @jest-environment node
 */
import { sql } from 'drizzle-orm';
import { seedInterfaces } from '@agler/contract/demo/seedInterfaces';
import type { KeyPairVO } from '@agler/contract/types';
import { DEMO_INTERFACE_COUNT } from '../domain/seed';
import { ADMIN, loginAs, testApp, USER } from '../test/app';
import type { TestApp } from '../test/app';
import { listeningApp, sendSigned } from '../test/gateway';
import { keyPairOf } from '../test/keys';
import { bearerMatches, isLoopback } from './metrics';

/**
 * /metrics as an operator's scraper reads it: the Prometheus text format,
 * figures that move with the calls, and only for this machine or the token.
 * inject's `remoteAddress` is the socket's address the check reads, so
 * "another machine" is tested without leaving this one.
 */

const PUBLIC_URL = 'http://metrics.test';
const TOKEN = 'metrics-token-of-some-length-0123';
/** An address of the documentation range (RFC 5737): never reached, only named as a socket's remote end. */
const ELSEWHERE = '203.0.113.7';
const weather = seedInterfaces(DEMO_INTERFACE_COUNT, ADMIN.id).find((r) => r.name === '天气查询')!;

let t: TestApp;
let base: string;
let pair: KeyPairVO;

beforeAll(async () => {
  ({ t, base } = await listeningApp(PUBLIC_URL));
  pair = await keyPairOf(t.app, await loginAs(t.app, USER));
}, 180_000);

afterAll(() => t.close());

const scrape = (app = t.app, remoteAddress = '127.0.0.1', headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The value of one series (`name` with exactly these labels, in the order written), or undefined. */
function valueOf(text: string, name: string, labels = ''): number | undefined {
  const series = labels ? `${name}{${labels}}` : name;
  const match = new RegExp(`^${escape(series)} (\\S+)$`, 'm').exec(text);
  return match ? Number(match[1]) : undefined;
}

const at = `/gateway/${weather.id}?city=x`;

describe('GET /metrics', () => {
  test('answers the Prometheus text format with the process, database and queue figures', async () => {
    const response = await scrape();

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    const text = response.body;
    expect(text).toMatch(/^# TYPE nodejs_eventloop_lag_seconds gauge$/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds \S+$/m);
    expect(valueOf(text, 'agler_db_pool_connections')).toBe(1);
    expect(valueOf(text, 'agler_db_pool_waiting')).toBe(0);
    expect(valueOf(text, 'agler_webhook_deliveries_pending')).toBeGreaterThanOrEqual(0);
    expect(text).toMatch(/^# TYPE agler_gateway_request_duration_seconds histogram$/m);
    expect(valueOf(text, 'agler_gateway_calls_refused_total', 'reason="quota_exhausted"')).toBe(0);
  });

  test('a gateway call answered and one refused move their counters and latencies', async () => {
    const before = (await scrape()).body;
    const count = (text: string, outcome: string) =>
      valueOf(text, 'agler_gateway_request_duration_seconds_count', `outcome="${outcome}"`) ?? NaN;

    expect((await sendSigned(t, base, pair, 'GET', at)).status).toBe(200);
    expect((await sendSigned(t, base, pair, 'GET', at, { sign: 'f'.repeat(64) })).status).toBe(401);
    expect((await sendSigned(t, base, pair, 'GET', at, { omit: 'nonce' })).status).toBe(401);
    const after = (await scrape()).body;

    expect(valueOf(after, 'agler_gateway_calls_admitted_total')).toBe(
      valueOf(before, 'agler_gateway_calls_admitted_total')! + 1,
    );
    const refused = (text: string, reason: string) =>
      valueOf(text, 'agler_gateway_calls_refused_total', `reason="${reason}"`);
    expect(refused(after, 'bad_signature')).toBe(refused(before, 'bad_signature')! + 1);
    expect(refused(after, 'missing_signature')).toBe(refused(before, 'missing_signature')! + 1);
    expect(count(after, 'answered')).toBe(count(before, 'answered') + 1);
    expect(count(after, 'refused')).toBe(count(before, 'refused') + 2);
    const route = 'route="/gateway/:interfaceId",status_class=';
    expect(
      valueOf(after, 'agler_http_request_duration_seconds_count', `${route}"2xx"`),
    ).toBeGreaterThanOrEqual(1);
    expect(
      valueOf(after, 'agler_http_request_duration_seconds_count', `${route}"4xx"`),
    ).toBeGreaterThanOrEqual(2);
  });

  test('a call over the quota is counted as refused for it', async () => {
    await t.database.db.execute(sql`
      UPDATE user_interface_info SET left_num = 0 WHERE user_id = ${USER.id}::bigint AND interface_info_id = ${weather.id}::bigint`);
    const before = (await scrape()).body;

    expect((await sendSigned(t, base, pair, 'GET', at)).status).toBe(429);

    const reason = 'reason="quota_exhausted"';
    expect(valueOf((await scrape()).body, 'agler_gateway_calls_refused_total', reason)).toBe(
      valueOf(before, 'agler_gateway_calls_refused_total', reason)! + 1,
    );
  });

  test('requests are labelled by route pattern: a path nobody routes is "unmatched", never itself', async () => {
    await t.app.inject({ method: 'GET', url: '/api/no-such-path-7d1e' });

    const text = (await scrape()).body;

    expect(text).not.toContain('7d1e');
    expect(
      valueOf(text, 'agler_http_request_duration_seconds_count', 'route="unmatched",status_class="2xx"'),
    ).toBe(1);
  });

  test('the webhook queue depth counts the pending deliveries', async () => {
    const pending = () => scrape().then((r) => valueOf(r.body, 'agler_webhook_deliveries_pending'));
    const before = await pending();

    await t.database.db.execute(sql`
      INSERT INTO webhook_delivery (id, user_id, event_type, payload, state, next_try_time, create_time)
      VALUES ('msg_metrics_test', ${USER.id}::bigint, 'ping', '{}', 'pending', now(), now())`);

    expect(await pending()).toBe(before! + 1);
  });

  test('the database pool: PGlite runs one query at a time, the others wait', async () => {
    const { database } = t;
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const transaction = database.db.transaction(() => held);
    // Drizzle starts a query when it is awaited; it reaches PGlite a few turns later.
    const queued = Promise.resolve(database.db.execute(sql`SELECT 1`));
    try {
      for (let turn = 0; turn < 1000 && database.poolUse().waiting === 0; turn += 1)
        await new Promise(setImmediate);

      expect(database.poolUse()).toEqual({ total: 1, idle: 0, waiting: 1 });
    } finally {
      release();
      await Promise.all([transaction, queued]);
    }
    expect(database.poolUse()).toEqual({ total: 1, idle: 1, waiting: 0 });
  });
});

describe('who may read /metrics', () => {
  test('this machine by any of its loopback addresses; another machine finds nothing without a token', async () => {
    for (const address of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1'])
      expect((await scrape(t.app, address)).statusCode).toBe(200);

    const elsewhere = await scrape(t.app, ELSEWHERE, {
      'x-forwarded-for': '127.0.0.1',
      authorization: `Bearer ${TOKEN}`,
    });

    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.body).not.toContain('agler_');
  });

  test('with METRICS_TOKEN another machine reads it with the token, and only with it', async () => {
    const withToken = await testApp({ metricsToken: TOKEN }, t.database);
    try {
      const missing = await scrape(withToken.app, ELSEWHERE);
      const wrong = await scrape(withToken.app, ELSEWHERE, { authorization: `Bearer ${TOKEN}x` });
      const right = await scrape(withToken.app, ELSEWHERE, { authorization: `Bearer ${TOKEN}` });

      expect(missing.statusCode).toBe(401);
      expect(missing.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(wrong.statusCode).toBe(401);
      expect(wrong.body).not.toContain('agler_');
      expect(right.statusCode).toBe(200);
      expect(right.body).toContain('agler_gateway_calls_admitted_total');
      expect((await scrape(withToken.app)).statusCode).toBe(200);
    } finally {
      await withToken.app.close();
    }
  });

  test.each([
    ['127.0.0.1', true],
    ['127.255.0.1', true],
    ['::1', true],
    ['::ffff:127.0.0.1', true],
    ['::ffff:10.0.0.1', false],
    ['10.0.0.1', false],
    ['0.0.0.0', false],
    ['', false],
    [undefined, false],
    ['localhost', false],
  ])('%p is loopback: %p', (address, expected) => {
    expect(isLoopback(address)).toBe(expected);
  });

  test.each([
    [`Bearer ${TOKEN}`, true],
    [`bearer ${TOKEN}`, true],
    [`Bearer ${TOKEN} `, true],
    [`Bearer ${TOKEN.slice(1)}`, false],
    [`Basic ${TOKEN}`, false],
    [TOKEN, false],
    ['Bearer ', false],
    [undefined, false],
  ])('Authorization %p matches the token: %p', (header, expected) => {
    expect(bearerMatches(header, TOKEN)).toBe(expected);
  });
});

/**
 * @jest-environment node
 */
import { ResponseCode } from '@agler/contract/constants';
import { MESSAGES } from '@agler/contract/messages';
import type { InterfaceInfo } from '@agler/contract/types';
import { migrate, openPostgres } from './db/connect';
import type { Database } from './db/connect';
import { seedDemoData } from './domain/seed';
import { ADMIN, call, loginAs, testApp, USER } from './test/app';
import type { TestApp } from './test/app';
import { SEED_NOW } from './test/database';
import { keyPairOf } from './test/keys';
import { ownClusterAvailable, postgresAvailable, startPostgres } from './test/postgres';
import type { PgServer } from './test/postgres';
import { request } from 'undici';
import { send, startServer, stopServer } from './test/process';
import { freshNonce, signedHeaders } from './test/sign';
import { refusal } from './test/refusal';

/**
 * The same server on a PostgreSQL server (15 or newer): the migrations run
 * there, every answer equals PGlite's, processes share sessions and data,
 * and an outage is a clear 50000 that ends by itself.
 */

(postgresAvailable ? describe : describe.skip)('on PostgreSQL', () => {
  let server: PgServer;
  let url: string;
  let database: Database;
  let onPg: TestApp;
  let onPglite: TestApp;

  beforeAll(async () => {
    server = await startPostgres();
    url = await server.createDatabase();
    database = await openPostgres(url);
    await migrate(database);
    await database.exclusive((db) => seedDemoData(db, { now: SEED_NOW }));
    onPg = await testApp({}, database);
    onPglite = await testApp();
  }, 300_000);
  afterAll(async () => {
    await onPg?.close();
    await onPglite?.close();
    await database?.close();
    await server?.close();
  });

  test('the migrations and the seed are done once: a second run changes nothing', async () => {
    await migrate(database);
    const seededAgain = await database.exclusive((db) => seedDemoData(db, { now: SEED_NOW }));

    expect(seededAgain).toBe(false);
  });

  test.each([
    '/api/interfaceInfo/list/page',
    '/api/interfaceInfo/list/page?sortField=name&pageSize=50',
    '/api/interfaceInfo/list/page?sortField=name&sortOrder=descend&current=2&pageSize=7',
    '/api/interfaceInfo/list/page?sortField=updateTime&searchText=api&pageSize=50',
    '/api/interfaceInfo/list/page?method=GET&status=0',
    '/api/interfaceInfo/get?id=1800000000000000007',
    '/api/analysis/overview?startDate=2026-11-14&endDate=2026-11-20',
    '/api/analysis/overview?startDate=2026-08-23&endDate=2026-11-20',
    '/api/analysis/top/interface/invoke?limit=20',
    '/api/analysis/top/interface/invoke?limit=5&startDate=2026-10-01&endDate=2026-10-31',
    '/api/user/get/login',
    `/api/user/usage/daily?startDate=2026-08-23&endDate=2026-11-20&userId=${USER.id}`,
    `/api/user/usage/summary?startDate=2026-08-23&endDate=2026-11-20&userId=${USER.id}`,
    `/api/user/calls?pageSize=100&current=3&userId=${USER.id}`,
    `/api/user/calls?status=4xx&userId=${USER.id}`,
  ])('%s answers the same as on PGlite', async (url) => {
    const [pgAnswer, pgliteAnswer] = await Promise.all([
      onPg.app.inject({ url, headers: { cookie: await loginAs(onPg.app, ADMIN) } }),
      onPglite.app.inject({ url, headers: { cookie: await loginAs(onPglite.app, ADMIN) } }),
    ]);

    expect(JSON.parse(pgAnswer.body).code).toBe(0);
    expect(pgAnswer.body).toBe(pgliteAnswer.body);
  });

  test('writes answer the same as on PGlite', async () => {
    const fields = { name: '两边一样', url: 'https://example.com/same', method: 'GET', description: '' };
    const answers = await Promise.all(
      [onPg, onPglite].map(async (t) => {
        const cookie = await loginAs(t.app, ADMIN);
        const added = await call<string>(t.app, {
          method: 'POST',
          url: '/api/interfaceInfo/add',
          payload: fields,
          cookie,
        });
        const stored = await call<InterfaceInfo>(t.app, {
          url: `/api/interfaceInfo/get?id=${added.data}`,
          cookie,
        });
        return { added, stored };
      }),
    );

    expect(answers[0]).toEqual(answers[1]);
  });

  test('a quota request asked and approved answers the same as on PGlite', async () => {
    const answers = await Promise.all(
      [onPg, onPglite].map(async (t) => {
        const asked = await call<{ id: string }>(t.app, {
          method: 'POST',
          url: '/api/quota/request',
          payload: { interfaceInfoId: '1800000000000000001', amount: 40, reason: '两边一样' },
          cookie: await loginAs(t.app, USER),
        });
        const approved = await call(t.app, {
          method: 'POST',
          url: '/api/quota/request/review',
          payload: { id: asked.data.id, approve: true },
          cookie: await loginAs(t.app, ADMIN),
        });
        return { asked, approved };
      }),
    );

    expect(answers[0].approved).toMatchObject({ code: 0, data: { status: 'approved' } });
    expect(answers[0]).toEqual(answers[1]);
  });

  test('two server processes on one database share sessions and data', async () => {
    const shared = await server.createDatabase();
    // Started together: the migrations and the demo data are done once between them.
    const [a, b] = await Promise.all([
      startServer({ DATABASE_URL: shared }),
      startServer({ DATABASE_URL: shared }),
    ]);
    try {
      const { setCookie: cookie } = await send(`${a.url}/api/user/login`, {
        body: { userAccount: ADMIN.userAccount, userPassword: ADMIN.userPassword },
      });
      const onB = await send(`${b.url}/api/user/get/login`, { cookie });
      const added = await send<string>(`${a.url}/api/interfaceInfo/add`, {
        body: { name: '从 A 写入', url: 'https://example.com/a', method: 'GET' },
        cookie,
      });
      const readOnB = await send<InterfaceInfo>(`${b.url}/api/interfaceInfo/get?id=${added.envelope.data}`, {
        cookie,
      });
      const loggedOut = await send(`${b.url}/api/user/logout`, { body: {}, cookie });
      const onAAfter = await send(`${a.url}/api/user/get/login`, { cookie });
      const both = await send<{ total: number }>(`${b.url}/api/interfaceInfo/list/page`, {
        cookie: (
          await send(`${b.url}/api/user/login`, {
            body: { userAccount: USER.userAccount, userPassword: USER.userPassword },
          })
        ).setCookie,
      });

      expect(onB.envelope.code).toBe(0);
      expect(readOnB.envelope.data.name).toBe('从 A 写入');
      expect(loggedOut.envelope.code).toBe(0);
      expect(onAAfter.envelope.code).toBe(ResponseCode.NOT_LOGIN);
      expect(both.envelope.code).toBe(0);
    } finally {
      await stopServer(a);
      await stopServer(b);
    }
  }, 120_000);
  test('two processes: a quota is never overdrawn, and a nonce used on one is a replay on the other', async () => {
    const shared = await server.createDatabase();
    // Processes behind one address share PUBLIC_URL: the demo interfaces' URLs are under it.
    const env = { DATABASE_URL: shared, PUBLIC_URL: 'http://agler.test' };
    const [a, b] = await Promise.all([startServer(env), startServer(env)]);
    try {
      const { setCookie: adminCookie } = await send(`${a.url}/api/user/login`, {
        body: { userAccount: ADMIN.userAccount, userPassword: ADMIN.userPassword },
      });
      const registered = await send<string>(`${a.url}/api/user/register`, {
        body: {
          userAccount: 'two_process_user',
          userPassword: 'password-123',
          checkPassword: 'password-123',
        },
      });
      const pair = await keyPairOf(a.url, registered.setCookie!);
      const weatherId = '1800000000000000001';
      await send(`${a.url}/api/userInterfaceInfo/update`, {
        body: { userId: registered.envelope.data, interfaceInfoId: weatherId, leftNum: 100 },
        cookie: adminCookie,
      });
      const path = `/gateway/${weatherId}?city=x`;
      const callOn = async (origin: string, nonce = freshNonce()) =>
        (
          await request(`${origin}${path}`, {
            headers: signedHeaders(pair, 'GET', path, {
              timestamp: Math.floor(Date.now() / 1000),
              nonce,
            }),
          })
        ).statusCode;

      const statuses = await Promise.all(
        Array.from({ length: 200 }, (_, i) => callOn(i % 2 === 0 ? a.url : b.url)),
      );
      expect(statuses.filter((s) => s !== 200 && s !== 429)).toEqual([]);
      expect(statuses.filter((s) => s === 200)).toHaveLength(100);
      expect(statuses.filter((s) => s === 429)).toHaveLength(100);

      await send(`${a.url}/api/userInterfaceInfo/update`, {
        body: { userId: registered.envelope.data, interfaceInfoId: weatherId, leftNum: 5 },
        cookie: adminCookie,
      });
      const nonce = freshNonce();
      expect(await callOn(a.url, nonce)).toBe(200);
      expect(await callOn(b.url, nonce)).toBe(401);
    } finally {
      await stopServer(a);
      await stopServer(b);
    }
  }, 180_000);
});

// Stopping the server needs a cluster of our own, even where TEST_DATABASE_URL names a shared one.
(ownClusterAvailable ? describe : describe.skip)('on a PostgreSQL server that goes away', () => {
  test('an outage answers 50000 with a clear message, and the server recovers by itself', async () => {
    const own = await startPostgres({ own: true });
    const ownDatabase = await openPostgres(await own.createDatabase());
    try {
      await migrate(ownDatabase);
      await ownDatabase.exclusive((db) => seedDemoData(db, { now: SEED_NOW }));
      const t = await testApp({}, ownDatabase);
      const cookie = await loginAs(t.app, USER);
      const pair = await keyPairOf(t.app, cookie);
      const gatewayPath = '/gateway/1800000000000000001';

      own.stop();
      let during: unknown[];
      let gateway: { statusCode: number; body: string };
      try {
        during = [
          await call(t.app, { url: '/api/health' }),
          await call(t.app, { url: '/api/interfaceInfo/list/page', cookie }),
        ];
        gateway = await t.app.inject({
          method: 'GET',
          url: gatewayPath,
          headers: signedHeaders(pair, 'GET', gatewayPath, {
            timestamp: Math.floor(t.clock.now / 1000),
            nonce: freshNonce(),
          }),
        });
      } finally {
        own.start();
      }
      const after = [
        await call(t.app, { url: '/api/health' }),
        await call(t.app, { url: '/api/interfaceInfo/list/page', cookie }),
      ];
      await t.close();

      const unavailable = refusal(ResponseCode.SYSTEM_ERROR, MESSAGES.databaseUnavailable);
      expect(during).toEqual([unavailable, unavailable]);
      // A program reads the HTTP status: the gateway says the service is unavailable in it too.
      expect({ status: gateway.statusCode, body: JSON.parse(gateway.body) }).toEqual({
        status: 503,
        body: unavailable,
      });
      expect(after.map((answer) => (answer as { code: number }).code)).toEqual([0, 0]);
    } finally {
      await ownDatabase.close();
      await own.close();
    }
  }, 180_000);
});

/**
 * @jest-environment node
 */
import { sql } from 'drizzle-orm';
import { LOGIN_THROTTLE, ResponseCode } from '@agler/contract/constants';
import { MESSAGES, TEXT_MESSAGES } from '@agler/contract/messages';
import type { LoginUserVO } from '@agler/contract/types';
import { rowsOf } from '../db/rows';
import { removeExpired, SESSION_LIMITS } from '../domain/session';
import { THROTTLE_WINDOW_MS } from '../domain/user';
import { ADMIN, call, loginAs, registerAs, sessionCookieOf, setUpTestApp, testApp, USER } from '../test/app';
import { refusal } from '../test/refusal';

const t = setUpTestApp();

const login = (userAccount: string, userPassword: string) =>
  t.app.inject({ method: 'POST', url: '/api/user/login', payload: { userAccount, userPassword } });

const sessionCount = async () =>
  rowsOf<{ n: number }>(await t.database.db.execute(sql`SELECT count(*)::int AS n FROM session`))[0].n;

describe('login', () => {
  test('answers the user without the password and sets an HttpOnly, SameSite=Lax session cookie', async () => {
    const response = await login(ADMIN.userAccount, ADMIN.userPassword);

    const body = JSON.parse(response.body);
    expect(body).toMatchObject({
      code: 0,
      data: { id: ADMIN.id, userAccount: 'admin', userName: ADMIN.userName, userRole: 'admin' },
    });
    expect(JSON.stringify(body)).not.toMatch(/password|scrypt/i);
    const [pair, ...attributes] = String(response.headers['set-cookie']).split('; ');
    expect(pair).toMatch(/^AGLER_SESSION=[\w-]{43}$/);
    expect(attributes.sort()).toEqual(
      ['HttpOnly', `Max-Age=${SESSION_LIMITS.absoluteMs / 1000}`, 'Path=/', 'SameSite=Lax'].sort(),
    );
  });

  test('a wrong password and an unknown account read the same', async () => {
    const wrongPassword = JSON.parse((await login('user', 'not-the-password')).body);
    const unknownAccount = JSON.parse((await login('nobody-here', 'not-the-password')).body);

    expect(wrongPassword).toEqual(refusal(ResponseCode.PARAMS_ERROR, MESSAGES.wrongCredentials));
    expect(unknownAccount).toEqual(wrongPassword);
  });

  test('an account name with a NUL is refused, saying so, before the account is looked up', async () => {
    expect(JSON.parse((await login('adm\u0000in', '12345678')).body)).toEqual(refusal(ResponseCode.PARAMS_ERROR, TEXT_MESSAGES.field('账号', 'control')));
  });

  test('checks the lengths of account and password first', async () => {
    expect(JSON.parse((await login('abc', '12345678')).body).message).toBe(MESSAGES.accountLength);
    expect(JSON.parse((await login('admin', '1234567')).body).message).toBe(MESSAGES.passwordLength);
  });

  test('the session cookie is Secure when the server is told so', async () => {
    const secure = await testApp({ cookieSecure: true }, t.database);
    try {
      const response = await secure.app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { userAccount: 'admin', userPassword: '12345678' },
      });
      expect(String(response.headers['set-cookie']).split('; ')).toContain('Secure');
    } finally {
      await secure.close();
    }
  });
});

describe('sessions', () => {
  test('a session is the user of later requests, and logout ends it in the database', async () => {
    const cookie = await loginAs(t.app, USER);
    const before = await sessionCount();

    const me = await call<LoginUserVO>(t.app, { url: '/api/user/get/login', cookie });
    const out = await call(t.app, { method: 'POST', url: '/api/user/logout', cookie });
    const after = await call(t.app, { url: '/api/user/get/login', cookie });

    expect(me.data.userAccount).toBe('user');
    expect(out).toEqual({ code: 0, data: true, message: 'ok' });
    expect(after).toEqual(refusal(ResponseCode.NOT_LOGIN, MESSAGES.notLogin));
    expect(await sessionCount()).toBe(before - 1);
  });

  test('logout is idempotent and reads no body', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/logout',
      headers: { 'content-type': 'text/plain' },
      payload: 'anything',
    });

    expect(JSON.parse(response.body)).toEqual({ code: 0, data: true, message: 'ok' });
    const [pair, ...attributes] = String(response.headers['set-cookie']).split('; ');
    expect(pair).toBe('AGLER_SESSION=');
    expect(attributes).toEqual(expect.arrayContaining(['Max-Age=0', 'Path=/', 'HttpOnly', 'SameSite=Lax']));
  });

  test('a session nobody uses ends after the idle limit', async () => {
    const cookie = await loginAs(t.app, USER);
    const start = t.clock.now;
    try {
      t.clock.now = start + SESSION_LIMITS.idleMs + 1000;
      expect((await call(t.app, { url: '/api/user/get/login', cookie })).code).toBe(ResponseCode.NOT_LOGIN);
    } finally {
      t.clock.now = start;
    }
  });

  test('a session in use outlives the idle limit but not the absolute one', async () => {
    const cookie = await loginAs(t.app, USER);
    const start = t.clock.now;
    const alive: number[] = [];
    try {
      // Used every half idle period, until past the absolute limit.
      for (
        let at = start;
        at <= start + SESSION_LIMITS.absoluteMs + SESSION_LIMITS.idleMs;
        at += SESSION_LIMITS.idleMs / 2
      ) {
        t.clock.now = at;
        if ((await call(t.app, { url: '/api/user/get/login', cookie })).code === 0) alive.push(at - start);
        else break;
      }
    } finally {
      t.clock.now = start;
    }
    expect(Math.max(...alive)).toBeGreaterThan(SESSION_LIMITS.idleMs);
    expect(Math.max(...alive)).toBeLessThan(SESSION_LIMITS.absoluteMs);
  });

  test('invoke, which reads the session and the interface in one statement, keeps a session alive and ends with it', async () => {
    const cookie = await loginAs(t.app, USER);
    const start = t.clock.now;
    // An id nobody has: 40400 while the session lives, 40100 once it has ended.
    const invoke = async () =>
      (
        await call(t.app, {
          method: 'POST',
          url: '/api/interfaceInfo/invoke',
          cookie,
          payload: { id: '1', userRequestParams: '' },
        })
      ).code;
    try {
      for (let at = start; at <= start + 2 * SESSION_LIMITS.idleMs; at += SESSION_LIMITS.idleMs / 2) {
        t.clock.now = at;
        expect(await invoke()).toBe(ResponseCode.NOT_FOUND);
      }
      t.clock.now += SESSION_LIMITS.idleMs + 1000;
      expect(await invoke()).toBe(ResponseCode.NOT_LOGIN);
    } finally {
      t.clock.now = start;
    }
  });

  test('ended sessions are removed from the database', async () => {
    await loginAs(t.app, USER);
    const before = await sessionCount();

    await removeExpired(t.database.db, t.clock.now + SESSION_LIMITS.absoluteMs + 1000, THROTTLE_WINDOW_MS);

    expect(before).toBeGreaterThan(0);
    expect(await sessionCount()).toBe(0);
  });

  test.each([
    'AGLER_SESSION=%E0%A4%A',
    'AGLER_SESSION=%00',
    'AGLER_SESSION=%ED%A0%80',
    'other=1; AGLER_SESSION',
  ])('a cookie that is no token of ours is no session: %s', async (cookie) => {
    expect(await call(t.app, { url: '/api/user/get/login', cookie })).toEqual(refusal(ResponseCode.NOT_LOGIN, MESSAGES.notLogin));
  });

  test('the session cookie is found among others', async () => {
    const cookie = await loginAs(t.app, USER);
    const answer = await call<LoginUserVO>(t.app, {
      url: '/api/user/get/login',
      cookie: `a=1; ${cookie}; b="2"`,
    });
    expect(answer.data.userAccount).toBe('user');
  });
});

describe('login throttling', () => {
  const wrongTimes = async (account: string, times: number) => {
    for (let i = 0; i < times; i += 1) await login(account, 'wrong-password');
  };

  test(`after ${LOGIN_THROTTLE.maxFailures} wrong passwords in a minute even the right one is refused for a while`, async () => {
    await wrongTimes('admin', LOGIN_THROTTLE.maxFailures);

    const refused = JSON.parse((await login('admin', '12345678')).body);
    const start = t.clock.now;
    t.clock.now = start + LOGIN_THROTTLE.lockMinutes * 60_000 + 1000;
    const later = JSON.parse((await login('admin', '12345678')).body);
    t.clock.now = start;

    expect(refused).toEqual(refusal(ResponseCode.FORBIDDEN, MESSAGES.loginThrottled));
    expect(later.code).toBe(0);
  });

  test('an account that does not exist is throttled the same way', async () => {
    await wrongTimes('ghost-account', LOGIN_THROTTLE.maxFailures);

    expect(JSON.parse((await login('ghost-account', 'wrong-password')).body).message).toBe(
      MESSAGES.loginThrottled,
    );
  });

  test('wrong passwords spread over more than a minute do not lock', async () => {
    const start = t.clock.now;
    try {
      for (let i = 0; i < LOGIN_THROTTLE.maxFailures + 2; i += 1) {
        t.clock.now = start + i * (THROTTLE_WINDOW_MS / 2);
        await login('user', 'wrong-password');
      }
      expect(JSON.parse((await login('user', '12345678')).body).code).toBe(0);
    } finally {
      t.clock.now = start;
    }
  });

  test('one account name locked does not lock another', async () => {
    await wrongTimes('someone-else', LOGIN_THROTTLE.maxFailures);

    const answer = await login('user', '12345678');

    expect(sessionCookieOf(answer)).toMatch(/^AGLER_SESSION=/);
  });
});

describe('banning', () => {
  const register = (userAccount: string) => registerAs(t.app, userAccount);
  const sessionsOf = async (userId: string) =>
    rowsOf<{ n: number }>(
      await t.database.db.execute(sql`SELECT count(*)::int AS n FROM session WHERE user_id = ${userId}`),
    )[0].n;
  const setRole = (id: string, userRole: string, cookie: string) =>
    call(t.app, { method: 'POST', url: '/api/user/update', payload: { id, userRole }, cookie });

  test("ends every session of the user in the same change, and only theirs: the browser is logged out, not refused", async () => {
    const admin = await loginAs(t.app, ADMIN);
    const { id, cookie } = await register('ban_target_1');
    const elsewhere = sessionCookieOf(await login('ban_target_1', 'password-123'));
    const bystander = await loginAs(t.app, USER);
    expect(await sessionsOf(id)).toBe(2);

    expect(await setRole(id, 'ban', admin)).toEqual({ code: 0, data: true, message: 'ok' });

    expect(await sessionsOf(id)).toBe(0);
    for (const ended of [cookie, elsewhere]) {
      expect(await call(t.app, { url: '/api/user/get/login', cookie: ended })).toEqual(refusal(ResponseCode.NOT_LOGIN, MESSAGES.notLogin));
    }
    expect((await call(t.app, { url: '/api/user/get/login', cookie: bystander })).code).toBe(0);
    expect((await call(t.app, { url: '/api/user/get/login', cookie: admin })).code).toBe(0);
    // Logging in again is refused as banned, and starts no session.
    const again = await login('ban_target_1', 'password-123');
    expect(JSON.parse(again.body)).toMatchObject({ code: ResponseCode.NO_AUTH, message: MESSAGES.banned });
    expect(await sessionsOf(id)).toBe(0);

    expect((await setRole(id, 'user', admin)).code).toBe(0);
    expect(JSON.parse((await login('ban_target_1', 'password-123')).body).code).toBe(0);
  });

  test('a refused ban and other role changes leave the sessions as they are', async () => {
    const admin = await loginAs(t.app, ADMIN);
    const adminId = (await call<LoginUserVO>(t.app, { url: '/api/user/get/login', cookie: admin })).data.id;
    const adminSessions = await sessionsOf(adminId);
    const { id } = await register('ban_target_2');

    expect((await setRole(adminId, 'ban', admin)).message).toBe(MESSAGES.selfRole);
    expect((await setRole(id, 'admin', admin)).code).toBe(0);

    expect(await sessionsOf(adminId)).toBe(adminSessions);
    expect(await sessionsOf(id)).toBe(1);
  });
});

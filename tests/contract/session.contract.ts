import { ResponseCode } from '@agler/contract/constants';
import { MESSAGES } from '@agler/contract/messages';
import type { LoginUserVO } from '@agler/contract/types';
import { Client, demoAccount, expectRefusal, expectSuccess, loggedIn } from './client';

/** Login, the current user and logout: cookie sessions. */

const LOGIN = '/api/user/login';
const CURRENT = '/api/user/get/login';
const LOGOUT = '/api/user/logout';

describe('current user', () => {
  it('answers 40100 without a session', async () => {
    expectRefusal(await new Client().get(CURRENT), ResponseCode.NOT_LOGIN, MESSAGES.notLogin);
  });

  it('answers 40100 for a session id it never gave', async () => {
    const client = await loggedIn('user');
    client.tamperCookies('f'.repeat(48));
    expectRefusal(await client.get(CURRENT), ResponseCode.NOT_LOGIN, MESSAGES.notLogin);
  });
});

describe('login', () => {
  it.each(['admin', 'user'] as const)('logs %s in and answers who it is, without secrets', async (who) => {
    const client = new Client();
    const account = demoAccount(who);
    const user = expectSuccess(
      await client.post<LoginUserVO>(LOGIN, {
        userAccount: account.userAccount,
        userPassword: account.userPassword,
      }),
    );
    expect(user).toMatchObject({
      userAccount: account.userAccount,
      userName: account.userName,
      userRole: account.userRole,
    });
    expect(Object.keys(user).sort()).toEqual([
      'createTime',
      'id',
      'updateTime',
      'userAccount',
      'userAvatar',
      'userName',
      'userRole',
    ]);
    expect(expectSuccess(await client.get<LoginUserVO>(CURRENT))).toEqual(user);
  });

  it('sets the session cookie HttpOnly and SameSite=Lax', async () => {
    const client = new Client();
    await client.login('user');
    expect(client.setCookies.length).toBeGreaterThan(0);
    for (const cookie of client.setCookies) {
      const attributes = cookie.split(';').map((part) => part.trim().toLowerCase());
      expect(attributes).toEqual(expect.arrayContaining(['httponly', 'samesite=lax']));
    }
  });

  it('refuses a wrong password and an unknown account with one message that does not say which', async () => {
    const client = new Client();
    const wrongPassword = await client.post(LOGIN, {
      userAccount: 'admin',
      userPassword: 'not-the-password',
    });
    const unknownAccount = await client.post(LOGIN, { userAccount: 'nobody-here', userPassword: '12345678' });
    expectRefusal(wrongPassword, ResponseCode.PARAMS_ERROR, MESSAGES.wrongCredentials);
    expectRefusal(unknownAccount, ResponseCode.PARAMS_ERROR, MESSAGES.wrongCredentials);
    expect(client.setCookies).toEqual([]);
    expectRefusal(await client.get(CURRENT), ResponseCode.NOT_LOGIN, MESSAGES.notLogin);
  });

  it.each([
    ['an account of 3 characters', { userAccount: 'abc', userPassword: '12345678' }, MESSAGES.accountLength],
    [
      'an account of 257 characters',
      { userAccount: 'a'.repeat(257), userPassword: '12345678' },
      MESSAGES.accountLength,
    ],
    ['no account', { userPassword: '12345678' }, MESSAGES.accountLength],
    [
      'an account that is no text',
      { userAccount: 12345678, userPassword: '12345678' },
      MESSAGES.accountLength,
    ],
    [
      'a password of 7 characters',
      { userAccount: 'admin', userPassword: '1234567' },
      MESSAGES.passwordLength,
    ],
    [
      'a password of 257 characters',
      { userAccount: 'admin', userPassword: '1'.repeat(257) },
      MESSAGES.passwordLength,
    ],
    ['no password', { userAccount: 'admin' }, MESSAGES.passwordLength],
  ])('refuses %s with 40000', async (_label, body, message) => {
    expectRefusal(await new Client().post(LOGIN, body), ResponseCode.PARAMS_ERROR, message);
  });
});

describe('logout', () => {
  it('ends the session and is idempotent', async () => {
    const client = await loggedIn('user');
    expect(expectSuccess(await client.post(LOGOUT))).toBe(true);
    expectRefusal(await client.get(CURRENT), ResponseCode.NOT_LOGIN, MESSAGES.notLogin);
    expect(expectSuccess(await client.post(LOGOUT))).toBe(true);
    expect(expectSuccess(await new Client().post(LOGOUT))).toBe(true);
  });

  it('ends only its own session', async () => {
    const first = await loggedIn('admin');
    const second = await loggedIn('admin');
    expectSuccess(await first.post(LOGOUT));
    expectRefusal(await first.get(CURRENT), ResponseCode.NOT_LOGIN, MESSAGES.notLogin);
    expect(expectSuccess(await second.get<LoginUserVO>(CURRENT)).userAccount).toBe('admin');
  });

  it('ends the session even when the old cookie is sent again', async () => {
    const client = await loggedIn('user');
    const cookie = client.cookieHeader();
    expectSuccess(await client.post(LOGOUT));
    const replay = new Client();
    const answer = await replay.request('GET', CURRENT, { headers: { Cookie: cookie } });
    expectRefusal(answer, ResponseCode.NOT_LOGIN, MESSAGES.notLogin);
  });
});

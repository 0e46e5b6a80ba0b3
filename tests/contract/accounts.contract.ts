import { DEFAULT_QUOTA, ResponseCode } from '@agler/contract/constants';
import { MESSAGES } from '@agler/contract/messages';
import type { AccessKeyVO, InterfaceInfo, InterfaceQuota, KeyPairVO, LoginUserVO, Page } from '@agler/contract/types';
import { Client, expectRefusal, expectSuccess, loggedIn } from './client';
import { API } from './interfaces';

/** Registration, a user's own account and keys, quotas, and the admins' users. */

const ACCOUNTS = {
  register: '/api/user/register',
  me: '/api/user/get/login',
  updateMy: '/api/user/update/my',
  password: '/api/user/update/password',
  key: '/api/user/key',
  regenerate: '/api/user/key/regenerate',
  usage: '/api/user/usage',
  users: '/api/user/list/page',
  role: '/api/user/update',
  quotas: '/api/userInterfaceInfo/list',
  setQuota: '/api/userInterfaceInfo/update',
} as const;

const PASSWORD = 'password-123';
let admin: Client;
let runTag = '';
let accountCount = 0;

beforeAll(async () => {
  admin = await loggedIn('admin');
  runTag = Date.now().toString(36);
});

/** A new account (unique to this run), registered and logged in. */
async function registered(name: string): Promise<{ client: Client; id: string; account: string }> {
  const client = new Client();
  accountCount += 1;
  const account = `${name}_${runTag}_${accountCount}`;
  const id = expectSuccess(
    await client.post<string>(ACCOUNTS.register, { userAccount: account, userPassword: PASSWORD, checkPassword: PASSWORD }),
  );
  return { client, id, account };
}

/** An online GET interface of the demo data that answers `{"city": …}`: the weather. */
async function weather(client: Client): Promise<InterfaceInfo> {
  const { records } = expectSuccess(await client.get<Page<InterfaceInfo>>(API.list, { name: '天气查询', pageSize: 5 }));
  const found = records.find((r) => r.name === '天气查询' && r.status === 1);
  if (!found) throw new Error('the demo data has no online 天气查询');
  return found;
}

describe('register', () => {
  it('creates a user and logs them in', async () => {
    const { client, id, account } = await registered('reg');
    expect(expectSuccess(await client.get<LoginUserVO>(ACCOUNTS.me))).toMatchObject({
      id,
      userAccount: account,
      userName: account,
      userRole: 'user',
    });
  });

  it.each([
    ['a short account', { userAccount: 'abc', userPassword: PASSWORD, checkPassword: PASSWORD }, MESSAGES.accountLength],
    ['a space in the account', { userAccount: 'ab cd', userPassword: PASSWORD, checkPassword: PASSWORD }, MESSAGES.accountChars],
    ['a short password', { userAccount: 'abcd_ok', userPassword: 'short', checkPassword: 'short' }, MESSAGES.passwordLength],
    ['unequal passwords', { userAccount: 'abcd_ok', userPassword: PASSWORD, checkPassword: `${PASSWORD}x` }, MESSAGES.passwordMismatch],
    ['a taken account', { userAccount: 'admin', userPassword: PASSWORD, checkPassword: PASSWORD }, MESSAGES.accountTaken],
  ])('refuses %s', async (_label, body, message) => {
    expectRefusal(await new Client().post(ACCOUNTS.register, body), ResponseCode.PARAMS_ERROR, message);
  });
});

describe('the own account', () => {
  it('changes name and avatar; refuses an avatar that is no http(s) URL', async () => {
    const { client } = await registered('profile');
    expectSuccess(await client.post(ACCOUNTS.updateMy, { userName: '新名字', userAvatar: 'https://example.com/a.png' }));
    expect(expectSuccess(await client.get<LoginUserVO>(ACCOUNTS.me))).toMatchObject({
      userName: '新名字',
      userAvatar: 'https://example.com/a.png',
    });
    expectRefusal(await client.post(ACCOUNTS.updateMy, { userAvatar: 'javascript:alert(1)' }), ResponseCode.PARAMS_ERROR, MESSAGES.avatarInvalid);
    expectRefusal(await client.post(ACCOUNTS.updateMy, { userName: '  ' }), ResponseCode.PARAMS_ERROR, MESSAGES.userNameLength);
  });

  it('changes the password with the current one; other sessions end', async () => {
    const { client, account } = await registered('pw');
    const other = new Client();
    expectSuccess(await other.post(API.login, { userAccount: account, userPassword: PASSWORD }));

    expectRefusal(
      await client.post(ACCOUNTS.password, { oldPassword: 'wrong-password', newPassword: 'password-456', checkPassword: 'password-456' }),
      ResponseCode.PARAMS_ERROR,
      MESSAGES.wrongPassword,
    );
    expectSuccess(await client.post(ACCOUNTS.password, { oldPassword: PASSWORD, newPassword: 'password-456', checkPassword: 'password-456' }));

    expectSuccess(await client.get(ACCOUNTS.me));
    expectRefusal(await other.get(ACCOUNTS.me), ResponseCode.NOT_LOGIN, MESSAGES.notLogin);
  });

  it('has no key pair until it makes one; a new pair answers the secret once', async () => {
    const { client } = await registered('keys');
    expect(expectSuccess(await client.get<AccessKeyVO | null>(ACCOUNTS.key))).toBeNull();

    const pair = expectSuccess(await client.post<KeyPairVO>(ACCOUNTS.regenerate, {}));
    expect(pair.accessKey).toMatch(/^ak_[A-Za-z0-9_-]{43}$/);
    expect(pair.secretKey).toMatch(/^sk_[A-Za-z0-9_-]{43}$/);
    expect(expectSuccess(await client.get<AccessKeyVO>(ACCOUNTS.key))).toEqual({
      accessKey: pair.accessKey,
      secretKeyTail: pair.secretKey.slice(-4),
    });
    const next = expectSuccess(await client.post<KeyPairVO>(ACCOUNTS.regenerate, {}));
    expect(next.accessKey).not.toBe(pair.accessKey);
  });
});

describe('quotas', () => {
  it('every call of a user takes a unit; none left answers 42900 and is not counted', async () => {
    const { client, id } = await registered('quota');
    const target = await weather(client);
    expectSuccess(await admin.post(ACCOUNTS.setQuota, { userId: id, interfaceInfoId: target.id, leftNum: 2 }));
    const call = () => client.post(API.invoke, { id: target.id, userRequestParams: '{"city":"北京"}' });

    expectSuccess(await call());
    expectSuccess(await call());
    expectRefusal(await call(), ResponseCode.QUOTA_EXHAUSTED, MESSAGES.quotaExhausted);

    const usage = expectSuccess(await client.get<InterfaceQuota[]>(ACCOUNTS.usage));
    expect(usage.find((row) => row.interfaceInfoId === target.id)).toMatchObject({ calls: 2, leftNum: 0, totalNum: 2 });
    const seenByAdmin = expectSuccess(await admin.get<InterfaceQuota[]>(ACCOUNTS.quotas, { userId: id }));
    expect(seenByAdmin).toEqual(usage);
  });

  it('a first call starts the quota at the default; setting what is left keeps what was used', async () => {
    const { client, id } = await registered('quota2');
    const target = await weather(client);
    expectSuccess(await client.post(API.invoke, { id: target.id, userRequestParams: '{"city":"北京"}' }));
    expect(expectSuccess(await client.get<InterfaceQuota[]>(ACCOUNTS.usage))[0]).toMatchObject({
      interfaceInfoId: target.id,
      calls: 1,
      leftNum: DEFAULT_QUOTA - 1,
      totalNum: DEFAULT_QUOTA,
    });
    expectSuccess(await admin.post(ACCOUNTS.setQuota, { userId: id, interfaceInfoId: target.id, leftNum: 5 }));
    expect(expectSuccess(await client.get<InterfaceQuota[]>(ACCOUNTS.usage))[0]).toMatchObject({ leftNum: 5, totalNum: 6 });
  });

  it('admins are never limited', async () => {
    const target = await weather(admin);
    const me = expectSuccess(await admin.get<LoginUserVO>(ACCOUNTS.me));
    expectSuccess(await admin.post(ACCOUNTS.setQuota, { userId: me.id, interfaceInfoId: target.id, leftNum: 0 }));
    expectSuccess(await admin.post(API.invoke, { id: target.id, userRequestParams: '{"city":"北京"}' }));
  });

  it.each([
    ['a negative leftNum', { leftNum: -1 }, ResponseCode.PARAMS_ERROR, MESSAGES.badLeftNum],
    ['a fractional leftNum', { leftNum: 1.5 }, ResponseCode.PARAMS_ERROR, MESSAGES.badLeftNum],
    ['an unknown user', { userId: '9223372036854775807' }, ResponseCode.NOT_FOUND, MESSAGES.userNotFound],
    ['an unknown interface', { interfaceInfoId: '9223372036854775807' }, ResponseCode.NOT_FOUND, MESSAGES.interfaceNotFound],
  ])('refuses %s', async (_label, change, code, message) => {
    const { id } = await registered('quota3');
    const target = await weather(admin);
    expectRefusal(
      await admin.post(ACCOUNTS.setQuota, { userId: id, interfaceInfoId: target.id, leftNum: 3, ...change }),
      code,
      message,
    );
  });
});

describe('users, for admins', () => {
  it('lists users newest first, finds them by account or name, filters by role; users may not', async () => {
    const { account } = await registered('listed');
    const found = expectSuccess(await admin.get<Page<LoginUserVO>>(ACCOUNTS.users, { searchText: account.toUpperCase() }));
    expect(found.records.map((r) => r.userAccount)).toEqual([account]);
    expect(found.records[0]).not.toHaveProperty('userPassword');
    const admins = expectSuccess(await admin.get<Page<LoginUserVO>>(ACCOUNTS.users, { userRole: 'admin', pageSize: 50 }));
    expect(admins.records.every((r) => r.userRole === 'admin')).toBe(true);
    const newest = expectSuccess(await admin.get<Page<LoginUserVO>>(ACCOUNTS.users, { pageSize: 1 }));
    expect(newest.records[0].userAccount).toBe(account);

    expectRefusal(await admin.get(ACCOUNTS.users, { userRole: 'root' }), ResponseCode.PARAMS_ERROR, MESSAGES.badRole);
    expectRefusal(await (await loggedIn('user')).get(ACCOUNTS.users), ResponseCode.NO_AUTH, MESSAGES.noAuth);
  });

  it('changes roles; not the own one, never the last admin away; a banned user has no access', async () => {
    const me = expectSuccess(await admin.get<LoginUserVO>(ACCOUNTS.me));
    expectRefusal(await admin.post(ACCOUNTS.role, { id: me.id, userRole: 'user' }), ResponseCode.PARAMS_ERROR, MESSAGES.selfRole);
    expectRefusal(await admin.post(ACCOUNTS.role, { id: me.id, userRole: 'superuser' }), ResponseCode.PARAMS_ERROR, MESSAGES.badRole);
    expectRefusal(
      await admin.post(ACCOUNTS.role, { id: '9223372036854775807', userRole: 'user' }),
      ResponseCode.NOT_FOUND,
      MESSAGES.userNotFound,
    );

    const { client, id, account } = await registered('banned');
    const logIn = () => client.post('/api/user/login', { userAccount: account, userPassword: PASSWORD });
    expectSuccess(await admin.post(ACCOUNTS.role, { id, userRole: 'ban' }));
    // The ban ends the user's sessions, and a new login is refused without one.
    expectRefusal(await client.get(API.list), ResponseCode.NOT_LOGIN, MESSAGES.notLogin);
    expectRefusal(await logIn(), ResponseCode.NO_AUTH, MESSAGES.banned);
    expectRefusal(await client.get(ACCOUNTS.me), ResponseCode.NOT_LOGIN, MESSAGES.notLogin);
    expectSuccess(await admin.post(ACCOUNTS.role, { id, userRole: 'user' }));
    expectSuccess(await logIn());
    expectSuccess(await client.get(API.list));
  });
});

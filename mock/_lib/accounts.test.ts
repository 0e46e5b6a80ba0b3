import { formatTime } from '@agler/contract/dates';
import { ADMIN_ID, USER_ID } from '@agler/contract/demo/accounts';
import { MESSAGES } from '@agler/contract/messages';
import {
  keyOf,
  listUsers,
  login,
  regenerateKey,
  register,
  updateMy,
  updatePassword,
  updateRole,
  userIdOf,
} from './accounts';
import type { UserRecord } from './store';
import { resetStore, sharedStore } from './store';

const NOW = Date.UTC(2026, 5, 1);
const byId = (id: string) => sharedStore().users.find((u) => u.id === id)!;
const admin = () => byId(ADMIN_ID);
const user = () => byId(USER_ID);
const sessionsOf = (u: UserRecord) =>
  [...sharedStore().sessions].filter(([, id]) => id === u.id).map(([sid]) => sid);
function newAccount(userAccount: string, now = NOW) {
  const answer = register(
    { userAccount, userPassword: 'password-1', checkPassword: 'password-1' },
    undefined,
    now,
  );
  expect(answer.envelope.code).toBe(0);
  return answer;
}

beforeEach(() => resetStore({ interfaceCount: 40, now: NOW }));

describe('register', () => {
  it('refuses in the contract order, each with 40000 and its message', () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ userAccount: 'abc', userPassword: 'x', checkPassword: 'y' }, MESSAGES.accountLength],
      [{ userAccount: 7, userPassword: 'password-1', checkPassword: 'password-1' }, MESSAGES.accountLength],
      [{ userAccount: 'has space', userPassword: 'x', checkPassword: 'y' }, MESSAGES.accountChars],
      [{ userAccount: '中文账号名字', userPassword: 'x', checkPassword: 'y' }, MESSAGES.accountChars],
      [{ userAccount: 'alice', userPassword: 'short', checkPassword: 'y' }, MESSAGES.passwordLength],
      [
        { userAccount: 'alice', userPassword: 'password-1', checkPassword: 'password-2' },
        MESSAGES.passwordMismatch,
      ],
      [{ userAccount: 'alice', userPassword: 'password-1' }, MESSAGES.passwordMismatch],
      [
        { userAccount: 'user', userPassword: 'password-1', checkPassword: 'password-1' },
        MESSAGES.accountTaken,
      ],
    ];
    for (const [body, message] of cases) {
      const { envelope, sessionId } = register(body, undefined, NOW);
      expect({ body, code: envelope.code, message: envelope.message }).toEqual({
        body,
        code: 40000,
        message,
      });
      expect(sessionId).toBeUndefined();
    }
    expect(sharedStore().users).toHaveLength(2);
  });

  it('matches taken accounts case-sensitively and accepts letters, digits, _ . -', () => {
    expect(newAccount('User').envelope.code).toBe(0);
    expect(newAccount('a.b_c-9').envelope.code).toBe(0);
  });

  it('creates an ordinary user named after the account, logged in, and answers the new id', () => {
    const previous = login({ userAccount: 'user', userPassword: '12345678' }).sessionId!;
    const { envelope, sessionId } = register(
      { userAccount: 'alice', userPassword: 'password-1', checkPassword: 'password-1' },
      previous,
      NOW,
    );
    expect(envelope).toEqual({ code: 0, data: userIdOf(3), message: 'ok' });
    const created = byId(envelope.data!);
    expect(created).toMatchObject({
      userAccount: 'alice',
      userName: 'alice',
      userAvatar: '',
      userRole: 'user',
    });
    expect(created.createTime).toBe(formatTime(NOW));
    expect(sharedStore().sessions.get(sessionId!)).toBe(created.id);
    expect(sharedStore().sessions.has(previous)).toBe(false);
    expect(login({ userAccount: 'alice', userPassword: 'password-1' }).envelope.code).toBe(0);
  });
});

describe('login', () => {
  it('checks the lengths of account and password before looking the account up', () => {
    expect(login({ userAccount: 'abc', userPassword: '12345678' }).envelope.message).toBe(MESSAGES.accountLength);
    expect(login({ userAccount: 'user', userPassword: 'short' }).envelope.message).toBe(MESSAGES.passwordLength);
    expect(login({ userAccount: 'no such user', userPassword: '12345678' }).envelope.message).toBe(
      MESSAGES.wrongCredentials,
    );
  });

  it('refuses a banned account once the password is right, with no session', () => {
    updateRole({ id: USER_ID, userRole: 'ban' }, admin(), NOW);
    expect(login({ userAccount: 'user', userPassword: 'wrong-password' }).envelope.message).toBe(
      MESSAGES.wrongCredentials,
    );
    const banned = login({ userAccount: 'user', userPassword: '12345678' });
    expect(banned.envelope).toEqual({ code: 40101, data: null, message: MESSAGES.banned });
    expect(banned.sessionId).toBeUndefined();
  });
});

describe('update/my', () => {
  it('changes the name (trimmed) and the avatar; a field left out stays', () => {
    expect(updateMy({ userName: '  小明 ' }, user(), NOW)).toEqual({ code: 0, data: true, message: 'ok' });
    expect(user()).toMatchObject({ userName: '小明', userAvatar: '', updateTime: formatTime(NOW) });
    expect(updateMy({ userAvatar: 'https://example.com/a.png' }, user(), NOW).code).toBe(0);
    expect(user()).toMatchObject({ userName: '小明', userAvatar: 'https://example.com/a.png' });
    expect(updateMy({ userAvatar: '' }, user(), NOW).code).toBe(0);
    expect(user().userAvatar).toBe('');
  });

  it('refuses an empty, long or control-character name and a bad avatar, changing nothing', () => {
    for (const userName of ['', '   ', 'x'.repeat(51), 'a\u0000b', 'a\u202eb', 5]) {
      expect(updateMy({ userName, userAvatar: 'https://example.com/a.png' }, user(), NOW)).toEqual({
        code: 40000,
        data: null,
        message: MESSAGES.userNameLength,
      });
    }
    expect(updateMy({ userName: 'x'.repeat(50) }, user(), NOW).code).toBe(0);
    for (const userAvatar of [
      'ftp://example.com/a.png',
      'example.com/a.png',
      `https://e.com/${'a'.repeat(500)}`,
      null,
    ]) {
      expect(updateMy({ userName: '别名', userAvatar }, user(), NOW).message).toBe(MESSAGES.avatarInvalid);
    }
    expect(user()).toMatchObject({ userName: 'x'.repeat(50), userAvatar: '' });
  });
});

describe('update/password', () => {
  it('checks the fields as the server does, then the current password', () => {
    const change = (oldPassword: unknown, newPassword: unknown, checkPassword: unknown) =>
      updatePassword({ oldPassword, newPassword, checkPassword }, user(), undefined, NOW).message;
    expect(change(undefined, 'password-2', 'password-2')).toBe(MESSAGES.wrongPassword);
    expect(change('wrong-password', 'short', 'x')).toBe(MESSAGES.passwordLength);
    expect(change('wrong-password', 'password-2', 'password-3')).toBe(MESSAGES.passwordMismatch);
    expect(change('wrong-password', 'password-2', 'password-2')).toBe(MESSAGES.wrongPassword);
    expect(change('12345678', 'short', 'short')).toBe(MESSAGES.passwordLength);
    expect(change('12345678', 'password-2', 'password-3')).toBe(MESSAGES.passwordMismatch);
    expect(login({ userAccount: 'user', userPassword: '12345678' }).envelope.code).toBe(0);
  });

  it("ends the user's other sessions and keeps the current one", () => {
    const here = login({ userAccount: 'user', userPassword: '12345678' }).sessionId!;
    const elsewhere = login({ userAccount: 'user', userPassword: '12345678' }).sessionId!;
    const adminSession = login({ userAccount: 'admin', userPassword: '12345678' }).sessionId!;
    const res = updatePassword(
      { oldPassword: '12345678', newPassword: 'password-2', checkPassword: 'password-2' },
      user(),
      here,
      NOW,
    );
    expect(res).toEqual({ code: 0, data: true, message: 'ok' });
    expect(sessionsOf(user())).toEqual([here]);
    expect(sharedStore().sessions.has(elsewhere)).toBe(false);
    expect(sharedStore().sessions.has(adminSession)).toBe(true);
    expect(login({ userAccount: 'user', userPassword: '12345678' }).envelope.code).toBe(40000);
    expect(login({ userAccount: 'user', userPassword: 'password-2' }).envelope.code).toBe(0);
  });
});

describe('key pairs', () => {
  it('has none until one is made, then shows the access key and the tail of the secret', () => {
    expect(keyOf(user())).toEqual({ code: 0, data: null, message: 'ok' });
    const { data: pair } = regenerateKey(user());
    expect(pair.accessKey).toMatch(/^ak_[A-Za-z0-9_-]{43}$/);
    expect(pair.secretKey).toMatch(/^sk_[A-Za-z0-9_-]{43}$/);
    expect(keyOf(user()).data).toEqual({
      accessKey: pair.accessKey,
      secretKeyTail: pair.secretKey.slice(-4),
    });
    expect(JSON.stringify(keyOf(user()))).not.toContain(pair.secretKey);
  });

  it('replaces the old pair at once, per user', () => {
    const first = regenerateKey(user()).data;
    const second = regenerateKey(user()).data;
    expect(second.accessKey).not.toBe(first.accessKey);
    expect(second.secretKey).not.toBe(first.secretKey);
    expect(keyOf(user()).data?.accessKey).toBe(second.accessKey);
    expect(keyOf(admin()).data).toBeNull();
  });
});

describe('list/page (admins)', () => {
  it('lists users newest first, never with a password', () => {
    newAccount('alice', NOW);
    newAccount('bobby', NOW);
    const page = listUsers({}).data!;
    expect(page.records.map((u) => u.userAccount)).toEqual(['bobby', 'alice', 'user', 'admin']);
    expect(page).toMatchObject({ total: 4, current: 1, size: 10, pages: 1 });
    expect(JSON.stringify(page)).not.toMatch(/password/i);
  });

  it('pages, searches account or name case-insensitively, and filters by role', () => {
    for (let i = 0; i < 12; i += 1) newAccount(`member${i}`, NOW + i * 1000);
    const second = listUsers({ current: '2', pageSize: '5' }).data!;
    expect(second.records.map((u) => u.userAccount)).toEqual([
      'member6',
      'member5',
      'member4',
      'member3',
      'member2',
    ]);
    expect(second).toMatchObject({ total: 14, current: 2, size: 5, pages: 3 });
    expect(listUsers({ searchText: 'MEMBER1' }).data!.records.map((u) => u.userAccount)).toEqual([
      'member11',
      'member10',
      'member1',
    ]);
    expect(listUsers({ searchText: '管理' }).data!.records.map((u) => u.id)).toEqual([ADMIN_ID]);
    expect(listUsers({ userRole: 'admin' }).data!.total).toBe(1);
    expect(listUsers({ userRole: 'ban' }).data!.total).toBe(0);
  });

  it('refuses a bad page, page size or role', () => {
    expect(listUsers({ current: '0' }).message).toBe(MESSAGES.badCurrent);
    expect(listUsers({ current: 'x' }).message).toBe(MESSAGES.badCurrent);
    expect(listUsers({ pageSize: '51' }).message).toBe(MESSAGES.badPageSize);
    expect(listUsers({ userRole: 'root' }).message).toBe(MESSAGES.badRole);
    expect(listUsers({ userRole: 'root' }).code).toBe(40000);
  });
});

describe('update (admins)', () => {
  it('changes a role', () => {
    expect(updateRole({ id: USER_ID, userRole: 'admin' }, admin(), NOW)).toEqual({
      code: 0,
      data: true,
      message: 'ok',
    });
    expect(user().userRole).toBe('admin');
  });

  it("banning ends all the user's sessions at once, and only theirs; unbanning starts none", () => {
    const first = login({ userAccount: 'user', userPassword: '12345678' }).sessionId!;
    const second = login({ userAccount: 'user', userPassword: '12345678' }).sessionId!;
    const adminSession = login({ userAccount: 'admin', userPassword: '12345678' }).sessionId!;

    expect(updateRole({ id: USER_ID, userRole: 'ban' }, admin(), NOW).code).toBe(0);

    expect(sessionsOf(user())).toEqual([]);
    expect(sharedStore().sessions.has(first)).toBe(false);
    expect(sharedStore().sessions.has(second)).toBe(false);
    expect(sharedStore().sessions.get(adminSession)).toBe(ADMIN_ID);
    expect(updateRole({ id: USER_ID, userRole: 'user' }, admin(), NOW).code).toBe(0);
    expect(sessionsOf(user())).toEqual([]);
    expect(login({ userAccount: 'user', userPassword: '12345678' }).envelope.code).toBe(0);
  });

  it('a role change other than a ban keeps the sessions', () => {
    const session = login({ userAccount: 'user', userPassword: '12345678' }).sessionId!;
    expect(updateRole({ id: USER_ID, userRole: 'admin' }, admin(), NOW).code).toBe(0);
    expect(sessionsOf(user())).toEqual([session]);
  });

  it('refuses a bad id, a bad role, an unknown user, the caller themself and the last admin', () => {
    const refusal = (body: Record<string, unknown>, by = admin()) => {
      const { code, message } = updateRole(body, by, NOW);
      return { code, message };
    };
    expect(refusal({ id: 'x', userRole: 'root' })).toEqual({ code: 40000, message: MESSAGES.badId });
    expect(refusal({ id: USER_ID, userRole: 'root' })).toEqual({ code: 40000, message: MESSAGES.badRole });
    expect(refusal({ id: userIdOf(99), userRole: 'ban' })).toEqual({
      code: 40400,
      message: MESSAGES.userNotFound,
    });
    expect(refusal({ id: ADMIN_ID, userRole: 'user' })).toEqual({ code: 40000, message: MESSAGES.selfRole });
    expect(refusal({ id: ADMIN_ID, userRole: 'ban' })).toEqual({ code: 40000, message: MESSAGES.selfRole });
    expect(refusal({ id: ADMIN_ID, userRole: 'admin' })).toEqual({ code: 0, message: 'ok' });
    // Another admin demoting the only admin there is (the caller's own role changed meanwhile).
    const other = { ...user(), userRole: 'admin' as const };
    expect(refusal({ id: ADMIN_ID, userRole: 'user' }, other)).toEqual({
      code: 40000,
      message: MESSAGES.lastAdmin,
    });
    expect(admin().userRole).toBe('admin');
  });
});

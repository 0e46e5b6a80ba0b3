/**
 * @jest-environment node
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { sql } from 'drizzle-orm';
import { LOGIN_THROTTLE, ResponseCode } from '@agler/contract/constants';
import { MESSAGES } from '@agler/contract/messages';
import { migrate, MIGRATIONS_DIR, openPglite } from '../db/connect';
import type { Database } from '../db/connect';
import { call, setUpTestApp } from '../test/app';
import { NodePGlite } from '../test/database';
import { register } from './accounts';
import { hashPassword } from './password';
import { login } from './user';
import { refusal } from '../test/refusal';

/**
 * Account names are unique regardless of letter case. Login tries the name
 * as typed first, then the one account that matches it regardless of case.
 */

const PASSWORD = 'password-123';
const registration = (userAccount: string) => ({
  userAccount,
  userPassword: PASSWORD,
  checkPassword: PASSWORD,
});

describe('on the demo database', () => {
  const t = setUpTestApp();

  const registerAs = (userAccount: string) =>
    call<string>(t.app, { method: 'POST', url: '/api/user/register', payload: registration(userAccount) });
  const loginAs = (userAccount: string, userPassword = PASSWORD) =>
    call<{ userAccount: string }>(t.app, {
      method: 'POST',
      url: '/api/user/login',
      payload: { userAccount, userPassword },
    });
  const taken = refusal(ResponseCode.PARAMS_ERROR, MESSAGES.accountTaken);

  test('an account that differs from another only in letter case is taken', async () => {
    expect((await registerAs('Case_Alice')).code).toBe(0);

    expect(await registerAs('case_alice')).toEqual(taken);
    expect(await registerAs('CASE_ALICE')).toEqual(taken);
    expect(await registerAs('ADMIN')).toEqual(taken);
  });

  test('registered at once in three spellings: one account', async () => {
    const answers = await Promise.all(['Twin_Bob', 'TWIN_BOB', 'twin_bob'].map(registerAs));

    expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
    expect(answers.filter((a) => a.code !== 0)).toEqual([taken, taken]);
  });

  test('login finds the account whatever the letter case typed', async () => {
    await registerAs('Case_Carol');

    const answer = await loginAs('CASE_carol');

    expect(answer).toMatchObject({ code: 0, data: { userAccount: 'Case_Carol' } });
  });

  test('the throttle counts every spelling of a name as the one name', async () => {
    await registerAs('Case_Dave');
    const spellings = ['case_dave', 'CASE_DAVE', 'Case_dave', 'cASE_DAVE', 'CaSe_DaVe'];
    for (const spelling of spellings.slice(0, LOGIN_THROTTLE.maxFailures))
      await loginAs(spelling, 'wrong-password');

    const answer = await loginAs('Case_Dave');

    expect(answer.message).toBe(MESSAGES.loginThrottled);
  });
});

describe('a database that already holds accounts differing only in case', () => {
  let database: Database;
  const now = Date.UTC(2026, 10, 20);

  beforeAll(async () => {
    // The database as it was before names were unique regardless of case: the migrations up to then.
    const before = fs.mkdtempSync(path.join(os.tmpdir(), 'agler-migrations-'));
    const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8'));
    journal.entries = journal.entries.filter((entry: { tag: string }) => entry.tag <= '0005');
    fs.mkdirSync(path.join(before, 'meta'));
    fs.writeFileSync(path.join(before, 'meta', '_journal.json'), JSON.stringify(journal));
    for (const { tag } of journal.entries)
      fs.copyFileSync(path.join(MIGRATIONS_DIR, `${tag}.sql`), path.join(before, `${tag}.sql`));
    database = await openPglite({ PGlite: NodePGlite });
    await migratePglite(database.db as never, { migrationsFolder: before });
    fs.rmSync(before, { recursive: true, force: true });

    const hash = await hashPassword(PASSWORD);
    for (const account of ['legacy', 'LEGACY', 'Solo']) {
      await database.db.execute(sql`
        INSERT INTO app_user (user_account, user_password, user_name, user_role, create_time, update_time)
        VALUES (${account}, ${hash}, ${account}, 'user', now(), now())`);
    }
    await migrate(database);
  }, 180_000);
  afterAll(() => database.close());

  const loginAs = (userAccount: string) =>
    login(database.db, { userAccount, userPassword: PASSWORD }, undefined, now).then(
      (result) => result.user.userAccount,
      (error: Error) => error.message,
    );

  test('both accounts of a pair keep logging in by their exact names', async () => {
    expect(await loginAs('legacy')).toBe('legacy');
    expect(await loginAs('LEGACY')).toBe('LEGACY');
  });

  test('a spelling of both is neither: it reads as a wrong name', async () => {
    expect(await loginAs('Legacy')).toBe(MESSAGES.wrongCredentials);
  });

  test('an account alone in its spellings is found by any of them', async () => {
    expect(await loginAs('SOLO')).toBe('Solo');
  });

  test('no further spelling can be registered, of a pair or of one', async () => {
    for (const account of ['Legacy', 'LeGaCy', 'solo']) {
      await expect(register(database.db, registration(account), now)).rejects.toThrow(MESSAGES.accountTaken);
    }
  });
});

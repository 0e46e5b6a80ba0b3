/**
 * @jest-environment node
 */
import type { FastifyInstance } from 'fastify';
import { LOGIN_THROTTLE, ResponseCode } from '@agler/contract/constants';
import { MESSAGES } from '@agler/contract/messages';
import type { Envelope } from '@agler/contract/types';
import { migrate, openPostgres } from '../db/connect';
import type { Database } from '../db/connect';
import { setUpTestApp, testApp, USER } from '../test/app';
import type { TestApp } from '../test/app';
import { SEED_NOW } from '../test/database';
import { postgresAvailable, startPostgres } from '../test/postgres';
import type { PgServer } from '../test/postgres';
import { seedDemoData } from './seed';
import { refusal } from '../test/refusal';

/**
 * The login throttle under concurrency: each attempt is counted in the
 * database before its password is checked, so however many arrive at once,
 * at most LOGIN_THROTTLE.maxFailures of them are checked in a window, on
 * PGlite and on PostgreSQL, and across processes sharing a PostgreSQL database.
 */

const WRONG = 'wrong-password';
const BURST = 20;

type Attempt = { password: string; answer: Envelope<unknown> };

/** Sends the attempts all at once, spread over the apps in turn. */
async function burst(apps: FastifyInstance[], userAccount: string, passwords: string[]): Promise<Attempt[]> {
  const answers = await Promise.all(
    passwords.map((userPassword, i) =>
      apps[i % apps.length].inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { userAccount, userPassword },
      }),
    ),
  );
  return answers.map((response, i) => ({ password: passwords[i], answer: JSON.parse(response.body) }));
}

const throttled = (a: Attempt) => a.answer.message === MESSAGES.loginThrottled;

function expectTheLimitHeld(attempts: Attempt[]) {
  const checked = attempts.filter((a) => !throttled(a));
  expect(checked.length).toBeLessThanOrEqual(LOGIN_THROTTLE.maxFailures);
  for (const a of attempts.filter(throttled)) {
    expect(a.answer).toEqual(refusal(ResponseCode.FORBIDDEN, MESSAGES.loginThrottled));
  }
}

function throttleTests(apps: () => FastifyInstance[]) {
  test(`${BURST} wrong passwords at once: ${LOGIN_THROTTLE.maxFailures} are checked, the rest refused, and the right one after them too`, async () => {
    const attempts = await burst(apps(), USER.userAccount, Array(BURST).fill(WRONG));
    const [right] = await burst(apps(), USER.userAccount, [USER.userPassword]);

    expectTheLimitHeld(attempts);
    expect(attempts.filter((a) => a.answer.message === MESSAGES.wrongCredentials)).toHaveLength(
      LOGIN_THROTTLE.maxFailures,
    );
    expect(right.answer.message).toBe(MESSAGES.loginThrottled);
  });

  test(`${BURST} wrong passwords and the right one at once: no more than the limit are checked`, async () => {
    const attempts = await burst(apps(), 'admin', [...Array(BURST).fill(WRONG), '12345678']);

    expectTheLimitHeld(attempts);
  });
}

describe('on PGlite', () => {
  const t = setUpTestApp();

  throttleTests(() => [t.app]);
});

(postgresAvailable ? describe : describe.skip)('on PostgreSQL, two processes sharing the database', () => {
  let server: PgServer;
  const databases: Database[] = [];
  const apps: TestApp[] = [];

  beforeAll(async () => {
    server = await startPostgres();
    const url = await server.createDatabase();
    // Each app has its own pool, as each process would.
    for (let i = 0; i < 2; i += 1) databases.push(await openPostgres(url));
    await migrate(databases[0]);
    await databases[0].exclusive((db) => seedDemoData(db, { now: SEED_NOW }));
    for (const database of databases) apps.push(await testApp({}, database));
  }, 300_000);
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const database of databases) await database.close();
    await server?.close();
  });

  throttleTests(() => apps.map((a) => a.app));
});

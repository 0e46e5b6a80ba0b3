import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { DEMO_ACCOUNTS } from '@agler/contract/demo/accounts';
import type { Envelope } from '@agler/contract/types';
import { buildApp } from '../app';
import type { AppOptions } from '../app';
import type { Database } from '../db/connect';
import { SEED_NOW, testDatabase } from './database';

/** An app on a test database of its own, with a clock the test moves. */
export type TestApp = {
  app: FastifyInstance;
  database: Database;
  clock: { now: number };
  close(): Promise<void>;
};

/** The secret that seals secret keys in tests. */
export const TEST_SECRET_KEY = 'test-secret-key-of-at-least-32-characters';

export async function testApp(options: Partial<AppOptions> = {}, database?: Database): Promise<TestApp> {
  const db = database ?? (await testDatabase());
  const clock = { now: SEED_NOW + 60_000 };
  const app = await buildApp({ database: db, now: () => clock.now, secretKey: TEST_SECRET_KEY, ...options });
  return {
    app,
    database: db,
    clock,
    async close() {
      await app.close();
      if (!database) await db.close();
    },
  };
}

export const ADMIN = DEMO_ACCOUNTS.find((a) => a.userRole === 'admin')!;
export const USER = DEMO_ACCOUNTS.find((a) => a.userRole === 'user')!;

/** The `name=value` of the session cookie an answer sets. */
export function sessionCookieOf(response: LightMyRequestResponse): string {
  const header = response.headers['set-cookie'];
  const first = Array.isArray(header) ? header[0] : header;
  if (!first) throw new Error(`no session cookie in ${response.body}`);
  return first.split(';')[0];
}

/** Logs in as a demo account and answers the cookie header to send. */
export async function loginAs(
  app: FastifyInstance,
  account: { userAccount: string; userPassword: string },
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { userAccount: account.userAccount, userPassword: account.userPassword },
  });
  return sessionCookieOf(response);
}

type Account = { userAccount: string; userPassword: string };

/** The app's options, and the accounts to log in as, each under the name its cookie is read by. */
export type TestAppSetup<L extends string> = Partial<AppOptions> & { login?: Record<L, Account> };

/** What `setUpTestApp` gives the tests: the app, its database and clock, and a session cookie per login. */
export type SharedTestApp<L extends string> = Omit<TestApp, 'close'> & { cookie: Record<L, string> };

/** The first file to need the demo database builds it, which can take minutes on a busy machine. */
const SETUP_TIMEOUT_MS = 180_000;

/**
 * An app for the tests of a file or `describe` block, made in `beforeAll` and closed in `afterAll`:
 * `const t = setUpTestApp({ login: { admin: ADMIN } })`, then `t.app` and `t.cookie.admin` in tests.
 */
export function setUpTestApp<L extends string = never>({
  login,
  ...options
}: TestAppSetup<L> = {}): SharedTestApp<L> {
  let made: TestApp | undefined;
  const cookie = {} as Record<L, string>;
  beforeAll(async () => {
    made = await testApp(options);
    for (const [name, account] of Object.entries<Account>(login ?? {}))
      cookie[name as L] = await loginAs(made.app, account);
  }, SETUP_TIMEOUT_MS);
  afterAll(() => made?.close());
  const current = () => {
    if (!made) throw new Error('setUpTestApp: the app is made in beforeAll; read it in a test or hook');
    return made;
  };
  return {
    get app() {
      return current().app;
    },
    get database() {
      return current().database;
    },
    get clock() {
      return current().clock;
    },
    cookie,
  };
}

/** Registers a new account through the API: its id and the session cookie the answer sets. */
export async function registerAs(
  app: FastifyInstance,
  userAccount: string,
  userPassword = 'password-123',
): Promise<{ id: string; cookie: string }> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/user/register',
    payload: { userAccount, userPassword, checkPassword: userPassword },
  });
  const envelope = JSON.parse(response.body) as Envelope<string>;
  if (envelope.code !== 0) throw new Error(`registering ${userAccount}: ${envelope.message}`);
  return { id: String(envelope.data), cookie: sessionCookieOf(response) };
}

/** Sends a request and answers its parsed envelope. */
export async function call<T = unknown>(
  app: FastifyInstance,
  options: InjectOptions & { cookie?: string },
): Promise<Envelope<T>> {
  const { cookie, headers, ...rest } = options;
  const response = await app.inject({ ...rest, headers: { ...headers, ...(cookie ? { cookie } : {}) } });
  return JSON.parse(response.body) as Envelope<T>;
}

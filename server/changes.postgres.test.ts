/**
 * @jest-environment node
 */
import pg from 'pg';
import { ResponseCode } from '@agler/contract/constants';
import { DEMO_ACCOUNTS } from '@agler/contract/demo/accounts';
import type { KeyPairVO } from '@agler/contract/types';
import { answeringDemoGets } from './test/database';
import { keyPairOf } from './test/keys';
import { postgresAvailable, startPostgres } from './test/postgres';
import type { PgServer } from './test/postgres';
import { send, startServer, stopServer } from './test/process';
import type { ServerProcess } from './test/process';
import { freshNonce, signedHeaders } from './test/sign';

/**
 * Two server processes on one PostgreSQL database, each with its own
 * connection pool and its own caches. What one process
 * changes (a user's own limit, an interface taken off line, a new key pair,
 * a ban) is heard by the other's gateway within a second; calls sent to both
 * at once never take more of a quota than there is.
 */

const PUBLIC_URL = 'http://changes-pg.test';
/** How soon the other process must follow a change. */
const WITHIN_MS = 1000;
const POLL_MS = 20;

type Answer = { status: number; code?: number; headers: Headers };

const ADMIN = DEMO_ACCOUNTS.find((a) => a.userRole === 'admin')!;
const USER = DEMO_ACCOUNTS.find((a) => a.userRole === 'user')!;

(postgresAvailable ? describe : describe.skip)('changes and quotas across processes on PostgreSQL', () => {
  let server: PgServer;
  let url: string;
  const processes: ServerProcess[] = [];
  let adminCookie: string;
  let userCookie: string;
  const online = answeringDemoGets();

  const login = async (account: { userAccount: string; userPassword: string }) =>
    (await send(`${processes[0].url}/api/user/login`, { body: account })).setCookie!;

  beforeAll(async () => {
    server = await startPostgres();
    url = await server.createDatabase();
    // One after the other: the first migrates and seeds. Both name the same public address, so each calls the demo
    // interfaces on its own port.
    for (let i = 0; i < 2; i += 1) {
      processes.push(await startServer({ DATABASE_URL: url, WORKERS: '1', PUBLIC_URL: PUBLIC_URL, DATA_DIR: '' }));
    }
    adminCookie = await login(ADMIN);
    userCookie = await login(USER);
  }, 300_000);
  afterAll(async () => {
    for (const p of processes) await stopServer(p);
    await server?.close();
  });

  const newPair = (which: number) => keyPairOf(processes[which].url, userCookie);

  const admin = async (path: string, body: Record<string, unknown>) =>
    (await send(`${processes[0].url}${path}`, { body, cookie: adminCookie })).envelope;

  async function gateway(which: number, pair: KeyPairVO, id: string): Promise<Answer> {
    const path = `/gateway/${id}`;
    const headers = signedHeaders(pair, 'GET', path, { timestamp: Math.floor(Date.now() / 1000), nonce: freshNonce() });
    const response = await fetch(`${processes[which].url}${path}`, { headers });
    const text = await response.text();
    let code: number | undefined;
    try {
      code = (JSON.parse(text) as { code?: number }).code;
    } catch {
      code = undefined;
    }
    return { status: response.status, code, headers: response.headers };
  }

  /** Milliseconds until `holds` is true of process 1's answer (polled, bounded); fails when it never is. */
  async function followsWithin(pair: KeyPairVO, id: string, holds: (answer: Answer) => boolean): Promise<number> {
    const started = performance.now();
    let last: Answer | undefined;
    for (let attempt = 0; attempt < 100; attempt += 1) {
      last = await gateway(1, pair, id);
      if (holds(last)) return performance.now() - started;
      if (performance.now() - started > 3 * WITHIN_MS) break;
      await new Promise((resolve) => {
        setTimeout(resolve, POLL_MS);
      });
    }
    throw new Error(`process 1 still answers HTTP ${last?.status} (code ${last?.code})`);
  }

  test('a limit, an interface off line, a new key and a ban reach the other process within 1 s', async () => {
    const target = online[0];
    let pair = await newPair(1);
    // Process 1 reads (and keeps) the key's owner, the interface and the user's limits on it.
    expect((await gateway(1, pair, target.id)).status).toBe(200);

    expect(
      await admin('/api/userInterfaceInfo/update', { userId: USER.id, interfaceInfoId: target.id, rateLimit: 1000, rateBurst: 1000 }),
    ).toMatchObject({ code: 0 });
    expect(
      await followsWithin(pair, target.id, (a) => a.headers.get('ratelimit-policy')?.includes('q=1000;') ?? false),
    ).toBeLessThan(WITHIN_MS);

    expect(await admin('/api/interfaceInfo/offline', { id: target.id })).toMatchObject({ code: 0 });
    expect(await followsWithin(pair, target.id, (a) => a.code === ResponseCode.NOT_FOUND)).toBeLessThan(WITHIN_MS);
    expect(await admin('/api/interfaceInfo/online', { id: target.id })).toMatchObject({ code: 0 });
    expect(await followsWithin(pair, target.id, (a) => a.status === 200)).toBeLessThan(WITHIN_MS);

    const old = pair;
    pair = await newPair(0);
    expect(await followsWithin(old, target.id, (a) => a.status === 401)).toBeLessThan(WITHIN_MS);
    expect((await gateway(1, pair, target.id)).status).toBe(200);

    expect(await admin('/api/user/update', { id: USER.id, userRole: 'ban' })).toMatchObject({ code: 0 });
    expect(await followsWithin(pair, target.id, (a) => a.code === ResponseCode.FORBIDDEN)).toBeLessThan(WITHIN_MS);
    expect(await admin('/api/user/update', { id: USER.id, userRole: 'user' })).toMatchObject({ code: 0 });
    expect(await followsWithin(pair, target.id, (a) => a.status === 200)).toBeLessThan(WITHIN_MS);
  }, 60_000);

  test('calls sent to both at once take exactly the quota there is, and every one answered is logged', async () => {
    const target = online[1];
    const QUOTA = 30;
    const CALLS = 90;
    // The ban above ended the user's sessions.
    userCookie = await login(USER);
    expect(
      await admin('/api/userInterfaceInfo/update', { userId: USER.id, interfaceInfoId: target.id, leftNum: QUOTA }),
    ).toMatchObject({ code: 0 });
    const pair = await newPair(0);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const read = async (text: string) =>
      Number((await client.query(text, [USER.id, target.id])).rows[0]?.n ?? NaN);
    const logged = () =>
      read('SELECT count(*) AS n FROM interface_call WHERE user_id = $1::bigint AND interface_info_id = $2::bigint');
    const before = await logged();

    const answers = await Promise.all(Array.from({ length: CALLS }, (_, i) => gateway(i % 2, pair, target.id)));
    const answered = answers.filter((a) => a.status === 200).length;
    expect(answered).toBe(QUOTA);
    expect(answers.filter((a) => a.status === 429 && a.code === ResponseCode.QUOTA_EXHAUSTED)).toHaveLength(CALLS - QUOTA);
    // Each call answered was written before its answer.
    expect((await logged()) - before).toBe(QUOTA);
    expect(
      await read('SELECT left_num AS n FROM user_interface_info WHERE user_id = $1::bigint AND interface_info_id = $2::bigint'),
    ).toBe(0);
    await client.end();
  }, 60_000);
});

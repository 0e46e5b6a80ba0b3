/**
 * @jest-environment node
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEMO_ACCOUNTS } from '@agler/contract/demo/accounts';
import { migrate, openPostgres } from './db/connect';
import type { Database } from './db/connect';
import { raiseAlert } from './domain/alerts';
import { seedDemoData } from './domain/seed';
import { deliveriesOf, saveWebhook } from './domain/webhooks';
import { createSecretBox } from './keys/secretBox';
import { TEST_SECRET_KEY } from './test/app';
import { SEED_NOW } from './test/database';
import { postgresAvailable, startPostgres } from './test/postgres';
import type { PgServer } from './test/postgres';
import { parseAllowList } from './upstream/addressPolicy';
import { createUpstreamClient } from './upstream/client';
import type { UpstreamClient } from './upstream/client';
import { createWebhookWorker } from './webhooks/worker';
import type { WebhookWorker } from './webhooks/worker';

/**
 * The webhook queue shared by two workers, each with its own connection pool,
 * on one PostgreSQL database (as two server processes would be): claimed with
 * FOR UPDATE SKIP LOCKED, every delivery reaches the receiver exactly once
 * however the two race for them.
 */

const USER = DEMO_ACCOUNTS.find((a) => a.userRole === 'user')!;
const ALERTS = 60;

(postgresAvailable ? describe : describe.skip)('the webhook queue across processes on PostgreSQL', () => {
  let server: PgServer;
  const databases: Database[] = [];
  const clients: UpstreamClient[] = [];
  const workers: WebhookWorker[] = [];
  let receiver: http.Server;
  const ids: string[] = [];
  const now = SEED_NOW + 60_000;

  beforeAll(async () => {
    receiver = http.createServer((req, res) => {
      ids.push(String(req.headers['webhook-id']));
      req.resume();
      req.on('end', () => res.writeHead(204).end());
    });
    await new Promise<void>((resolve) => {
      receiver.listen(0, '127.0.0.1', resolve);
    });
    const { port } = receiver.address() as AddressInfo;
    const allow = parseAllowList(`127.0.0.1:${port}`);

    server = await startPostgres();
    const url = await server.createDatabase();
    const first = await openPostgres(url);
    await migrate(first);
    await first.exclusive((db) => seedDemoData(db, { now: SEED_NOW }));
    databases.push(first, await openPostgres(url));
    const box = createSecretBox(TEST_SECRET_KEY);
    await saveWebhook(
      first.db,
      box,
      USER.id,
      { url: `http://127.0.0.1:${port}/hook`, kinds: ['quota_request'] },
      allow,
      now,
    );
    for (const database of databases) {
      const client = createUpstreamClient({ timeoutMs: 5_000, allow });
      clients.push(client);
      workers.push(
        createWebhookWorker({
          db: database.db,
          box,
          client,
          now: () => now,
          onError: (error) => {
            throw error;
          },
        }),
      );
    }
  }, 300_000);

  afterAll(async () => {
    for (const worker of workers) await worker.stop();
    for (const client of clients) await client.close();
    for (const database of databases) await database.close();
    await server?.close();
    receiver?.closeAllConnections();
    await new Promise<void>((resolve) => {
      receiver?.close(() => resolve());
    });
  });

  test('two workers racing for the queue send each delivery once', async () => {
    for (let i = 0; i < ALERTS; i += 1)
      await raiseAlert(databases[i % 2].db, {
        userId: USER.id,
        kind: 'quota_request',
        subjectId: String(i),
        now,
      });

    const tries = await Promise.all(workers.map((worker) => worker.runDue()));

    const queued = await deliveriesOf(databases[0].db, USER.id);
    expect(queued).toHaveLength(ALERTS);
    expect(queued.every((d) => d.state === 'delivered' && d.tries === 1)).toBe(true);
    expect(tries[0] + tries[1]).toBe(ALERTS);
    expect(ids).toHaveLength(ALERTS);
    expect(new Set(ids)).toEqual(new Set(queued.map((d) => d.id)));
  }, 120_000);
});

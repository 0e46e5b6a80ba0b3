import { migrate, openPostgres } from '../db/connect';
import type { Database } from '../db/connect';
import { alignDemoUrls } from '../domain/demoUrls';
import { DEMO_INTERFACE_COUNT, seedDemoData } from '../domain/seed';
import { testApp } from './app';
import type { TestApp } from './app';
import { SEED_NOW } from './database';
import { startPostgres } from './postgres';
import type { PgServer } from './postgres';

/** Two apps on one PostgreSQL database, as the file's tests see them once set up. */
export type AppsOnPostgres = {
  apps: TestApp[];
  /** Where each listens on 127.0.0.1. */
  bases: string[];
  databases: Database[];
};

/**
 * Two apps, each with its own connection pool, on one new PostgreSQL database
 * holding the demo data, as two server processes would be; made before the
 * tests of the file (or describe) that calls it and closed after them. Both
 * read one clock, which the test moves: they judge the same calls by the same
 * time, as processes on one machine do.
 */
export function setUpAppsOnPostgres(publicUrl: string, clock: { now: number }): AppsOnPostgres {
  let server: PgServer | undefined;
  const shared: AppsOnPostgres = { apps: [], bases: [], databases: [] };
  beforeAll(async () => {
    server = await startPostgres();
    const url = await server.createDatabase();
    const first = await openPostgres(url);
    await migrate(first);
    await first.exclusive((db) => seedDemoData(db, { now: SEED_NOW }));
    await alignDemoUrls(first.db, publicUrl, DEMO_INTERFACE_COUNT);
    shared.databases.push(first, await openPostgres(url));
    for (const database of shared.databases) {
      const t = await testApp({ publicUrl, now: () => clock.now }, database);
      shared.apps.push(t);
      shared.bases.push(await t.app.listen({ port: 0, host: '127.0.0.1' }));
    }
  }, 300_000);
  afterAll(async () => {
    for (const t of shared.apps) await t.close();
    for (const database of shared.databases) await database.close();
    await server?.close();
  });
  return shared;
}

import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import type { PGlite } from '@electric-sql/pglite';
import { INTERFACE_STATUS } from '@agler/contract/constants';
import { ADMIN_ID } from '@agler/contract/demo/accounts';
import { seedInterfaces } from '@agler/contract/demo/seedInterfaces';
import type { InterfaceInfo } from '@agler/contract/types';
import { migrate, openPglite } from '../db/connect';
import { cachedDump, seedDumpKey } from '../db/dumpCache';
import type { Database } from '../db/connect';
import { DEMO_INTERFACE_COUNT, seedDemoData } from '../domain/seed';

/**
 * Databases for tests. Creating a PGlite database takes seconds and hundreds
 * of MB, so the migrated and seeded demo database is made once (per change
 * of its inputs) and kept as a dump in the temp directory; each test file
 * loads that dump into an in-memory PGlite of its own.
 */

/** The demo data's "now": a fixed moment, so the seeded history and the analysis are the same in every run. */
export const SEED_NOW = new Date(2026, 10, 20, 15, 30, 0).getTime();

/**
 * The demo data's online GET interfaces that answer a call without parameters, in seed order: what a
 * test calls, or points an interface of its own at, when only an answer matters.
 */
export function answeringDemoGets(): InterfaceInfo[] {
  return seedInterfaces(DEMO_INTERFACE_COUNT, ADMIN_ID).filter(
    (r) => r.status === INTERFACE_STATUS.ONLINE && r.method === 'GET' && !r.requestParams.includes('"required":true'),
  );
}

const clientOf = (database: Database) => (database.db as unknown as { $client: PGlite }).$client;

/**
 * PGlite loaded by Node itself rather than by jest's module registry: PGlite
 * starts with dynamic import(), which jest's sandbox only allows under
 * --experimental-vm-modules.
 */
/** vm runs code in Node's own context, where `process` is the real one and its main module Node's. */
const outerGlobal = <T>(name: string) => vm.runInThisContext(name) as T;

function nodeRequire(): NodeJS.Require {
  const outer = outerGlobal<NodeJS.Process>('process');
  const { createRequire } = outer.mainModule!.constructor as unknown as typeof import('node:module');
  return createRequire(__filename);
}
export const NodePGlite: typeof PGlite = nodeRequire()('@electric-sql/pglite').PGlite;
/**
 * A dump for that PGlite: a Blob of its own realm, which it recognises, backed by the file. Reading
 * the 120 MB into a Buffer and copying it into a Blob took some 2 s per test file on a busy machine.
 */
const dumpBlob = (file: string): Promise<Blob> => nodeRequire()('node:fs').openAsBlob(file);

/** The template's dump file, made first when there is none (one worker makes it while the others wait). */
function templateDump(): Promise<string> {
  const file = path.join(os.tmpdir(), 'agler-server-tests', `template-${seedDumpKey(String(SEED_NOW))}.tar`);
  return cachedDump(file, async () => {
    const database = await openPglite({ PGlite: NodePGlite });
    try {
      await migrate(database);
      await seedDemoData(database.db, { now: SEED_NOW });
      return Buffer.from(await (await clientOf(database).dumpDataDir('none')).arrayBuffer());
    } finally {
      await database.close();
    }
  });
}

/** A migrated database with the demo data (seeded at SEED_NOW), in memory, for one test file. */
export async function testDatabase(): Promise<Database> {
  return openPglite({ PGlite: NodePGlite, loadDataDir: await dumpBlob(await templateDump()) });
}

/** Writes the template into `dataDir` (a PGlite directory a server process can start on). */
export async function templateDataDir(dataDir: string): Promise<void> {
  const database = await openPglite({
    PGlite: NodePGlite,
    dataDir,
    loadDataDir: await dumpBlob(await templateDump()),
  });
  await database.close();
}

import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import type { PGlite } from '@electric-sql/pglite';
import { migrate, openPglite } from '../db/connect';
import type { Database } from '../db/connect';
import { seedDemoData } from '../domain/seed';

/**
 * Databases for tests. Creating a PGlite database takes seconds and hundreds
 * of MB, so the migrated and seeded demo database is made once (per change
 * of its inputs) and kept as a dump in the temp directory; each test file
 * loads that dump into an in-memory PGlite of its own.
 */

/** The demo data's "now": a fixed moment, so the seeded history and the analysis are the same in every run. */
export const SEED_NOW = new Date(2026, 10, 20, 15, 30, 0).getTime();

const ROOT = path.resolve(__dirname, '../..');
/** What the template is made of: a change to any of them makes a new one. */
const INPUTS = [
  'server/db/migrations',
  'server/db/schema.ts',
  'server/domain/seed.ts',
  'server/domain/nameOrder.ts',
  'server/domain/password.ts',
  'contract/demo',
  'contract/dates.ts',
  'contract/random.ts',
];

function filesOf(entry: string): string[] {
  const full = path.join(ROOT, entry);
  if (!fs.statSync(full).isDirectory()) return [full];
  return fs
    .readdirSync(full)
    .sort()
    .flatMap((child) => filesOf(path.join(entry, child)));
}

function templateKey(): string {
  const hash = createHash('sha256').update(String(SEED_NOW));
  for (const file of INPUTS.flatMap(filesOf)) hash.update(file).update(fs.readFileSync(file));
  return hash.digest('hex').slice(0, 16);
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
const NodePGlite: typeof PGlite = nodeRequire()('@electric-sql/pglite').PGlite;
/**
 * A dump for that PGlite: a Blob of its own realm, which it recognises, backed by the file. Reading
 * the 120 MB into a Buffer and copying it into a Blob took some 2 s per test file on a busy machine.
 */
const dumpBlob = (file: string): Promise<Blob> => nodeRequire()('node:fs').openAsBlob(file);

/** How long a test worker waits for another one that is building the template, before it builds one itself. */
const TEMPLATE_WAIT_MS = 120_000;

/** Whether the process that wrote `lock` (its pid) has gone: a test run stopped while it was building. */
function lockIsStale(lock: string): boolean {
  try {
    const pid = Number(fs.readFileSync(lock, 'utf8'));
    // Empty: its writer stopped between making the file and writing its pid.
    if (!(pid > 0)) return true;
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'EPERM';
  }
}

/**
 * True once `file` exists; false when this process holds `lock` (its pid in
 * it) and is to build the file, or has waited TEMPLATE_WAIT_MS for it.
 */
export async function waitForTemplate(file: string, lock: string): Promise<boolean> {
  const deadline = Date.now() + TEMPLATE_WAIT_MS;
  while (Date.now() < deadline) {
    if (fs.existsSync(file)) return true;
    try {
      fs.writeFileSync(lock, String(process.pid), { flag: 'wx' });
      // Built meanwhile by the worker that held the lock until now.
      if (!fs.existsSync(file)) return false;
      fs.rmSync(lock, { force: true });
      return true;
    } catch {
      // Another worker is building it, or left the lock behind.
      if (lockIsStale(lock)) fs.rmSync(lock, { force: true });
    }
    await new Promise((resolve) => {
      setTimeout(resolve, 200);
    });
  }
  return fs.existsSync(file);
}

/** The template's dump file, made first when there is none. */
async function templateDump(): Promise<string> {
  const dir = path.join(os.tmpdir(), 'agler-server-tests');
  const file = path.join(dir, `template-${templateKey()}.tar`);
  if (fs.existsSync(file)) return file;
  fs.mkdirSync(dir, { recursive: true });
  // One worker builds it (10 to 15 s) while the others wait, instead of each building its own at once.
  const lock = `${file}.lock`;
  if (await waitForTemplate(file, lock)) return file;
  const database = await openPglite({ PGlite: NodePGlite });
  try {
    await migrate(database);
    await seedDemoData(database.db, { now: SEED_NOW });
    const dump = Buffer.from(await (await clientOf(database).dumpDataDir('none')).arrayBuffer());
    // Written aside and renamed: another test worker never reads half a file.
    const partial = `${file}.${process.pid}`;
    fs.writeFileSync(partial, dump);
    fs.renameSync(partial, file);
    return file;
  } finally {
    fs.rmSync(lock, { force: true });
    await database.close();
  }
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

import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Database dumps kept in a file so that the seconds it takes to make a seeded database are spent
 * once: the first process to need one makes it while the others wait for it.
 */

const ROOT = path.resolve(__dirname, '../..');
/** What a seeded database is made of: a change to any of them makes a new dump. */
const SEED_INPUTS = [
  'server/db/migrations',
  'server/db/functions',
  'server/db/functions.ts',
  'server/db/schema.ts',
  'server/domain/seed.ts',
  'server/domain/nameOrder.ts',
  'server/domain/password.ts',
  'server/domain/periods.ts',
  'contract/demo',
  'contract/charge.ts',
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

/** A short hash of the seed's sources and `extra` (what else the dump depends on): the dump's name. */
export function seedDumpKey(...extra: string[]): string {
  const hash = createHash('sha256').update(extra.join('\n'));
  for (const file of SEED_INPUTS.flatMap(filesOf)) hash.update(file).update(fs.readFileSync(file));
  return hash.digest('hex').slice(0, 16);
}

/** How long a process waits for another one that is making the dump, before it makes one itself. */
const WAIT_MS = 120_000;
const POLL_MS = 200;

/** Whether the process that wrote `lock` (its pid in it) has gone: a run stopped while it was making the dump. */
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
 * it) and is to make the file, or has waited long enough for it.
 */
export async function waitForDump(file: string, lock: string, waitMs = WAIT_MS): Promise<boolean> {
  const deadline = Date.now() + waitMs;
  while (Date.now() < deadline) {
    if (fs.existsSync(file)) return true;
    try {
      fs.writeFileSync(lock, String(process.pid), { flag: 'wx' });
      // Made meanwhile by the process that held the lock until now.
      if (!fs.existsSync(file)) return false;
      fs.rmSync(lock, { force: true });
      return true;
    } catch {
      // Another process is making it, or left the lock behind.
      if (lockIsStale(lock)) fs.rmSync(lock, { force: true });
    }
    await new Promise((resolve) => {
      setTimeout(resolve, POLL_MS);
    });
  }
  return fs.existsSync(file);
}

/** `file`, made by `make` first when it does not exist (written aside and renamed, so nobody reads half a file). */
export async function cachedDump(file: string, make: () => Promise<Buffer>): Promise<string> {
  if (fs.existsSync(file)) return file;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const lock = `${file}.lock`;
  if (await waitForDump(file, lock)) return file;
  try {
    const partial = `${file}.${process.pid}`;
    fs.writeFileSync(partial, await make());
    fs.renameSync(partial, file);
    return file;
  } finally {
    fs.rmSync(lock, { force: true });
  }
}

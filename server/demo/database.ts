import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { openPglite } from '../db/connect';
import type { Database } from '../db/connect';
import { cachedDump, seedDumpKey } from '../db/dumpCache';
import { prepareDatabase } from '../startup';

/**
 * The demo database of `npm start` and `max preview`: what `npm run serve` creates on its first
 * start, made once a day into a dump and loaded into memory at every start, so that each start
 * begins from the demo data again.
 */

export type DemoDatabaseOptions = {
  /** Where the dumps are kept. */
  cacheDir: string;
  /** The address the demo interfaces' services answer at (the console's origin). */
  publicUrl: string;
  /** How many demo interfaces to seed. */
  interfaceCount?: number;
  report?: (line: string) => void;
  /** Another copy of PGlite's class (tests load one outside jest's sandbox). */
  PGlite?: typeof PGlite;
};

const since = (start: number) => `${((Date.now() - start) / 1000).toFixed(1)} s`;

/** Today in local time: the seeded call history ends at the moment the dump is made. */
function localDay(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Removes the dumps of other days or sources, which will never be loaded again. */
function removeOtherDumps(cacheDir: string, keep: string) {
  for (const name of fs.readdirSync(cacheDir)) {
    if (/^demo-.*\.tar$/.test(name) && name !== keep) fs.rmSync(path.join(cacheDir, name), { force: true });
  }
}

async function makeDump(options: DemoDatabaseOptions): Promise<Buffer> {
  const report = options.report ?? (() => undefined);
  const started = Date.now();
  report('首次启动：正在准备演示数据库（只需一次，约 30 秒）……');
  const database = await openPglite({ report, PGlite: options.PGlite });
  try {
    await prepareDatabase(database, {
      publicUrl: options.publicUrl,
      now: Date.now(),
      interfaceCount: options.interfaceCount,
      report,
    });
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const dump = Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer());
    report(`  演示数据库已准备好（${since(started)}）`);
    return dump;
  } finally {
    await database.close();
  }
}

/** An in-memory database holding the demo data, its demo interfaces pointed at `publicUrl`. */
export async function openDemoDatabase(options: DemoDatabaseOptions): Promise<Database> {
  const count = options.interfaceCount ?? 0;
  const name = `demo-${seedDumpKey(localDay(new Date()), String(count))}.tar`;
  const file = await cachedDump(path.join(options.cacheDir, name), () => makeDump(options));
  removeOtherDumps(options.cacheDir, name);
  const database = await openPglite({ loadDataDir: await fs.openAsBlob(file), PGlite: options.PGlite });
  try {
    await prepareDatabase(database, { publicUrl: options.publicUrl, now: Date.now(), report: options.report });
    return database;
  } catch (error) {
    await database.close();
    throw error;
  }
}

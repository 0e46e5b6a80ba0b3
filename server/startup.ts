import type { Database } from './db/connect';
import { migrate } from './db/connect';
import { alignDemoUrls } from './domain/demoUrls';
import { ensureRanksCurrent } from './domain/nameOrder';
import { seedDemoData, seededInterfaceCount } from './domain/seed';

type Report = (line: string) => void;

export type PrepareOptions = {
  /** Where the demo interfaces' own services answer (PUBLIC_URL). */
  publicUrl: string;
  now: number;
  report?: Report;
  /** How many demo interfaces a database's first start seeds (40 unless said). */
  interfaceCount?: number;
};

/**
 * What every start does to its database before it serves: the migrations, the demo data on the
 * first start, the name order, and the demo interfaces pointed at this start's address.
 */
export async function prepareDatabase(database: Database, options: PrepareOptions): Promise<void> {
  const report = options.report ?? (() => undefined);
  await migrate(database);
  await database.exclusive(async (db) => {
    await seedDemoData(db, { now: options.now, interfaceCount: options.interfaceCount, report });
    await db.transaction((tx) => ensureRanksCurrent(tx));
    const moved = await alignDemoUrls(db, options.publicUrl, await seededInterfaceCount(db));
    if (moved > 0) report(`演示接口的地址已指向 ${options.publicUrl}/demo（${moved} 个）`);
  });
}

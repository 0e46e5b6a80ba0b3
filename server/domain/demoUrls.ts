import { eq, sql } from 'drizzle-orm';
import { ADMIN_ID } from '@agler/contract/demo/accounts';
import { seedInterfaces } from '@agler/contract/demo/seedInterfaces';
import type { Queryable } from '../db/connect';
import { meta } from '../db/schema';
import { DEMO_PREFIX, demoUrlOf } from '../demo/routes';

/**
 * The demo interfaces' URLs follow the server's public address: they point
 * at `PUBLIC_URL/demo/...`, which this server answers itself. The address
 * they point at is kept in app_meta, so when PUBLIC_URL changes, the next
 * start moves every URL under the old demo address (the seeded ones and any
 * an admin pointed there) to the new one.
 */

const DEMO_BASE = 'demo_base';
const BATCH = 1000;

/** Points the demo interfaces at `publicUrl`; answers how many URLs changed. */
export async function alignDemoUrls(db: Queryable, publicUrl: string, seededCount: number): Promise<number> {
  const base = `${publicUrl}${DEMO_PREFIX}`;
  const [stored] = await db.select({ value: meta.value }).from(meta).where(eq(meta.key, DEMO_BASE));
  if (stored?.value === base) return 0;

  let changed = 0;
  if (stored) {
    const old = stored.value;
    const moved = await db.execute(sql`
      UPDATE interface_info
      SET url = ${base} || substr(url, ${old.length + 1}),
          url_lower = ${base.toLowerCase()} || substr(url_lower, ${old.length + 1})
      WHERE left(url, ${old.length + 1}) = ${`${old}/`}`);
    changed = (moved as { rowCount?: number; affectedRows?: number }).rowCount ??
      (moved as { affectedRows?: number }).affectedRows ?? 0;
  } else {
    // The first start with demo services: seeded interfaces that still have their seed URL move here.
    const moves = seedInterfaces(seededCount, ADMIN_ID).map((record) => {
      const url = demoUrlOf(record.url, publicUrl);
      return { id: record.id, old: record.url, url, lower: url.toLowerCase() };
    });
    for (let i = 0; i < moves.length; i += BATCH) {
      const batch = JSON.stringify(moves.slice(i, i + BATCH));
      const moved = await db.execute(sql`
        UPDATE interface_info AS i SET url = v.url, url_lower = v.lower
        FROM jsonb_to_recordset(${batch}::jsonb) AS v(id text, old text, url text, lower text)
        WHERE i.id = v.id::bigint AND i.url = v.old`);
      changed += (moved as { rowCount?: number; affectedRows?: number }).rowCount ??
        (moved as { affectedRows?: number }).affectedRows ?? 0;
    }
  }
  await db
    .insert(meta)
    .values({ key: DEMO_BASE, value: base })
    .onConflictDoUpdate({ target: meta.key, set: { value: base } });
  return changed;
}

import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { Db, Queryable } from './connect';
import { rowsOf } from './rows';
import { meta } from './schema';

/**
 * The database's SQL functions, one file each in server/db/functions (`<name>.sql`, one
 * `CREATE OR REPLACE FUNCTION` statement), applied after the migrations: a change to a function is
 * a diff of its file, where a migration restated the whole function. The migrations that first
 * created them stay as they were. A file that changes its function's arguments creates a second
 * function of that name beside the old one; the old one is then dropped (overloadsOf), so a call
 * can never reach a stale copy.
 */

export const FUNCTIONS_DIR = path.join(__dirname, 'functions');
/** The app_meta key of the digest of the files last applied. */
export const FUNCTIONS_KEY = 'sql_functions';

type SqlFunction = { name: string; text: string };

/** The function files in name order, and one digest of them all. */
export function sqlFunctions(dir = FUNCTIONS_DIR): { functions: SqlFunction[]; digest: string } {
  const functions = fs
    .readdirSync(dir)
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .map((file) => ({
      name: file.slice(0, -'.sql'.length),
      text: fs.readFileSync(path.join(dir, file), 'utf8'),
    }));
  const hash = createHash('sha256');
  for (const { name, text } of functions) hash.update(`${name}\0${text}\0`);
  return { functions, digest: hash.digest('hex') };
}

/** The functions named `name` in the current schema: their oid and their signature as DROP FUNCTION takes it. */
async function overloadsOf(db: Queryable, name: string): Promise<{ oid: string; signature: string }[]> {
  const result = await db.execute(sql`
    SELECT oid::text AS oid, oid::regprocedure::text AS signature FROM pg_proc
    WHERE proname = ${name} AND pronamespace = current_schema()::regnamespace`);
  return rowsOf<{ oid: string; signature: string }>(result);
}

/**
 * Applies every function file in one transaction when the files differ from those last applied
 * (their digest is kept in app_meta), so a start with nothing changed costs one read. Answers how
 * many were applied. Runs where the migrations run, under the start-up lock.
 */
export async function applyFunctions(db: Db, dir = FUNCTIONS_DIR): Promise<number> {
  const { functions, digest } = sqlFunctions(dir);
  const [applied] = await db.select({ value: meta.value }).from(meta).where(eq(meta.key, FUNCTIONS_KEY));
  if (applied?.value === digest) return 0;
  await db.transaction(async (tx) => {
    for (const { name, text } of functions) {
      const before = await overloadsOf(tx, name);
      await tx.execute(sql.raw(text));
      const after = await overloadsOf(tx, name);
      // The same arguments replace the function in place (same oid); new ones leave the old beside it.
      if (after.some((fn) => !before.some((old) => old.oid === fn.oid))) {
        for (const old of before) await tx.execute(sql.raw(`DROP FUNCTION ${old.signature}`));
      }
    }
    await tx
      .insert(meta)
      .values({ key: FUNCTIONS_KEY, value: digest })
      .onConflictDoUpdate({ target: meta.key, set: { value: digest } });
  });
  return functions.length;
}

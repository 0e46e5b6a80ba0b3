import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { Db } from './connect';
import { meta } from './schema';

/**
 * The database's SQL functions, one file each in server/db/functions (`<name>.sql`, one
 * `CREATE OR REPLACE FUNCTION` statement), applied after the migrations: a change to a function is
 * a diff of its file, where a migration restated the whole function. The migrations that first
 * created them stay as they were; a function whose signature changes needs a migration that
 * drops it first.
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
    for (const { text } of functions) await tx.execute(sql.raw(text));
    await tx
      .insert(meta)
      .values({ key: FUNCTIONS_KEY, value: digest })
      .onConflictDoUpdate({ target: meta.key, set: { value: digest } });
  });
  return functions.length;
}

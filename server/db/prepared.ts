import type { Db } from './connect';

/**
 * Prepared statements of the hot paths (every request's session, every
 * call's caller and interface): built once per database and run with placeholders,
 * instead of building the SQL text on every call. A statement belongs to the
 * database object it was prepared on (not to a transaction).
 */
const byDatabase = new WeakMap<Db, Map<string, unknown>>();

export function prepared<T>(db: Db, name: string, build: (db: Db) => T): T {
  let statements = byDatabase.get(db);
  if (!statements) {
    statements = new Map();
    byDatabase.set(db, statements);
  }
  let statement = statements.get(name) as T | undefined;
  if (statement === undefined) {
    statement = build(db);
    statements.set(name, statement);
  }
  return statement;
}

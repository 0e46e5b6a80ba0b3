/**
 * @jest-environment node
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { testDatabase } from '../test/database';
import type { Database } from './connect';
import { MIGRATIONS_DIR } from './connect';
import { applyFunctions, FUNCTIONS_DIR, sqlFunctions } from './functions';
import { rowsOf } from './rows';

/** Each SQL function in one file, applied after the migrations whenever a file changed. */

let database: Database;
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'agler-functions-'));

beforeAll(async () => {
  database = await testDatabase();
}, 180_000);

afterAll(async () => {
  await database?.close();
  fs.rmSync(scratch, { recursive: true, force: true });
});

const bucket = async (ms: number) =>
  rowsOf<{ b: number }>(await database.db.execute(sql`SELECT call_latency_bucket(${ms}::int) AS b`))[0].b;

it('has a file for every function a migration created, holding that function alone', () => {
  const created = new Set(
    fs
      .readdirSync(MIGRATIONS_DIR)
      .filter((file) => file.endsWith('.sql'))
      .flatMap((file) =>
        [
          ...fs
            .readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8')
            .matchAll(/CREATE (?:OR REPLACE )?FUNCTION (\w+)\(/g),
        ].map((m) => m[1]),
      ),
  );
  const { functions } = sqlFunctions();
  expect(functions.map((f) => f.name).sort()).toEqual([...created].sort());
  for (const { name, text } of functions) {
    expect([...text.matchAll(/CREATE (OR REPLACE )?FUNCTION (\w+)\(/g)].map((m) => [m[1], m[2]])).toEqual([
      ['OR REPLACE ', name],
    ]);
  }
});

it('applies a changed file at the next start, and nothing when none changed', async () => {
  // The database was migrated: the files as they are were applied.
  expect(await applyFunctions(database.db)).toBe(0);
  for (const file of fs.readdirSync(FUNCTIONS_DIR))
    fs.copyFileSync(path.join(FUNCTIONS_DIR, file), path.join(scratch, file));
  const changed = path.join(scratch, 'call_latency_bucket.sql');
  fs.writeFileSync(
    changed,
    fs
      .readFileSync(changed, 'utf8')
      .replace('SELECT CASE WHEN ms < 1000 THEN ms ', 'SELECT CASE WHEN ms < 1000 THEN ms + 1 '),
  );
  expect(await bucket(5)).toBe(5);
  expect(await applyFunctions(database.db, scratch)).toBe(sqlFunctions().functions.length);
  expect(await bucket(5)).toBe(6);
  expect(await applyFunctions(database.db, scratch)).toBe(0);
  expect(await applyFunctions(database.db)).toBe(sqlFunctions().functions.length);
  expect(await bucket(5)).toBe(5);
});

it('drops the function of the old arguments when a file changes them', async () => {
  const probe = path.join(scratch, 'functions_test_probe.sql');
  const signatures = async () =>
    rowsOf<{ s: string }>(
      await database.db.execute(
        sql`SELECT oid::regprocedure::text AS s FROM pg_proc WHERE proname = 'functions_test_probe' ORDER BY 1`,
      ),
    ).map((row) => row.s);
  fs.writeFileSync(probe, 'CREATE OR REPLACE FUNCTION functions_test_probe(a integer) RETURNS integer LANGUAGE sql AS $$ SELECT a $$;');
  await applyFunctions(database.db, scratch);
  expect(await signatures()).toEqual(['functions_test_probe(integer)']);
  fs.writeFileSync(
    probe,
    'CREATE OR REPLACE FUNCTION functions_test_probe(a integer, b integer) RETURNS integer LANGUAGE sql AS $$ SELECT a + b $$;',
  );
  await applyFunctions(database.db, scratch);
  expect(await signatures()).toEqual(['functions_test_probe(integer,integer)']);
  await database.db.execute(sql`DROP FUNCTION functions_test_probe(integer, integer)`);
  fs.rmSync(probe);
  expect(await applyFunctions(database.db)).toBe(sqlFunctions().functions.length);
});

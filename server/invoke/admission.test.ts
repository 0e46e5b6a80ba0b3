/**
 * @jest-environment node
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/connect';
import { rowsOf } from '../db/rows';
import { testDatabase } from '../test/database';
import { createAdmitter } from './admission';
import type { Admission, Ask } from './admission';

/**
 * Admission decides whole batches in one statement; these are its rules as
 * the database applies them, batch by batch and within one batch.
 */

const USER = '1790000000000000002';
const NO_LIMITS = { rateLimit: 0, rateBurst: 0 };
let database: Database;
const clock = { now: Date.UTC(2026, 10, 28, 12) };

beforeAll(async () => {
  database = await testDatabase();
}, 120_000);
afterAll(async () => {
  await database?.close();
});

let nextInterface = 1_900_000_000_000_000_000n;
const freshInterface = () => String((nextInterface += 1n));

const admitter = (defaultQuota = 100) =>
  createAdmitter({ db: database.db, now: () => clock.now, defaultQuota, nonceTtlSeconds: 300 });

const ask = (interfaceInfoId: string, extra: Partial<Ask> = {}): Ask => ({
  userId: USER,
  interfaceInfoId,
  mode: 'charge',
  limits: NO_LIMITS,
  ...extra,
});

const outcomes = (admissions: Admission[]) => admissions.map((a) => a.outcome);

test('a nonce is spent once: twice in one batch, again later, until its lifetime is over', async () => {
  const a = admitter();
  const id = freshInterface();
  const signed = { accessKey: 'ak_admission', nonce: 'n_once' };
  expect(outcomes(await Promise.all([a.admit(ask(id, { signed })), a.admit(ask(id, { signed }))]))).toEqual([
    'admitted',
    'replay',
  ]);
  expect((await a.admit(ask(id, { signed }))).outcome).toBe('replay');
  // Only spending it: a refused call's nonce is used up as well.
  expect((await a.admit(ask(id, { signed: { ...signed, nonce: 'n_refused' }, mode: 'nonce' }))).outcome).toBe('spent');
  expect((await a.admit(ask(id, { signed: { ...signed, nonce: 'n_refused' } }))).outcome).toBe('replay');
  clock.now += 301_000;
  expect((await a.admit(ask(id, { signed }))).outcome).toBe('admitted');
});

test('a batch over the rate limit gets the burst, then one call per interval', async () => {
  const a = admitter();
  const id = freshInterface();
  const limits = { rateLimit: 5, rateBurst: 3 };
  const first = await Promise.all(Array.from({ length: 10 }, () => a.admit(ask(id, { limits }))));
  expect(outcomes(first).filter((o) => o === 'admitted')).toHaveLength(3);
  expect(outcomes(first).filter((o) => o === 'rate')).toHaveLength(7);
  const admitted = first.filter((x): x is Extract<Admission, { outcome: 'admitted' }> => x.outcome === 'admitted');
  expect(admitted.map((x) => x.rate?.remaining)).toEqual([2, 1, 0]);
  clock.now += 200;
  const second = await Promise.all(Array.from({ length: 3 }, () => a.admit(ask(id, { limits }))));
  expect(outcomes(second)).toEqual(['admitted', 'rate', 'rate']);
});

test('a quota is never overspent: the first calls of a batch get what is left, counted down', async () => {
  const a = admitter(4);
  const id = freshInterface();
  const batch = await Promise.all(Array.from({ length: 6 }, () => a.admit(ask(id))));
  expect(batch.map((x) => (x.outcome === 'admitted' ? x.left : x.outcome))).toEqual([3, 2, 1, 0, 'quota', 'quota']);
  // An admin's calls take none; a unit given back is there again, never beyond the total.
  expect((await a.admit(ask(id, { mode: 'free' }))).outcome).toBe('admitted');
  await a.giveBack(USER, id);
  await a.giveBack(USER, id);
  await a.drain();
  const [row] = rowsOf<{ left_num: number }>(
    await database.db.execute(
      sql`SELECT left_num FROM user_interface_info WHERE user_id = ${USER}::bigint AND interface_info_id = ${id}::bigint`,
    ),
  );
  expect(Number(row.left_num)).toBe(2);
  await a.giveBack(USER, id);
  await a.giveBack(USER, id);
  await a.giveBack(USER, id);
  await a.drain();
  expect((await Promise.all(Array.from({ length: 5 }, () => a.admit(ask(id))))).map((x) => x.outcome)).toEqual([
    'admitted',
    'admitted',
    'admitted',
    'admitted',
    'quota',
  ]);
});

test('without a default quota a caller with no row gets nothing', async () => {
  const a = admitter(0);
  expect((await a.admit(ask(freshInterface()))).outcome).toBe('quota');
});

/**
 * @jest-environment node
 */
import { asc, eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import type { PGlite } from '@electric-sql/pglite';
import type { Database, Db } from '../../db/connect';
import { rowsOf } from '../../db/rows';
import { interfaces, schema, users } from '../../db/schema';
import { testDatabase } from '../../test/database';
import { compareNames, rerankAll, sortByName } from '../nameOrder';
import type { SessionUser } from '../session';
import { importDocument, STAGE_CHUNK_ROWS } from './import';
import type { ImportRequest } from '@agler/contract/openapiImport';

/** The write of an import: a few statements for any number of operations, ranks by one merge, all or nothing. */

let database: Database;
let admin: SessionUser;

beforeAll(async () => {
  database = await testDatabase();
  [admin] = await database.db.select().from(users).where(eq(users.userRole, 'admin')).limit(1);
}, 180_000);

afterAll(async () => {
  await database?.close();
});

const noFetch = async () => ({ ok: false as const, message: 'no fetching here' });

/** An OpenAPI 3.1 document of GET operations, one per name, under `/{prefix}/{i}`. */
function documentOf(prefix: string, names: string[]): string {
  const paths = Object.fromEntries(
    names.map((name, i) => [
      `/${prefix}/${i}`,
      { get: { summary: name, responses: { 200: { description: 'ok' } } } },
    ]),
  );
  return JSON.stringify({
    openapi: '3.1.0',
    info: { title: prefix, version: '1' },
    servers: [{ url: 'http://127.0.0.1:9' }],
    paths,
  });
}

/** The same database with every statement seen by `onQuery` first (it may throw to fail that statement). */
function watched(onQuery: (query: string) => void): Db {
  const client = (database.db as unknown as { $client: PGlite }).$client;
  return drizzle(client, { schema, logger: { logQuery: (query) => onQuery(query) } }) as unknown as Db;
}

/** An import that writes the whole document. */
const writing = (document: string): ImportRequest => ({ source: { document }, dryRun: false, exclude: new Set() });

async function importCounting(prefix: string, names: string[]) {
  let statements = 0;
  const result = await importDocument(
    watched(() => {
      statements += 1;
    }),
    writing(documentOf(prefix, names)),
    admin,
    Date.now(),
    noFetch,
  );
  return { result, statements };
}

const count = async () =>
  rowsOf<{ n: number }>(await database.db.execute(sql`SELECT count(*)::int AS n FROM interface_info`))[0].n;

async function expectRanksInNameOrder() {
  const rows = await database.db
    .select({ id: interfaces.id, name: interfaces.name, rank: interfaces.nameRank })
    .from(interfaces)
    .orderBy(asc(interfaces.nameRank), asc(interfaces.id));
  expect(rows.map((r) => r.id)).toEqual(sortByName([...rows]).map((r) => r.id));
  for (let i = 1; i < rows.length; i += 1)
    expect(rows[i].rank === rows[i - 1].rank).toBe(compareNames(rows[i].name, rows[i - 1].name) === 0);
}

/** The next float above a positive number: no number is left between the two. */
function nextUp(x: number): number {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  view.setBigUint64(0, view.getBigUint64(0) + 1n);
  return view.getFloat64(0);
}

it('writes ten times the operations with the same number of statements', async () => {
  const names = (n: number, tag: string) => Array.from({ length: n }, (_, i) => `批量${tag}接口${i}`);
  const small = await importCounting('linear-small', names(20, '甲'));
  const large = await importCounting('linear-large', names(200, '乙'));
  expect(small.result.ids).toHaveLength(20);
  expect(large.result.ids).toHaveLength(200);
  expect(large.statements).toBe(small.statements);
});

it('ranks a batch in name order: equal names share a rank, also with an existing name', async () => {
  const [existing] = await database.db.select({ name: interfaces.name }).from(interfaces).limit(1);
  const names = ['同名', '同名', '接口9', '接口10', '接口1', existing.name, 'alpha', 'Alpha', '中文名'];
  const { result } = await importCounting('ties', names);
  expect(result.ids).toHaveLength(names.length);
  await expectRanksInNameOrder();
});

it('lays every rank out afresh when no number is left between two neighbours', async () => {
  await database.db.insert(interfaces).values(
    ['边界a', '边界c'].map((name) => ({
      name,
      url: `http://127.0.0.1:9/${name}`,
      method: 'GET',
      userId: admin.id,
      nameLower: name,
      descriptionLower: '',
      urlLower: `http://127.0.0.1:9/${name}`,
      createTime: new Date(),
      updateTime: new Date(),
    })),
  );
  await rerankAll(database.db);
  const [a] = await database.db
    .select({ rank: interfaces.nameRank })
    .from(interfaces)
    .where(eq(interfaces.name, '边界a'));
  // Neighbours with no number left between them.
  await database.db
    .update(interfaces)
    .set({ nameRank: nextUp(a.rank) })
    .where(eq(interfaces.name, '边界c'));
  await expectRanksInNameOrder();

  const { result } = await importCounting('rerank', ['边界b']);
  expect(result.ids).toHaveLength(1);
  await expectRanksInNameOrder();
  const rows = await database.db
    .select({ name: interfaces.name, rank: interfaces.nameRank })
    .from(interfaces)
    .where(sql`${interfaces.name} LIKE '边界%'`)
    .orderBy(asc(interfaces.nameRank));
  expect(rows.map((r) => r.name)).toEqual(['边界a', '边界b', '边界c']);
  expect(rows[2].rank - rows[0].rank).toBeGreaterThanOrEqual(1024);
});

it('writes nothing when a statement fails part of the way', async () => {
  const names = Array.from({ length: 300 }, (_, i) => `半途${i}`);
  await importCounting('half', names.slice(0, 1));
  const before = await count();
  let inserted = false;
  const failing = watched((query) => {
    if (/^\s*INSERT INTO interface_info/.test(query)) inserted = true;
    // The update of the first row, after the new ones are in.
    if (/^\s*UPDATE interface_info/.test(query)) throw new Error('the disk is full');
  });
  const changed = ['半途改名', ...names.slice(1)];
  await expect(
    importDocument(
      failing,
      writing(documentOf('half', changed)),
      admin,
      Date.now(),
      noFetch,
    ),
  ).rejects.toThrow('the disk is full');
  expect(inserted).toBe(true);
  expect(await count()).toBe(before);
  const renamed = await database.db.select().from(interfaces).where(eq(interfaces.name, '半途改名'));
  expect(renamed).toHaveLength(0);
});

const liveAndAll = async (prefix: string) =>
  rowsOf<{ live: number; all: number }>(
    await database.db.execute(sql`
      SELECT count(*) FILTER (WHERE deleted_at IS NULL)::int AS live, count(*)::int AS all
      FROM interface_info WHERE url LIKE ${`%/${prefix}/%`}`),
  )[0];

it('stages the new interfaces out of sight, a chunk per statement, and publishes them at once', async () => {
  const names = Array.from({ length: STAGE_CHUNK_ROWS * 2 + 10 }, (_, i) => `分段${i}`);
  let chunks = 0;
  let seenMidway: Promise<{ live: number; all: number }> | undefined;
  const db = watched((query) => {
    if (!/^\s*INSERT INTO interface_info/.test(query)) return;
    chunks += 1;
    // Asked when the second chunk is sent: one or two chunks are in before it is answered, and nobody sees them.
    if (chunks === 2) seenMidway = liveAndAll('staged');
  });
  const result = await importDocument(
    db,
    writing(documentOf('staged', names)),
    admin,
    Date.now(),
    noFetch,
  );
  expect(chunks).toBe(3);
  const midway = await seenMidway;
  expect(midway?.live).toBe(0);
  expect(midway?.all).toBeGreaterThanOrEqual(STAGE_CHUNK_ROWS);
  expect(midway?.all).toBeLessThan(names.length);
  expect(result.ids).toHaveLength(names.length);
  expect(await liveAndAll('staged')).toEqual({ live: names.length, all: names.length });
  await expectRanksInNameOrder();
});

it('places the ranks again when the name order changed while it staged', async () => {
  // Names in the middle of the order, each with neighbours on both sides.
  const ranked = await database.db
    .select({ name: interfaces.name })
    .from(interfaces)
    .orderBy(asc(interfaces.nameRank), asc(interfaces.id));
  const middle = ranked[ranked.length >> 1].name;
  const names = Array.from({ length: STAGE_CHUNK_ROWS + 5 }, (_, i) => `${middle}重排${i}`);
  let reranked: Promise<void> | undefined;
  const db = watched((query) => {
    // While the first chunk is written (the second is not yet), every rank moves in order, as
    // laying them out afresh moves them.
    if (/^\s*INSERT INTO interface_info/.test(query) && !reranked)
      reranked = database.db
        .execute(sql`UPDATE interface_info SET name_rank = name_rank * 2 + 1000000`)
        .then(() => undefined);
  });
  const result = await importDocument(
    db,
    writing(documentOf('reranked', names)),
    admin,
    Date.now(),
    noFetch,
  );
  await reranked;
  expect(result.ids).toHaveLength(names.length);
  await expectRanksInNameOrder();
});

it('removes the rows of an import that never finished', async () => {
  const long = new Date(Date.now() - 2 * 3_600_000);
  await database.db.insert(interfaces).values({
    name: '遗留',
    url: 'http://127.0.0.1:9/abandoned/0',
    method: 'GET',
    userId: admin.id,
    nameLower: '遗留',
    descriptionLower: '',
    urlLower: 'http://127.0.0.1:9/abandoned/0',
    createTime: long,
    updateTime: long,
    deletedAt: long,
    importStage: 'a stage whose process ended',
  });
  expect(await liveAndAll('abandoned')).toEqual({ live: 0, all: 1 });
  await importCounting('after-abandoned', ['之后']);
  expect(await liveAndAll('abandoned')).toEqual({ live: 0, all: 0 });
});

it('leaves out the deprecation of an interface whose sunset date has come, with the reason', async () => {
  const url = 'http://127.0.0.1:9/sunset-passed/0';
  const time = new Date();
  await database.db.insert(interfaces).values({
    name: '已到停用日',
    url,
    method: 'GET',
    userId: admin.id,
    nameLower: '已到停用日',
    descriptionLower: '',
    urlLower: url,
    createTime: time,
    updateTime: time,
    sunsetDate: '2020-01-01',
  });
  const document = JSON.stringify({
    openapi: '3.1.0',
    info: { title: 'sunset', version: '1' },
    servers: [{ url: 'http://127.0.0.1:9' }],
    paths: {
      '/sunset-passed/0': {
        get: { summary: '已到停用日', deprecated: true, responses: { 200: { description: 'ok' } } },
      },
    },
  });
  const result = await importDocument(database.db, writing(document), admin, Date.now(), noFetch);
  expect(result.update).toEqual([]);
  expect(result.skip).toEqual([
    expect.objectContaining({ reason: expect.stringContaining('停止服务日期应晚于弃用当天') }),
  ]);
  const [row] = await database.db.select().from(interfaces).where(eq(interfaces.url, url));
  expect(row.deprecated).toBe(false);
});

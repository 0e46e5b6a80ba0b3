import { asc, eq, ne, sql } from 'drizzle-orm';
import { compareIds } from '@agler/contract/ids';
import { compareNames } from '@agler/contract/text';
import type { Queryable } from '../db/connect';
import { interfaces, meta } from '../db/schema';

/**
 * Names sort in Chinese (pinyin) order with numbers by value, the order of
 * contract/text.ts compareNames, which the mocks use. PGlite has
 * no Chinese collation data, so the order cannot come from PostgreSQL: each
 * interface keeps its name's position as a number (`name_rank`), and the SQL
 * sorts by it (ties by id). Equal names share a rank; a new name takes the
 * middle of its neighbours' ranks; when no middle is left, or the collation
 * data changed (another Node version), all ranks are laid out afresh.
 */

export { compareNames };

const SPACING = 1024;
/** Held by a transaction that reads and assigns ranks, so that two writers never pick the same middle. */
const NAME_ORDER_LOCK = 7_529_002;
/** Which collation data the stored ranks follow. */
export const RANK_VERSION = `icu ${process.versions.icu ?? 'none'} zh-CN numeric`;
export const RANK_VERSION_KEY = 'name_rank_version';

type Ranked = { id: string; name: string };

/** Ranks for names already in collation order: equal names share one. */
export function ranksOf(sorted: readonly Ranked[]): number[] {
  const ranks: number[] = [];
  let rank = 0;
  sorted.forEach((row, i) => {
    if (i > 0 && compareNames(sorted[i - 1].name, row.name) !== 0) rank += SPACING;
    ranks.push(rank);
  });
  return ranks;
}

/** Sorts rows as the list does when sorting by name: collation order, ties by the smaller id. */
export function sortByName<T extends Ranked>(rows: T[]): T[] {
  return rows.sort((a, b) => compareNames(a.name, b.name) || compareIds(a.id, b.id));
}

async function lock(db: Queryable) {
  await db.execute(sql`SELECT pg_advisory_xact_lock(${NAME_ORDER_LOCK})`);
}

/** Lays every rank out afresh (in the caller's transaction). */
export async function rerankAll(db: Queryable): Promise<void> {
  await lock(db);
  const rows = sortByName(await db.select({ id: interfaces.id, name: interfaces.name }).from(interfaces));
  const ranks = ranksOf(rows);
  if (rows.length > 0) {
    await db.execute(sql`
      UPDATE interface_info AS i SET name_rank = r.rank
      FROM unnest(${`{${rows.map((r) => r.id).join(',')}}`}::bigint[], ${`{${ranks.join(',')}}`}::float8[]) AS r(id, rank)
      WHERE i.id = r.id`);
  }
  await db
    .insert(meta)
    .values({ key: RANK_VERSION_KEY, value: RANK_VERSION })
    .onConflictDoUpdate({ target: meta.key, set: { value: RANK_VERSION } });
}

/** Lays the ranks out afresh when they were made with other collation data than this process has. */
export async function ensureRanksCurrent(db: Queryable): Promise<void> {
  const [row] = await db.select({ value: meta.value }).from(meta).where(eq(meta.key, RANK_VERSION_KEY));
  if (row?.value !== RANK_VERSION) await rerankAll(db);
}

/**
 * The rank for `name` among every other interface (all but `selfId`), to be
 * written in the same transaction; takes the lock that transaction holds
 * until it ends.
 */
export async function rankFor(db: Queryable, name: string, selfId?: string): Promise<number> {
  await lock(db);
  const others = await db
    .select({ name: interfaces.name, rank: interfaces.nameRank })
    .from(interfaces)
    .where(selfId ? ne(interfaces.id, selfId) : undefined)
    .orderBy(asc(interfaces.nameRank), asc(interfaces.id));
  // The first name not before `name`.
  let lo = 0;
  let hi = others.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareNames(others[mid].name, name) < 0) lo = mid + 1;
    else hi = mid;
  }
  const next = others[lo];
  if (next && compareNames(next.name, name) === 0) return next.rank;
  const previous = others[lo - 1];
  if (!previous && !next) return 0;
  if (!previous) return next.rank - SPACING;
  if (!next) return previous.rank + SPACING;
  const middle = (previous.rank + next.rank) / 2;
  if (middle > previous.rank && middle < next.rank) return middle;
  // No number left between the two: spread everything out, then place the name.
  await rerankAll(db);
  return rankFor(db, name, selfId);
}

import { asc, eq, inArray, ne, not, sql } from 'drizzle-orm';
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

/** Takes the lock of the name order until the caller's transaction ends. */
export async function lockNameOrder(db: Queryable): Promise<void> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(${NAME_ORDER_LOCK})`);
}

/** Lays every rank out afresh (in the caller's transaction). */
export async function rerankAll(db: Queryable): Promise<void> {
  await lockNameOrder(db);
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
  await lockNameOrder(db);
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

/** Ranks for a gap between two ranks (either may be missing) holding `count` distinct names; none when no number is left. */
function spread(below: number | undefined, above: number | undefined, count: number): number[] | undefined {
  const ranks = Array.from({ length: count }, (_, j) => {
    if (below !== undefined && above !== undefined) return below + ((above - below) * (j + 1)) / (count + 1);
    if (above !== undefined) return above - SPACING * (count - j);
    return (below ?? -SPACING) + SPACING * (j + 1);
  });
  const bounds = [below ?? -Infinity, ...ranks, above ?? Infinity];
  return bounds.every((rank, i) => i === 0 || rank > bounds[i - 1]) ? ranks : undefined;
}

/**
 * Places sorted new names among the ranked rows by one merge; equal names share a rank. Answers the
 * ranks in the order of `sorted`, or undefined when some gap has no number left for its names.
 */
export function mergeRanks(
  ranked: readonly { name: string; rank: number }[],
  sorted: readonly string[],
): number[] | undefined {
  const ranks: number[] = [];
  let next = 0;
  let i = 0;
  while (i < sorted.length) {
    while (next < ranked.length && compareNames(ranked[next].name, sorted[i]) < 0) next += 1;
    const above = ranked[next];
    if (above && compareNames(above.name, sorted[i]) === 0) {
      ranks.push(above.rank);
      i += 1;
      continue;
    }
    // The new names in this gap: every one before `above`, grouped by equal names.
    const groups: number[] = [];
    let end = i;
    while (end < sorted.length && (!above || compareNames(sorted[end], above.name) < 0)) {
      if (end === i || compareNames(sorted[end - 1], sorted[end]) !== 0) groups.push(0);
      groups[groups.length - 1] += 1;
      end += 1;
    }
    const gap = spread(ranked[next - 1]?.rank, above?.rank, groups.length);
    if (!gap) return undefined;
    groups.forEach((size, g) => {
      for (let k = 0; k < size; k += 1) ranks.push(gap[g]);
    });
    i = end;
  }
  return ranks;
}

/**
 * The ranks for many names at once (each among every interface but those in `renamed`, whose
 * old ranks no longer count): one read of the ranked names and one merge, where a rank each would
 * read the catalogue once per name. Takes the lock that the caller's transaction holds until it
 * ends; outside a transaction the lock ends with its statement, and the caller checks the ranks
 * around its rows before it publishes them (domain/openapi/import.ts).
 */
export async function ranksFor(
  db: Queryable,
  names: readonly string[],
  renamed: readonly string[] = [],
): Promise<number[]> {
  if (names.length === 0) return [];
  const order = names.map((_, i) => i).sort((a, b) => compareNames(names[a], names[b]));
  const sorted = order.map((i) => names[i]);
  await lockNameOrder(db);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const ranked = await db
      .select({ name: interfaces.name, rank: interfaces.nameRank })
      .from(interfaces)
      .where(renamed.length ? not(inArray(interfaces.id, [...renamed])) : undefined)
      .orderBy(asc(interfaces.nameRank), asc(interfaces.id));
    // The read and the merge each take a while on a large catalogue: PGlite answers in this
    // process, so the event loop turns between them for the requests that arrived meanwhile.
    await new Promise<void>((resolve) => {
      setImmediate(resolve);
    });
    const merged = mergeRanks(ranked, sorted);
    if (merged) {
      const ranks: number[] = new Array(names.length);
      order.forEach((index, k) => {
        ranks[index] = merged[k];
      });
      return ranks;
    }
    // Some gap had no number left: spread everything out once, then merge again.
    await rerankAll(db);
  }
  throw new Error('no rank left after laying the ranks out afresh');
}

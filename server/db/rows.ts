import { eq, sql } from 'drizzle-orm';
import type { Column } from 'drizzle-orm';
import type { Id } from '@agler/contract/ids';

/**
 * The rows of a raw query's result. Both drivers answer `{ rows }`; the
 * queries cast in SQL (`::int`, `::text`, `::float8`) so that the values
 * are the same JavaScript types from both.
 */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** A row's 64-bit id compared as PostgreSQL's bigint, so an id beyond 2^53 is never rounded. */
export const idIs = (column: Column, id: Id) => eq(column, sql`${id}::bigint`);

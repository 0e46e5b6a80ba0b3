/**
 * The rows of a raw query's result. Both drivers answer `{ rows }`; the
 * queries cast in SQL (`::int`, `::text`, `::float8`) so that the values
 * are the same JavaScript types from both.
 */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

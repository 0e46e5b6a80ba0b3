/**
 * Ids are 64-bit integers beyond 2^53 (snowflake-like), so everything that
 * handles them keeps them as decimal text and never does arithmetic on them.
 */

export type Id = string;

const ID_PATTERN = /^\d{1,20}$/;
// BigInt() rather than literals: the mocks are compiled for ES2019, which has no BigInt literal syntax.
const ID_MAX = BigInt('9223372036854775807');

/** An id from a query, a body or a route: digits of a positive 64-bit integer, kept as text. */
export function parseId(value: unknown): Id | undefined {
  const text = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value;
  if (typeof text !== 'string' || !ID_PATTERN.test(text)) return undefined;
  const big = BigInt(text);
  return big > BigInt(0) && big <= ID_MAX ? big.toString() : undefined;
}

/** Orders decimal id texts by their value: a shorter text is a smaller number. */
export function compareIds(a: Id, b: Id): number {
  if (a.length !== b.length) return a.length - b.length;
  return a < b ? -1 : a > b ? 1 : 0;
}

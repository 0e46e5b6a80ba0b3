/**
 * Whether an error means the database cannot be reached (as opposed to a
 * query that failed): the network codes, PostgreSQL's connection and
 * shutdown states, and node-postgres's own words for a lost connection.
 * Drizzle wraps driver errors, so the whole `cause` chain is read.
 */

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);
/** admin_shutdown, crash_shutdown, cannot_connect_now, and class 08: connection exceptions */
const SHUTDOWN_STATES = new Set(['57P01', '57P02', '57P03']);
const LOST_CONNECTION =
  /Connection terminated|connection error|not queryable|timeout exceeded when trying to connect|Query read timeout|ended unexpectedly/i;

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth += 1) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (
      typeof code === 'string' &&
      (NETWORK_CODES.has(code) || SHUTDOWN_STATES.has(code) || code.startsWith('08'))
    )
      return true;
    if (typeof message === 'string' && LOST_CONNECTION.test(message)) return true;
  }
  return false;
}

/** SQLSTATE classes of a statement refused for the data it carries: data exception, integrity constraint. */
const DATA_CLASSES = ['22', '23'];

/** The SQLSTATE codes along an error's `cause` chain (Drizzle wraps the driver's error). */
function* sqlStatesOf(error: unknown): Generator<string> {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth += 1) {
    const { code } = e as { code?: unknown };
    if (typeof code === 'string' && code.length === 5) yield code;
  }
}

/** Whether the database refused a statement for its data: the same statement would fail again. */
export function isDataRefusal(error: unknown): boolean {
  for (const code of sqlStatesOf(error)) if (DATA_CLASSES.includes(code.slice(0, 2))) return true;
  return false;
}

/** Whether a statement broke a unique index or key (23505). */
export function isUniqueViolation(error: unknown): boolean {
  for (const code of sqlStatesOf(error)) if (code === '23505') return true;
  return false;
}

/**
 * What went wrong at the bottom of an error's `cause` chain, on one line:
 * the driver's reason ("connect ECONNREFUSED …"), not Drizzle's wrapper
 * with its query text.
 */
export function rootReason(error: unknown): string {
  let e = error;
  for (let depth = 0; depth < 5 && (e as { cause?: unknown })?.cause; depth += 1)
    e = (e as { cause: unknown }).cause;
  const message = e instanceof Error ? e.message : String(e);
  return message.split('\n')[0] || (e as { code?: string })?.code || 'unknown error';
}

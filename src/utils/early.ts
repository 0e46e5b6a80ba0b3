/**
 * Answers asked for before the page that needs them has rendered (src/utils/earlyRoute.ts starts
 * them with the session), each under a key that names what was asked: the page takes one once,
 * when its own first request has the same key, instead of asking again. An answer started more
 * than EARLY_MAX_AGE_MS before is not taken: the page asks again.
 */
export const EARLY_MAX_AGE_MS = 10_000;

const started = new Map<string, { at: number; answer: Promise<unknown> }>();

/** Starts `ask` under `key`. */
export function startEarly(key: string, ask: () => Promise<unknown>): void {
  const answer = ask();
  // A failure is the page's to report, when it takes the answer; one never taken is no error.
  answer.catch(() => undefined);
  started.set(key, { at: Date.now(), answer });
}

/** The answer started under `key`, once; undefined when there is none, or it is too old. */
export function takeEarly<T>(key: string): Promise<T> | undefined {
  const entry = started.get(key);
  started.delete(key);
  if (!entry || Date.now() - entry.at > EARLY_MAX_AGE_MS) return undefined;
  return entry.answer as Promise<T>;
}

import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Answers asked for before the page that needs them has rendered (earlyRoute.ts starts them with
 * the session), under a key the page's own first request matches, so the page need not ask again
 * and, when the answer is already there (`useArrived`), renders its content without placeholders
 * first. An answer older than EARLY_MAX_AGE_MS is not taken.
 */
export const EARLY_MAX_AGE_MS = 10_000;

type Started = { at: number; answer: Promise<unknown>; arrived?: { value: unknown } };

const started = new Map<string, Started>();

/** Starts `ask` under `key`. */
export function startEarly(key: string, ask: () => Promise<unknown>): void {
  const entry: Started = { at: Date.now(), answer: ask() };
  entry.answer.then(
    (value) => {
      entry.arrived = { value };
    },
    // A failure is the page's to report, when it takes the answer; one never taken is no error.
    () => undefined,
  );
  started.set(key, entry);
}

function fresh(key: string): Started | undefined {
  const entry = started.get(key);
  return entry && Date.now() - entry.at <= EARLY_MAX_AGE_MS ? entry : undefined;
}

/** The answer started under `key`, once; undefined when there is none, or it is too old. */
export function takeEarly<T>(key: string): Promise<T> | undefined {
  const entry = fresh(key);
  started.delete(key);
  return entry?.answer as Promise<T> | undefined;
}

/**
 * The answer started under `key` if it has come; undefined while it is on its way, when it failed
 * (takeEarly hands that to the page's request, which reports it) or when it is too old. It stays
 * until taken: a render that React throws away and starts again must not lose it.
 */
export function arrivedEarly<T>(key: string): { value: T } | undefined {
  return fresh(key)?.arrived as { value: T } | undefined;
}

/**
 * The answer under the page's first key if it came before the page's first render, and whether
 * the page still shows what it answers (`current`: the key has not changed since). While it is
 * current the page need not ask (ahooks' `ready: !current`); once the key has changed it never
 * is again, so going back to the first view asks afresh. `leave()` ends it as a change of key
 * would, for a page asked to load the same view again (a refresh). The answer is taken once the
 * page is on the screen.
 */
export function useArrived<T>(key: string): {
  arrived?: { key: string; value: T };
  current: boolean;
  leave: () => void;
} {
  const [first] = useState(() => {
    const answer = arrivedEarly<T>(key);
    return answer && { key, value: answer.value };
  });
  useEffect(() => {
    if (first) started.delete(first.key);
  }, [first]);
  const left = useRef(false);
  const [, setLeft] = useState(false);
  if (key !== first?.key) left.current = true;
  const leave = useCallback(() => {
    left.current = true;
    setLeft(true);
  }, []);
  return { arrived: first, current: !!first && !left.current, leave };
}

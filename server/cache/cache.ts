/**
 * A process's copy of rows the gateway reads on every call (keys, users,
 * interfaces, limits). An entry lives until a change to its row is announced
 * (./changes.ts) or, as a backstop, for `ttlMs`. A read that started before
 * an invalidation is not kept: every invalidation moves the generation, and
 * a load stores its row only when the generation is the one it started in.
 * Concurrent misses of one key share one load.
 */

export type Cache<K, V> = {
  get: (key: K, load: () => Promise<V>) => Promise<V>;
  delete: (key: K) => void;
  /** Drops the entries `test` picks (a change that names no key of this cache, e.g. a user's keys). */
  deleteWhere: (test: (key: K, value: V) => boolean) => void;
  clear: () => void;
  size: () => number;
};

export type CacheOptions = {
  /** Most entries; beyond it the oldest go. */
  max: number;
  ttlMs: number;
  /** False while changes cannot be heard (the listening connection is down): every read goes to the database. */
  enabled?: () => boolean;
  /** Milliseconds of a monotonic clock. */
  clock?: () => number;
};

type Entry<V> = { value: V; expires: number };

export function createCache<K, V>(options: CacheOptions): Cache<K, V> {
  const clock = options.clock ?? (() => performance.now());
  const enabled = options.enabled ?? (() => true);
  const entries = new Map<K, Entry<V>>();
  const loading = new Map<K, { generation: number; promise: Promise<V> }>();
  let generation = 0;

  const invalidated = () => {
    generation += 1;
    loading.clear();
  };

  return {
    get(key, load) {
      const entry = entries.get(key);
      if (entry && entry.expires > clock() && enabled()) return Promise.resolve(entry.value);
      const pending = loading.get(key);
      if (pending && pending.generation === generation) return pending.promise;
      const started = generation;
      const promise = load().then(
        (value) => {
          if (loading.get(key)?.promise === promise) loading.delete(key);
          if (generation === started && enabled()) {
            entries.delete(key);
            entries.set(key, { value, expires: clock() + options.ttlMs });
            if (entries.size > options.max) entries.delete(entries.keys().next().value as K);
          }
          return value;
        },
        (error: unknown) => {
          if (loading.get(key)?.promise === promise) loading.delete(key);
          throw error;
        },
      );
      loading.set(key, { generation: started, promise });
      return promise;
    },
    delete(key) {
      invalidated();
      entries.delete(key);
    },
    deleteWhere(test) {
      invalidated();
      for (const [key, entry] of entries) if (test(key, entry.value)) entries.delete(key);
    },
    clear() {
      invalidated();
      entries.clear();
    },
    size: () => entries.size,
  };
}

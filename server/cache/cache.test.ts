/**
 * @jest-environment node
 */
import { createCache } from './cache';
import { changeText, parseChange } from './changes';

const deferred = <T>() => {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
};

describe('the gateway cache', () => {
  test('keeps a value until it is dropped or its time is up', async () => {
    const clock = { now: 0 };
    const cache = createCache<string, number>({ max: 10, ttlMs: 100, clock: () => clock.now });
    let loads = 0;
    const load = async () => {
      loads += 1;
      return loads;
    };
    expect(await cache.get('a', load)).toBe(1);
    expect(await cache.get('a', load)).toBe(1);
    cache.delete('a');
    expect(await cache.get('a', load)).toBe(2);
    clock.now = 100;
    expect(await cache.get('a', load)).toBe(3);
  });

  test('one load serves the misses that come while it runs', async () => {
    const cache = createCache<string, string>({ max: 10, ttlMs: 1000 });
    const gate = deferred<string>();
    let loads = 0;
    const load = () => {
      loads += 1;
      return gate.promise;
    };
    const both = Promise.all([cache.get('k', load), cache.get('k', load)]);
    gate.resolve('v');
    expect(await both).toEqual(['v', 'v']);
    expect(loads).toBe(1);
  });

  test('a load that started before a change is answered but not kept', async () => {
    const cache = createCache<string, string>({ max: 10, ttlMs: 1000 });
    const old = deferred<string>();
    const reading = cache.get('k', () => old.promise);
    // The change lands while the old row is on its way.
    cache.deleteWhere(() => true);
    old.resolve('old');
    expect(await reading).toBe('old');
    expect(await cache.get('k', async () => 'new')).toBe('new');
  });

  test('keeps nothing while changes cannot be heard', async () => {
    let listening = false;
    const cache = createCache<string, number>({ max: 10, ttlMs: 1000, enabled: () => listening });
    let loads = 0;
    const load = async () => {
      loads += 1;
      return loads;
    };
    await cache.get('a', load);
    await cache.get('a', load);
    expect(loads).toBe(2);
    listening = true;
    await cache.get('a', load);
    await cache.get('a', load);
    expect(loads).toBe(3);
  });

  test('holds at most `max` entries, the oldest going first', async () => {
    const cache = createCache<number, number>({ max: 2, ttlMs: 1000 });
    for (const key of [1, 2, 3]) await cache.get(key, async () => key);
    expect(cache.size()).toBe(2);
    let reloaded = false;
    await cache.get(1, async () => {
      reloaded = true;
      return 1;
    });
    expect(reloaded).toBe(true);
  });
});

describe('changes as notifications carry them', () => {
  test.each([
    { kind: 'user' as const, userId: '1790000000000000001' },
    { kind: 'interface' as const, interfaceId: '1800000000000000001' },
    { kind: 'quota' as const, userId: '1', interfaceId: '2' },
  ])('$kind goes and comes back whole', (change) => {
    expect(parseChange(changeText(change))).toEqual(change);
  });

  test.each(['', 'user', 'user:', 'user:x', 'quota:1', 'interface:1:2', 'session:1'])('"%s" is no change', (text) => {
    expect(parseChange(text)).toBeUndefined();
  });
});

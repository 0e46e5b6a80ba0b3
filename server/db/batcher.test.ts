/**
 * @jest-environment node
 */
import { createBatcher } from './batcher';

describe('group commit', () => {
  test('items handed in together go out in one batch, each with its own result', async () => {
    const batches: number[][] = [];
    const batcher = createBatcher(async (items: number[]) => {
      batches.push(items);
      return items.map((n) => n * 2);
    });
    expect(await Promise.all([1, 2, 3].map((n) => batcher.submit(n)))).toEqual([2, 4, 6]);
    expect(batches).toEqual([[1, 2, 3]]);
  });

  test('items that come while a batch is out wait for it, then go together', async () => {
    const batches: number[][] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const batcher = createBatcher(async (items: number[]) => {
      batches.push(items);
      if (batches.length === 1) await held;
      return items;
    });
    const first = batcher.submit(1);
    await new Promise((resolve) => {
      setImmediate(resolve);
    });
    const later = [2, 3, 4].map((n) => batcher.submit(n));
    await new Promise((resolve) => {
      setTimeout(resolve, 10);
    });
    expect(batches).toEqual([[1]]);
    release();
    await Promise.all([first, ...later]);
    expect(batches).toEqual([[1], [2, 3, 4]]);
  });

  test('a batch is at most maxBatch items', async () => {
    const sizes: number[] = [];
    const batcher = createBatcher(
      async (items: number[]) => {
        sizes.push(items.length);
        return items;
      },
      { maxBatch: 4 },
    );
    await Promise.all(Array.from({ length: 10 }, (_, n) => batcher.submit(n)));
    expect(sizes).toEqual([4, 4, 2]);
  });

  test("a failed batch fails its items only; drain waits for everything", async () => {
    let calls = 0;
    const batcher = createBatcher(async (items: number[]) => {
      calls += 1;
      if (calls === 1) throw new Error('database away');
      return items;
    });
    await expect(batcher.submit(1)).rejects.toThrow('database away');
    const next = batcher.submit(2);
    expect(batcher.pendingCount()).toBe(1);
    await batcher.drain();
    expect(batcher.pendingCount()).toBe(0);
    expect(await next).toBe(2);
  });
});

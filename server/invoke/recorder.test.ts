/** @jest-environment node */
import { createRecorder } from './recorder';

const tick = () =>
  new Promise<void>((resolve) => {
    setImmediate(resolve);
  });

describe('createRecorder', () => {
  it('writes many records in few batches, in order, and flush() waits for all of them', async () => {
    const batches: number[][] = [];
    const recorder = createRecorder<number>({
      maxBatch: 100,
      delayMs: 1000,
      write: async (rows) => {
        await tick();
        batches.push(rows);
      },
    });
    for (let i = 0; i < 250; i += 1) recorder.add(i);
    await recorder.flush();
    expect(batches.flat()).toEqual(Array.from({ length: 250 }, (_, i) => i));
    expect(batches.length).toBeLessThanOrEqual(3);
    expect(recorder.pendingCount()).toBe(0);
    await recorder.close();
  });

  it('writes a lone record after the delay without a flush', async () => {
    const written: string[] = [];
    const recorder = createRecorder<string>({
      delayMs: 5,
      write: async (rows) => void written.push(...rows),
    });
    recorder.add('a');
    for (let i = 0; i < 200 && written.length === 0; i += 1) {
      await new Promise((resolve) => {
        setTimeout(resolve, 10);
      });
    }
    expect(written).toEqual(['a']);
    await recorder.close();
  });

  it('keeps the records of a failed write and writes them when the database is back', async () => {
    let up = false;
    const written: number[] = [];
    const errors: unknown[] = [];
    const recorder = createRecorder<number>({
      delayMs: 1,
      write: async (rows) => {
        if (!up) throw new Error('database away');
        written.push(...rows);
      },
      onError: (error) => errors.push(error),
    });
    recorder.add(1);
    recorder.add(2);
    await recorder.flush();
    expect(written).toEqual([]);
    expect(recorder.pendingCount()).toBe(2);
    expect(errors.length).toBeGreaterThan(0);
    up = true;
    recorder.add(3);
    await recorder.flush();
    expect(written).toEqual([1, 2, 3]);
    await recorder.close();
  });

  it('bounds what it keeps while the database stays away, and counts what it dropped', async () => {
    const recorder = createRecorder<number>({
      delayMs: 1000,
      maxPending: 3,
      write: async () => Promise.reject(new Error('away')),
    });
    for (let i = 0; i < 5; i += 1) recorder.add(i);
    expect(recorder.pendingCount()).toBe(3);
    expect(recorder.droppedCount()).toBe(2);
    await recorder.flush();
  });
});

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

  it('drops only the record the database refuses, writes the rest in order, and keeps going', async () => {
    const refusal = Object.assign(new Error('invalid byte sequence'), { code: '22021' });
    const written: number[] = [];
    let up = true;
    const recorder = createRecorder<number>({
      maxBatch: 8,
      delayMs: 1000,
      refusesRows: (error) => error === refusal,
      write: async (rows) => {
        if (!up) throw new Error('database away');
        if (rows.includes(5)) throw refusal;
        written.push(...rows);
      },
    });
    for (let i = 0; i < 12; i += 1) recorder.add(i);
    await recorder.flush();
    expect(written).toEqual([0, 1, 2, 3, 4, 6, 7, 8, 9, 10, 11]);
    expect(recorder.refusedCount()).toBe(1);
    expect(recorder.pendingCount()).toBe(0);

    // A passing fault is not a refusal: nothing is dropped, and the records go out once it is back.
    up = false;
    recorder.add(12);
    await recorder.flush();
    expect(recorder.pendingCount()).toBe(1);
    up = true;
    await recorder.flush();
    expect(written.at(-1)).toBe(12);
    expect(recorder.refusedCount()).toBe(1);
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

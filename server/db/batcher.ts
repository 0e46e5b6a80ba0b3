/**
 * Group commit: callers hand in one item each and wait for its result; the
 * items that arrive while a batch is with the database go out together in
 * the next one, so under load one statement serves many calls and when idle
 * a call waits for no one. A batch starts in the event loop's check phase,
 * after the requests whose data arrived in the same turn have handed in
 * theirs; `concurrency` batches may be with the database at once.
 */

export type Batcher<I, O> = {
  /** The item's result, once its batch is written; rejects with the batch's error. */
  submit: (item: I) => Promise<O>;
  /** Resolves when nothing is waiting or being written. */
  drain: () => Promise<void>;
  /** Items waiting or being written. */
  pendingCount: () => number;
};

export type BatcherOptions = {
  /** Most items in one batch. */
  maxBatch?: number;
  /** Batches with the database at once. */
  concurrency?: number;
};

type Waiting<I, O> = { item: I; resolve: (result: O) => void; reject: (error: unknown) => void };

/** `run` answers one result per item, in the items' order. */
export function createBatcher<I, O>(run: (items: I[]) => Promise<O[]>, options: BatcherOptions = {}): Batcher<I, O> {
  const maxBatch = options.maxBatch ?? 256;
  const concurrency = options.concurrency ?? 1;
  let queue: Waiting<I, O>[] = [];
  let inFlight = 0;
  let inFlightItems = 0;
  let scheduled = false;
  let idle: (() => void)[] = [];

  const settle = () => {
    if (queue.length > 0 || inFlight > 0) return;
    const waiting = idle;
    idle = [];
    for (const resolve of waiting) resolve();
  };

  function schedule() {
    if (scheduled || inFlight >= concurrency || queue.length === 0) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      // flush() and schedule() call each other: a batch's end starts the next.
      // eslint-disable-next-line @typescript-eslint/no-use-before-define
      void flush();
    });
  }

  async function flush() {
    if (inFlight >= concurrency || queue.length === 0) return;
    const batch = queue.slice(0, maxBatch);
    queue = queue.slice(batch.length);
    inFlight += 1;
    inFlightItems += batch.length;
    schedule();
    try {
      const results = await run(batch.map((waiting) => waiting.item));
      batch.forEach((waiting, index) => waiting.resolve(results[index]));
    } catch (error) {
      for (const waiting of batch) waiting.reject(error);
    } finally {
      inFlight -= 1;
      inFlightItems -= batch.length;
      schedule();
      settle();
    }
  }

  return {
    submit: (item) =>
      new Promise<O>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        schedule();
      }),
    drain: () =>
      queue.length === 0 && inFlight === 0
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            idle.push(resolve);
          }),
    pendingCount: () => queue.length + inFlightItems,
  };
}

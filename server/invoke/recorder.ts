/**
 * Call records are written in batches (group commit): under load one INSERT
 * carries many calls. A batch goes out when it is full or a moment after its
 * first record, and while one is being written the next gathers. `add`
 * answers when the record is written, or when a write that held it failed
 * (the record stays pending): a call that waits for it is counted before it
 * is answered, and a database that is away holds no one up for longer than
 * one try. A failed write is
 * retried with the records kept in order (bounded, so a database that stays
 * away cannot exhaust memory); flush() writes everything pending, for a
 * reader that must see every answered call and for SIGTERM. A batch the
 * database refuses for its contents is split until the one record it
 * refuses is found and dropped, so that one bad record never holds up the
 * rest.
 */

export type RecorderOptions<T> = {
  write: (rows: T[]) => Promise<void>;
  /** Most records in one write. */
  maxBatch?: number;
  /** How long the first record of a batch waits for company, in ms (0: the next turn of the event loop). */
  delayMs?: number;
  /** Records kept while the database is away; beyond it the oldest are dropped and counted. */
  maxPending?: number;
  onError?: (error: unknown) => void;
  /** Whether the database refused the records themselves (a retry would fail again), not a passing fault. */
  refusesRows?: (error: unknown) => boolean;
};

export type Recorder<T> = {
  /** Resolves once the record is written, dropped, or a write that held it failed; never rejects. */
  add: (row: T) => Promise<void>;
  /** Resolves when every record added before the call is written (or the retry gave up). */
  flush: () => Promise<void>;
  pendingCount: () => number;
  droppedCount: () => number;
  /** Records the database refused for their contents, dropped. */
  refusedCount: () => number;
  close: () => Promise<void>;
};

/** Most call records one INSERT carries. */
export const RECORDER_MAX_BATCH = 500;

export function createRecorder<T>(options: RecorderOptions<T>): Recorder<T> {
  const maxBatch = options.maxBatch ?? RECORDER_MAX_BATCH;
  const delayMs = options.delayMs ?? 0;
  const maxPending = options.maxPending ?? 200_000;
  let pending: T[] = [];
  /** The waiters of `pending`, index for index. */
  let waiters: ((() => void) | undefined)[] = [];
  let dropped = 0;
  let refused = 0;
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> | undefined;
  let failures = 0;

  const release = (done: ((() => void) | undefined)[]) => {
    for (const resolve of done) resolve?.();
  };

  const schedule = (ms: number) => {
    if (timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      // drain() and schedule() call each other: a failed write schedules the next try.
      // eslint-disable-next-line @typescript-eslint/no-use-before-define
      void drain();
    }, ms);
    timer.unref();
  };

  /** Writes `rows` (the first of pending), taking each part written off pending as it goes. */
  async function writeRows(rows: T[]): Promise<void> {
    try {
      await options.write(rows);
    } catch (error) {
      if (!options.refusesRows?.(error)) throw error;
      if (rows.length === 1) {
        refused += 1;
        options.onError?.(error);
      } else {
        const half = Math.ceil(rows.length / 2);
        await writeRows(rows.slice(0, half));
        await writeRows(rows.slice(half));
        return;
      }
    }
    pending = pending.slice(rows.length);
    release(waiters.slice(0, rows.length));
    waiters = waiters.slice(rows.length);
  }

  async function writeSome(): Promise<boolean> {
    const count = Math.min(pending.length, maxBatch);
    try {
      await writeRows(pending.slice(0, count));
      failures = 0;
      return true;
    } catch (error) {
      failures += 1;
      options.onError?.(error);
      // The records stay for the next try; their callers go on.
      release(waiters.slice(0, count));
      waiters = [...new Array<undefined>(count), ...waiters.slice(count)];
      return false;
    }
  }

  /** Writes batches until nothing is pending or a write fails (then retries later, backing off). */
  function drain(): Promise<void> {
    if (writing) return writing;
    writing = (async () => {
      while (pending.length > 0) {
        if (!(await writeSome())) {
          schedule(Math.min(5000, 100 * 2 ** Math.min(failures, 6)));
          break;
        }
      }
    })().finally(() => {
      writing = undefined;
    });
    return writing;
  }

  return {
    add(row) {
      const written = new Promise<void>((resolve) => {
        pending.push(row);
        waiters.push(resolve);
      });
      if (pending.length > maxPending) {
        pending.shift();
        waiters.shift()?.();
        dropped += 1;
      }
      if (pending.length >= maxBatch) void drain();
      else schedule(delayMs);
      return written;
    },
    async flush() {
      // A write already under way may have started before the newest records: drain until none are left or a write fails.
      for (let round = 0; round < 1000 && pending.length > 0; round += 1) {
        const before = pending.length;
        await drain();
        if (pending.length >= before && failures > 0) return;
      }
      if (writing) await writing;
    },
    pendingCount: () => pending.length,
    droppedCount: () => dropped,
    refusedCount: () => refused,
    async close() {
      if (timer) clearTimeout(timer);
      timer = undefined;
      await this.flush();
    },
  };
}

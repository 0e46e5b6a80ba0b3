import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { ResponseCode } from '@agler/contract/constants';
import type { Message } from '@agler/contract/messageKeys';
import { IMPORT_MESSAGES } from '@agler/contract/messages';
import { IMPORT_LIMITS } from '@agler/contract/openapiImport';
import { refuse } from '../errors';
import type { ReadMapped } from './document';

/**
 * Reading an imported document off the event loop. Parsing, checking and mapping a document of
 * a few megabytes, from an address anyone controls, can take seconds; here it runs in a thread of
 * its own (./readWorker.ts) with a heap cap and a time budget, and the thread is ended when it goes
 * over either. The main thread only hands over the text and receives the mapped operations.
 */

export type ReadRequest = { text: string; baseUrl?: string };

export type ReadReply =
  /** The result as JSON text: parsing it here takes a fraction of what cloning its objects would. */
  | { kind: 'read'; json: string }
  /** Over one of the document's budgets: the message says which, with its key and values (plain data, so it crosses as it is). */
  | { kind: 'refused'; message: Message }
  | { kind: 'failed'; name: string };

export type ReadBudget = { timeMs: number; heapMb: number };

const BUDGET: ReadBudget = { timeMs: IMPORT_LIMITS.readMs, heapMb: IMPORT_LIMITS.readHeapMb };

/** Threads reading at once: each may hold its heap cap and a core, and the gateway needs the rest. */
export const READERS_MAX = 2;

/**
 * The thread's start: tsx's require hook, then ./readWorker.ts. A thread does not inherit the hooks
 * that run TypeScript in this one (tsx's under node, jest's, Umi's in its mock), and Node 20 ignores
 * `--import` in a thread's execArgv, so the thread registers tsx itself.
 */
const BOOT = `const { workerData } = require('node:worker_threads');
require(workerData.tsx).register();
require(workerData.entry);`;

const START = { tsx: require.resolve('tsx/cjs/api'), entry: path.join(__dirname, 'readWorker.ts') };

/**
 * A thread that answered is kept this long for the next document: starting one (the hook, the
 * parser and its schemas) costs a second or two of a core, more than reading most documents.
 */
export const IDLE_MS = 30_000;

type Reader = { worker: Worker; idle?: NodeJS.Timeout };

/** Threads that answered and wait for another document; never more than READERS_MAX with the busy ones. */
const idle: Reader[] = [];
let running = 0;
const waiting: (() => void)[] = [];

async function acquire(): Promise<void> {
  while (running >= READERS_MAX)
    await new Promise<void>((resolve) => {
      waiting.push(resolve);
    });
  running += 1;
}

function release(): void {
  running -= 1;
  waiting.shift()?.();
}

/** An idle thread, or a new one. */
function take(): Reader {
  const reader = idle.pop();
  if (reader) {
    clearTimeout(reader.idle);
    reader.worker.ref();
    return reader;
  }
  return {
    worker: new Worker(BOOT, {
      eval: true,
      workerData: START,
      resourceLimits: { maxOldGenerationSizeMb: BUDGET.heapMb },
    }),
  };
}

/** Keeps a thread that answered for the next document; it ends after IDLE_MS unused, and never holds the process open. */
function keep(reader: Reader): void {
  const forget = () => {
    const at = idle.indexOf(reader);
    if (at >= 0) idle.splice(at, 1);
  };
  reader.worker.unref();
  reader.worker.once('exit', forget);
  reader.idle = setTimeout(() => {
    forget();
    void reader.worker.terminate();
  }, IDLE_MS);
  reader.idle.unref();
  idle.push(reader);
}

const refused = (message: Message): ReadReply => ({ kind: 'refused', message });

/**
 * One document in a reading thread: its reply, or the budget it went over. A thread that went over
 * a budget or failed is ended (the next reader starts only once its heap is gone); one that read
 * the document is kept for the next.
 */
async function runReader(request: ReadRequest, budget: ReadBudget): Promise<ReadReply> {
  await acquire();
  let reader: Reader;
  try {
    reader =
      budget.heapMb === BUDGET.heapMb
        ? take()
        : {
            worker: new Worker(BOOT, {
              eval: true,
              workerData: START,
              resourceLimits: { maxOldGenerationSizeMb: budget.heapMb },
            }),
          };
  } catch (error) {
    release();
    throw error;
  }
  const { worker } = reader;
  return new Promise((resolve) => {
    let settled = false;
    let timer: NodeJS.Timeout | undefined;
    /** `keep` a thread that answered, `end` one that went over or failed, or note that it has `exited`. */
    const finish = (reply: ReadReply, then: 'keep' | 'end' | 'exited') => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      // This document's listeners only: the thread is ours alone.
      worker.removeAllListeners('message');
      worker.removeAllListeners('error');
      worker.removeAllListeners('exit');
      if (then === 'keep' && budget.heapMb === BUDGET.heapMb) {
        keep(reader);
        release();
      } else if (then === 'exited') release();
      else {
        // The next reader starts only when this one's heap is gone.
        worker.once('exit', release);
        void worker.terminate();
      }
      resolve(reply);
    };
    const onMessage = (reply: ReadReply) => finish(reply, reply.kind === 'read' ? 'keep' : 'end');
    const onError = (error: Error & { code?: string }) =>
      finish(
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? refused(IMPORT_MESSAGES.tooMuchMemory(budget.heapMb))
          : { kind: 'failed', name: error.name },
        'end',
      );
    const onExit = (code: number) => finish({ kind: 'failed', name: `exit ${code}` }, 'exited');
    timer = setTimeout(
      () => finish(refused(IMPORT_MESSAGES.tooSlow(budget.timeMs / 1000)), 'end'),
      budget.timeMs,
    );
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
    worker.postMessage(request);
  });
}

/**
 * A document's text read, checked and mapped in the reading thread. Over a budget (nesting,
 * expansion, time, memory) it is refused with PARAMS_ERROR and the budget's message.
 */
export async function readImport(
  text: string,
  baseUrl?: string,
  budget: ReadBudget = BUDGET,
): Promise<ReadMapped> {
  const reply = await runReader({ text, baseUrl }, budget);
  if (reply.kind === 'refused') refuse(ResponseCode.PARAMS_ERROR, reply.message);
  if (reply.kind === 'failed') throw new Error(`The document's reading thread failed: ${reply.name}`);
  return JSON.parse(reply.json) as ReadMapped;
}

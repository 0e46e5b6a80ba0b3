import { parentPort, workerData } from 'node:worker_threads';
import { readAndMap } from './document';
import { OverBudget } from './mapping';
import type { ReadReply, ReadRequest } from './reader';

/**
 * The reading thread (started by ./reader.ts for one document): reads, checks and maps the text
 * it was started with, answers once and ends. A document over a budget answers the budget's
 * message; anything else answers only the error's name, since its message may quote the document.
 */

const { text, baseUrl } = (workerData as { request: ReadRequest }).request;
const reply = (message: ReadReply) => parentPort!.postMessage(message);

readAndMap(text, baseUrl).then(
  (result) => reply({ kind: 'read', json: JSON.stringify(result) }),
  (error: unknown) =>
    reply(
      error instanceof OverBudget
        ? { kind: 'refused', message: error.message }
        : { kind: 'failed', name: error instanceof Error ? error.name : typeof error },
    ),
);

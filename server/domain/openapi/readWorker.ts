import { parentPort } from 'node:worker_threads';
import { readAndMap } from './document';
import { OverBudget } from './mapping';
import type { ReadReply, ReadRequest } from './reader';

/**
 * The reading thread (started by ./reader.ts): reads, checks and maps each text it is sent and
 * answers once for each, one at a time. A document over a budget answers the budget's message;
 * anything else answers only the error's name, since its message may quote the document.
 */

const reply = (message: ReadReply) => parentPort!.postMessage(message);

parentPort!.on('message', ({ text, baseUrl }: ReadRequest) => {
  readAndMap(text, baseUrl).then(
    (result) => reply({ kind: 'read', json: JSON.stringify(result) }),
    (error: unknown) =>
      reply(
        error instanceof OverBudget
          ? { kind: 'refused', message: error.refusal }
          : { kind: 'failed', name: error instanceof Error ? error.name : typeof error },
      ),
  );
});

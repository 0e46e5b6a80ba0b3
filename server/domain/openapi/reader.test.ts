/**
 * @jest-environment node
 */
import { ResponseCode } from '@agler/contract/constants';
import { messageRefOf, textOf } from '@agler/contract/messageKeys';
import type { Message } from '@agler/contract/messageKeys';
import { IMPORT_MESSAGES } from '@agler/contract/messages';
import { IMPORT_LIMITS } from '@agler/contract/openapiImport';
import { longestWait } from '../../test/eventLoop';
import { allOfBombDocument, deepDocument, OPENAPI31, refChainDocument } from '../../test/openapiDocuments';
import { ApiError } from '../errors';
import { readAndMap } from './document';
import { Budget, mapDocument, OverBudget } from './mapping';
import type { Specification } from './mapping';
import { readImport } from './reader';

async function refusalOf(work: Promise<unknown>): Promise<ApiError> {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

/** A refusal with `message`, its key and values come from the reading thread too. */
const refusedWith = (message: Message) => ({
  code: ResponseCode.PARAMS_ERROR,
  message: textOf(message),
  messageRef: messageRefOf(message),
});

const OPENAPI3: Specification = { kind: 'openapi3', label: 'OpenAPI 3.0.3' };

describe('the reading thread', () => {
  test('reads and maps a document as this thread would', async () => {
    const text = JSON.stringify(OPENAPI31);

    const read = await readImport(text);

    expect(read).toEqual(await readAndMap(text));
    expect(read.ok && read.mapping.operations.length).toBe(3);
  });

  test('a 200,000-deep document is refused for its nesting, and the event loop never waits', async () => {
    const started = Date.now();
    const { value: refusal, waitedMs } = await longestWait(() => refusalOf(readImport(deepDocument())));

    expect(refusal).toMatchObject(refusedWith(IMPORT_MESSAGES.tooDeep(IMPORT_LIMITS.depthMax)));
    expect(Date.now() - started).toBeLessThan(IMPORT_LIMITS.readMs);
    expect(waitedMs).toBeLessThan(1000);
  });

  test('schemas that $ref each other eight levels deep are read in moments: each shared schema is walked once', async () => {
    const started = Date.now();
    const { value: read, waitedMs } = await longestWait(() => readImport(refChainDocument(8, 8)));

    expect(Date.now() - started).toBeLessThan(IMPORT_LIMITS.readMs);
    expect(waitedMs).toBeLessThan(1000);
    if (!read.ok) throw new Error('not read');
    const [operation] = read.mapping.operations;
    expect(JSON.parse(operation.draft!.requestParams)).toHaveLength(8);
  });

  test('schemas that expand past the budget are refused, and the event loop never waits', async () => {
    const started = Date.now();
    const { value: refusal, waitedMs } = await longestWait(() => refusalOf(readImport(allOfBombDocument())));

    expect(refusal).toMatchObject(refusedWith(IMPORT_MESSAGES.tooExpanded(IMPORT_LIMITS.expansionMax)));
    expect(Date.now() - started).toBeLessThan(IMPORT_LIMITS.readMs);
    expect(waitedMs).toBeLessThan(1000);
  });

  test('over its time the thread is ended and the document refused; the threads ended free their places', async () => {
    const text = JSON.stringify(OPENAPI31);
    const budget = { timeMs: 1, heapMb: IMPORT_LIMITS.readHeapMb };

    const refusals = await Promise.all([1, 2, 3].map(() => refusalOf(readImport(text, undefined, budget))));

    for (const refusal of refusals) expect(refusal).toMatchObject(refusedWith(IMPORT_MESSAGES.tooSlow(0.001)));
    // Two threads read at once: a fourth read is answered only when the timed-out ones have ended.
    expect((await readImport(text)).ok).toBe(true);
  });

  test('over its heap the thread is ended and the document refused', async () => {
    const refusal = await refusalOf(
      readImport(JSON.stringify(OPENAPI31), undefined, { timeMs: IMPORT_LIMITS.readMs, heapMb: 4 }),
    );

    expect(refusal).toMatchObject(refusedWith(IMPORT_MESSAGES.tooMuchMemory(4)));
  });
});

describe('the budgets within the reading', () => {
  test('the mapping stops past its node budget', () => {
    const doc = {
      openapi: '3.0.3',
      info: { title: 'Wide', version: '1' },
      servers: [{ url: 'https://wide.example' }],
      paths: Object.fromEntries(
        Array.from({ length: 20 }, (_, i) => [
          `/p${i}`,
          { get: { responses: { '200': { description: 'OK' } } } },
        ]),
      ),
    };

    expect(() => mapDocument(doc, OPENAPI3, undefined, new Budget(10))).toThrow(
      new OverBudget(IMPORT_MESSAGES.tooExpanded(10)),
    );
    expect(mapDocument(doc, OPENAPI3, undefined, new Budget(20)).operations).toHaveLength(20);
  });

  test('nesting up to the limit is read, one level more is refused, in JSON and in YAML', async () => {
    const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
    // One operation, so that the document has something to import.
    const PATHS = '{"/a":{"get":{"responses":{"200":{"description":"OK"}}}}}';
    // The document's own object is the first level.
    const json = (depth: number) =>
      `{"openapi":"3.0.3","info":{"title":"t","version":"1"},"paths":${PATHS},"x-n":${nested(depth - 1)}}`;
    const yaml = (depth: number) =>
      `openapi: 3.0.3\ninfo: {title: t, version: "1"}\npaths: ${PATHS}\nx-n: ${nested(depth - 1)}\n`;
    const max = IMPORT_LIMITS.depthMax;

    for (const text of [json(max), yaml(max)]) expect((await readAndMap(text)).ok).toBe(true);
    for (const text of [json(max + 1), yaml(max + 1)])
      await expect(readAndMap(text)).rejects.toThrow(new OverBudget(IMPORT_MESSAGES.tooDeep(max)));
  });

  test('an array schema whose items are itself, and an example that is its own part, are mapped', async () => {
    const doc = {
      openapi: '3.0.3',
      info: { title: 'Loops', version: '1' },
      servers: [{ url: 'https://loops.example' }],
      paths: {
        '/list': {
          post: {
            requestBody: {
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Wrapper' } } },
            },
            responses: { '200': { description: 'OK' } },
          },
        },
      },
      components: {
        schemas: {
          Wrapper: { type: 'object', properties: { list: { $ref: '#/components/schemas/List' } } },
          List: {
            items: { $ref: '#/components/schemas/List' },
            example: { again: { $ref: '#/components/schemas/List/example' } },
          },
        },
      },
    };

    const read = await readAndMap(JSON.stringify(doc));

    if (!read.ok) throw new Error(JSON.stringify(read.errors));
    expect(JSON.parse(read.mapping.operations[0].draft!.requestParams)).toEqual([
      expect.objectContaining({ name: 'list', type: 'array' }),
    ]);
  });
});

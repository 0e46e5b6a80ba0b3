import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { BODY_MAX_BYTES, ResponseCode } from '@agler/contract/constants';
import { isJsonContentType } from '@agler/contract/http';
import { JsonDepthError, parseJsonExact } from '@agler/contract/json';
import { MESSAGES } from '@agler/contract/messages';
import { ApiError } from '../domain/errors';

/**
 * Request bodies: JSON in UTF-8 only (any other type is refused), at most
 * BODY_MAX_BYTES, nested at most JSON_MAX_DEPTH deep, and read exactly: an id
 * sent as a bare number beyond 2^53 keeps every digit.
 *
 * A body that is refused is still read to its end (up to DISCARD_MAX_BYTES):
 * answering while the client is still sending makes it fail with a broken
 * pipe before it ever reads the answer that says what was wrong.
 */

/** Beyond this a refused body is no longer read: the connection is cut instead. */
const DISCARD_MAX_BYTES = 16 * BODY_MAX_BYTES;

const utf8 = new TextDecoder('utf-8', { fatal: true });

const refusal = (message: string) => new ApiError(ResponseCode.PARAMS_ERROR, message);

/** The body's bytes, or undefined when it is longer than `limit` (then read to its end and dropped). */
export function readBody(payload: Readable, limit: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    payload.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
      else if (size > DISCARD_MAX_BYTES) {
        payload.destroy();
        resolve(undefined);
      }
    });
    payload.once('end', () => resolve(size <= limit ? Buffer.concat(chunks) : undefined));
    payload.once('error', reject);
  });
}

/** Reads a body that will be refused (or ignored) to its end, then answers `error` (or nothing). */
async function drain(payload: Readable, error?: ApiError): Promise<undefined> {
  await readBody(payload, 0);
  if (error) throw error;
  return undefined;
}

export const bodyPlugin = fp(
  async (app) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('application/json', async (request: FastifyRequest, payload: Readable) => {
      if (!isJsonContentType(request.headers['content-type']))
        return drain(payload, refusal(MESSAGES.contentType));
      const body = await readBody(payload, BODY_MAX_BYTES);
      if (!body) throw refusal(MESSAGES.bodyTooLarge);
      try {
        return parseJsonExact(utf8.decode(body));
      } catch (error) {
        throw refusal(error instanceof JsonDepthError ? MESSAGES.bodyTooDeep : MESSAGES.bodyNotJson);
      }
    });
    // Any other type is refused, once its body is read.
    app.addContentTypeParser('*', async (_request: FastifyRequest, payload: Readable) =>
      drain(payload, refusal(MESSAGES.contentType)),
    );
  },
  { name: 'agler-body', fastify: '5.x' },
);

const isJsonObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The JSON object a write sends, or the refusal that says what is wrong: no
 * JSON content type, no body, or a body that is no object. Read before who
 * is asking, so a malformed write is refused as such whoever sends it.
 */
export function jsonObjectBody(request: FastifyRequest): Record<string, unknown> {
  const { body } = request;
  if (body === undefined) {
    throw refusal(
      isJsonContentType(request.headers['content-type']) ? MESSAGES.bodyNotJson : MESSAGES.contentType,
    );
  }
  if (!isJsonObject(body)) throw refusal(MESSAGES.bodyNotObject);
  return body;
}

/** For an endpoint that reads no body: whatever is sent is read to its end and dropped. */
export function ignoreBodies(app: FastifyInstance) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', async (_request: FastifyRequest, payload: Readable) => drain(payload));
}

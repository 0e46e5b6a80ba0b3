import type { IncomingMessage, ServerResponse } from 'node:http';
import { STATUS_CODES } from 'node:http';
import { Socket } from 'node:net';
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { BODY_MAX_BYTES, ResponseCode } from '@agler/contract/constants';
import { isJsonContentType } from '@agler/contract/http';
import { JsonDepthError, parseJsonExact } from '@agler/contract/json';
import { textOf } from '@agler/contract/messageKeys';
import type { Message } from '@agler/contract/messageKeys';
import { MESSAGES } from '@agler/contract/messages';
import { ApiError } from '../domain/errors';
import { failure } from '../envelope';

/**
 * Request bodies: JSON in UTF-8 only (any other type is refused), at most
 * the route's bodyLimit (BODY_MAX_BYTES unless the route says more), nested
 * at most JSON_MAX_DEPTH deep, and read exactly: an id sent as a bare
 * number beyond 2^53 keeps every digit.
 *
 * A body over the limit is answered 413 with the envelope and the connection
 * is closed behind the answer. A declared Content-Length over the limit is
 * refused before a byte of the body is read, and a client that asked
 * `Expect: 100-continue` is never told to send it; a body that grows past
 * the limit (chunked) is refused as soon as it does. A body refused for
 * another reason (its type) is still read to its end, within the limit:
 * answering while the client is still sending makes it fail with a broken
 * pipe before it ever reads the answer that says what was wrong.
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What a body over this route's bodyLimit is refused with (MESSAGES.bodyTooLarge when unset). */
    bodyTooLarge?: Message;
  }
}

/**
 * How long a connection refused for its body's size still reads (and drops)
 * what the client sends after the answer: closing a socket with unread data
 * makes the system reset it, and a client that writes its whole body before
 * reading (most scripts do) would see the reset instead of the answer.
 */
export const LINGER_MS = 5000;

/**
 * A body longer than its route takes, with the route's message: the error
 * handlers answer it 413 with the envelope and close the connection
 * (closeWithTooLarge).
 */
export class BodyTooLargeError extends Error {
  readonly statusCode = 413;

  constructor(readonly refusal: Message = MESSAGES.bodyTooLarge) {
    super(textOf(refusal));
    this.name = 'BodyTooLargeError';
  }
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

const refusal = (message: Message) => new ApiError(ResponseCode.PARAMS_ERROR, message);

/** The bodyLimit of each request's route, by its raw request (what a body parser's payload is). */
const routeLimits = new WeakMap<Readable, number>();

/** Requests that asked `Expect: 100-continue` and have not been told to go on yet, with their responses. */
const awaitingContinue = new WeakMap<IncomingMessage, ServerResponse>();

type Read = { body: Buffer | undefined; overRoute: boolean };

/**
 * Reads a body, keeping at most `keep` bytes: within its route's limit to
 * its end, so a refusal of it reaches the client; past that limit it is
 * given up at once, and what still arrives is dropped until the refusal's
 * answer closes the connection.
 */
function consume(payload: Readable, keep: number): Promise<Read> {
  const routeLimit = Math.max(keep, routeLimits.get(payload) ?? BODY_MAX_BYTES);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    payload.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= keep) chunks.push(chunk);
      else if (size > routeLimit) resolve({ body: undefined, overRoute: true });
    });
    payload.once('end', () =>
      resolve({ body: size <= keep ? Buffer.concat(chunks) : undefined, overRoute: size > routeLimit }),
    );
    payload.on('error', reject);
  });
}

/** The body's bytes, or undefined when it is longer than `limit` (see consume for what is read). */
export async function readBody(payload: Readable, limit: number): Promise<Buffer | undefined> {
  return (await consume(payload, limit)).body;
}

/** Reads a body that will be refused (or ignored) to its end, then answers `error` (or nothing); 413 past the limit. */
async function drain(payload: Readable, error?: ApiError): Promise<undefined> {
  if ((await consume(payload, 0)).overRoute) throw new BodyTooLargeError();
  if (error) throw error;
  return undefined;
}

/** The Content-Length a request declares, or undefined (Node has refused a malformed one before this). */
function declaredLength(request: FastifyRequest): number | undefined {
  const header = request.headers['content-length'];
  return header === undefined ? undefined : Number(header);
}

/**
 * Answers 413 with the envelope on the socket itself and closes it gently:
 * the answer, then the end of our side, then whatever the client still
 * sends is read and dropped until it closes or LINGER_MS pass. Node's own
 * `Connection: close` destroys the socket as soon as the answer is written,
 * unread body and all, and the system then resets the connection, which can
 * discard the answer; so the request is taken over (reply.hijack) for it.
 * False, with nothing done, when the request has no socket of its own to
 * take over (an injected one, or one queued behind another on its
 * connection): the caller answers through the reply.
 */
export function closeWithTooLarge(request: FastifyRequest, reply: FastifyReply, message: Message): boolean {
  const payload = JSON.stringify(failure(ResponseCode.PARAMS_ERROR, message));
  const socket = reply.raw.socket;
  if (!(socket instanceof Socket) || socket !== request.raw.socket || reply.raw.headersSent) return false;
  reply.hijack();
  const headers: Record<string, string | number | readonly string[] | undefined> = {
    ...reply.getHeaders(),
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(payload),
    'cache-control': 'no-store',
    date: new Date().toUTCString(),
    connection: 'close',
  };
  const lines = Object.entries(headers).flatMap(([name, value]) =>
    value === undefined ? [] : (Array.isArray(value) ? value : [value]).map((item) => `${name}: ${item}\r\n`),
  );
  socket.end(`HTTP/1.1 413 ${STATUS_CODES[413]}\r\n${lines.join('')}\r\n${payload}`);
  const timer = setTimeout(() => socket.destroy(), LINGER_MS);
  timer.unref();
  socket.once('close', () => clearTimeout(timer));
  socket.once('end', () => socket.destroy());
  // A client that gives up mid-body resets the socket: that is its answer, not a fault of ours.
  request.raw.on('error', () => undefined);
  request.raw.resume();
  return true;
}

export const bodyPlugin = fp(
  async (app) => {
    // Node answers `Expect: 100-continue` with 100 at once unless someone listens for it; the answer waits for the
    // route (its limit) instead, in the hook below. An answer given before it (a refused host) closes the
    // connection, as Node does for a client never told to go on.
    app.server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => {
      awaitingContinue.set(req, res);
      app.server.emit('request', req, res);
    });

    app.addHook('onRequest', async (request, reply) => {
      const limit = request.routeOptions.bodyLimit ?? BODY_MAX_BYTES;
      const declared = declaredLength(request);
      if (declared !== undefined && declared > limit) {
        const message = request.routeOptions.config?.bodyTooLarge ?? MESSAGES.bodyTooLarge;
        if (closeWithTooLarge(request, reply, message)) return undefined;
        return reply
          .code(413)
          .header('cache-control', 'no-store')
          .header('connection', 'close')
          .send(failure(ResponseCode.PARAMS_ERROR, message));
      }
      routeLimits.set(request.raw, limit);
      const waiting = awaitingContinue.get(request.raw);
      if (waiting) {
        awaitingContinue.delete(request.raw);
        waiting.writeContinue();
      }
      return undefined;
    });

    app.removeAllContentTypeParsers();
    app.addContentTypeParser('application/json', async (request: FastifyRequest, payload: Readable) => {
      if (!isJsonContentType(request.headers['content-type']))
        return drain(payload, refusal(MESSAGES.contentType));
      const body = await readBody(payload, request.routeOptions.bodyLimit ?? BODY_MAX_BYTES);
      if (!body) throw new BodyTooLargeError(request.routeOptions.config?.bodyTooLarge);
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
 * JSON content type, no body, or a body that is no object. Routes behind
 * `signIn` read it after who is asking, so a stranger learns nothing of it.
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

import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ResponseCode } from '@agler/contract/constants';
import type { Message } from '@agler/contract/messageKeys';
import { MESSAGES } from '@agler/contract/messages';
import { isDatabaseUnavailable } from '../db/errors';
import { ApiError } from '../domain/errors';
import { failure } from '../envelope';
import { BodyTooLargeError, closeWithTooLarge } from './body';

/**
 * The one place where an error becomes an answer: the contract's envelope
 * with HTTP 200 (the console reads the message of an envelope, not of an
 * HTTP status), never a stack or SQL text; only the gateway's refusals and
 * a body over the limit (413) carry their HTTP status. Unknown /api paths
 * answer 40400 (and unknown /gateway and /demo paths 404 with it); other
 * unknown paths go to the console's page fallback when there is one.
 */

/** Fastify's own refusals of a request body, in the contract's words. */
const BODY_ERRORS: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: MESSAGES.contentType,
  FST_ERR_CTP_INVALID_TYPE: MESSAGES.contentType,
  FST_ERR_CTP_BODY_TOO_LARGE: MESSAGES.bodyTooLarge,
  FST_ERR_CTP_EMPTY_JSON_BODY: MESSAGES.bodyNotJson,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: MESSAGES.bodyNotJson,
  FST_ERR_CTP_EMPTY_TYPE: MESSAGES.contentType,
};

/** What a refusal of the request by Fastify itself (its body, its URL, ...) says, in the contract's words. */
export function requestRefusalOf(error: unknown): Message {
  if (error instanceof BodyTooLargeError) return error.refusal;
  return BODY_ERRORS[(error as { code?: string }).code ?? ''] ?? MESSAGES.badRequest;
}

export type ErrorOptions = {
  /** Answers a path that is no API and no file when it is one of the console's pages; says whether it did. */
  pageFallback?: (request: FastifyRequest, reply: FastifyReply) => boolean;
};

/**
 * The first segment of a request's path, as a router or a proxy in front may
 * read it: duplicate slashes, backslashes, dot segments, percent-encoding and
 * letter case aside. `/api`, `/gateway` and `/demo` paths answer envelopes, never a page.
 */
function firstSegmentOf(url: string): string {
  const segments: string[] = [];
  for (const raw of url.split('?')[0].split(/[/\\]/)) {
    let segment = raw;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      // Not percent-encoding after all: read as written.
    }
    if (segment === '..') segments.pop();
    else if (segment !== '' && segment !== '.') segments.push(segment);
  }
  return (segments[0] ?? '').toLowerCase();
}

/** Whether a request's path is the API's, the gateway's or the demo interfaces', however written; undefined for any other. */
export function serverPathOf(url: string): 'api' | 'gateway' | 'demo' | undefined {
  const first = firstSegmentOf(url);
  return first === 'api' || first === 'gateway' || first === 'demo' ? first : undefined;
}

export const errorsPlugin = fp<ErrorOptions>(
  async (app, options) => {
    app.setErrorHandler(async (error: unknown, request, reply) => {
      reply.code(200).type('application/json; charset=utf-8');
      // A body over the limit is refused by its HTTP status too: the client may not even have sent it.
      if (error instanceof BodyTooLargeError) {
        if (closeWithTooLarge(request, reply, error.refusal)) return undefined;
        reply.code(413).header('cache-control', 'no-store');
        return failure(ResponseCode.PARAMS_ERROR, error.refusal);
      }
      if (error instanceof ApiError) {
        reply.headers(error.headers);
        return { ...failure(error.code, error.message, error.messageRef), ...error.extras };
      }
      const code = (error as { code?: string }).code;
      if (code && BODY_ERRORS[code]) return failure(ResponseCode.PARAMS_ERROR, BODY_ERRORS[code]);
      // The gateway's callers are programs: a failure of ours says so in the HTTP status too.
      const gateway = serverPathOf(request.url) === 'gateway';
      if (isDatabaseUnavailable(error)) {
        request.log.error({ err: error }, 'database unavailable');
        if (gateway) reply.code(503);
        return failure(ResponseCode.SYSTEM_ERROR, MESSAGES.databaseUnavailable);
      }
      const status = (error as { statusCode?: number }).statusCode;
      if (status && status >= 400 && status < 500) {
        // Some other refusal of the request by Fastify (a malformed URL, header, ...).
        return failure(ResponseCode.PARAMS_ERROR, requestRefusalOf(error));
      }
      request.log.error({ err: error }, 'request failed');
      if (gateway) reply.code(500);
      return failure(ResponseCode.SYSTEM_ERROR, MESSAGES.systemError);
    });

    app.setNotFoundHandler(async (request, reply) => {
      const serverPath = serverPathOf(request.url);
      if (serverPath) {
        reply.header('cache-control', 'no-store');
        // The gateway's and the demo interfaces' callers are programs, which read the HTTP status.
        return reply
          .code(serverPath === 'api' ? 200 : 404)
          .send(failure(ResponseCode.NOT_FOUND, MESSAGES.unknownPath));
      }
      if (options.pageFallback?.(request, reply)) return reply;
      return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
    });
  },
  { name: 'agler-errors', fastify: '5.x' },
);

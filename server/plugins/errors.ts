import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ResponseCode } from '@agler/contract/constants';
import { MESSAGES } from '@agler/contract/messages';
import { isDatabaseUnavailable } from '../db/errors';
import { ApiError } from '../domain/errors';
import { failure } from '../envelope';

/**
 * The one place where an error becomes an answer: the contract's envelope
 * with HTTP 200 (the console reads the message of an envelope, not of an
 * HTTP status), never a stack or SQL text. Unknown /api paths answer 40400;
 * other unknown paths go to the console's page fallback when there is one.
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

export type ErrorOptions = {
  /** Answers a path that is no API and no file when it is one of the console's pages; says whether it did. */
  pageFallback?: (request: FastifyRequest, reply: FastifyReply) => boolean;
};

export const isApiPath = (url: string) =>
  url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

export const errorsPlugin = fp<ErrorOptions>(
  async (app, options) => {
    app.setErrorHandler(async (error: unknown, request, reply) => {
      reply.code(200).type('application/json; charset=utf-8');
      if (error instanceof ApiError) return { ...failure(error.code, error.message), ...error.extras };
      const code = (error as { code?: string }).code;
      if (code && BODY_ERRORS[code]) return failure(ResponseCode.PARAMS_ERROR, BODY_ERRORS[code]);
      if (isDatabaseUnavailable(error)) {
        request.log.error({ err: error }, 'database unavailable');
        return failure(ResponseCode.SYSTEM_ERROR, MESSAGES.databaseUnavailable);
      }
      const status = (error as { statusCode?: number }).statusCode;
      if (status && status >= 400 && status < 500) {
        // Some other refusal of the request by Fastify (a malformed URL, header, ...).
        return failure(ResponseCode.PARAMS_ERROR, MESSAGES.badRequest);
      }
      request.log.error({ err: error }, 'request failed');
      return failure(ResponseCode.SYSTEM_ERROR, MESSAGES.systemError);
    });

    app.setNotFoundHandler(async (request, reply) => {
      if (!isApiPath(request.url) && options.pageFallback?.(request, reply)) return reply;
      if (isApiPath(request.url)) {
        reply.header('cache-control', 'no-store');
        return reply.code(200).send(failure(ResponseCode.NOT_FOUND, MESSAGES.unknownPath));
      }
      return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
    });
  },
  { name: 'agler-errors', fastify: '5.x' },
);

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BODY_MAX_BYTES, ResponseCode } from '@agler/contract/constants';
import { isJsonContentType } from '@agler/contract/http';
import { JsonDepthError, parseJsonExact } from '@agler/contract/json';
import { MESSAGES } from '@agler/contract/messages';
import { ApiError } from '../domain/errors';
import { shared } from './shared';

/**
 * Request bodies: JSON in UTF-8 only (any other type is refused), at most
 * BODY_MAX_BYTES, nested at most JSON_MAX_DEPTH deep, and read exactly: an id
 * sent as a bare number beyond 2^53 keeps every digit.
 */

const utf8 = new TextDecoder('utf-8', { fatal: true });

export const bodyPlugin = shared('agler-body', async (app) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: BODY_MAX_BYTES },
    (request, body, done) => {
      if (!isJsonContentType(request.headers['content-type'])) {
        done(new ApiError(ResponseCode.PARAMS_ERROR, MESSAGES.contentType), undefined);
        return;
      }
      try {
        done(null, parseJsonExact(utf8.decode(body as Buffer)));
      } catch (error) {
        done(
          new ApiError(
            ResponseCode.PARAMS_ERROR,
            error instanceof JsonDepthError ? MESSAGES.bodyTooDeep : MESSAGES.bodyNotJson,
          ),
          undefined,
        );
      }
    },
  );
});

/**
 * The JSON object a write sends, or the refusal that says what is wrong: no
 * JSON content type, no body, or a body that is no object. Read before who
 * is asking, as the mocks do.
 */
export function jsonObjectBody(request: FastifyRequest): Record<string, unknown> {
  const { body } = request;
  if (body === undefined) {
    throw new ApiError(
      ResponseCode.PARAMS_ERROR,
      isJsonContentType(request.headers['content-type']) ? MESSAGES.bodyNotJson : MESSAGES.contentType,
    );
  }
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw new ApiError(ResponseCode.PARAMS_ERROR, MESSAGES.bodyNotObject);
  return body as Record<string, unknown>;
}

/** For an endpoint that reads no body: whatever is sent is let through unread (within the size limit). */
export function ignoreBodies(app: FastifyInstance) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: BODY_MAX_BYTES }, (_request, _body, done) =>
    done(null, undefined),
  );
}

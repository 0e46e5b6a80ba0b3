import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, Histogram } from 'prom-client';
import {
  BODY_MAX_BYTES,
  HTTP_METHODS,
  ResponseCode,
  USER_ROLE,
} from '@agler/contract/constants';
import type { HttpMethod } from '@agler/contract/constants';
import { isJsonContentType } from '@agler/contract/http';
import { JsonDepthError, parseJsonExact } from '@agler/contract/json';
import { textOf } from '@agler/contract/messageKeys';
import type { Message } from '@agler/contract/messageKeys';
import { MESSAGES } from '@agler/contract/messages';
import {
  canonicalRequest,
  NONCE_PATTERN,
  SIGNATURE_CHALLENGE,
  SIGNATURE_HEADERS,
  TIMESTAMP_TOLERANCE_SECONDS,
} from '@agler/contract/signature';
import { ApiError } from '../domain/errors';
import { rateLimitHeaders } from '../domain/rateLimit';
import { failure } from '../envelope';
import type { Admitter } from '../invoke/admission';
import type { InterfaceRow, Invoker } from '../invoke/invoke';
import { failureOf } from '../invoke/invoke';
import { requestFor, takesQuery } from '../invoke/request';
import type { KeyOwner, Lookups } from './lookups';
import { readBody } from '../plugins/body';
import { requestRefusalOf } from '../plugins/errors';
import { LATENCY_BUCKETS } from '../plugins/metrics';

/**
 * `/gateway/{interfaceId}`: calls from programs, signed with the caller's
 * key pair (contract/signature.ts). A refused call reaches no interface and
 * is not counted; each refusal is the envelope with an HTTP status that says
 * what kind it is. A good call answers what the interface answered (status,
 * content type, body) with the caller's remaining quota in X-Quota-Remaining
 * and, when a rate limit applies or a subscription is charged (docs/plans.md),
 * the IETF draft's RateLimit-Policy and RateLimit headers (a call over either:
 * 429 with Retry-After, nothing charged).
 * Every 401 names the signature scheme in WWW-Authenticate (RFC 9110 §15.5.2).
 * HEAD works wherever GET does (RFC 9110 §9.3.2).
 */

export const GATEWAY_PREFIX = '/gateway';

export type GatewayOptions = {
  lookups: Lookups;
  admitter: Admitter;
  invoker: Invoker;
  timeoutMs: number;
  now: () => number;
};

const HTTP_STATUS_OF: Record<number, number> = {
  [ResponseCode.PARAMS_ERROR]: 400,
  [ResponseCode.NOT_LOGIN]: 401,
  [ResponseCode.NO_AUTH]: 403,
  [ResponseCode.FORBIDDEN]: 403,
  [ResponseCode.NOT_FOUND]: 404,
  [ResponseCode.QUOTA_EXHAUSTED]: 429,
  [ResponseCode.GONE]: 410,
  [ResponseCode.UPSTREAM_ERROR]: 502,
};

/** Why the gateway refused a call, as /metrics counts it: a fixed set, so the series stay few. */
export const REFUSAL_REASONS = [
  'missing_signature',
  'bad_nonce',
  'bad_timestamp',
  'unknown_key',
  'bad_signature',
  'nonce_used',
  'key_expired',
  'banned',
  'key_denied',
  'not_found',
  'closed',
  'method',
  'gone',
  'bad_body',
  'rate_limited',
  'quota_exhausted',
  'plan_pending',
  'plan_required',
  'bad_request',
] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

/**
 * How a gateway call ended, as /metrics times it: the interface answered (with
 * any status), the gateway refused it, the call went out and got no answer
 * (`failed`; `timeout` when it ran out of time), or the server failed.
 */
export const GATEWAY_OUTCOMES = ['answered', 'refused', 'failed', 'timeout', 'busy', 'error'] as const;
type GatewayOutcome = (typeof GATEWAY_OUTCOMES)[number];

class GatewayRefusal extends Error {
  constructor(
    readonly reason: RefusalReason,
    readonly status: number,
    readonly code: number,
    readonly refusal: Message,
    readonly headers: Record<string, string> = {},
  ) {
    super(textOf(refusal));
  }
}

// A declaration, so that the checks after a refusal know what it ruled out.
function refuseWith(
  reason: RefusalReason,
  status: number,
  code: number,
  message: Message,
  headers?: Record<string, string>,
): never {
  throw new GatewayRefusal(reason, status, code, message, headers);
}

const NO_LIMITS = { rateLimit: 0, rateBurst: 0 };
const unauthorized = (reason: RefusalReason, message: Message): never =>
  refuseWith(reason, 401, ResponseCode.NOT_LOGIN, message);

function header(request: FastifyRequest, name: string): string {
  const value = request.headers[name.toLowerCase()];
  const text = Array.isArray(value) ? value[0] : value;
  if (text === undefined || text === '') unauthorized('missing_signature', MESSAGES.signatureMissing(name));
  return text as string;
}

const sha256Hex = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Whether `sign` is the HMAC of `canonical` under `secretKey`, compared in constant time. */
export function signatureMatches(secretKey: string, canonical: string, sign: string): boolean {
  const expected = Buffer.from(
    createHmac('sha256', secretKey).update(canonical, 'utf8').digest('hex'),
    'utf8',
  );
  const given = Buffer.from(sign, 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Whether the key's secret signed, or the secret before its last rotation while its grace lasts. */
function signedBy(owner: KeyOwner, canonical: string, sign: string, nowMs: number): boolean {
  if (signatureMatches(owner.secretKey, canonical, sign)) return true;
  return (
    owner.previous !== null &&
    owner.previous.until > nowMs &&
    signatureMatches(owner.previous.secretKey, canonical, sign)
  );
}

/** The refusal an ApiError from the domain (lookups, admission) is. */
function reasonOf(error: ApiError): RefusalReason {
  switch (error.code) {
    case ResponseCode.NOT_FOUND:
      return 'not_found';
    case ResponseCode.QUOTA_EXHAUSTED:
      return error.message === MESSAGES.rateLimited ? 'rate_limited' : 'quota_exhausted';
    case ResponseCode.NOT_LOGIN:
      return 'nonce_used';
    case ResponseCode.GONE:
      return 'gone';
    case ResponseCode.FORBIDDEN:
      if (error.message === MESSAGES.subscriptionPending) return 'plan_pending';
      return error.message === MESSAGES.planRequired ? 'plan_required' : 'bad_request';
    default:
      return 'bad_request';
  }
}

/** The gateway's figures in the app's registry (plugins/metrics.ts), every series there from the start. */
function gatewayMetrics(app: FastifyInstance) {
  const { registry } = app.metrics;
  const duration = new Histogram({
    name: 'agler_gateway_request_duration_seconds',
    help: 'Time a gateway call took in this server, from its arrival to its answer, by how it ended.',
    labelNames: ['outcome'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const admittedCalls = new Counter({
    name: 'agler_gateway_calls_admitted_total',
    help: 'Gateway calls that passed every check and were granted by the quota and the rate limit.',
    registers: [registry],
  });
  const refusedCalls = new Counter({
    name: 'agler_gateway_calls_refused_total',
    help: 'Gateway calls refused before reaching their interface, by reason.',
    labelNames: ['reason'] as const,
    registers: [registry],
  });
  for (const outcome of GATEWAY_OUTCOMES) duration.zero({ outcome });
  for (const reason of REFUSAL_REASONS) refusedCalls.inc({ reason }, 0);
  return { duration, admittedCalls, refusedCalls };
}

export const gatewayRoutes: FastifyPluginAsync<GatewayOptions> = async (app, options) => {
  const { lookups, admitter, invoker, timeoutMs, now } = options;
  const metrics = gatewayMetrics(app);
  // A call's outcome, set where it is decided and timed when its answer has been sent.
  const outcomes = new WeakMap<FastifyRequest, GatewayOutcome>();
  const refused = (request: FastifyRequest, reason: RefusalReason) => {
    outcomes.set(request, 'refused');
    metrics.refusedCalls.inc({ reason });
  };
  app.addHook('onResponse', (request, reply, done) => {
    metrics.duration.observe({ outcome: outcomes.get(request) ?? 'error' }, reply.elapsedTime / 1000);
    done();
  });

  // The signature covers the raw bytes: a body is kept as it came. It goes on to the interface as JSON, so
  // it must say it is JSON; a refused body is still read to its end (plugins/body.ts says why).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', async (request: FastifyRequest, payload: Readable) => {
    if (!isJsonContentType(request.headers['content-type'])) {
      await readBody(payload, 0);
      refuseWith('bad_body', 415, ResponseCode.PARAMS_ERROR, MESSAGES.contentType);
    }
    const body = await readBody(payload, BODY_MAX_BYTES);
    if (!body) refuseWith('bad_body', 413, ResponseCode.PARAMS_ERROR, MESSAGES.bodyTooLarge);
    return body;
  });

  // Every refusal, before the handler (the body) or in it, answers its HTTP status with the envelope;
  // anything else is the server's own failure, which plugins/errors.ts answers.
  // A 401 says which scheme would be accepted, whichever check refused it.
  const challenged = (reply: FastifyReply, status: number) =>
    status === 401 ? reply.header('www-authenticate', SIGNATURE_CHALLENGE) : reply;
  app.setErrorHandler(async (error, request, reply) => {
    if (error instanceof GatewayRefusal) {
      refused(request, error.reason);
      return challenged(reply.code(error.status).headers(error.headers), error.status).send(
        failure(error.code, error.refusal),
      );
    }
    if (error instanceof ApiError) {
      refused(request, reasonOf(error));
      const status = HTTP_STATUS_OF[error.code] ?? 400;
      return challenged(reply.code(status).headers(error.headers), status).send(
        failure(error.code, error.message, error.messageRef),
      );
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (status !== undefined && status >= 400 && status < 500) {
      refused(request, 'bad_request');
      return reply.code(status).send(failure(ResponseCode.PARAMS_ERROR, requestRefusalOf(error)));
    }
    throw error;
  });

  async function handle(request: FastifyRequest<{ Params: { interfaceId: string } }>, reply: FastifyReply) {
    // `/gateway/` matches the route with no id: no gateway path.
    if (request.params.interfaceId === '') {
      refused(request, 'not_found');
      return reply.callNotFound();
    }
    const accessKey = header(request, SIGNATURE_HEADERS.accessKey);
    const timestamp = header(request, SIGNATURE_HEADERS.timestamp);
    const nonce = header(request, SIGNATURE_HEADERS.nonce);
    const sign = header(request, SIGNATURE_HEADERS.sign);
    if (!NONCE_PATTERN.test(nonce)) unauthorized('bad_nonce', MESSAGES.badNonce);
    const nowSeconds = Math.floor(now() / 1000);
    if (
      !/^\d{1,12}$/.test(timestamp) ||
      Math.abs(Number(timestamp) - nowSeconds) > TIMESTAMP_TOLERANCE_SECONDS
    )
      unauthorized('bad_timestamp', MESSAGES.badTimestamp);

    const owner = await lookups.keyOwner(accessKey);
    if (!owner) unauthorized('unknown_key', MESSAGES.unknownAccessKey);
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const [path, query = ''] = request.url.split(/\?(.*)/s);
    const canonical = canonicalRequest({
      method: request.method,
      path,
      query,
      timestamp,
      nonce,
      bodySha256: sha256Hex(raw),
    });
    const nowMs = now();
    if (!signedBy(owner!, canonical, sign, nowMs)) unauthorized('bad_signature', MESSAGES.badSignature);
    const { user } = owner!;
    const signed = { accessKey, nonce, keyId: owner!.keyId };
    const head = request.method === 'HEAD';

    let row: InterfaceRow | undefined;
    let bodyText = '';
    let lifecycleHeaders: Record<string, string> = {};
    try {
      if (user.userRole === USER_ROLE.BAN) refuseWith('banned', 403, ResponseCode.FORBIDDEN, MESSAGES.banned);
      if (owner!.expiresAt !== null && owner!.expiresAt <= nowMs)
        unauthorized('key_expired', MESSAGES.keyExpired);
      lookups
        .touch(owner!.keyId, nowMs)
        ?.catch((error) => request.log.warn({ err: error }, 'last use of a key not written'));
      row = await lookups.liveInterface(request.params.interfaceId);
      // The verdict in HTTP terms, with the key's own checks in between: offline is hidden before the key's list
      // could tell it exists.
      const verdict = await invoker.callable(row, user, (id) => lookups.liveInterface(id));
      if (verdict.kind === 'missing')
        refuseWith('not_found', 404, ResponseCode.NOT_FOUND, MESSAGES.interfaceNotFound);
      if (owner!.interfaceIds && !owner!.interfaceIds.includes(row.id)) {
        refuseWith('key_denied', 403, ResponseCode.FORBIDDEN, MESSAGES.keyInterfaceDenied);
      }
      if (verdict.kind === 'offline')
        refuseWith('closed', 403, ResponseCode.FORBIDDEN, MESSAGES.interfaceClosed);
      if (request.method !== row.method && !(head && row.method === 'GET')) {
        refuseWith('method', 405, ResponseCode.PARAMS_ERROR, MESSAGES.methodNotAllowed(row.method), {
          allow: row.method === 'GET' ? 'GET, HEAD' : row.method,
        });
      }
      // A deprecated interface says so on every answer; after its sunset it is gone, and nothing is counted.
      if (verdict.kind === 'gone') refuseWith('gone', 410, ResponseCode.GONE, verdict.message, verdict.headers);
      lifecycleHeaders = verdict.headers;
      if (!takesQuery(row.method) && raw.length > 0) {
        bodyText = raw.toString('utf8');
        try {
          parseJsonExact(bodyText);
        } catch (error) {
          refuseWith(
            'bad_body',
            400,
            ResponseCode.PARAMS_ERROR,
            error instanceof JsonDepthError ? MESSAGES.bodyTooDeep : MESSAGES.bodyNotJson,
          );
        }
      }
    } catch (refusal) {
      // Only a correctly signed request uses up its nonce: a forger cannot burn someone else's. A refusal after the
      // signature held uses it too (a replayed nonce is refused first), so a refused request can never be replayed
      // once re-signed.
      const spent = await admitter.admit({
        userId: user.id,
        interfaceInfoId: row?.id ?? '0',
        signed,
        mode: 'nonce',
        limits: NO_LIMITS,
      });
      if (spent.outcome === 'replay') unauthorized('nonce_used', MESSAGES.nonceUsed);
      throw refusal;
    }
    const target = { url: row.url, method: row.method as HttpMethod, requestHeader: row.requestHeader };
    const outgoing = requestFor(target, new URLSearchParams(query), bodyText);
    // A HEAD goes on as HEAD, the GET's request with the method changed: RFC 9110 §9.3.2 makes the interface's
    // server the one to answer a GET's status and header fields without its content, and a GET sent instead would
    // make it produce and send the content only for the gateway to drop it. It is one call, counted and charged.
    if (head) outgoing.method = 'HEAD';
    // A program's parameters are its own business: the history keeps the console's only.
    const { result, left, rate, plan } = await invoker.callInterface(
      row,
      user,
      outgoing,
      null,
      await lookups.limitsOf(user.id, row),
      signed,
    );
    metrics.admittedCalls.inc();
    reply.headers(lifecycleHeaders);
    if (left !== undefined) reply.header('x-quota-remaining', String(left));
    reply.headers(rateLimitHeaders(rate, plan, now()));
    if (!result.ok) {
      const ended = result.failure === 'timeout' || result.failure === 'busy' ? result.failure : 'failed';
      outcomes.set(request, ended);
      try {
        failureOf(result, timeoutMs);
      } catch (error) {
        const { code, message, messageRef, headers } = error as ApiError;
        // Busy: every connection the interface allows was taken, nothing was sent (RFC 9110 §15.6.4).
        const status = ended === 'timeout' ? 504 : ended === 'busy' ? 503 : (HTTP_STATUS_OF[code] ?? 502);
        return reply.code(status).headers(headers).send(failure(code, message, messageRef));
      }
    }
    outcomes.set(request, 'answered');
    const answer = result as Extract<typeof result, { ok: true }>;
    const contentType = answer.headers['content-type'];
    if (contentType) reply.header('content-type', contentType);
    else reply.removeHeader('content-type');
    if (head) {
      // The length the GET's content would have, as the interface declared it; no content is sent.
      const length = answer.headers['content-length'];
      if (length !== undefined) reply.header('content-length', length);
      return reply.code(answer.status).send();
    }
    return reply.code(answer.status).send(answer.body);
  }

  app.route<{ Params: { interfaceId: string } }>({
    // HEAD declared here, not made by Fastify from GET: its answer keeps the interface's Content-Length.
    method: [...HTTP_METHODS, 'HEAD'],
    url: '/:interfaceId',
    handler: handle,
  });
};

import { createHash } from 'node:crypto';
import { pipeline, Transform } from 'node:stream';
import type { Readable } from 'node:stream';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { HTTP_METHODS, ResponseCode } from '@agler/contract/constants';
import type { HttpMethod } from '@agler/contract/constants';
import { interfaceIdOf } from '@agler/contract/demo/accounts';
import { demoGuardOf, seedInterfaces, serviceKeyOf } from '@agler/contract/demo/seedInterfaces';
import { DEMO_REFUSAL_STATUS, runService } from '@agler/contract/demo/services';
import type { ServiceEnv } from '@agler/contract/demo/services';
import type { DemoGuard, ServiceKey } from '@agler/contract/demo/seedInterfaces';
import { MESSAGES } from '@agler/contract/messages';
import { paramsFromQuery, requestParamList } from '@agler/contract/requestParams';
import type { InterfaceInfo } from '@agler/contract/types';
import type { CallSettings } from '../domain/upstream';
import { failure } from '../envelope';
import { DEMO_GUARD_MESSAGES, DEMO_GUARD_STATUS, guardHolds } from './guard';

/**
 * The demo interfaces' own servers, served by the platform under /demo, so a
 * fresh install with no internet makes real HTTP calls end to end. A demo
 * interface's URL is its seed URL's path and query under the server's public
 * address (`http://localhost:8000/demo/v1/weather/now`); `/demo/echo` answers
 * any call with what it received, for interfaces admins add to try things.
 * A path that is none of them (`/demo` itself among them) answers 404 with
 * the envelope, never the console's page.
 */

export const DEMO_PREFIX = '/demo';
const ECHO_PATH = '/echo';

const SERVICE_ENV: ServiceEnv = {
  digest: (algorithm, text) => createHash(algorithm).update(text, 'utf8').digest('hex'),
};

/** Where a seeded interface's calls go on this server. */
export function demoUrlOf(seedUrl: string, publicUrl: string): string {
  const url = new URL(seedUrl);
  return `${publicUrl.replace(/\/+$/, '')}${DEMO_PREFIX}${decodeURI(url.pathname)}${url.search}`;
}

type Route = { record: InterfaceInfo; service: ServiceKey; guard?: DemoGuard };

/** The seeded interfaces by method and path; the first of two with the same path answers. */
function routesOf(seededCount: number): Map<string, Route> {
  const routes = new Map<string, Route>();
  for (const record of seedInterfaces(seededCount, interfaceIdOf(0))) {
    const key = `${record.method} ${decodeURI(new URL(record.url).pathname)}`;
    if (!routes.has(key))
      routes.set(key, {
        record,
        service: serviceKeyOf(record.id, seededCount),
        guard: demoGuardOf(record.id, seededCount),
      });
  }
  return routes;
}

const ECHO_RECORD: InterfaceInfo = {
  id: interfaceIdOf(0),
  name: 'echo',
  description: '',
  url: `http://localhost${DEMO_PREFIX}${ECHO_PATH}`,
  method: 'POST',
  requestParams: '',
  requestHeader: '',
  responseHeader: '',
  status: 1,
  userId: interfaceIdOf(0),
  createTime: '',
  updateTime: '',
  rateLimit: 0,
  rateBurst: 0,
};

/** The method a demo service answers: HEAD as GET, whose content Fastify then leaves out (RFC 9110 §9.3.2). */
const methodOf = (req: FastifyRequest) => (req.method === 'HEAD' ? 'GET' : req.method);

function paramsOf(req: FastifyRequest, record: InterfaceInfo): unknown {
  if (methodOf(req) === 'GET' || req.method === 'DELETE') {
    const query = new URLSearchParams(req.url.split('?')[1] ?? '');
    return paramsFromQuery(query, requestParamList(record.requestParams) ?? []);
  }
  return req.body ?? {};
}

export type DemoRoutesOptions = {
  seededCount: number;
  /** An interface's upstream settings: what the guarded services check a call against. */
  upstreamOf: (interfaceId: string) => Promise<CallSettings>;
  now: () => number;
};

/** Each request's body bytes as they arrived, for the signature a guarded service checks. */
const rawBodies = new WeakMap<FastifyRequest, Buffer[]>();

export const demoRoutes: FastifyPluginAsync<DemoRoutesOptions> = async (
  app,
  { seededCount, upstreamOf, now },
) => {
  const routes = routesOf(seededCount);

  // The body parser keeps only the parsed JSON; the signature covers the bytes, so they are kept as they pass.
  app.addHook('preParsing', async (request, _reply, payload: Readable) => {
    const chunks: Buffer[] = [];
    rawBodies.set(request, chunks);
    const kept = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done(null, chunk);
      },
    });
    return pipeline(payload, kept, () => undefined);
  });

  const handler = async (req: FastifyRequest, reply: FastifyReply) => {
    let path: string;
    try {
      path = decodeURI(req.url.slice(DEMO_PREFIX.length).split('?')[0]);
    } catch {
      return reply.code(400).send(failure(ResponseCode.PARAMS_ERROR, MESSAGES.badPathEncoding));
    }
    const found: Route | undefined =
      path === ECHO_PATH
        ? { record: { ...ECHO_RECORD, method: methodOf(req) as HttpMethod }, service: 'echo' }
        : routes.get(`${methodOf(req)} ${path}`);
    if (!found)
      return reply.code(404).send(failure(ResponseCode.NOT_FOUND, MESSAGES.unknownDemo(methodOf(req), path)));
    if (found.guard) {
      const received = {
        method: req.method,
        url: req.url,
        headers: req.headers,
        body: Buffer.concat(rawBodies.get(req) ?? []),
      };
      // Settings that cannot be read (the interface deleted) let nothing through.
      const settings = await upstreamOf(found.record.id).catch(() => undefined);
      if (!settings || !guardHolds(found.guard, settings, received, now()))
        return reply.code(DEMO_GUARD_STATUS).send({ message: DEMO_GUARD_MESSAGES[found.guard] });
    }
    const outcome = runService(found.service, paramsOf(req, found.record), found.record, SERVICE_ENV);
    if (!outcome.success) return reply.code(DEMO_REFUSAL_STATUS).send({ message: outcome.message });
    return reply.code(200).send(outcome.data ?? null);
  };
  // `/demo` itself is no demo interface either, and never the console's page.
  app.route({ method: [...HTTP_METHODS], url: '/', handler });
  app.route({ method: [...HTTP_METHODS], url: '/*', handler });
};

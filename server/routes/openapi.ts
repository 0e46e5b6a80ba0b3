import type { Readable } from 'node:stream';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import YAML from 'yaml';
import { ResponseCode } from '@agler/contract/constants';
import { isJsonContentType } from '@agler/contract/http';
import { exceedsValueDepth } from '@agler/contract/json';
import type { Message } from '@agler/contract/messageKeys';
import { IMPORT_MESSAGES, MESSAGES } from '@agler/contract/messages';
import { IMPORT_LIMITS, parseImportRequest } from '@agler/contract/openapiImport';
import { parseIdParam, queryOf } from '@agler/contract/queries';
import { UPSTREAM_MESSAGES } from '@agler/contract/upstream';
import { announceAll } from '../cache/changes';
import { ApiError } from '../domain/errors';
import { listNotices } from '../domain/lifecycle';
import { exportDocument, parseExportIds } from '../domain/openapi/export';
import { importDocument } from '../domain/openapi/import';
import type { FetchDocument } from '../domain/openapi/import';
import { ok } from '../envelope';
import { BodyTooLargeError, jsonObjectBody, readBody } from '../plugins/body';
import { signIn } from '../plugins/session';
import { parseAllowList } from '../upstream/addressPolicy';
import { createUpstreamClient } from '../upstream/client';
import type { Resolve, UpstreamClient } from '../upstream/client';
import type { AppContext } from './context';
import { valid } from './input';

/**
 * OpenAPI in and out: `POST /api/interfaceInfo/import` (admins), its
 * notices' list, and `GET /api/openapi.json`. The import takes a body of up
 * to IMPORT_LIMITS.bodyMaxBytes (a pasted document travels inside the JSON),
 * so it parses its own bodies; a document given by URL is fetched through
 * the platform's upstream client: the same address guard as calls, no
 * redirects, at most IMPORT_LIMITS.documentMaxBytes.
 */

export type OpenApiOptions = {
  ctx: AppContext;
  publicUrl: string;
  /** INVOKE_ALLOW_HOSTS: the hosts calls may reach although internal; a document may be fetched from them too. */
  allowHosts: string[];
  resolve?: Resolve;
  timeoutMs: number;
};

const FAILURE_MESSAGES = {
  refused: UPSTREAM_MESSAGES.refused,
  scheme: UPSTREAM_MESSAGES.scheme,
  unreachable: UPSTREAM_MESSAGES.unreachable,
  busy: UPSTREAM_MESSAGES.busy,
} as const;

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The document fetcher over `client`: 2xx text, or the reason in the import's words. */
export function documentFetcher(client: UpstreamClient, timeoutMs: number): FetchDocument {
  return async (url) => {
    const result = await client.call({
      method: 'GET',
      url,
      headers: { accept: 'application/json, application/yaml, text/yaml, text/plain;q=0.8, */*;q=0.5' },
    });
    if (!result.ok) {
      const reason =
        result.failure === 'timeout'
          ? UPSTREAM_MESSAGES.timeout(timeoutMs)
          : result.failure === 'redirect'
            ? UPSTREAM_MESSAGES.redirect(result.status ?? 0)
            : result.failure === 'tooLarge'
              ? IMPORT_MESSAGES.documentTooLarge(IMPORT_LIMITS.documentMaxBytes / 1024 / 1024)
              : FAILURE_MESSAGES[result.failure];
      return { ok: false, message: IMPORT_MESSAGES.fetchFailed(reason) };
    }
    if (result.status < 200 || result.status >= 300)
      return { ok: false, message: IMPORT_MESSAGES.fetchStatus(result.status) };
    try {
      return { ok: true, text: utf8.decode(result.body) };
    } catch {
      return { ok: false, message: IMPORT_MESSAGES.unreadable };
    }
  };
}

const refusal = (message: Message) => new ApiError(ResponseCode.PARAMS_ERROR, message);

export const openApiRoutes: FastifyPluginAsync<OpenApiOptions> = async (app, options) => {
  const { ctx, publicUrl } = options;
  const { db } = ctx.database;
  const client = createUpstreamClient({
    timeoutMs: options.timeoutMs,
    allow: parseAllowList(options.allowHosts.join(',')),
    resolve: options.resolve,
    maxBytes: IMPORT_LIMITS.documentMaxBytes,
    connections: 2,
  });
  app.addHook('onClose', () => client.close());
  const fetchDocument = documentFetcher(client, options.timeoutMs);

  // As plugins/body.ts, with the import's larger limit.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', async (request: FastifyRequest, payload: Readable) => {
    if (!isJsonContentType(request.headers['content-type'])) {
      await readBody(payload, 0);
      throw refusal(MESSAGES.contentType);
    }
    const body = await readBody(payload, IMPORT_LIMITS.bodyMaxBytes);
    if (!body) throw new BodyTooLargeError(request.routeOptions.config.bodyTooLarge);
    // A few fields around one long text, and no id to keep exact: the native parser reads it in a
    // fraction of parseJsonExact's time, and the nesting is checked on its few parsed nodes.
    let value: unknown;
    try {
      value = JSON.parse(utf8.decode(body));
    } catch {
      throw refusal(MESSAGES.bodyNotJson);
    }
    if (exceedsValueDepth(value)) throw refusal(MESSAGES.bodyTooDeep);
    return value;
  });

  const importLimits = {
    bodyLimit: IMPORT_LIMITS.bodyMaxBytes,
    config: { bodyTooLarge: IMPORT_MESSAGES.documentTooLarge(IMPORT_LIMITS.documentMaxBytes / 1024 / 1024) },
  };
  await app.register(async (admins) => {
    admins.addHook('preHandler', signIn('admin'));
    admins.post('/api/interfaceInfo/import', importLimits, async (request) => {
      const importRequest = valid(parseImportRequest(jsonObjectBody(request)));
      // Calls still waiting in the recorder are written first: a deprecation's notices name every recent caller.
      await ctx.callLog.flush();
      const result = await importDocument(db, importRequest, request.user, ctx.now(), fetchDocument);
      // After the write: the gateway's caches drop every interface it added or changed.
      await announceAll(
        db,
        (result.ids ?? []).map((interfaceId) => ({ kind: 'interface', interfaceId })),
      );
      return ok(result);
    });

    admins.get('/api/interfaceInfo/notices', async (request) => {
      return ok(await listNotices(db, valid(parseIdParam(request.query, 'id'))));
    });
  });

  await app.register(async (users) => {
    users.addHook('preHandler', signIn('user'));
    users.get('/api/openapi.json', async (request, reply) => {
      const query = queryOf(request.query);
      if (query.format !== undefined && query.format !== 'json' && query.format !== 'yaml')
        throw refusal(IMPORT_MESSAGES.badFormat);
      const document = await exportDocument(db, request.user, publicUrl, parseExportIds(query.ids));
      if (query.format === 'yaml')
        return reply
          .type('application/yaml; charset=utf-8')
          .send(YAML.stringify(document, { aliasDuplicateObjects: false }));
      return reply.type('application/json; charset=utf-8').send(JSON.stringify(document, null, 2));
    });
  });
};

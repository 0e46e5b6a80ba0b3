/**
 * @jest-environment node
 */
import SwaggerParser from '@apidevtools/swagger-parser';
import { sql } from 'drizzle-orm';
import YAML from 'yaml';
import { INTERFACE_STATUS, ResponseCode } from '@agler/contract/constants';
import { formatDate, startOfDay } from '@agler/contract/dates';
import { textOf } from '@agler/contract/messageKeys';
import { IMPORT_MESSAGES, LIFECYCLE_MESSAGES, MESSAGES } from '@agler/contract/messages';
import { IMPORT_LIMITS } from '@agler/contract/openapiImport';
import type { ImportResult } from '@agler/contract/openapiImport';
import { requestParamList } from '@agler/contract/requestParams';
import { SIGNATURE_HEADERS } from '@agler/contract/signature';
import type { InterfaceInfo, Page } from '@agler/contract/types';
import { UPSTREAM_MESSAGES } from '@agler/contract/upstream';
import { onChange } from '../cache/changes';
import type { Change } from '../cache/changes';
import { rowsOf } from '../db/rows';
import { ADMIN, call, loginAs, testApp, USER } from '../test/app';
import { EXPORT_IDS_MAX } from '../domain/openapi/export';
import type { TestApp } from '../test/app';
import { longestWait } from '../test/eventLoop';
import { refusal } from '../test/refusal';
import { listen } from '../test/listener';
import type { Listener } from '../test/listener';
import {
  allOfBombDocument,
  deepDocument,
  OPENAPI30,
  OPENAPI31,
  refChainDocument,
  SWAGGER2_YAML,
} from '../test/openapiDocuments';

const PUBLIC_URL = 'https://open.agler.example';

let t: TestApp;
let admin: string;
let user: string;
let documents: Listener;
beforeAll(async () => {
  documents = await listen((req, res) => {
    if (req.url === '/openapi.json') {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(OPENAPI31));
    } else if (req.url === '/deep.json') {
      res.setHeader('content-type', 'application/json');
      res.end(deepDocument());
    } else if (req.url === '/moved') {
      res.writeHead(302, { location: 'http://127.0.0.1:1/openapi.json' }).end();
    } else res.writeHead(404).end('missing');
  });
  t = await testApp({ publicUrl: PUBLIC_URL, invokeAllowHosts: [`127.0.0.1:${documents.port}`] });
  [admin, user] = await Promise.all([loginAs(t.app, ADMIN), loginAs(t.app, USER)]);
}, 180_000);
afterAll(async () => {
  await t.close();
  await documents.close();
});

const importDoc = (payload: Record<string, unknown>, cookie = admin, app = t.app) =>
  call<ImportResult>(app, { method: 'POST', url: '/api/interfaceInfo/import', payload, cookie });

async function liveCount(app: TestApp = t): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await app.database.db.execute(
      sql`SELECT count(*)::int AS n FROM interface_info WHERE deleted_at IS NULL`,
    ),
  );
  return row.n;
}

const paramsOf = (text: string) => requestParamList(text) ?? [];

describe('the preview', () => {
  test('Swagger 2.0 in YAML: host and basePath, long summaries cut, path, query, form and header parameters, the query key', async () => {
    const before = await liveCount();

    const { code, data } = await importDoc({ document: SWAGGER2_YAML, dryRun: true });

    expect(code).toBe(ResponseCode.SUCCESS);
    expect(data.specification).toBe('Swagger 2.0');
    expect(data.errors).toEqual([]);
    expect(data.create.map((r) => r.operation)).toEqual([
      'GET /users/{user-id}',
      'POST /media/{media-id}/comments',
      'DELETE /media/{media-id}/comments',
      'GET /tags/search',
    ]);
    expect(data.skip).toEqual([
      expect.objectContaining({
        index: 3,
        operation: 'OPTIONS /media/{media-id}/comments',
        reason: IMPORT_MESSAGES.methodUnsupported('OPTIONS').text,
        // Built in the reading thread, named by key for a console in another language.
        reasonKey: 'import.methodUnsupported',
        reasonArgs: ['OPTIONS'],
      }),
    ]);
    const [user1, comment, remove, search] = data.create;
    expect(user1.draft.url).toBe('https://api.photos.example/v1/users/{user-id}');
    expect(user1.draft.name).toHaveLength(50);
    expect(user1.draft.name.endsWith('…')).toBe(true);
    expect(user1.notes).toContain(IMPORT_MESSAGES.nameTruncated(50).text);
    expect(user1.keyedNotes).toContainEqual({
      message: IMPORT_MESSAGES.nameTruncated(50).text,
      messageKey: 'import.nameTruncated',
      messageArgs: [50],
    });
    expect(user1.draft.description).toBe(
      'Get basic information about a user, with counts of media, follows and followers',
    );
    expect(JSON.parse(user1.draft.responseHeader)).toEqual({
      'Content-Type': 'application/json',
      'X-Ratelimit-Remaining': '<integer>',
    });
    expect(paramsOf(user1.draft.requestParams)).toEqual([
      { name: 'user-id', type: 'string', required: true, description: "The user's id" },
      { name: 'access_token', type: 'string', required: true, description: 'API Key' },
    ]);
    expect(comment.draft.name).toBe('addComment');
    expect(JSON.parse(comment.draft.requestHeader)).toEqual({
      'X-Client': 'web',
      'Content-Type': 'application/x-www-form-urlencoded',
    });
    expect(paramsOf(comment.draft.requestParams).map((p) => p.name)).toEqual([
      'media-id',
      'text',
      'access_token',
    ]);
    expect(remove.draft).toMatchObject({ name: 'DELETE /media/{media-id}/comments', deprecated: true });
    expect(paramsOf(search.draft.requestParams)[1]).toEqual({
      name: 'order',
      type: 'string',
      required: false,
      description: '可选值：name、count',
    });
    expect(await liveCount()).toBe(before);
  });

  test('OpenAPI 3.0: server variables, a oneOf of allOfs through $ref merged into parameters, nested objects kept as JSON, bearer auth', async () => {
    const { data } = await importDoc({ document: JSON.stringify(OPENAPI30), dryRun: true });

    expect(data.errors).toEqual([]);
    const [create, list, modify] = data.create;
    expect(create.draft).toMatchObject({
      name: 'Create an outbound call',
      description: 'Starts a call to a phone number.',
      method: 'POST',
      url: 'https://api.voice.example/v1/calls',
    });
    const params = paramsOf(create.draft.requestParams);
    expect(params.map((p) => [p.name, p.type, p.required])).toEqual([
      ['ncco', 'array', false],
      ['to', 'array', true],
      ['from', 'object', false],
      ['ringing_timer', 'integer', false],
      ['answer_url', 'array', false],
    ]);
    const from = params.find((p) => p.name === 'from')!;
    expect(from.description).toMatch(/^JSON Schema：/);
    expect(JSON.parse(from.description.replace(/^JSON Schema：/, ''))).toMatchObject({
      type: 'object',
      required: ['number'],
    });
    expect(JSON.parse(create.draft.requestHeader)).toEqual({
      'Content-Type': 'application/json',
      Authorization: '<Bearer 令牌>',
    });
    expect(JSON.parse(create.draft.responseHeader)).toEqual({
      'Content-Type': 'application/json',
      'X-Request-Id': 'a1b2',
    });
    expect(paramsOf(list.draft.requestParams)).toEqual([
      { name: 'status', type: 'string', required: false, description: '可选值：started、ringing、completed' },
      { name: 'page_size', type: 'integer', required: false, description: '示例：10' },
    ]);
    expect(paramsOf(modify.draft.requestParams).map((p) => [p.name, p.required])).toEqual([
      ['uuid', true],
      ['action', true],
      ['destination', false],
    ]);
  });

  test('OpenAPI 3.1: type arrays, examples, a header parameter and an apiKey header, a cycle in the schemas', async () => {
    const { data } = await importDoc({ document: JSON.stringify(OPENAPI31), dryRun: true });

    expect(data.specification).toBe('OpenAPI 3.1.0');
    expect(data.create).toHaveLength(3);
    const [create, get] = data.create;
    expect(paramsOf(create.draft.requestParams)).toEqual([
      {
        name: 'type',
        type: 'string',
        required: true,
        description: 'The kind of entity；可选值：individual、organization',
      },
      { name: 'reference', type: 'string', required: false, description: '示例：ref-1' },
      expect.objectContaining({ name: 'organization', type: 'object', required: false }),
    ]);
    expect(JSON.parse(create.draft.requestHeader)).toEqual({
      'x-requested-verification-code': '<x-requested-verification-code>',
      'Content-Type': 'application/json',
      'X-API-Key': '<API Key>',
    });
    expect(get.draft.name).toBe('getLegalEntity');
  });

  test('a relative server asks for a base URL, and with one every row has an absolute url', async () => {
    const relative = { ...OPENAPI31, servers: [{ url: '/lem/v3' }] };

    const without = await importDoc({ document: JSON.stringify(relative), dryRun: true });
    const withBase = await importDoc({
      document: JSON.stringify(relative),
      baseUrl: 'https://kyc.example.org/',
      dryRun: true,
    });

    expect(without.data.baseUrlRequired).toBe(true);
    expect(without.data.create).toEqual([]);
    expect(without.data.skip.map((s) => s.reason)).toEqual(Array(3).fill(IMPORT_MESSAGES.baseUrlNeeded));
    expect(withBase.data.baseUrlRequired).toBe(false);
    expect(withBase.data.create.map((r) => r.draft.url)).toEqual([
      'https://kyc.example.org/lem/v3/legalEntities',
      'https://kyc.example.org/lem/v3/legalEntities/{id}',
      'https://kyc.example.org/lem/v3/legalEntities/{id}',
    ]);
  });

  test('a row with the method and url of an earlier one is skipped, its reason named by key', async () => {
    const twice = {
      openapi: '3.1.0',
      info: { title: 'Pets', version: '1' },
      servers: [{ url: 'https://twice.example' }],
      paths: {
        '/pets': { get: { responses: { '200': { description: 'OK' } } } },
        '/': {
          get: {
            servers: [{ url: 'https://twice.example/pets' }],
            responses: { '200': { description: 'OK' } },
          },
        },
      },
    };

    const { data } = await importDoc({ document: JSON.stringify(twice), dryRun: true });

    expect(data.create.map((r) => r.operation)).toEqual(['GET /pets']);
    expect(data.skip).toEqual([
      {
        index: 1,
        operation: 'GET /',
        name: 'GET /',
        reason: IMPORT_MESSAGES.duplicate(1).text,
        reasonKey: 'import.duplicate',
        reasonArgs: [1],
      },
    ]);
  });
});

describe('a document that does not validate', () => {
  test('each error has its JSON path, and nothing is written even when asked to', async () => {
    const broken = {
      openapi: '3.0.3',
      info: { title: 'Broken' },
      paths: { '/a': { get: { responses: { '200': { description: 7 } } } } },
    };
    const before = await liveCount();

    const { code, data } = await importDoc({ document: JSON.stringify(broken), dryRun: false });

    expect(code).toBe(ResponseCode.SUCCESS);
    expect(data.errors).toEqual(
      expect.arrayContaining([
        { path: '/info', message: expect.stringContaining('version') },
        { path: '/paths/~1a/get/responses/200/description', message: expect.any(String) },
      ]),
    );
    expect(data.create).toEqual([]);
    expect(data.ids).toBeUndefined();
    expect(await liveCount()).toBe(before);
  });

  test('a $ref outside the document is an error and is never fetched', async () => {
    const external = {
      ...OPENAPI31,
      paths: {
        '/x': {
          get: {
            parameters: [{ $ref: `${documents.origin}/params.json#/id` }],
            responses: { '200': { description: 'ok' } },
          },
        },
      },
    };
    const requests = documents.requests.length;

    const { data } = await importDoc({ document: JSON.stringify(external), dryRun: true });

    expect(data.errors).toEqual([
      {
        path: '/paths/~1x/get/parameters/0/$ref',
        message: IMPORT_MESSAGES.externalRef(`${documents.origin}/params.json#/id`).text,
        messageKey: 'import.externalRef',
        messageArgs: [`${documents.origin}/params.json#/id`],
      },
    ]);
    expect(documents.requests.length).toBe(requests);
  });

  test('a document with no operations says so, and a missing $ref is named by where it is', async () => {
    const webhooksOnly = {
      openapi: '3.1.0',
      info: { title: 'Events', version: '1' },
      webhooks: { newPet: { post: { responses: { '200': { description: 'OK' } } } } },
    };
    const missing = {
      ...OPENAPI31,
      paths: {
        '/pets': {
          get: {
            responses: {
              '200': {
                description: 'OK',
                content: { 'application/json': { schema: { $ref: '#/components/schemas/Nope' } } },
              },
            },
          },
        },
      },
    };

    const none = await importDoc({ document: JSON.stringify(webhooksOnly), dryRun: false });
    const broken = await importDoc({ document: JSON.stringify(missing), dryRun: true });

    expect(none).toMatchObject({
      code: ResponseCode.SUCCESS,
      data: { errors: [{ path: '/paths', message: IMPORT_MESSAGES.noOperations }], create: [] },
    });
    expect(none.data.ids).toBeUndefined();
    expect(broken.data.errors).toEqual([
      {
        path: '/paths/~1pets/get/responses/200/content/application~1json/schema',
        message: IMPORT_MESSAGES.badRef('#/components/schemas/Nope').text,
        messageKey: 'import.badRef',
        messageArgs: ['#/components/schemas/Nope'],
      },
    ]);
  });

  test.each([
    ['neither JSON nor YAML', 'openapi: [3.1\n  : :', IMPORT_MESSAGES.unreadable],
    ['no openapi field', '{"info": {}}', IMPORT_MESSAGES.notOpenApi],
    ['another version', '{"openapi": "4.0.0"}', IMPORT_MESSAGES.unsupportedVersion('4.0.0')],
  ])('%s', async (_name, document, message) => {
    const { data } = await importDoc({ document, dryRun: true });

    expect(data.errors[0].message.startsWith(textOf(message))).toBe(true);
  });
});

describe('a document over a budget', () => {
  test.each([
    ['nested 200,000 deep', { document: deepDocument() }, IMPORT_MESSAGES.tooDeep(IMPORT_LIMITS.depthMax)],
    ['nested 200,000 deep, by URL', { url: 'deep' }, IMPORT_MESSAGES.tooDeep(IMPORT_LIMITS.depthMax)],
    [
      'with schemas that expand past the budget',
      { document: allOfBombDocument() },
      IMPORT_MESSAGES.tooExpanded(IMPORT_LIMITS.expansionMax),
    ],
  ])('%s is refused within the time budget, and the event loop never waits a second', async (_name, source, message) => {
    const payload = 'url' in source ? { url: `${documents.origin}/deep.json` } : source;
    const started = Date.now();

    const { value: answer, waitedMs } = await longestWait(() => importDoc({ ...payload, dryRun: false }));

    // Built in the reading thread, or for its budget: named by key all the same.
    expect(answer).toEqual(refusal(ResponseCode.PARAMS_ERROR, message));
    expect(Date.now() - started).toBeLessThan(IMPORT_LIMITS.readMs);
    expect(waitedMs).toBeLessThan(1000);
  });

  test('schemas that $ref each other eight levels deep are read within the time budget', async () => {
    const started = Date.now();

    const { value: answer, waitedMs } = await longestWait(() =>
      importDoc({ document: refChainDocument(8, 8), dryRun: true }),
    );

    expect(answer.code).toBe(ResponseCode.SUCCESS);
    expect(answer.data.create.map((row) => row.operation)).toEqual(['POST /chain']);
    expect(Date.now() - started).toBeLessThan(IMPORT_LIMITS.readMs);
    expect(waitedMs).toBeLessThan(1000);
  });
});

describe('the request', () => {
  test.each([
    [{ dryRun: true }, IMPORT_MESSAGES.sourceRequired],
    [{ document: '{}', url: 'https://x.example/a.json', dryRun: true }, IMPORT_MESSAGES.sourceTwice],
    [{ document: '{}' }, IMPORT_MESSAGES.badDryRun],
    [{ url: 'ftp://x.example/a', dryRun: true }, IMPORT_MESSAGES.badUrl],
    [{ document: '{}', baseUrl: '/v1', dryRun: true }, IMPORT_MESSAGES.badBaseUrl],
    [{ document: '{}', dryRun: false, exclude: [-1] }, IMPORT_MESSAGES.badExclude],
  ])('%j is refused', async (payload, message) => {
    expect(await importDoc(payload)).toMatchObject({ code: ResponseCode.PARAMS_ERROR, message });
  });

  test('a document over 5 MB is refused, one under it is read', async () => {
    const padding = 'x'.repeat(IMPORT_LIMITS.documentMaxBytes);
    const large = await importDoc({ document: `# ${padding}\n${SWAGGER2_YAML}`, dryRun: true });
    const fits = await importDoc({
      document: `# ${padding.slice(0, 4 * 1024 * 1024)}\n${SWAGGER2_YAML}`,
      dryRun: true,
    });

    expect(large).toMatchObject({
      code: ResponseCode.PARAMS_ERROR,
      message: IMPORT_MESSAGES.documentTooLarge(5).text,
    });
    expect(fits.data.create).toHaveLength(4);
  });

  test('admins only', async () => {
    expect(await importDoc({ document: SWAGGER2_YAML, dryRun: true }, user)).toMatchObject({
      code: ResponseCode.NO_AUTH,
    });
    expect(await importDoc({ document: SWAGGER2_YAML, dryRun: true }, '')).toMatchObject({
      code: ResponseCode.NOT_LOGIN,
    });
  });
});

describe('by URL', () => {
  test('fetched through the upstream client from a host calls may reach', async () => {
    const { data } = await importDoc({ url: `${documents.origin}/openapi.json`, dryRun: true });

    expect(data.create).toHaveLength(3);
  });

  test('an address the guard refuses is never fetched', async () => {
    const other = await listen((_req, res) => res.end(JSON.stringify(OPENAPI31)));
    try {
      const answer = await importDoc({ url: `${other.origin}/openapi.json`, dryRun: true });

      expect(answer).toMatchObject({
        code: ResponseCode.PARAMS_ERROR,
        message: IMPORT_MESSAGES.fetchFailed(UPSTREAM_MESSAGES.refused).text,
      });
      expect(other.requests).toEqual([]);
    } finally {
      await other.close();
    }
  });

  test('a redirect is not followed, an error status is named', async () => {
    expect(await importDoc({ url: `${documents.origin}/moved`, dryRun: true })).toMatchObject({
      message: IMPORT_MESSAGES.fetchFailed(UPSTREAM_MESSAGES.redirect(302)).text,
    });
    expect(await importDoc({ url: `${documents.origin}/nothing`, dryRun: true })).toMatchObject({
      message: IMPORT_MESSAGES.fetchStatus(404).text,
    });
  });
});

describe('the write', () => {
  test('one transaction of offline interfaces, rows left out by index; then updates with their differences', async () => {
    const before = await liveCount();
    const heard: (Change | 'reset')[] = [];
    const stop = onChange((change) => heard.push(change));

    const written = await importDoc({ document: JSON.stringify(OPENAPI30), dryRun: false, exclude: [1] });
    stop();

    expect(written.data.create.map((r) => r.index)).toEqual([0, 2]);
    expect(written.data.ids).toHaveLength(2);
    expect(await liveCount()).toBe(before + 2);
    // The gateway's caches hear of every interface written (here, and again through the database).
    const named = new Set(heard.map((change) => (change === 'reset' ? change : JSON.stringify(change))));
    expect([...named].sort()).toEqual(
      written.data.ids!.map((interfaceId) => JSON.stringify({ kind: 'interface', interfaceId })).sort(),
    );
    const got = await call<InterfaceInfo>(t.app, {
      url: `/api/interfaceInfo/get?id=${written.data.ids![0]}`,
      cookie: admin,
    });
    expect(got.data).toMatchObject({
      name: 'Create an outbound call',
      status: INTERFACE_STATUS.OFFLINE,
      method: 'POST',
      deprecated: false,
    });

    const again = await importDoc({ document: JSON.stringify(OPENAPI30), dryRun: true });
    expect(again.data.create.map((r) => r.index)).toEqual([1]);
    expect(again.data.skip.map((s) => [s.index, s.reason])).toEqual([
      [0, IMPORT_MESSAGES.unchanged],
      [2, IMPORT_MESSAGES.unchanged],
    ]);

    const changed = structuredClone(OPENAPI30);
    changed.paths['/'].post.summary = 'Place an outbound call';
    (changed.paths['/'].post as Record<string, unknown>).deprecated = true;
    const preview = await importDoc({ document: JSON.stringify(changed), dryRun: true });
    expect(preview.data.update).toEqual([
      expect.objectContaining({
        index: 0,
        id: written.data.ids![0],
        changes: [
          { field: 'name', before: 'Create an outbound call', after: 'Place an outbound call' },
          { field: 'deprecated', before: 'false', after: 'true' },
        ],
      }),
    ]);
    const updated = await importDoc({ document: JSON.stringify(changed), dryRun: false, exclude: [1] });
    expect(updated.data.ids).toEqual([written.data.ids![0]]);
    const after = await call<InterfaceInfo>(t.app, {
      url: `/api/interfaceInfo/get?id=${written.data.ids![0]}`,
      cookie: admin,
    });
    expect(after.data).toMatchObject({ name: 'Place an outbound call', deprecated: true });
    expect(after.data.deprecatedTime).toEqual(expect.any(String));
  });
});

describe('the export', () => {
  const exported = async (query = '', cookie = admin) => {
    const response = await t.app.inject({ url: `/api/openapi.json${query}`, headers: { cookie } });
    const isJson = /^application\/json/.test(String(response.headers['content-type']));
    return { response, doc: response.statusCode === 200 && isJson ? JSON.parse(response.body) : undefined };
  };

  test('is a valid OpenAPI 3.1 document of the gateway, signed, with the refusals', async () => {
    const { response, doc } = await exported();

    expect(response.headers['content-type']).toMatch(/^application\/json/);
    await expect(SwaggerParser.validate(structuredClone(doc))).resolves.toBeTruthy();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers).toEqual([{ url: PUBLIC_URL }]);
    expect(doc.security).toEqual([{ accessKey: [], timestamp: [], nonce: [], sign: [] }]);
    expect(doc.components.securitySchemes.sign).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: SIGNATURE_HEADERS.sign,
    });
    expect(doc.components.securitySchemes.sign.description).toContain(
      'hex(HMAC-SHA256(secretKey, canonical))',
    );
    const [path] = Object.keys(doc.paths);
    expect(path).toMatch(/^\/gateway\/\d+$/);
    const operation = Object.values(
      doc.paths[path] as Record<string, { responses: Record<string, unknown> }>,
    )[0];
    expect(Object.keys(operation.responses)).toEqual(
      expect.arrayContaining([
        '200',
        '400',
        '401',
        '403',
        '404',
        '405',
        '410',
        '413',
        '415',
        '429',
        '502',
        '504',
      ]),
    );
    // A 410 carries the lifecycle's headers, as every answer of a deprecated interface does.
    expect(Object.keys(doc.components.responses.Gone.headers)).toEqual(['Deprecation', 'Sunset', 'Link']);
    expect(doc.components.responses.Unauthorized.description).toContain('密钥已过期');
    expect(doc.components.responses.Forbidden.description).toContain('密钥的接口列表');
  });

  test('admins get every live interface, others the online ones; ids narrow it; YAML on request', async () => {
    const all = await exported();
    const online = await exported('', user);
    const ids = Object.keys(all.doc.paths)
      .slice(0, 2)
      .map((p) => p.split('/').pop());
    const some = await exported(`?ids=${ids.join(',')}`);
    const yaml = await exported('?format=yaml');

    const [{ total }] = rowsOf<{ total: number }>(
      await t.database.db.execute(
        sql`SELECT count(*) FILTER (WHERE status = 1)::int AS total FROM interface_info WHERE deleted_at IS NULL`,
      ),
    );
    expect(Object.keys(all.doc.paths)).toHaveLength(await liveCount());
    expect(Object.keys(online.doc.paths)).toHaveLength(total);
    expect(Object.keys(some.doc.paths)).toEqual(ids.map((id) => `/gateway/${id}`));
    expect(yaml.response.headers['content-type']).toMatch(/^application\/yaml/);
    expect(YAML.parse(yaml.response.body)).toEqual(all.doc);
  });

  test('refuses a stranger and a bad query', async () => {
    expect(JSON.parse((await exported('', '')).response.body)).toMatchObject({
      code: ResponseCode.NOT_LOGIN,
    });
    expect(JSON.parse((await exported('?format=xml')).response.body)).toMatchObject({
      message: IMPORT_MESSAGES.badFormat,
    });
    expect(JSON.parse((await exported('?ids=1,x')).response.body)).toMatchObject({
      message: MESSAGES.idParamInvalid('ids').text,
    });
    const many = Array.from({ length: EXPORT_IDS_MAX + 1 }, (_, i) => i + 1).join(',');
    expect(JSON.parse((await exported(`?ids=${many}`)).response.body)).toMatchObject({
      code: ResponseCode.PARAMS_ERROR,
      message: MESSAGES.tooManyIds('ids', EXPORT_IDS_MAX).text,
    });
  });

  test('round trip: exported here, imported into an empty platform, gives the same interfaces', async () => {
    // Response headers of the interface's own with the names of the gateway's.
    const responseHeader = JSON.stringify({
      'Content-Type': 'application/json',
      RateLimit: 'limit=100, remaining=99, reset=60',
      'RateLimit-Policy': '100;w=60',
      'X-Quota-Remaining': '42',
      'X-Request-Id': 'r-1',
    });
    const added = await call<string>(t.app, {
      method: 'POST',
      url: '/api/interfaceInfo/add',
      payload: { name: 'Rate-limited lookup', url: 'https://limited.example/lookup', method: 'GET', responseHeader },
      cookie: admin,
    });
    expect(added.code).toBe(ResponseCode.SUCCESS);
    const { doc } = await exported();
    const limited = doc.paths[`/gateway/${added.data}`].get;
    // The 200 answer says what the gateway sends; x-agler keeps what the interface documents.
    expect(limited.responses['200'].headers['X-Quota-Remaining']).toEqual({
      $ref: '#/components/headers/X-Quota-Remaining',
    });
    expect(limited['x-agler'].responseHeader).toBe(responseHeader);
    const other = await testApp({ publicUrl: 'https://other.example' });
    try {
      await other.database.db.execute(sql`UPDATE interface_info SET deleted_at = now()`);
      const otherAdmin = await loginAs(other.app, ADMIN);

      const { data } = await importDoc(
        { document: JSON.stringify(doc), dryRun: false },
        otherAdmin,
        other.app,
      );

      expect(data.errors).toEqual([]);
      expect(data.skip).toEqual([]);
      const fields = (r: InterfaceInfo) => ({
        name: r.name,
        description: r.description,
        url: r.url,
        method: r.method,
        requestParams: r.requestParams,
        requestHeader: r.requestHeader,
        responseHeader: r.responseHeader,
        deprecated: r.deprecated,
      });
      const read = async (app: TestApp, cookie: string, id: string) =>
        (await call<InterfaceInfo>(app.app, { url: `/api/interfaceInfo/get?id=${id}`, cookie })).data;
      const originals = Object.keys(doc.paths).map((p) => p.split('/').pop() as string);
      expect(data.ids).toHaveLength(originals.length);
      for (const [i, id] of originals.entries()) {
        expect(fields(await read(other, otherAdmin, data.ids![i]))).toEqual(fields(await read(t, admin, id)));
      }
    } finally {
      await other.close();
    }
  }, 120_000);
});

describe('the lifecycle fields', () => {
  const post = (path: string, payload: Record<string, unknown>) =>
    call(t.app, { method: 'POST', url: `/api/interfaceInfo/${path}`, payload, cookie: admin });

  test('deprecating records a notice for each caller of the last 30 days, and the fields read back everywhere', async () => {
    const page = await call<Page<InterfaceInfo>>(t.app, {
      url: '/api/interfaceInfo/list/page?pageSize=50',
      cookie: admin,
    });
    // The interface with the most callers in the window, so that the notices have someone to name.
    const [busiest] = rowsOf<{ id: string; n: number }>(
      await t.database.db.execute(sql`SELECT interface_info_id::text AS id, count(DISTINCT user_id)::int AS n
        FROM interface_call WHERE time >= ${new Date(t.clock.now - 30 * 86_400_000).toISOString()}::timestamptz
        GROUP BY interface_info_id ORDER BY n DESC, id LIMIT 1`),
    );
    const target = page.data.records.find((r) => r.id === busiest.id) ?? { id: busiest.id };
    const replacement = page.data.records.find((r) => r.id !== busiest.id)!;
    const callers = busiest.n;

    expect(callers).toBeGreaterThan(0);

    const answer = await post('update', {
      id: target.id,
      deprecated: true,
      sunsetDate: '2027-01-31',
      replacementId: replacement.id,
    });

    expect(answer.code).toBe(ResponseCode.SUCCESS);
    const got = await call<InterfaceInfo>(t.app, {
      url: `/api/interfaceInfo/get?id=${target.id}`,
      cookie: admin,
    });
    expect(got.data).toMatchObject({
      deprecated: true,
      sunsetDate: '2027-01-31',
      replacementId: replacement.id,
    });
    const listed = await call<Page<InterfaceInfo>>(t.app, {
      url: '/api/interfaceInfo/list/page?pageSize=50',
      cookie: admin,
    });
    expect(listed.data.records.find((r) => r.id === target.id)).toMatchObject({
      deprecated: true,
      sunsetDate: '2027-01-31',
    });
    const notices = await call<{ userId: string; sunsetDate: string }[]>(t.app, {
      url: `/api/interfaceInfo/notices?id=${target.id}`,
      cookie: admin,
    });
    expect(notices.data).toHaveLength(callers);
    expect(notices.data.every((n) => n.sunsetDate === '2027-01-31')).toBe(true);
    // The same callers get the alert (the bell, and their webhooks).
    const [alerts] = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`SELECT count(*)::int AS n FROM alert
        WHERE kind = 'interface_deprecated' AND interface_info_id = ${target.id}::bigint`),
    );
    expect(alerts.n).toBe(callers);

    // Deprecating again while deprecated tells no one twice.
    await post('update', { id: target.id, deprecated: true });
    expect(
      (await call<unknown[]>(t.app, { url: `/api/interfaceInfo/notices?id=${target.id}`, cookie: admin }))
        .data,
    ).toHaveLength(callers);
    expect(
      await call(t.app, { url: `/api/interfaceInfo/notices?id=${target.id}`, cookie: user }),
    ).toMatchObject({ code: ResponseCode.NO_AUTH });
  });

  test('a new interface can start deprecated; the replacement must exist and not be itself; the date must be one', async () => {
    const base = { name: 'Old lookup', url: 'https://old.example/lookup', method: 'GET' };
    const added = await post('add', { ...base, deprecated: true, sunsetDate: '2027-03-01' });
    const id = added.data as string;

    expect(added.code).toBe(ResponseCode.SUCCESS);
    expect(await post('update', { id, replacementId: id })).toMatchObject({
      message: '替代接口不能是它自己',
    });
    expect(await post('update', { id, replacementId: '999999' })).toMatchObject({
      message: '替代接口不存在',
    });
    expect(await post('update', { id, sunsetDate: '2027-02-30' })).toMatchObject({
      code: ResponseCode.PARAMS_ERROR,
    });
    expect(await post('add', { ...base, deprecated: 'yes' })).toMatchObject({
      code: ResponseCode.PARAMS_ERROR,
    });
    expect(await post('update', { id, deprecated: false, sunsetDate: null })).toMatchObject({
      code: ResponseCode.SUCCESS,
    });
    const got = await call<InterfaceInfo>(t.app, { url: `/api/interfaceInfo/get?id=${id}`, cookie: admin });
    expect(got.data).toMatchObject({ deprecated: false, sunsetDate: null, deprecatedTime: null });
  });

  test('a sunset must come after the day of the deprecation: Sunset is never earlier than Deprecation', async () => {
    const day = (days: number) => formatDate(startOfDay(t.clock.now, days));
    const tooEarly = { code: ResponseCode.PARAMS_ERROR, message: LIFECYCLE_MESSAGES.sunsetTooEarly(day(0)).text };
    const base = { name: 'Retiring lookup', url: 'https://old.example/retiring', method: 'GET' };

    expect(await post('add', { ...base, deprecated: true, sunsetDate: day(0) })).toMatchObject(tooEarly);
    expect(await post('add', { ...base, deprecated: true, sunsetDate: day(-1) })).toMatchObject(tooEarly);
    // Not deprecated, a sunset has no effect yet; deprecating it then is checked against it.
    const added = await post('add', { ...base, sunsetDate: day(-1) });
    const id = added.data as string;
    expect(added.code).toBe(ResponseCode.SUCCESS);
    expect(await post('update', { id, deprecated: true })).toMatchObject(tooEarly);
    expect(await post('update', { id, deprecated: true, sunsetDate: day(1) })).toMatchObject({
      code: ResponseCode.SUCCESS,
    });

    // Days later, a deprecated interface's sunset is checked against the day it was deprecated, not today.
    const today = t.clock.now;
    const session = admin;
    t.clock.now = startOfDay(today, 3) + 3_600_000;
    admin = await loginAs(t.app, ADMIN);
    try {
      expect(await post('update', { id, sunsetDate: day(-3) })).toMatchObject({
        code: ResponseCode.PARAMS_ERROR,
        message: LIFECYCLE_MESSAGES.sunsetTooEarly(formatDate(today)).text,
      });
      expect(await post('update', { id, sunsetDate: day(-2) })).toMatchObject({ code: ResponseCode.SUCCESS });
      // An edit that leaves the lifecycle alone is not held up by it.
      expect(await post('update', { id, description: 'retired' })).toMatchObject({ code: ResponseCode.SUCCESS });
    } finally {
      t.clock.now = today;
      admin = session;
    }
  });
});

import { ResponseCode } from '@agler/contract/constants';
import { IMPORT_MESSAGES, LIFECYCLE_MESSAGES } from '@agler/contract/messages';
import type { ImportResult } from '@agler/contract/openapiImport';
import { IMPORT_LIMITS } from '@agler/contract/openapiImport';
import type { InterfaceInfo } from '@agler/contract/types';
import { allOfBombDocument, deepDocument, refChainDocument } from '../../server/test/openapiDocuments';
import { baseUrl, Client, expectRefusal, expectSuccess, uniqueName } from './client';
import { API, createInterface, specSessions, today } from './interfaces';

/** OpenAPI in and out (`POST /api/interfaceInfo/import`, `GET /api/openapi.json`) and the lifecycle fields. */

const spec = specSessions();
const IMPORT = '/api/interfaceInfo/import';

/** A small OpenAPI 3.1 document whose URLs are this run's own, so that it creates what it imports. */
function documentOf(host: string) {
  return {
    openapi: '3.1.0',
    info: { title: 'Contract pets', version: '1' },
    servers: [{ url: `https://${host}/v1` }],
    paths: {
      '/pets': {
        get: {
          summary: 'List pets',
          parameters: [{ name: 'limit', in: 'query', schema: { type: 'integer' } }],
          responses: { '200': { description: 'Pets', content: { 'application/json': {} } } },
        },
        post: {
          summary: 'Add a pet',
          requestBody: {
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } },
          },
          responses: { '201': { description: 'Created' } },
        },
      },
      '/pets/{id}': { head: { responses: { '200': { description: 'Exists' } } } },
    },
    components: {
      schemas: {
        Pet: {
          type: 'object',
          required: ['name'],
          properties: { name: { type: 'string' }, tag: { type: 'string' } },
        },
      },
    },
  };
}

async function exportAs(client: Client, query = '') {
  const res = await fetch(`${baseUrl()}/api/openapi.json${query}`, {
    headers: { Cookie: client.cookieHeader() },
  });
  return { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text() };
}

describe('the import', () => {
  it('previews, then writes the rows not left out as offline interfaces', async () => {
    const host = `${uniqueName('pets')
      .replace(/[^a-z0-9]/gi, '')
      .toLowerCase()}.example`;
    const document = JSON.stringify(documentOf(host));

    const preview = expectSuccess(await spec.admin.post<ImportResult>(IMPORT, { document, dryRun: true }));

    expect(preview.errors).toEqual([]);
    expect(preview.create.map((r) => [r.index, r.draft.method, r.draft.url])).toEqual([
      [0, 'GET', `https://${host}/v1/pets`],
      [1, 'POST', `https://${host}/v1/pets`],
    ]);
    expect(preview.skip).toEqual([
      {
        index: 2,
        operation: 'HEAD /pets/{id}',
        name: 'HEAD /pets/{id}',
        reason: IMPORT_MESSAGES.methodUnsupported('HEAD').text,
        reasonKey: 'import.methodUnsupported',
        reasonArgs: ['HEAD'],
      },
    ]);
    expect(JSON.parse(preview.create[1].draft.requestParams)).toEqual([
      { name: 'name', type: 'string', required: true, description: '' },
      { name: 'tag', type: 'string', required: false, description: '' },
    ]);

    const written = expectSuccess(
      await spec.admin.post<ImportResult>(IMPORT, { document, dryRun: false, exclude: [0] }),
    );
    spec.created.push(...(written.ids ?? []));

    expect(written.ids).toHaveLength(1);
    const got = expectSuccess(await spec.admin.get<InterfaceInfo>(API.get, { id: written.ids![0] }));
    expect(got).toMatchObject({ name: 'Add a pet', method: 'POST', status: 0, deprecated: false });
  });

  it('a document that does not validate answers its errors with JSON paths and writes nothing', async () => {
    const broken = { openapi: '3.1.0', info: { title: 'x' }, paths: {} };

    const answer = expectSuccess(
      await spec.admin.post<ImportResult>(IMPORT, { document: JSON.stringify(broken), dryRun: false }),
    );

    expect(answer.errors).toContainEqual({ path: '/info', message: expect.stringContaining('version') });
    expect(answer.ids).toBeUndefined();
  });

  it('refuses a document over its budgets with the budget named, while the server keeps answering at once', async () => {
    const cases = [
      [deepDocument(), IMPORT_MESSAGES.tooDeep(IMPORT_LIMITS.depthMax)],
      [allOfBombDocument(), IMPORT_MESSAGES.tooExpanded(IMPORT_LIMITS.expansionMax)],
    ] as const;
    for (const [document, message] of cases) {
      const started = Date.now();
      const answer = spec.admin.post(IMPORT, { document, dryRun: false });
      // A read while the document is being read: the server answers it at once.
      const probeStarted = Date.now();
      expect((await new Client().get('/api/health')).status).toBe(200);
      expect(Date.now() - probeStarted).toBeLessThan(1000);

      expectRefusal(await answer, ResponseCode.PARAMS_ERROR, message);
      expect(Date.now() - started).toBeLessThan(IMPORT_LIMITS.readMs);
    }
  });

  it('reads schemas that $ref each other eight levels deep', async () => {
    const preview = expectSuccess(
      await spec.admin.post<ImportResult>(IMPORT, { document: refChainDocument(8, 8), dryRun: true }),
    );

    expect(preview.create.map((row) => row.operation)).toEqual(['POST /chain']);
  });

  it('is for admins, and refuses a body without a source', async () => {
    expectRefusal(await spec.user.post(IMPORT, { document: '{}', dryRun: true }), ResponseCode.NO_AUTH, /.+/);
    expectRefusal(
      await spec.admin.post(IMPORT, { dryRun: true }),
      ResponseCode.PARAMS_ERROR,
      IMPORT_MESSAGES.sourceRequired,
    );
  });
});

describe('the export', () => {
  it('is an OpenAPI 3.1 document of the gateway with what the caller may see', async () => {
    const admin = await exportAs(spec.admin);
    const user = await exportAs(spec.user);

    expect(admin.status).toBe(200);
    expect(admin.type).toMatch(/^application\/json/);
    const adminDoc = JSON.parse(admin.text);
    const userDoc = JSON.parse(user.text);
    expect(adminDoc.openapi).toBe('3.1.0');
    expect(Object.keys(adminDoc.paths).every((p) => /^\/gateway\/\d+$/.test(p))).toBe(true);
    expect(Object.keys(userDoc.paths).length).toBeLessThan(Object.keys(adminDoc.paths).length);
    expect(adminDoc.components.securitySchemes).toHaveProperty('sign');
  });

  it('narrows to ids and answers YAML when asked', async () => {
    const id = await createInterface(spec.admin, { online: true });
    spec.created.push(id);

    const one = JSON.parse((await exportAs(spec.user, `?ids=${id}`)).text);
    const yaml = await exportAs(spec.user, `?ids=${id}&format=yaml`);

    expect(Object.keys(one.paths)).toEqual([`/gateway/${id}`]);
    expect(yaml.type).toMatch(/^application\/yaml/);
    expect(yaml.text).toContain(`/gateway/${id}`);
  });
});

describe('the lifecycle fields', () => {
  it('are written by add and update and answered by get; a replacement is never the interface itself', async () => {
    const replacement = await createInterface(spec.admin);
    const id = await createInterface(spec.admin, {
      overrides: { deprecated: true, sunsetDate: '2027-06-30', replacementId: replacement },
    });
    spec.created.push(replacement, id);

    expect(expectSuccess(await spec.admin.get<InterfaceInfo>(API.get, { id }))).toMatchObject({
      deprecated: true,
      sunsetDate: '2027-06-30',
      replacementId: replacement,
      deprecatedTime: expect.any(String),
    });
    expectRefusal(
      await spec.admin.post(API.update, { id, replacementId: id }),
      ResponseCode.PARAMS_ERROR,
      LIFECYCLE_MESSAGES.selfReplacement,
    );
    expectRefusal(
      await spec.admin.post(API.update, { id, sunsetDate: 'tomorrow' }),
      ResponseCode.PARAMS_ERROR,
      LIFECYCLE_MESSAGES.badSunsetDate,
    );
    // Deprecated today, it cannot set today as its sunset: Sunset would be earlier than Deprecation.
    expectRefusal(
      await spec.admin.post(API.update, { id, sunsetDate: today() }),
      ResponseCode.PARAMS_ERROR,
      LIFECYCLE_MESSAGES.sunsetTooEarly(today()),
    );
    expect(expectSuccess(await spec.admin.post(API.update, { id, deprecated: false }))).toBe(true);
    expect(expectSuccess(await spec.admin.get<InterfaceInfo>(API.get, { id }))).toMatchObject({
      deprecated: false,
      deprecatedTime: null,
    });
  });
});

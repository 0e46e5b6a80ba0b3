/**
 * @jest-environment node
 */
import { INTERFACE_LIMITS } from '@agler/contract/constants';
import { IMPORT_MESSAGES } from '@agler/contract/messages';
import { requestParamList } from '@agler/contract/requestParams';
import { readAndMap } from './document';
import type { MappedOperation } from './mapping';

/**
 * What the import makes of the shapes found in public documents (Stripe's, Twilio's, …), each
 * written here small; the mapping is read as the reading thread reads it, without the thread.
 */

type Json = Record<string, unknown>;

const openapi = (paths: Json, extra: Json = {}): Json => ({
  openapi: '3.0.3',
  info: { title: 'Shapes', version: '1' },
  servers: [{ url: 'https://api.shapes.example' }],
  paths,
  ...extra,
});

const OK = { '200': { description: 'OK' } };

async function operationsOf(doc: Json): Promise<MappedOperation[]> {
  const read = await readAndMap(JSON.stringify(doc));
  if (!read.ok) throw new Error(JSON.stringify(read.errors));
  return read.mapping.operations;
}

async function errorsOf(doc: Json) {
  const read = await readAndMap(JSON.stringify(doc));
  return read.ok ? [] : read.errors;
}

const paramsOf = (op: MappedOperation) => requestParamList(op.draft!.requestParams) ?? [];

describe('request bodies', () => {
  // Stripe declares this on every GET and DELETE.
  const EMPTY_FORM = {
    required: false,
    content: {
      'application/x-www-form-urlencoded': {
        encoding: {},
        schema: { type: 'object', properties: {}, additionalProperties: false },
      },
    },
  };
  const customerPath = {
    parameters: [
      { name: 'customer', in: 'path', required: true, schema: { type: 'string', maxLength: 5000 } },
    ],
    get: {
      operationId: 'GetCustomersCustomer',
      parameters: [
        {
          name: 'expand',
          in: 'query',
          style: 'deepObject',
          explode: true,
          schema: { type: 'array', items: { type: 'string', maxLength: 5000 } },
        },
      ],
      requestBody: EMPTY_FORM,
      responses: OK,
    },
    delete: { operationId: 'DeleteCustomersCustomer', requestBody: EMPTY_FORM, responses: OK },
  };

  test('an optional body that is an object of no properties adds no parameter', async () => {
    const [get, remove] = await operationsOf(openapi({ '/v1/customers/{customer}': customerPath }));

    expect(paramsOf(get).map((p) => [p.name, p.required])).toEqual([
      ['customer', true],
      ['expand', false],
    ]);
    expect(paramsOf(remove).map((p) => [p.name, p.required])).toEqual([['customer', true]]);
  });

  test('a body without properties that is required, or a list, is still the parameter `body`, required as declared', async () => {
    const body = (required: boolean, schema: Json) => ({
      required,
      content: { 'application/json': { schema } },
    });
    const [required, optionalList] = await operationsOf(
      openapi({
        '/ping': { post: { requestBody: body(true, { type: 'object' }), responses: OK } },
        '/tags': {
          put: { requestBody: body(false, { type: 'array', items: { type: 'string' } }), responses: OK },
        },
      }),
    );

    expect(paramsOf(required)).toEqual([{ name: 'body', type: 'object', required: true, description: '' }]);
    expect(paramsOf(optionalList)).toEqual([
      { name: 'body', type: 'array', required: false, description: '' },
    ]);
  });
});

describe('parameters over the stored limit', () => {
  const long = (text: string, length: number) =>
    text.repeat(Math.ceil(length / text.length)).slice(0, length);
  /** An object three levels deep, with long descriptions: its whole schema is some 850 characters. */
  const nested = (i: number): Json => ({
    type: 'object',
    description: `Settings group ${i}`,
    properties: {
      mode: { type: 'string', enum: ['off', 'on', 'auto'], description: long('The mode to use. ', 100) },
      limits: {
        type: 'object',
        properties: {
          daily: { type: 'integer', description: long('Per day. ', 100) },
          monthly: { type: 'integer', description: long('Per month. ', 100) },
          window: {
            type: 'object',
            properties: { start: { type: 'string' }, end: { type: 'string' } },
            description: long('The window. ', 100),
          },
        },
      },
      tags: { type: 'array', items: { type: 'string' }, description: long('Tags. ', 100) },
    },
    required: ['mode'],
  });

  test('nested schemas are summarised to their top level when that fits, with a note', async () => {
    const properties = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`group${i}`, nested(i)]));
    const [op] = await operationsOf(
      openapi({
        '/settings': {
          post: {
            requestBody: { content: { 'application/json': { schema: { type: 'object', properties } } } },
            responses: OK,
          },
        },
      }),
    );

    expect(op.reason).toBeUndefined();
    expect(op.notes).toEqual([IMPORT_MESSAGES.schemaSummarised]);
    expect(op.draft!.requestParams.length).toBeLessThanOrEqual(INTERFACE_LIMITS.jsonTextMax);
    const params = paramsOf(op);
    expect(params).toHaveLength(10);
    const [first] = params;
    expect(first.description.startsWith('Settings group 0；JSON Schema：')).toBe(true);
    expect(JSON.parse(first.description.replace(/^.*?JSON Schema：/, ''))).toEqual({
      type: 'object',
      properties: { mode: { type: 'string' }, limits: { type: 'object' }, tags: { type: 'array' } },
      required: ['mode'],
    });
  });

  test('then long descriptions are cut until the parameters fit, with a note; every parameter is kept', async () => {
    // Stripe's list operations: dozens of parameters with paragraphs of description and nested filters.
    const parameters = [
      ...Array.from({ length: 30 }, (_, i) => ({
        name: `filter${i}`,
        in: 'query',
        description: long(`Only return objects that match filter ${i}. `, 400),
        schema: i < 5 ? nested(i) : { type: 'string' },
      })),
      { name: 'limit', in: 'query', description: 'At most 100.', schema: { type: 'integer' } },
    ];
    const [op] = await operationsOf(openapi({ '/v1/charges': { get: { parameters, responses: OK } } }));

    expect(op.reason).toBeUndefined();
    expect(op.notes).toEqual([IMPORT_MESSAGES.schemaDropped, IMPORT_MESSAGES.paramsShortened]);
    expect(op.draft!.requestParams.length).toBeLessThanOrEqual(INTERFACE_LIMITS.jsonTextMax);
    const params = paramsOf(op);
    expect(params.map((p) => p.name)).toEqual(parameters.map((p) => p.name));
    expect(params[0].description).toMatch(/^Only return objects that match filter 0\. .+…$/);
    expect(params[0].description.length).toBeGreaterThan(150);
    expect(params.at(-1)!.description).toBe('At most 100.');
  });
});

describe('cookies', () => {
  test('cookie parameters are the request header Cookie: a placeholder while one has no value', async () => {
    const [session, lang] = await operationsOf(
      openapi({
        '/cart': {
          get: {
            parameters: [
              { name: 'session', in: 'cookie', required: true, schema: { type: 'string' } },
              { name: 'lang', in: 'cookie', schema: { type: 'string', default: 'en' } },
            ],
            responses: OK,
          },
        },
        '/prefs': {
          get: {
            parameters: [{ name: 'lang', in: 'cookie', example: 'de', schema: { type: 'string' } }],
            responses: OK,
          },
        },
      }),
    );

    expect(JSON.parse(session.draft!.requestHeader)).toEqual({ Cookie: '<session=…; lang=en>' });
    expect(paramsOf(session)).toEqual([]);
    expect(JSON.parse(lang.draft!.requestHeader)).toEqual({ Cookie: 'lang=de' });
  });

  test('an apiKey in a cookie is a cookie too', async () => {
    const [op] = await operationsOf(
      openapi(
        { '/me': { get: { responses: OK } } },
        {
          security: [{ cookieAuth: [] }],
          components: {
            securitySchemes: { cookieAuth: { type: 'apiKey', in: 'cookie', name: 'JSESSIONID' } },
          },
        },
      ),
    );

    expect(JSON.parse(op.draft!.requestHeader)).toEqual({ Cookie: '<JSESSIONID=…>' });
  });
});

test('an empty value among an enum shows as ""', async () => {
  const [op] = await operationsOf(
    openapi({
      '/tax_rates': {
        get: {
          parameters: [
            {
              name: 'tax_exempt',
              in: 'query',
              schema: { type: 'string', enum: ['', 'exempt', 'none', 'reverse'] },
            },
          ],
          responses: OK,
        },
      },
    }),
  );

  expect(paramsOf(op)[0].description).toBe('可选值：""、exempt、none、reverse');
});

describe('a document with nothing to import', () => {
  test.each([
    [
      'OpenAPI 3.1 with only webhooks',
      {
        openapi: '3.1.0',
        info: { title: 'Events', version: '1' },
        webhooks: {
          newPet: {
            post: {
              requestBody: { content: { 'application/json': { schema: { type: 'object' } } } },
              responses: OK,
            },
          },
        },
      },
    ],
    ['OpenAPI 3.0 with empty paths', openapi({})],
    ['paths with no operations', openapi({ '/pets': { parameters: [] } })],
  ])('%s says so', async (_name, doc) => {
    expect(await errorsOf(doc)).toEqual([
      { path: '/paths', message: IMPORT_MESSAGES.noOperations, messageKey: 'import.noOperations' },
    ]);
  });
});

describe('references', () => {
  test('a missing $ref is named by the pointer of the reference, each one', async () => {
    const doc = openapi({
      '/pets': {
        get: {
          parameters: [{ $ref: '#/components/parameters/Limit' }],
          responses: {
            '200': {
              description: 'OK',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Pets' } } },
            },
          },
        },
      },
    });

    expect(await errorsOf(doc)).toEqual([
      {
        path: '/paths/~1pets/get/parameters/0',
        message: IMPORT_MESSAGES.badRef('#/components/parameters/Limit').text,
        messageKey: 'import.badRef',
        messageArgs: ['#/components/parameters/Limit'],
      },
      {
        path: '/paths/~1pets/get/responses/200/content/application~1json/schema',
        message: IMPORT_MESSAGES.badRef('#/components/schemas/Pets').text,
        messageKey: 'import.badRef',
        messageArgs: ['#/components/schemas/Pets'],
      },
    ]);
  });

  test('a $ref through another $ref, or with escaped tokens, is found', async () => {
    const doc = openapi(
      {
        '/pets/{id}': {
          get: {
            parameters: [{ $ref: '#/components/parameters/Id' }],
            responses: {
              '200': {
                description: 'OK',
                content: {
                  'application/json': { schema: { $ref: '#/components/schemas/Pet/properties/name' } },
                },
              },
            },
          },
        },
        '/owners': {
          get: {
            parameters: [
              {
                name: 'pet',
                in: 'query',
                schema: { $ref: '#/paths/~1pets~1%7Bid%7D/get/parameters/0/schema' },
              },
            ],
            responses: OK,
          },
        },
      },
      {
        components: {
          parameters: { Id: { name: 'id', in: 'path', required: true, schema: { type: 'string' } } },
          schemas: {
            Pet: { $ref: '#/components/schemas/Animal' },
            Animal: { $ref: '#/components/schemas/Being' },
            Being: { type: 'object', properties: { name: { type: 'string' } } },
          },
        },
      },
    );

    expect(await errorsOf(doc)).toEqual([]);
  });
});

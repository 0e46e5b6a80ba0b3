/**
 * Small OpenAPI documents of the shapes the import meets in the wild (the
 * real ones in ../shared/fixtures/openapi/ have the same shapes, larger):
 * Swagger 2.0 in YAML with host/basePath, a query apiKey and long summaries;
 * OpenAPI 3.0 with `$ref`, `allOf` and `oneOf` in a request body and a
 * bearer scheme; OpenAPI 3.1 in JSON with type arrays, `examples` and a
 * header apiKey.
 */

export const SWAGGER2_YAML = `swagger: "2.0"
info:
  title: Photo service
  version: "1.0"
host: api.photos.example
basePath: /v1
schemes: [https]
produces: [application/json]
securityDefinitions:
  key:
    type: apiKey
    in: query
    name: access_token
security:
  - key: []
paths:
  /users/{user-id}:
    parameters:
      - name: user-id
        in: path
        required: true
        type: string
        description: The user's id
    get:
      summary: Get basic information about a user, with counts of media, follows and followers
      responses:
        "200":
          description: The user
          schema:
            $ref: "#/definitions/User"
          headers:
            X-Ratelimit-Remaining:
              type: integer
              description: Calls left this hour
  /media/{media-id}/comments:
    parameters:
      - name: media-id
        in: path
        required: true
        type: string
    post:
      operationId: addComment
      consumes: [application/x-www-form-urlencoded]
      parameters:
        - name: text
          in: formData
          required: true
          type: string
          description: The comment
        - name: X-Client
          in: header
          type: string
          default: web
      responses:
        "201":
          description: Created
    delete:
      deprecated: true
      responses:
        "200":
          description: Removed
    options:
      responses:
        "200":
          description: CORS
  /tags/search:
    get:
      summary: Search for tags by name
      parameters:
        - name: q
          in: query
          required: true
          type: string
        - name: order
          in: query
          type: string
          enum: [name, count]
      responses:
        "200":
          description: Tags
          schema:
            type: array
            items:
              $ref: "#/definitions/Tag"
definitions:
  User:
    type: object
    properties:
      id: { type: string }
      username: { type: string }
      counts: { $ref: "#/definitions/Counts" }
  Counts:
    type: object
    properties:
      media: { type: integer }
  Tag:
    type: object
    properties:
      name: { type: string }
`;

export const OPENAPI30 = {
  openapi: '3.0.3',
  info: { title: 'Voice', version: '1.0.0' },
  servers: [{ url: 'https://{region}.voice.example/v1/calls', variables: { region: { default: 'api' } } }],
  security: [{ bearerAuth: [] }],
  paths: {
    '/': {
      post: {
        summary: 'Create an outbound call',
        description: 'Starts a call to a phone number.',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                oneOf: [
                  { $ref: '#/components/schemas/CallWithNcco' },
                  { $ref: '#/components/schemas/CallWithAnswerUrl' },
                ],
              },
            },
          },
        },
        responses: {
          '201': {
            description: 'Created',
            headers: { 'X-Request-Id': { schema: { type: 'string' }, example: 'a1b2' } },
            content: { 'application/json': { schema: { type: 'object' } } },
          },
        },
      },
      get: {
        summary: 'List calls',
        parameters: [
          {
            name: 'status',
            in: 'query',
            schema: { type: 'string', enum: ['started', 'ringing', 'completed'] },
          },
          { name: 'page_size', in: 'query', schema: { type: 'integer', example: 10 } },
        ],
        responses: { '200': { description: 'Calls' } },
      },
    },
    '/{uuid}': {
      parameters: [{ name: 'uuid', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
      put: {
        summary: 'Modify a call',
        requestBody: {
          content: {
            'application/json': {
              schema: {
                oneOf: [{ $ref: '#/components/schemas/Hangup' }, { $ref: '#/components/schemas/Transfer' }],
              },
            },
          },
        },
        responses: { '204': { description: 'Done' } },
      },
    },
  },
  components: {
    securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    schemas: {
      CallBase: {
        type: 'object',
        required: ['to'],
        properties: {
          to: { type: 'array', description: 'Who to call', items: { $ref: '#/components/schemas/Endpoint' } },
          from: { $ref: '#/components/schemas/Endpoint' },
          ringing_timer: { type: 'integer', description: 'Seconds to ring' },
        },
      },
      Endpoint: {
        type: 'object',
        required: ['number'],
        properties: { type: { type: 'string', enum: ['phone', 'sip'] }, number: { type: 'string' } },
      },
      CallWithNcco: {
        allOf: [
          { required: ['ncco'] },
          {
            properties: { ncco: { type: 'array', items: { type: 'object' }, description: 'The call flow' } },
          },
          { $ref: '#/components/schemas/CallBase' },
        ],
      },
      CallWithAnswerUrl: {
        allOf: [
          { required: ['answer_url'] },
          { properties: { answer_url: { type: 'array', items: { type: 'string' } } } },
          { $ref: '#/components/schemas/CallBase' },
        ],
      },
      Hangup: {
        type: 'object',
        required: ['action'],
        properties: { action: { type: 'string', enum: ['hangup'] } },
      },
      Transfer: {
        type: 'object',
        required: ['action', 'destination'],
        properties: {
          action: { type: 'string', enum: ['transfer'] },
          destination: { type: 'object', properties: { url: { type: 'string' } } },
        },
      },
    },
  },
};

export const OPENAPI31 = {
  openapi: '3.1.0',
  info: { title: 'Legal entities', version: '3' },
  servers: [{ url: 'https://kyc.entities.example/lem/v3' }],
  security: [{ ApiKeyAuth: [] }],
  paths: {
    '/legalEntities': {
      post: {
        summary: 'Create a legal entity',
        parameters: [
          {
            name: 'x-requested-verification-code',
            in: 'header',
            schema: { type: 'string' },
            description: 'Code',
          },
        ],
        requestBody: {
          content: {
            'application/json': {
              schema: { $ref: '#/components/schemas/LegalEntityInfo' },
              examples: { basic: { value: { type: 'individual' } } },
            },
          },
        },
        responses: {
          '200': {
            description: 'OK',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/LegalEntity' } } },
          },
          '422': { description: 'Invalid' },
        },
      },
    },
    '/legalEntities/{id}': {
      get: {
        operationId: 'getLegalEntity',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        responses: { '200': { description: 'OK' } },
      },
      patch: {
        summary: 'Update a legal entity',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        requestBody: {
          content: { 'application/json': { schema: { $ref: '#/components/schemas/LegalEntityInfo' } } },
        },
        responses: { '200': { description: 'OK' } },
      },
    },
  },
  components: {
    securitySchemes: { ApiKeyAuth: { type: 'apiKey', in: 'header', name: 'X-API-Key' } },
    schemas: {
      LegalEntityInfo: {
        type: 'object',
        required: ['type'],
        properties: {
          type: { type: 'string', enum: ['individual', 'organization'], description: 'The kind of entity' },
          reference: { type: ['string', 'null'], examples: ['ref-1'] },
          organization: { $ref: '#/components/schemas/Organization' },
        },
      },
      Organization: {
        type: 'object',
        properties: { legalName: { type: 'string' }, parent: { $ref: '#/components/schemas/Organization' } },
      },
      LegalEntity: {
        allOf: [{ $ref: '#/components/schemas/LegalEntityInfo' }, { properties: { id: { type: 'string' } } }],
      },
    },
  },
};

/**
 * Documents that cost far more to read than their size says. Each schema's `width` properties all
 * `$ref` the next schema, `levels` deep: a few kilobytes describing width^levels nodes.
 */
export function refChainDocument(levels = 8, width = 8): string {
  const schemas: Record<string, unknown> = {};
  for (let level = 0; level < levels; level += 1) {
    const property = level + 1 < levels ? { $ref: `#/components/schemas/S${level + 1}` } : { type: 'string' };
    schemas[`S${level}`] = {
      type: 'object',
      properties: Object.fromEntries(Array.from({ length: width }, (_, i) => [`p${i}`, property])),
    };
  }
  return JSON.stringify({
    openapi: '3.0.3',
    info: { title: 'Chain', version: '1' },
    servers: [{ url: 'https://chain.example' }],
    paths: {
      '/chain': {
        post: {
          summary: 'Chain',
          requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/S0' } } } },
          responses: { '200': { description: 'OK' } },
        },
      },
    },
    components: { schemas },
  });
}

/** Each schema is `allOf` the next one twice, `levels` deep: merging it walks 2^levels schemas. */
export function allOfBombDocument(levels = 40): string {
  const schemas: Record<string, unknown> = {
    [`S${levels}`]: { type: 'object', properties: { leaf: { type: 'string' } } },
  };
  for (let level = 0; level < levels; level += 1) {
    const next = { $ref: `#/components/schemas/S${level + 1}` };
    schemas[`S${level}`] = { allOf: [next, next] };
  }
  return JSON.stringify({
    openapi: '3.0.3',
    info: { title: 'Bomb', version: '1' },
    servers: [{ url: 'https://bomb.example' }],
    paths: {
      '/bomb': {
        post: {
          summary: 'Bomb',
          requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/S0' } } } },
          responses: { '200': { description: 'OK' } },
        },
      },
    },
    components: { schemas },
  });
}

/** A valid-looking JSON document with an extension nested `depth` arrays deep. */
export function deepDocument(depth = 200_000): string {
  return `{"openapi":"3.0.3","info":{"title":"Deep","version":"1"},"paths":{},"x-deep":${'['.repeat(depth)}${']'.repeat(depth)}}`;
}

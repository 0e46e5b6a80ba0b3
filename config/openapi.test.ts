/**
 * @jest-environment node
 */
import fs from 'node:fs';
import path from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';

/**
 * The project's own contract is read by code (the generated services, the hostile suite, the
 * console's samples): it must be a valid OpenAPI document, as the export it describes is.
 */
test('config/openapi.json is a valid OpenAPI 3.1 document', async () => {
  const document = JSON.parse(fs.readFileSync(path.join(__dirname, 'openapi.json'), 'utf8'));
  const parsed = await SwaggerParser.validate(document);
  expect(parsed).toMatchObject({ openapi: '3.1.0' });
  // Every answer of the gateway is described once and referred to by each method.
  const gateway = (parsed.paths as Record<string, Record<string, { responses?: object }>>)[
    '/gateway/{interfaceId}'
  ];
  expect(Object.keys(gateway.get.responses!)).toEqual(Object.keys(gateway.patch.responses!));
});

/**
 * @jest-environment node
 */
import fs from 'node:fs';
import path from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';

const readDocument = () => JSON.parse(fs.readFileSync(path.join(__dirname, 'openapi.json'), 'utf8'));

/**
 * The project's own contract is read by code (the generated services, the hostile suite, the
 * console's samples): it must be a valid OpenAPI document, as the export it describes is.
 */
test('config/openapi.json is a valid OpenAPI 3.1 document', async () => {
  const document = readDocument();
  const parsed = await SwaggerParser.validate(document);
  expect(parsed).toMatchObject({ openapi: '3.1.0' });
  // Every answer of the gateway is described once and referred to by each method.
  const gateway = (parsed.paths as Record<string, Record<string, { responses?: object }>>)[
    '/gateway/{interfaceId}'
  ];
  expect(Object.keys(gateway.get.responses!)).toEqual(Object.keys(gateway.patch.responses!));
});

test('a value that may be null is written as one both generators of types read', () => {
  // `nullable` is OpenAPI 3.0's and means nothing in 3.1; Umi's generator reads a type array
  // (["string", "null"]) as any. oneOf with {"type": "null"} is `T | null` to both.
  const found: string[] = [];
  const visit = (value: unknown, at: string) => {
    if (Array.isArray(value)) value.forEach((item, index) => visit(item, `${at}/${index}`));
    else if (value && typeof value === 'object') {
      const schema = value as Record<string, unknown>;
      if (schema.nullable === true || Array.isArray(schema.type)) found.push(at);
      for (const [key, item] of Object.entries(schema)) visit(item, `${at}/${key}`);
    }
  };
  visit(readDocument(), '#');
  expect(found).toEqual([]);
});

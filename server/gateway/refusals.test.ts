/**
 * @jest-environment node
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { BODY_MAX_BYTES, INTERFACE_STATUS, ResponseCode } from '@agler/contract/constants';
import { seedInterfaces } from '@agler/contract/demo/seedInterfaces';
import { MESSAGES } from '@agler/contract/messages';
import type { KeyPairVO } from '@agler/contract/types';
import { alignDemoUrls } from '../domain/demoUrls';
import { DEMO_INTERFACE_COUNT } from '../domain/seed';
import { ADMIN, call, loginAs, testApp, USER } from '../test/app';
import type { TestApp } from '../test/app';
import { keyPairOf } from '../test/keys';
import { freshNonce, signedHeaders } from '../test/sign';
import { refusal } from '../test/refusal';

/**
 * The gateway is for programs, which read HTTP statuses: each of its
 * refusals has its 4xx status and the envelope with its code, including the
 * ones made before its handler runs (the body, the path). No path of the
 * gateway or of the API is ever answered with the console's page, which this
 * app has.
 */

const PUBLIC_URL = 'http://refusals.test';
const PAGE = '<!DOCTYPE html><title>Agler接口</title>';
const demo = seedInterfaces(DEMO_INTERFACE_COUNT, ADMIN.id);
const echoPost = demo.find((r) => r.status === INTERFACE_STATUS.ONLINE && r.method === 'POST')!;
const weather = demo.find((r) => r.name === '天气查询')!;

let t: TestApp;
let consoleDir: string;
let port: number;
let pair: KeyPairVO;

beforeAll(async () => {
  consoleDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agler-refusals-'));
  fs.writeFileSync(path.join(consoleDir, 'index.html'), PAGE);
  t = await testApp({ publicUrl: PUBLIC_URL, consoleDir });
  await alignDemoUrls(t.database.db, PUBLIC_URL, DEMO_INTERFACE_COUNT);
  port = Number(new URL(await t.app.listen({ port: 0, host: '127.0.0.1' })).port);
  const cookie = await loginAs(t.app, USER);
  pair = await keyPairOf(t.app, cookie);
}, 180_000);

afterAll(async () => {
  await t.close();
  fs.rmSync(consoleDir, { recursive: true, force: true });
});

type Answer = { status: number; type: string; body: string };

/** A request exactly as written (path, headers and body are not normalised on the way), over HTTP. */
function send(
  method: string,
  rawPath: string,
  headers: Record<string, string>,
  body?: Buffer,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, method, path: rawPath, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          type: String(response.headers['content-type'] ?? ''),
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
    });
    request.on('error', reject);
    request.end(body);
  });
}

/** A gateway call signed over its path and body. */
function signed(method: string, rawPath: string, body = '', headers: Record<string, string> = {}) {
  const signature = signedHeaders(pair, method, rawPath, {
    body,
    timestamp: Math.floor(t.clock.now / 1000),
    nonce: freshNonce(),
  });
  return send(method, rawPath, { ...signature, ...headers }, body ? Buffer.from(body) : undefined);
}

const envelope = (code: number, message: string) => JSON.stringify(refusal(code, message));

describe('the body of a gateway call', () => {
  test(`over ${BODY_MAX_BYTES / 1024 / 1024} MB: 413`, async () => {
    const body = JSON.stringify({ text: 'x'.repeat(BODY_MAX_BYTES) });

    const answer = await signed('POST', `/gateway/${echoPost.id}`, body, {
      'content-type': 'application/json',
    });

    expect(answer).toMatchObject({
      status: 413,
      body: envelope(ResponseCode.PARAMS_ERROR, MESSAGES.bodyTooLarge),
    });
  });

  test.each([
    ['an empty Content-Type', { 'content-type': '' }],
    ['no Content-Type', {}],
    ['text/plain', { 'content-type': 'text/plain' }],
    ['JSON in another charset', { 'content-type': 'application/json; charset=latin1' }],
  ])('with %s: 415', async (_label, headers: Record<string, string>) => {
    const answer = await signed('POST', `/gateway/${echoPost.id}`, '{"text":"hello"}', headers);

    expect(answer).toMatchObject({
      status: 415,
      body: envelope(ResponseCode.PARAMS_ERROR, MESSAGES.contentType),
    });
  });

  test('JSON, or no body at all, reaches the interface', async () => {
    const admin = await loginAs(t.app, ADMIN);
    const echo = await call<string>(t.app, {
      method: 'POST',
      url: '/api/interfaceInfo/add',
      payload: { name: '回声', url: `${PUBLIC_URL}/demo/echo`, method: 'POST' },
      cookie: admin,
    });
    await call(t.app, {
      method: 'POST',
      url: '/api/interfaceInfo/online',
      payload: { id: echo.data },
      cookie: admin,
    });

    const json = await signed('POST', `/gateway/${echo.data}`, '{"text":"hello"}', {
      'content-type': 'application/json; charset=utf-8',
    });
    const none = await signed('POST', `/gateway/${echo.data}`);

    expect(json).toMatchObject({ status: 200, body: '{"text":"hello"}' });
    expect(none).toMatchObject({ status: 200, body: '{}' });
  });
});

describe('paths', () => {
  test.each([
    `/gateway/${weather.id}/`,
    `//gateway/${weather.id}`,
    `/gateway/${weather.id}/x`,
    '/gateway',
    '/gateway/',
    `/GATEWAY/${weather.id}`,
    `/./gateway/${weather.id}/`,
    `/%67ateway/${weather.id}/`,
  ])('%s is no gateway path: 404 with the envelope, signed or not', async (rawPath) => {
    const answers = [await signed('GET', rawPath), await send('GET', rawPath, {})];

    for (const answer of answers) {
      expect(answer).toEqual({
        status: 404,
        type: expect.stringMatching(/^application\/json/),
        body: envelope(ResponseCode.NOT_FOUND, MESSAGES.unknownPath),
      });
    }
  });

  test.each([
    '//api/user/get/login',
    '/api//user/get/login',
    '/API/user/get/login',
    '/./api/nothing',
    '/api',
  ])('%s answers the envelope, never the page', async (rawPath) => {
    const answer = await send('GET', rawPath, {});

    expect(answer.type).toMatch(/^application\/json/);
    expect(JSON.parse(answer.body)).toMatchObject({ data: null });
    expect(answer.body).not.toContain('<title>');
  });

  test("the console's pages are still its pages", async () => {
    expect(await send('GET', '/interface_info/1', {})).toMatchObject({ status: 200, body: PAGE });
    expect(await send('GET', '/gatewayish', {})).toMatchObject({ status: 200, body: PAGE });
  });
});

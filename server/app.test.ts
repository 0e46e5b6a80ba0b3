/**
 * @jest-environment node
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { BODY_MAX_BYTES, ResponseCode } from '@agler/contract/constants';
import { JSON_MAX_DEPTH } from '@agler/contract/json';
import { MESSAGES } from '@agler/contract/messages';
import { ADMIN, call, loginAs, testApp } from './test/app';
import type { TestApp } from './test/app';

/** What every request meets: headers, bodies, CSRF, errors, the console's files. */

const INLINE_SCRIPT = 'window.routerBase = "/";';
const consoleDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agler-console-'));
fs.writeFileSync(
  path.join(consoleDir, 'index.html'),
  `<!DOCTYPE html><html><head><script>${INLINE_SCRIPT}</script></head><body><div id="root"></div><script src="/umi.1a2b3c4d.js"></script></body></html>`,
);
fs.writeFileSync(
  path.join(consoleDir, 'umi.1a2b3c4d.js'),
  `console.log(${JSON.stringify('x'.repeat(20_000))});`,
);
fs.writeFileSync(path.join(consoleDir, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await testApp({ consoleDir, publicUrl: 'https://agler.example.com' });
  admin = await loginAs(t.app, ADMIN);
}, 180_000);
afterAll(async () => {
  await t.close();
  fs.rmSync(consoleDir, { recursive: true, force: true });
});

const post = (url: string, options: { payload?: string | object; headers?: Record<string, string> } = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: options.payload,
    headers: { cookie: admin, ...options.headers },
  });

const envelopeOf = (response: { body: string }) => JSON.parse(response.body);

/** The app on a port of 127.0.0.1, for what inject cannot show (a client still sending). */
let address: Promise<{ port: number }> | undefined;
function listening() {
  address ??= t.app
    .listen({ port: 0, host: '127.0.0.1' })
    .then(() => t.app.server.address() as { port: number });
  return address;
}

describe('headers', () => {
  test.each(['/api/user/get/login', '/', '/umi.1a2b3c4d.js', '/api/nothing-here'])(
    '%s carries the security headers',
    async (url) => {
      const response = await t.app.inject({ url });

      const csp = String(response.headers['content-security-policy']);
      const scriptSrc = csp.split(';').find((part) => part.trim().startsWith('script-src'));
      expect(scriptSrc).not.toMatch(/unsafe-inline|unsafe-eval/);
      expect(csp).toMatch(/frame-ancestors 'none'/);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBeDefined();
      expect(response.headers['x-powered-by']).toBeUndefined();
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
    },
  );

  test("the policy allows the console's inline script by its hash, and nothing else inline", async () => {
    const response = await t.app.inject({ url: '/' });

    const hash = createHash('sha256').update(INLINE_SCRIPT).digest('base64');
    expect(response.headers['content-security-policy']).toMatch(`script-src 'self' 'sha256-${hash}';`);
  });

  test('API answers are never cached', async () => {
    const response = await t.app.inject({ url: '/api/interfaceInfo/list/page', headers: { cookie: admin } });

    expect(response.headers['cache-control']).toBe('no-store');
  });

  test('served over HTTPS, browsers are told to keep to it', async () => {
    expect((await t.app.inject({ url: '/' })).headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });
});

describe('unknown paths', () => {
  test.each([
    ['GET', '/api/nothing-here'],
    ['POST', '/api/interfaceInfo/nothing'],
    ['GET', '/api/user/login'],
    ['GET', '/api'],
  ])('%s %s answers 40400 in the envelope, not the page', async (method, url) => {
    const response = await t.app.inject({ method: method as 'GET', url });

    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(envelopeOf(response)).toEqual({
      code: ResponseCode.NOT_FOUND,
      data: null,
      message: MESSAGES.unknownPath,
    });
  });
});

describe('request bodies', () => {
  test.each([
    ['text/plain', '{"id":"1"}', MESSAGES.contentType],
    ['application/json; charset=latin1', '{"id":"1"}', MESSAGES.contentType],
    ['application/json', '{"id":', MESSAGES.bodyNotJson],
    ['application/json', '[1,2]', MESSAGES.bodyNotObject],
    [
      'application/json',
      `${'['.repeat(JSON_MAX_DEPTH + 1)}${']'.repeat(JSON_MAX_DEPTH + 1)}`,
      MESSAGES.bodyTooDeep,
    ],
    ['application/json', `{"name":"${'x'.repeat(BODY_MAX_BYTES)}"}`, MESSAGES.bodyTooLarge],
  ])('%s %#: 40000 that names the problem', async (type, payload, message) => {
    const response = await post('/api/interfaceInfo/add', { payload, headers: { 'content-type': type } });

    expect(envelopeOf(response)).toEqual({ code: ResponseCode.PARAMS_ERROR, data: null, message });
  });

  test('a body over the limit is read to its end before the refusal, so the client can read it', async () => {
    const { port } = await listening();
    const chunk = Buffer.alloc(BODY_MAX_BYTES, 'x');
    const chunks = 12;
    const socket = net.connect(port, '127.0.0.1');
    let sentAll = false;
    const answer = new Promise<{ sentAll: boolean; text: string }>((resolve, reject) => {
      let text = '';
      let firstSeen: boolean | undefined;
      socket.on('data', (data) => {
        firstSeen ??= sentAll;
        text += data.toString();
      });
      socket.on('end', () => resolve({ sentAll: firstSeen ?? false, text }));
      socket.on('error', reject);
    });

    const write = (data: string | Buffer) =>
      new Promise<void>((resolve, reject) => {
        socket.write(data, (e) => (e ? reject(e) : resolve()));
      });
    await write(
      `POST /api/interfaceInfo/add HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${chunks * chunk.length}\r\nConnection: close\r\n\r\n`,
    );
    for (let i = 0; i < chunks; i += 1) await write(chunk);
    sentAll = true;
    const { sentAll: answeredAfterAll, text } = await answer;

    expect(answeredAfterAll).toBe(true);
    expect(text).toContain(MESSAGES.bodyTooLarge);
  });

  test('a write without a body says it needs JSON', async () => {
    expect(envelopeOf(await post('/api/interfaceInfo/delete'))).toMatchObject({
      message: MESSAGES.contentType,
    });
  });

  test('a field of the wrong type is named', async () => {
    const response = await post('/api/interfaceInfo/add', {
      payload: { name: 42, url: 'https://a.example', method: 'GET' },
    });

    expect(envelopeOf(response)).toEqual({
      code: ResponseCode.PARAMS_ERROR,
      data: null,
      message: '接口名称必须是文本',
    });
  });
});

describe('cross-site writes', () => {
  test('a write from another site is refused', async () => {
    const response = await post('/api/interfaceInfo/delete', {
      payload: { id: '1' },
      headers: { origin: 'https://evil.example' },
    });

    expect(envelopeOf(response)).toEqual({
      code: ResponseCode.FORBIDDEN,
      data: null,
      message: MESSAGES.crossSite,
    });
  });

  test('a browser that names no origin but says cross-site is refused', async () => {
    const response = await post('/api/user/logout', { headers: { 'sec-fetch-site': 'cross-site' } });

    expect(envelopeOf(response).code).toBe(ResponseCode.FORBIDDEN);
  });

  test('writes from the public address or the same host go through', async () => {
    const fromPublic = await post('/api/interfaceInfo/offline', {
      payload: { id: '1800000000000000001' },
      headers: { origin: 'https://agler.example.com' },
    });
    const sameHost = await post('/api/interfaceInfo/offline', {
      payload: { id: '1800000000000000001' },
      headers: { origin: 'http://localhost:80', host: 'localhost:80' },
    });

    expect(envelopeOf(fromPublic).code).toBe(0);
    expect(envelopeOf(sameHost).code).toBe(0);
  });
});

describe('faults', () => {
  test('an unexpected error is 50000 without its text; a lost database says so', async () => {
    const broken = await testApp({}, t.database);
    broken.app.get('/api/test/broken', async () => {
      throw new Error('SELECT secret FROM app_user -- at /work/server/x.ts:1');
    });
    broken.app.get('/api/test/lost', async () => {
      throw Object.assign(new Error('Failed query: SELECT 1'), {
        cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      });
    });
    try {
      const failed = await broken.app.inject({ url: '/api/test/broken' });
      const lost = await broken.app.inject({ url: '/api/test/lost' });

      expect(failed.statusCode).toBe(200);
      expect(envelopeOf(failed)).toEqual({
        code: ResponseCode.SYSTEM_ERROR,
        data: null,
        message: MESSAGES.systemError,
      });
      expect(envelopeOf(lost)).toEqual({
        code: ResponseCode.SYSTEM_ERROR,
        data: null,
        message: MESSAGES.databaseUnavailable,
      });
    } finally {
      await broken.close();
    }
  });

  test('health answers db ok', async () => {
    expect(await call(t.app, { url: '/api/health' })).toEqual({ code: 0, data: { db: 'ok' }, message: 'ok' });
  });
});

describe('the console', () => {
  test('page paths answer index.html, never cached', async () => {
    const response = await t.app.inject({ url: '/admin/interface_info?current=2' });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<div id="root">');
  });

  test('hashed files are cached for a year, others revalidated', async () => {
    const hashed = await t.app.inject({ url: '/umi.1a2b3c4d.js' });
    const plain = await t.app.inject({ url: '/logo.svg' });

    expect(hashed.headers['cache-control']).toMatch(/max-age=31536000, immutable/);
    expect(plain.headers['cache-control']).toBe('no-cache');
  });

  test('files are compressed for clients that accept it', async () => {
    const response = await t.app.inject({
      url: '/umi.1a2b3c4d.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });

    expect(response.headers['content-encoding']).toBe('br');
    expect(Number(response.headers['content-length'] ?? response.rawPayload.length)).toBeLessThan(2000);
  });

  test('a missing file is 404, not the page', async () => {
    const response = await t.app.inject({ url: '/missing.1a2b3c4d.js' });

    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('<div id="root">');
  });
});

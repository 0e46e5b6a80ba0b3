/**
 * @jest-environment node
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { BODY_MAX_BYTES, ResponseCode } from '@agler/contract/constants';
import { INTERFACE_VALIDATION_TEXTS } from '@agler/contract/interfaceValidation';
import { JSON_MAX_DEPTH } from '@agler/contract/json';
import type { Message } from '@agler/contract/messageKeys';
import { HOST_AMBIGUOUS, IMPORT_MESSAGES, MESSAGES } from '@agler/contract/messages';
import { ADMIN, call, setUpTestApp, testApp } from './test/app';
import { refusal } from './test/refusal';

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

const t = setUpTestApp({ consoleDir, publicUrl: 'https://agler.example.com', login: { admin: ADMIN } });
afterAll(() => fs.rmSync(consoleDir, { recursive: true, force: true }));

const post = (url: string, options: { payload?: string | object; headers?: Record<string, string> } = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: options.payload,
    headers: { cookie: t.cookie.admin, ...options.headers },
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
    const response = await t.app.inject({
      url: '/api/interfaceInfo/list/page',
      headers: { cookie: t.cookie.admin },
    });

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
    expect(envelopeOf(response)).toEqual(refusal(ResponseCode.NOT_FOUND, MESSAGES.unknownPath));
  });

  test.each([
    ['/demo', ''],
    ['/demo/', '/'],
    ['/demo?x=1', ''],
    ['/demo/v1/nothing', '/v1/nothing'],
  ])('%s is no demo interface: 404 with the envelope, not the page', async (url, path) => {
    const response = await t.app.inject({ url });

    expect(response.statusCode).toBe(404);
    expect(envelopeOf(response)).toEqual(refusal(ResponseCode.NOT_FOUND, MESSAGES.unknownDemo('GET', path)));
  });

  test.each(['//demo', '/DEMO', '/demo/../demo'])('%s, however written, is never the page', async (url) => {
    const response = await t.app.inject({ url });

    expect(response.statusCode).toBe(404);
    expect(envelopeOf(response)).toMatchObject({ code: ResponseCode.NOT_FOUND });
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

    expect(envelopeOf(response)).toEqual(refusal(ResponseCode.PARAMS_ERROR, message));
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

    expect(envelopeOf(response)).toEqual(refusal(ResponseCode.PARAMS_ERROR, INTERFACE_VALIDATION_TEXTS.notText('name')));
  });
});

/** What a raw exchange on a socket of its own saw: every byte that came back, whether the server closed, how much was sent. */
type Exchange = { text: string; closed: boolean; sent: number; writeError?: string };

/**
 * Sends `head`, then `chunk` `count` times, on a new connection to the
 * listening app, reading all the while; stops sending once an answer has
 * come when `untilAnswer`. Bounded: gives up after `timeoutMs`.
 */
async function exchange(
  head: string,
  body: { chunk?: Buffer; count?: number; untilAnswer?: boolean; frame?: (chunk: Buffer) => Buffer } = {},
  timeoutMs = 20_000,
): Promise<Exchange> {
  const { port } = await listening();
  // Half-open as curl's or a script's socket is: the end of the server's answer does not end the sending.
  const socket = net.connect({ port, host: '127.0.0.1', allowHalfOpen: true });
  const seen: Exchange = { text: '', closed: false, sent: 0 };
  const ended = new Promise<void>((resolve) => {
    socket.on('data', (data) => {
      seen.text += data.toString('latin1');
    });
    socket.on('end', () => {
      seen.closed = true;
    });
    socket.on('close', () => resolve());
    socket.on('error', (error: NodeJS.ErrnoException) => {
      seen.writeError ??= error.code;
    });
  });
  const timer = setTimeout(() => socket.destroy(), timeoutMs);
  const write = (data: string | Buffer) =>
    new Promise<boolean>((resolve) => {
      if (socket.destroyed) resolve(false);
      else socket.write(data, (error) => resolve(!error));
    });
  await write(head);
  for (let i = 0; i < (body.count ?? 0) && body.chunk; i += 1) {
    if (body.untilAnswer && seen.text.includes('\r\n\r\n')) break;
    if (!(await write(body.frame ? body.frame(body.chunk) : body.chunk))) break;
    seen.sent += body.chunk.length;
  }
  socket.end();
  await ended;
  clearTimeout(timer);
  return seen;
}

/** An answer as text: status, headers by lower-case name, and the body. */
function answerOf(text: string) {
  const [head, ...rest] = text.split('\r\n\r\n');
  const [statusLine, ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(
    lines.map((line) => [
      line.slice(0, line.indexOf(':')).toLowerCase(),
      line.slice(line.indexOf(':') + 1).trim(),
    ]),
  );
  return {
    status: Number(statusLine.split(' ')[1]),
    headers,
    body: Buffer.from(rest.join('\r\n\r\n'), 'latin1').toString('utf8'),
  };
}

const MB = 1024 * 1024;
const postHead = (url: string, headers: string) =>
  `POST ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${t.cookie.admin}\r\nContent-Type: application/json\r\n${headers}\r\n`;

describe('bodies over the limit', () => {
  const tooLarge = (message: Message) =>
    JSON.stringify(refusal(ResponseCode.PARAMS_ERROR, message));

  test.each([
    ['a write', '/api/interfaceInfo/add', 50 * MB, MESSAGES.bodyTooLarge],
    ['the import', '/api/interfaceInfo/import', 20 * MB, IMPORT_MESSAGES.documentTooLarge(5)],
    ['the import', '/api/interfaceInfo/import', 50 * MB, IMPORT_MESSAGES.documentTooLarge(5)],
  ])(
    '%s (%s) declaring %i bytes and expecting 100-continue: 413 at once, never 100, then closed',
    async (_what, url, size, message) => {
      const seen = await exchange(postHead(url, `Content-Length: ${size}\r\nExpect: 100-continue\r\n`));

      const answer = answerOf(seen.text);
      expect(seen.text).not.toMatch(/^HTTP\/1\.1 100/);
      expect(answer.status).toBe(413);
      expect(answer.headers.connection).toBe('close');
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      expect(answer.body).toBe(tooLarge(message));
      expect(seen.closed).toBe(true);
    },
  );

  test.each([
    ['a write', '/api/interfaceInfo/add', 20, MESSAGES.bodyTooLarge],
    ['the import', '/api/interfaceInfo/import', 20, IMPORT_MESSAGES.documentTooLarge(5)],
  ])(
    '%s (%s) sent whole, %i MB, before reading: the 413 is still read',
    async (_what, url, megabytes, message) => {
      const seen = await exchange(postHead(url, `Content-Length: ${megabytes * MB}\r\n`), {
        chunk: Buffer.alloc(MB, 'x'),
        count: megabytes,
      });

      expect(seen.writeError).toBeUndefined();
      expect(seen.sent).toBe(megabytes * MB);
      const answer = answerOf(seen.text);
      expect(answer.status).toBe(413);
      expect(answer.body).toBe(tooLarge(message));
      expect(seen.closed).toBe(true);
    },
  );

  test.each([
    ['/api/interfaceInfo/add', MESSAGES.bodyTooLarge],
    ['/api/interfaceInfo/import', IMPORT_MESSAGES.documentTooLarge(5)],
    ['/api/interfaceInfo/import', IMPORT_MESSAGES.documentTooLarge(5)],
  ])(
    'a chunked body to %s is refused 413 once it grows past the limit, then closed',
    async (url, message) => {
      const count = 100;
      const seen = await exchange(postHead(url, 'Transfer-Encoding: chunked\r\n'), {
        chunk: Buffer.alloc(256 * 1024, 'x'),
        count,
        untilAnswer: true,
        frame: (chunk) =>
          Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]),
      });

      const answer = answerOf(seen.text);
      expect(answer.status).toBe(413);
      expect(answer.headers.connection).toBe('close');
      expect(answer.body).toBe(tooLarge(message));
      expect(seen.sent).toBeLessThan(count * 256 * 1024);
      expect(seen.closed).toBe(true);
    },
  );

  test('a body within the limit that expects 100-continue is told to go on, and read', async () => {
    const body = JSON.stringify({ userAccount: ADMIN.userAccount, userPassword: ADMIN.userPassword });
    const { port } = await listening();
    const socket = net.connect(port, '127.0.0.1');
    let text = '';
    const continued = new Promise<void>((resolve) => {
      socket.on('data', (data) => {
        text += data.toString();
        if (text.includes('100 Continue')) resolve();
      });
    });
    const closed = new Promise((resolve) => {
      socket.on('close', resolve);
    });
    socket.write(
      `POST /api/user/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n`,
    );
    await continued;
    socket.write(body);
    await closed;

    expect(text).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 200 OK/);
    expect(text).toContain('"code":0');
  });

  test('a request refused before its body is wanted is never told to go on, and its connection closes', async () => {
    const { port } = await listening();
    const socket = net.connect({ port, host: '127.0.0.1', allowHalfOpen: true });
    let text = '';
    socket.on('data', (data) => {
      text += data.toString();
    });
    const closedByServer = new Promise<boolean>((resolve) => {
      socket.on('end', () => resolve(true));
      setTimeout(() => resolve(false), 5000);
    });
    socket.write(
      'POST /api/user/login HTTP/1.1\r\nHost: evil.example\r\nContent-Type: application/json\r\n' +
        'Content-Length: 100\r\nExpect: 100-continue\r\n\r\n',
    );
    const closed = await closedByServer;
    socket.destroy();

    const answer = answerOf(text);
    expect(text).not.toMatch(/^HTTP\/1\.1 100/);
    expect(answer.status).toBe(421);
    expect(answer.headers.connection).toBe('close');
    expect(closed).toBe(true);
  });

  test('inject (no socket) gets the same answer', async () => {
    const response = await post('/api/interfaceInfo/add', {
      payload: `{"name":"${'x'.repeat(BODY_MAX_BYTES)}"}`,
      headers: { 'content-type': 'application/json' },
    });

    expect(response.statusCode).toBe(413);
    expect(response.body).toBe(tooLarge(MESSAGES.bodyTooLarge));
  });
});

describe('nesting', () => {
  const deep = (depth: number) => `{"name":${'['.repeat(depth)}${']'.repeat(depth)}}`;

  test.each(['/api/interfaceInfo/add', '/api/user/login', '/api/interfaceInfo/import', '/demo/echo'])(
    '200,000 deep to %s is 40000, and nothing overflows',
    async (url) => {
      const response = await post(url, {
        payload: deep(200_000),
        headers: { 'content-type': 'application/json' },
      });

      expect(envelopeOf(response)).toEqual(refusal(ResponseCode.PARAMS_ERROR, MESSAGES.bodyTooDeep));
    },
  );
});

describe('the Host header', () => {
  test.each([
    ['two of them', 'Host: 127.0.0.1\r\nHost: evil.example\r\n'],
    ['two of them, the first not served', 'Host: evil.example\r\nHost: 127.0.0.1\r\n'],
    ['a list', 'Host: localhost, evil.example\r\n'],
    ['a space inside', 'Host: local host\r\n'],
    ['an empty one', 'Host:\r\n'],
  ])('%s: 400 with the envelope, not an answer', async (_what, hostLines) => {
    const seen = await exchange(`GET /api/user/get/login HTTP/1.1\r\n${hostLines}Connection: close\r\n\r\n`);

    const answer = answerOf(seen.text);
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual(refusal(ResponseCode.PARAMS_ERROR, HOST_AMBIGUOUS));
  });

  test('one served Host is answered', async () => {
    const seen = await exchange(
      'GET /api/user/get/login HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n',
    );

    expect(answerOf(seen.text).status).toBe(200);
  });
});

describe('cross-site writes', () => {
  test('a write from another site is refused', async () => {
    const response = await post('/api/interfaceInfo/delete', {
      payload: { id: '1' },
      headers: { origin: 'https://evil.example' },
    });

    expect(envelopeOf(response)).toEqual(refusal(ResponseCode.FORBIDDEN, MESSAGES.crossSite));
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
      expect(envelopeOf(failed)).toEqual(refusal(ResponseCode.SYSTEM_ERROR, MESSAGES.systemError));
      expect(envelopeOf(lost)).toEqual(refusal(ResponseCode.SYSTEM_ERROR, MESSAGES.databaseUnavailable));
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

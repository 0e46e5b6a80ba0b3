import net from 'net';
import { BODY_MAX_BYTES, ResponseCode } from '@agler/contract/constants';
import type { Message } from '@agler/contract/messageKeys';
import { HOST_AMBIGUOUS, IMPORT_MESSAGES, MESSAGES } from '@agler/contract/messages';
import { IMPORT_LIMITS } from '@agler/contract/openapiImport';
import type { Client } from './client';
import { baseUrl, expectAlive, expectRefusal, loggedIn, refusal } from './client';
import { API } from './interfaces';

/**
 * The server's HTTP edge, on sockets of their own as curl or a script would
 * write: bodies over the limit (declared, expected with 100-continue, sent
 * whole, chunked), ambiguous Host headers, nesting deeper than the reader
 * takes, and the demo prefix itself. Every answer is the envelope with its
 * HTTP status, and the target still answers afterwards.
 */

const MB = 1024 * 1024;
const IMPORT = '/api/interfaceInfo/import';
/** Long enough for a busy 2-core machine to take 50 MB over loopback. */
const EXCHANGE_TIMEOUT_MS = 30_000;

let admin: Client;

beforeAll(async () => {
  admin = await loggedIn('admin');
});

afterEach(async () => {
  await expectAlive();
});

type Seen = { text: string; closed: boolean; sent: number };

/**
 * Sends `head`, then up to `count` chunks (framed by `frame`, if given),
 * reading all the while, until the server closes or `untilAnswer` sees an
 * answer. Half-open as curl's socket is: the server's end of the answer
 * does not stop the sending.
 */
async function exchange(
  head: string,
  body:
    { chunk: Buffer; count: number; untilAnswer?: boolean; frame?: (chunk: Buffer) => Buffer } | undefined,
): Promise<Seen> {
  const { hostname, port } = new URL(baseUrl());
  const socket = net.connect({ host: hostname, port: Number(port), allowHalfOpen: true });
  const seen: Seen = { text: '', closed: false, sent: 0 };
  const closed = new Promise<void>((resolve) => {
    socket.on('data', (data) => {
      seen.text += data.toString('latin1');
    });
    socket.on('end', () => {
      seen.closed = true;
    });
    socket.on('close', () => resolve());
    // A write after the server has closed its reading side fails: what came back is what counts.
    socket.on('error', () => undefined);
  });
  const timer = setTimeout(() => socket.destroy(), EXCHANGE_TIMEOUT_MS);
  const write = (data: string | Buffer) =>
    new Promise<boolean>((resolve) => {
      if (socket.destroyed) resolve(false);
      else socket.write(data, (error) => resolve(!error));
    });
  await write(head);
  for (let i = 0; body && i < body.count; i += 1) {
    if (body.untilAnswer && seen.text.includes('\r\n\r\n')) break;
    if (!(await write(body.frame ? body.frame(body.chunk) : body.chunk))) break;
    seen.sent += body.chunk.length;
  }
  socket.end();
  await closed;
  clearTimeout(timer);
  return seen;
}

/** The first answer in `text`: status, headers by lower-case name, and its body (by its Content-Length). */
function answerOf(text: string) {
  const headEnd = text.indexOf('\r\n\r\n');
  const [statusLine, ...lines] = text.slice(0, headEnd).split('\r\n');
  const headers = Object.fromEntries(
    lines.map((line) => [
      line.slice(0, line.indexOf(':')).toLowerCase(),
      line.slice(line.indexOf(':') + 1).trim(),
    ]),
  );
  const bytes = Buffer.from(text.slice(headEnd + 4), 'latin1');
  const body = bytes.subarray(0, Number(headers['content-length'] ?? bytes.length)).toString('utf8');
  return { status: Number(statusLine.split(' ')[1]), headers, body };
}

const refusalText = (code: number, message: Message) => JSON.stringify(refusal(code, message));

function expectTooLarge(seen: Seen, message: Message) {
  const answer = answerOf(seen.text);
  expect({ status: answer.status, body: answer.body }).toEqual({
    status: 413,
    body: refusalText(ResponseCode.PARAMS_ERROR, message),
  });
  expect(answer.headers.connection).toBe('close');
  expect(seen.text).not.toMatch(/^HTTP\/1\.1 100/);
  expect(seen.closed).toBe(true);
}

const head = (path: string, headers: string) =>
  `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${admin.cookieHeader()}\r\n` +
  `Content-Type: application/json\r\n${headers}\r\n`;

const TOO_LARGE: [string, string, Message][] = [
  ['a write', API.add, MESSAGES.bodyTooLarge],
  ['the import', IMPORT, IMPORT_MESSAGES.documentTooLarge(IMPORT_LIMITS.documentMaxBytes / MB)],
];

describe.each(TOO_LARGE)('%s (%s) over its limit', (_what, path, message) => {
  it.each([20, 50])(
    '%i MB with Expect: 100-continue is 413 at once: no 100, no body read',
    async (megabytes) => {
      const seen = await exchange(
        head(path, `Content-Length: ${megabytes * MB}\r\nExpect: 100-continue\r\n`),
        undefined,
      );

      expectTooLarge(seen, message);
    },
  );

  it.each([20, 50])('%i MB sent whole without waiting gets the 413 it can read', async (megabytes) => {
    const seen = await exchange(head(path, `Content-Length: ${megabytes * MB}\r\n`), {
      chunk: Buffer.alloc(MB, 'x'),
      count: megabytes,
    });

    expectTooLarge(seen, message);
  });

  it('a chunked body is 413 once it passes the limit, and the connection closes after the answer', async () => {
    const chunk = Buffer.alloc(256 * 1024, 'x');
    const seen = await exchange(head(path, 'Transfer-Encoding: chunked\r\n'), {
      chunk,
      count: (IMPORT_LIMITS.bodyMaxBytes * 2) / chunk.length,
      untilAnswer: true,
      frame: (data) =>
        Buffer.concat([Buffer.from(`${data.length.toString(16)}\r\n`), data, Buffer.from('\r\n')]),
    });

    expectTooLarge(seen, message);
  });
});

describe('a body just over 1 MB, as fetch sends it', () => {
  it.each([API.add, API.update, '/api/user/login', API.invoke])('%s: 413 with the envelope', async (path) => {
    const answer = await admin.request('POST', path, {
      body: JSON.stringify({ a: 'x'.repeat(BODY_MAX_BYTES) }),
      contentType: 'application/json',
    });

    expect({ status: answer.status, body: answer.body }).toEqual({
      status: 413,
      body: refusal(ResponseCode.PARAMS_ERROR, MESSAGES.bodyTooLarge),
    });
  });
});

describe('nesting deeper than the reader takes', () => {
  const deep = `{"a":${'['.repeat(200_000)}${']'.repeat(200_000)}}`;

  it.each([API.add, '/api/user/login', IMPORT])('200,000 deep to %s is 40000', async (path) => {
    const answer = await admin.request('POST', path, { body: deep, contentType: 'application/json' });

    expectRefusal(answer, ResponseCode.PARAMS_ERROR, MESSAGES.bodyTooDeep);
  });
});

describe('an ambiguous Host', () => {
  it.each([
    ['two Host headers', 'Host: 127.0.0.1\r\nHost: evil.example\r\n'],
    ['two Host headers, the served one last', 'Host: evil.example\r\nHost: 127.0.0.1\r\n'],
    ['a list', 'Host: localhost, evil.example\r\n'],
    ['a space', 'Host: local host\r\n'],
    ['an empty one', 'Host:\r\n'],
  ])('%s: 400 with the envelope', async (_what, hostLines) => {
    const seen = await exchange(
      `GET /api/user/get/login HTTP/1.1\r\n${hostLines}Cookie: ${admin.cookieHeader()}\r\nConnection: close\r\n\r\n`,
      undefined,
    );

    const answer = answerOf(seen.text);
    expect({ status: answer.status, body: answer.body }).toEqual({
      status: 400,
      body: refusalText(ResponseCode.PARAMS_ERROR, HOST_AMBIGUOUS),
    });
  });
});

describe('the demo prefix itself', () => {
  it.each(['/demo', '/demo/'])('%s is 404 with the envelope, not the console', async (path) => {
    const res = await fetch(`${baseUrl()}${path}`, { signal: AbortSignal.timeout(EXCHANGE_TIMEOUT_MS) });

    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual(refusal(ResponseCode.NOT_FOUND, MESSAGES.unknownDemo('GET', path.slice('/demo'.length))));
  });
});

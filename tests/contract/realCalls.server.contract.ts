import http from 'http';
import type { AddressInfo } from 'net';
import { ResponseCode } from '@agler/contract/constants';
import { textOf } from '@agler/contract/messageKeys';
import { LOOPBACK_HOSTS, UPSTREAM_MAX_BYTES, UPSTREAM_MESSAGES } from '@agler/contract/upstream';
import type { Client } from './client';
import { expectSuccess, loggedIn, refusal } from './client';
import { API, createInterface, getOverview, removeInterfaces, today } from './interfaces';

/**
 * Real calls, for targets that make them (targets.ts; a target already up
 * when CONTRACT_UPSTREAM_PORT names the port it allows, see jest.config.ts).
 * The interface servers are local listeners started here: one on the port
 * the target was told to allow (CONTRACT_UPSTREAM_PORT, in its
 * INVOKE_ALLOW_HOSTS) playing every kind of upstream, one anywhere else that
 * the target must refuse to connect to.
 */

type Listener = { server: http.Server; port: number; connections: number };

async function listen(port: number, handler: http.RequestListener): Promise<Listener> {
  const server = http.createServer(handler);
  const listener: Listener = { server, port, connections: 0 };
  server.on('connection', () => {
    listener.connections += 1;
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  listener.port = (server.address() as AddressInfo).port;
  return listener;
}

const closeListener = (l: Listener) =>
  new Promise<void>((resolve) => {
    l.server.closeAllConnections();
    l.server.close(() => resolve());
  });

let upstream: Listener;
let forbidden: Listener;
let user: Client;
let admin: Client;
const created: string[] = [];
const timers = new Set<NodeJS.Timeout>();
let lastRequest: { method?: string; url?: string; headers?: http.IncomingHttpHeaders; body?: string } = {};

beforeAll(async () => {
  const port = Number(process.env.CONTRACT_UPSTREAM_PORT);
  if (!port) throw new Error('CONTRACT_UPSTREAM_PORT is not set: the target must allow 127.0.0.1 on that port');
  upstream = await listen(port, (req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0];
      if (path === '/echo') {
        lastRequest = { method: req.method, url: req.url, headers: req.headers, body };
        res.setHeader('content-type', 'application/json');
        res.end('{"big":12345678901234567890}');
      } else if (path === '/text') {
        res.setHeader('content-type', 'text/plain; charset=utf-8');
        res.end('纯文本');
      } else if (path === '/bad-json') {
        res.setHeader('content-type', 'application/json');
        res.end('{"unclosed":');
      } else if (path === '/slow') {
        const timer = setTimeout(() => {
          timers.delete(timer);
          res.end('{}');
        }, 30_000);
        timers.add(timer);
      } else if (path === '/huge') {
        res.setHeader('content-type', 'text/plain');
        res.end('x'.repeat(UPSTREAM_MAX_BYTES + 1));
      } else if (path === '/redirect') {
        res.statusCode = 301;
        res.setHeader('location', `http://127.0.0.1:${forbidden.port}/`);
        res.end();
      } else if (path === '/fail') {
        res.statusCode = 503;
        res.end('维护中，请稍后再试');
      } else if (path === '/hang-up') {
        req.socket.destroy();
      } else {
        res.statusCode = 404;
        res.end();
      }
    });
  });
  forbidden = await listen(0, (_req, res) => res.end('{"secret":true}'));
  [user, admin] = await Promise.all([loggedIn('user'), loggedIn('admin')]);
});

afterAll(async () => {
  for (const timer of timers) clearTimeout(timer);
  await removeInterfaces(admin, created);
  await closeListener(upstream);
  await closeListener(forbidden);
});

async function online(url: string, method = 'GET', requestHeader = ''): Promise<string> {
  const id = await createInterface(admin, {
    online: true,
    overrides: { url, method, requestParams: '', requestHeader, responseHeader: '' },
  });
  created.push(id);
  return id;
}

const at = (path: string) => `http://127.0.0.1:${upstream.port}${path}`;
const invoke = (id: string, userRequestParams = '') => user.post(API.invoke, { id, userRequestParams });

/** Today's calls and errors of one interface in the analysis. */
async function countOf(id: string): Promise<{ calls: number; errors: number }> {
  const day = today();
  const overview = expectSuccess(await getOverview(admin, { startDate: day, endDate: day }));
  const row = overview.interfaces.find((r) => r.interfaceInfoId === id);
  return { calls: row?.calls ?? 0, errors: row?.errors ?? 0 };
}

describe('the call', () => {
  it('GET sends the parameters as the query and the documented headers, not the placeholders', async () => {
    const id = await online(at('/echo'), 'GET', '{"X-App":"agler","accessKey":"<你的 AccessKey>"}');

    expectSuccess(await invoke(id, '{"city":"北京","page":2}'));

    expect(lastRequest.method).toBe('GET');
    expect(lastRequest.url).toBe('/echo?city=%E5%8C%97%E4%BA%AC&page=2');
    expect(lastRequest.headers?.['x-app']).toBe('agler');
    expect(lastRequest.headers).not.toHaveProperty('accesskey');
  });

  it('POST sends the parameters as the JSON body', async () => {
    const id = await online(at('/echo'), 'POST');
    expectSuccess(await invoke(id, '{"n":12345678901234567890}'));
    expect(lastRequest).toMatchObject({ method: 'POST', body: '{"n":12345678901234567890}' });
  });

  it("answers the interface's JSON exactly, and its text as text", async () => {
    const json = await online(at('/echo'));
    const answer = await invoke(json);
    expect(answer.text).toContain('"data":{"big":12345678901234567890}');

    expect(expectSuccess(await invoke(await online(at('/text'))))).toBe('纯文本');
    expect(expectSuccess(await invoke(await online(at('/bad-json'))))).toBe('{"unclosed":');
  });
});

describe('limits, each with its own message, counted as failed calls', () => {
  it.each([
    ['a time-out', '/slow', /^接口在 [\d.]+ 秒内没有响应，调用已超时$/],
    ['an answer over 1 MB', '/huge', UPSTREAM_MESSAGES.tooLarge],
    ['a redirect, never followed', '/redirect', UPSTREAM_MESSAGES.redirect(301)],
    ['an error status with the start of its body', '/fail', UPSTREAM_MESSAGES.httpError(503, '维护中，请稍后再试')],
    ['no answer', '/hang-up', UPSTREAM_MESSAGES.unreachable],
  ])('%s', async (_label, path, message) => {
    const id = await online(at(path));

    const answer = await invoke(id);

    expect(answer.body.code).toBe(ResponseCode.UPSTREAM_ERROR);
    expect(answer.body.message).toMatch(message instanceof RegExp ? message : textOf(message));
    expect(await countOf(id)).toEqual({ calls: 1, errors: 1 });
    expect(forbidden.connections).toBe(0);
  });
});

describe('addresses the platform may not call', () => {
  it.each(LOOPBACK_HOSTS)('http://%s: refused without a connection, and not counted', async (host) => {
    const id = await online(`http://${host}:${forbidden.port}/`);

    const answer = await invoke(id);

    expect(answer.body).toEqual(refusal(ResponseCode.FORBIDDEN, UPSTREAM_MESSAGES.refused));
    expect(forbidden.connections).toBe(0);
    expect(await countOf(id)).toEqual({ calls: 0, errors: 0 });
  });
});

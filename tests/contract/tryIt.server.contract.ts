import http from 'http';
import type { AddressInfo } from 'net';
import { ResponseCode } from '@agler/contract/constants';
import type { CallHistoryEntry, CallMeta } from '@agler/contract/invoke';
import { UPSTREAM_MESSAGES } from '@agler/contract/upstream';
import type { Answer, Client } from './client';
import { expectSuccess, loggedIn, refusal } from './client';
import { API, createInterface, removeInterfaces } from './interfaces';

/**
 * The try-it's view of real calls, for targets that make them (see
 * jest.config.ts): an upstream on the allowed port (CONTRACT_UPSTREAM_PORT)
 * answers with an error status and headers of every kind; one anywhere else
 * stands for an address the platform refuses.
 */

const HISTORY = '/api/interfaceInfo/invoke/history';

let upstream: http.Server;
let upstreamPort: number;
let forbiddenPort: number;
let forbidden: http.Server;
let user: Client;
let admin: Client;
const created: string[] = [];

async function listen(port: number, handler: http.RequestListener): Promise<[http.Server, number]> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return [server, (server.address() as AddressInfo).port];
}

const close = (server: http.Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

beforeAll(async () => {
  const port = Number(process.env.CONTRACT_UPSTREAM_PORT);
  if (!port)
    throw new Error('CONTRACT_UPSTREAM_PORT is not set: the target must allow 127.0.0.1 on that port');
  [upstream, upstreamPort] = await listen(port, (req, res) => {
    req.resume();
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0];
      res.setHeader('x-request-id', 'req-42');
      res.setHeader('set-cookie', ['session=secret; HttpOnly']);
      res.setHeader('x-hop', 'only this connection');
      res.setHeader('connection', 'keep-alive, x-hop');
      if (path === '/ok') {
        res.setHeader('content-type', 'application/json');
        res.end('{"ok":true}');
      } else if (path === '/fail') {
        res.statusCode = 500;
        res.setHeader('content-type', 'application/json');
        res.end('{"message":"数据库不可用"}');
      } else {
        res.statusCode = 302;
        res.setHeader('location', '/ok');
        res.end();
      }
    });
  });
  [forbidden, forbiddenPort] = await listen(0, (_req, res) => res.end('{"secret":true}'));
  [user, admin] = await Promise.all([loggedIn('user'), loggedIn('admin')]);
});

afterAll(async () => {
  await removeInterfaces(admin, created);
  await close(upstream);
  await close(forbidden);
});

async function online(url: string): Promise<string> {
  const id = await createInterface(admin, {
    online: true,
    overrides: { url, method: 'GET', requestParams: '', requestHeader: '', responseHeader: '' },
  });
  created.push(id);
  return id;
}

const invoke = (id: string, userRequestParams = '') =>
  user.post(API.invoke, { id, userRequestParams }) as Promise<
    Answer & { body: Answer['body'] & { call?: CallMeta } }
  >;

describe('the call of a real interface', () => {
  it("carries the interface's headers without cookies or those of the connection", async () => {
    const answer = await invoke(await online(`http://127.0.0.1:${upstreamPort}/ok`));

    expect(expectSuccess(answer)).toEqual({ ok: true });
    expect(answer.body.call).toEqual({
      status: 200,
      headers: expect.objectContaining({
        'content-type': 'application/json',
        'x-request-id': 'req-42',
        'content-length': '11',
      }),
      durationMs: expect.any(Number),
      bytes: 11,
    });
    for (const hidden of ['set-cookie', 'connection', 'keep-alive', 'x-hop']) {
      expect(answer.body.call!.headers).not.toHaveProperty(hidden);
    }
  });

  it('an interface that answers 500: 50200 with the call, whose status is 500; listed in the history', async () => {
    const id = await online(`http://127.0.0.1:${upstreamPort}/fail`);

    const answer = await invoke(id, '{"q":1}');

    expect(answer.body).toMatchObject({
      code: ResponseCode.UPSTREAM_ERROR,
      data: null,
      message: UPSTREAM_MESSAGES.httpError(500, '数据库不可用').text,
      call: { status: 500, headers: expect.objectContaining({ 'x-request-id': 'req-42' }) },
    });
    const [entry] = expectSuccess(await user.get<CallHistoryEntry[]>(HISTORY, { id }));
    expect(entry).toMatchObject({ status: 500, success: false, params: '{"q":1}' });
  });

  it('a refused address (40300) has no call and no history; a redirect (50200) has no call', async () => {
    const refusedId = await online(`http://127.0.0.1:${forbiddenPort}/`);
    const refused = await invoke(refusedId);
    expect(refused.body).toEqual(refusal(ResponseCode.FORBIDDEN, UPSTREAM_MESSAGES.refused));
    expect(expectSuccess(await user.get<CallHistoryEntry[]>(HISTORY, { id: refusedId }))).toEqual([]);

    const redirect = await invoke(await online(`http://127.0.0.1:${upstreamPort}/moved`));
    expect(redirect.body).toEqual(refusal(ResponseCode.UPSTREAM_ERROR, UPSTREAM_MESSAGES.redirect(302)));
  });
});

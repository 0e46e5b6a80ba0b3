import http from 'http';
import type { AddressInfo } from 'net';
import { emptyStatusClasses } from '@agler/contract/callers';
import { ResponseCode } from '@agler/contract/constants';
import { UPSTREAM_MAX_BYTES } from '@agler/contract/upstream';
import type { InterfaceCallers } from '@agler/contract/types';
import type { Client } from './client';
import { expectSuccess, loggedIn } from './client';
import { API, createInterface, removeInterfaces, today } from './interfaces';

/**
 * The status classes of real calls, for targets that make them (see
 * realCalls.server.contract.ts): one interface whose upstream answers each
 * call differently, by the path the parameters ask for, so every class the
 * server records is seen with its exact count.
 */

const CALLERS = '/api/analysis/interface/callers';

let upstream: http.Server;
let port: number;
let user: Client;
let admin: Client;
const created: string[] = [];

beforeAll(async () => {
  port = Number(process.env.CONTRACT_UPSTREAM_PORT);
  if (!port) throw new Error('CONTRACT_UPSTREAM_PORT is not set: the target must allow 127.0.0.1 on that port');
  upstream = http.createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    req.resume();
    req.on('end', () => {
      if (path === '/ok') res.end('{}');
      else if (path === '/redirect') {
        res.statusCode = 302;
        res.setHeader('location', '/ok');
        res.end();
      } else if (path === '/missing') {
        res.statusCode = 404;
        res.end();
      } else if (path === '/fail') {
        res.statusCode = 503;
        res.end('维护中');
      } else if (path === '/huge') res.end('x'.repeat(UPSTREAM_MAX_BYTES + 1));
      else req.socket.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    upstream.once('error', reject);
    upstream.listen(port, '127.0.0.1', resolve);
  });
  port = (upstream.address() as AddressInfo).port;
  [user, admin] = await Promise.all([loggedIn('user'), loggedIn('admin')]);
});

afterAll(async () => {
  await removeInterfaces(admin, created);
  upstream.closeAllConnections();
  await new Promise<void>((resolve) => {
    upstream.close(() => resolve());
  });
});

async function online(path: string): Promise<string> {
  const id = await createInterface(admin, {
    online: true,
    overrides: { url: `http://127.0.0.1:${port}${path}`, method: 'GET', requestParams: '', requestHeader: '', responseHeader: '' },
  });
  created.push(id);
  return id;
}

describe('status classes of real calls', () => {
  it('2xx, 3xx, 4xx, 5xx and no answer, each counted once, a too large 2xx a failed 2xx', async () => {
    const answers: Record<string, number> = {};
    for (const [path, times] of [
      ['/ok', 3],
      ['/redirect', 1],
      ['/missing', 2],
      ['/fail', 1],
      ['/huge', 1],
      ['/hang-up', 1],
    ] as const) {
      const id = await online(path);
      for (let i = 0; i < times; i += 1) {
        const answer = await user.post(API.invoke, { id, userRequestParams: '' });
        answers[path] = answer.body.code;
      }
      const day = today();
      const callers = expectSuccess(
        await admin.get<InterfaceCallers>(CALLERS, { interfaceInfoId: id, startDate: day, endDate: day }),
      );
      const failed = path === '/ok' ? 0 : times;
      const expected = {
        '/ok': { '2xx': 3 },
        '/redirect': { '3xx': 1 },
        '/missing': { '4xx': 2 },
        '/fail': { '5xx': 1 },
        '/huge': { '2xx': 1 },
        '/hang-up': { noAnswer: 1 },
      }[path];
      expect({ path, ...callers.statusClasses }).toEqual({ path, ...emptyStatusClasses(), ...expected });
      expect({ path, total: callers.totalCalls, errors: callers.errorCalls }).toEqual({
        path,
        total: times,
        errors: failed,
      });
      expect(callers.callers).toEqual([expect.objectContaining({ userAccount: 'user', calls: times, errors: failed })]);
    }
    expect(answers['/ok']).toBe(ResponseCode.SUCCESS);
    expect(answers['/hang-up']).toBe(ResponseCode.UPSTREAM_ERROR);
  });
});

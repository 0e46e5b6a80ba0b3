import type { IncomingHttpHeaders } from 'node:http';
import { UPSTREAM_MAX_BYTES } from '@agler/contract/upstream';
import { listen } from './listener';
import type { Listener } from './listener';

/**
 * An interface's server for tests of outgoing calls (invoke, the gateway, the
 * quota's charge), on 127.0.0.1, one path per kind of answer:
 *
 *   /ok          200 `{"ok":true}`
 *   /echo        200 JSON with a number beyond 2^53, a request id and a cookie; keeps what it received
 *   /text        200 text in UTF-8
 *   /bad-json    200 that says JSON and is not
 *   /empty       204
 *   /bad         400 with a JSON message
 *   /fail        500 with a JSON message
 *   /unavailable 503 with a JSON message
 *   /slow        200, after `slowMs`
 *   /huge        200, larger than the platform takes
 *   /redirect    302 to `redirectTo`
 *   /hang-up     the connection closed with no answer
 *   anything else 404
 */

/** What /echo received last. */
export type Echoed = { method?: string; url?: string; headers?: IncomingHttpHeaders; body?: string };

export type Upstream = Listener & { echoed: Echoed };

export type UpstreamOptions = {
  /** How long /slow takes: longer than the time-out under test. */
  slowMs: number;
  /** Where /redirect points; this server's /ok when not given. */
  redirectTo?: string;
};

export async function startUpstream(options: UpstreamOptions): Promise<Upstream> {
  const pendingTimers = new Set<NodeJS.Timeout>();
  const echoed: Echoed = {};
  const json = (status: number, body: string) => ({ status, type: 'application/json', body });
  const answers: Record<string, { status: number; type?: string; body: string }> = {
    '/ok': json(200, '{"ok":true}'),
    '/text': { status: 200, type: 'text/plain; charset=utf-8', body: 'pong 乒乓' },
    '/bad-json': json(200, '{oops'),
    '/empty': { status: 204, body: '' },
    '/bad': json(400, '{"message":"缺少参数"}'),
    '/fail': json(500, '{"message":"数据库不可用"}'),
    '/unavailable': json(503, '{"message":"维护中"}'),
    '/huge': json(200, `"${'x'.repeat(UPSTREAM_MAX_BYTES)}"`),
  };
  const listener = await listen((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    req.on('end', () => {
      const answer = answers[path];
      if (answer) {
        res.statusCode = answer.status;
        if (answer.type) res.setHeader('content-type', answer.type);
        res.end(answer.body);
        return;
      }
      switch (path) {
        case '/echo':
          Object.assign(echoed, { method: req.method, url: req.url, headers: req.headers, body });
          res.setHeader('content-type', 'application/json');
          res.setHeader('x-request-id', 'req-1');
          res.setHeader('set-cookie', ['session=secret; HttpOnly']);
          res.end('{"id":12345678901234567890,"text":"你好"}');
          break;
        case '/slow': {
          const timer = setTimeout(() => {
            pendingTimers.delete(timer);
            res.end('{"late":true}');
          }, options.slowMs);
          pendingTimers.add(timer);
          break;
        }
        case '/redirect':
          res.statusCode = 302;
          res.setHeader('location', options.redirectTo ?? '/ok');
          res.end();
          break;
        case '/hang-up':
          req.socket.destroy();
          break;
        default:
          res.statusCode = 404;
          res.end('no such path');
      }
    });
  });
  // The listener itself, so that its counts stay live.
  const upstream: Upstream = Object.assign(listener, { echoed });
  const closeListener = listener.close;
  // A /slow still waiting would keep the test's process alive.
  upstream.close = async () => {
    for (const timer of pendingTimers) clearTimeout(timer);
    await closeListener();
  };
  return upstream;
}

/** A server that counts the requests each path got, so a retry (or its absence) is seen from its side. */
export type FlakyUpstream = Listener & { seen: Map<string, number> };

/**
 * An interface's server for tests of time-outs, retries and connections, on 127.0.0.1, by the
 * path's start:
 *
 *   /slow…       200 `{}`, after `slowMs`
 *   /once503…    503 to the path's first request, then 200 `{"ok":true}`
 *   /always503   503
 *   /reset…      the connection closed on the path's first request, then 200 `{"ok":true}`
 *   anything else 200 `{"ok":true}`
 */
export async function startFlakyUpstream(slowMs: number): Promise<FlakyUpstream> {
  const pendingTimers = new Set<NodeJS.Timeout>();
  const seen = new Map<string, number>();
  const listener = await listen((req, res) => {
    const path = new URL(req.url ?? '/', 'http://upstream').pathname;
    const count = (seen.get(path) ?? 0) + 1;
    seen.set(path, count);
    req.resume();
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      if (path.startsWith('/slow')) {
        const timer = setTimeout(() => {
          pendingTimers.delete(timer);
          res.end('{}');
        }, slowMs);
        pendingTimers.add(timer);
      } else if (path.startsWith('/once503') && count === 1) res.writeHead(503).end('{"message":"down"}');
      else if (path === '/always503') res.writeHead(503).end('{"message":"down"}');
      else if (path.startsWith('/reset') && count === 1) req.socket.destroy();
      else res.end('{"ok":true}');
    });
  });
  const upstream: FlakyUpstream = Object.assign(listener, { seen });
  const closeListener = listener.close;
  // A /slow still waiting would keep the test's process alive.
  upstream.close = async () => {
    for (const timer of pendingTimers) clearTimeout(timer);
    await closeListener();
  };
  return upstream;
}

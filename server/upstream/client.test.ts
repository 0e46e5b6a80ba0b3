/** @jest-environment node */
import dns from 'node:dns';
import net from 'node:net';
import { parseAllowList } from './addressPolicy';
import type { Resolve, UpstreamClient } from './client';
import { createUpstreamClient } from './client';
import { listen } from '../test/listener';
import type { Listener } from '../test/listener';
import { startFlakyUpstream } from '../test/upstream';
import type { FlakyUpstream } from '../test/upstream';

/**
 * Every target here is this machine: refusals are proven against a listener
 * that must see no connection; private and public ranges are only ever
 * named through a stubbed resolver, which never connects.
 */

/**
 * A tripwire under the client: a socket to anything but this machine's
 * loopback throws before a packet is sent, so a check that fails to refuse
 * fails the test instead of reaching out.
 */
const isLoopback = (address: string) =>
  address === '::1' || (net.isIPv4(address) && address.startsWith('127.'));
const connectOutside = (address: string) => new Error(`the client tried to connect to ${address}`);
const realConnect = net.connect;
type Lookup = NonNullable<net.TcpNetConnectOpts['lookup']>;
beforeAll(() => {
  jest.spyOn(net, 'connect').mockImplementation(((options: net.TcpNetConnectOpts, listener?: () => void) => {
    if (net.isIP(options.host ?? '') && !isLoopback(options.host!)) throw connectOutside(options.host!);
    const lookup = (options.lookup ?? dns.lookup) as Lookup;
    const guarded: Lookup = (hostname, lookupOptions, callback) =>
      lookup(hostname, lookupOptions, (error, address, family) => {
        const addresses = typeof address === 'string' ? [address] : (address ?? []).map((a) => a.address);
        const outside = addresses.find((a) => !isLoopback(a));
        callback(error ?? (outside === undefined ? null : connectOutside(outside)), address, family);
      });
    return realConnect({ ...options, lookup: guarded }, listener);
  }) as typeof net.connect);
});
afterAll(() => jest.restoreAllMocks());

const stubResolve =
  (table: Record<string, string[]>): Resolve =>
  async (hostname) => {
    const addresses = table[hostname];
    if (!addresses) throw Object.assign(new Error(`unknown ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

describe('refused targets', () => {
  let target: Listener;
  let client: UpstreamClient;

  beforeAll(async () => {
    target = await listen((_req, res) => res.end('{"secret":true}'));
    client = createUpstreamClient({
      timeoutMs: 2000,
      allow: parseAllowList(''),
      // localhost goes through the real resolver: it names this machine.
      resolve: async (hostname) => {
        if (hostname === 'localhost') return [{ address: '127.0.0.1', family: 4 }];
        return stubResolve({
          'internal.test': ['10.0.0.1'],
          'metadata.test': ['169.254.169.254'],
          'mixed.test': ['93.184.216.34', '192.168.1.1'],
          'ula.test': ['fc00::1'],
          'cgnat.test': ['100.64.0.1'],
          'loop6.test': ['::1'],
          'compatible.test': ['::7f00:1'],
          'compatible-dotted.test': ['::127.0.0.1'],
          'nat64.test': ['64:ff9b::7f00:1'],
          'sixtofour.test': ['2002:a9fe:a9fe::1'],
          'teredo.test': ['2001:0:808:808:8000:63bf:80ff:fffe'],
        })(hostname);
      },
    });
  });

  afterAll(async () => {
    await client.close();
    await target.close();
  });

  it.each([
    '127.0.0.1',
    '127.1',
    'localhost',
    '[::1]',
    '0.0.0.0',
    '2130706433',
    '0x7f000001',
    '[::ffff:127.0.0.1]',
    '[::127.0.0.1]',
    '[::7f00:1]',
    '[64:ff9b::127.0.0.1]',
    '[2002:7f00:1::1]',
    '[2001:0:808:808:8000:63bf:80ff:fffe]',
  ])('refuses http://%s without connecting', async (host) => {
    const result = await client.call({ method: 'GET', url: `http://${host}:${target.port}/` });
    expect(result).toMatchObject({ ok: false, failure: 'refused', reached: false });
    expect(target.connections).toBe(0);
  });

  it.each([
    'internal.test',
    'metadata.test',
    'mixed.test',
    'ula.test',
    'cgnat.test',
    'loop6.test',
    'compatible.test',
    'compatible-dotted.test',
    'nat64.test',
    'sixtofour.test',
    'teredo.test',
  ])('refuses a name that resolves to a non-public address (%s) before any connection', async (host) => {
    const result = await client.call({
      method: 'POST',
      url: `http://${host}:${target.port}/x`,
      body: '{}',
    });
    expect(result).toMatchObject({ ok: false, failure: 'refused', reached: false });
    expect(target.connections).toBe(0);
  });

  it('says the same for a closed port as for an open one', async () => {
    const closed = await listen(() => undefined);
    const port = closed.port;
    await closed.close();
    const open = await client.call({ method: 'GET', url: `http://127.0.0.1:${target.port}/` });
    const shut = await client.call({ method: 'GET', url: `http://127.0.0.1:${port}/` });
    expect({ ...shut, durationMs: 0 }).toEqual({ ...open, durationMs: 0 });
  });

  it('refuses schemes other than http and https', async () => {
    expect(await client.call({ method: 'GET', url: 'file:///etc/passwd' })).toMatchObject({
      ok: false,
      failure: 'scheme',
    });
    expect(await client.call({ method: 'GET', url: 'gopher://127.0.0.1/' })).toMatchObject({
      ok: false,
      failure: 'scheme',
    });
  });
});

describe('calls to an allowed upstream', () => {
  let upstream: Listener;
  let client: UpstreamClient;
  const slowTimers = new Set<NodeJS.Timeout>();

  beforeAll(async () => {
    upstream = await listen((req, res) => {
      const url = new URL(req.url ?? '/', 'http://upstream');
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        switch (url.pathname) {
          case '/echo':
            res.setHeader('content-type', 'application/json');
            res.setHeader('x-upstream', 'yes');
            res.end(
              JSON.stringify({
                method: req.method,
                query: url.search,
                body: Buffer.concat(chunks).toString(),
                token: req.headers['x-token'] ?? null,
              }),
            );
            break;
          case '/slow':
            slowTimers.add(setTimeout(() => res.end('{}'), 5000));
            break;
          case '/huge':
            res.setHeader('content-type', 'text/plain');
            res.write('x'.repeat(700 * 1024));
            res.end('y'.repeat(700 * 1024));
            break;
          case '/redirect':
            res.writeHead(302, { location: `http://127.0.0.1:${upstream.port}/echo` }).end();
            break;
          case '/fail':
            res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"boom"}');
            break;
          case '/text':
            res.setHeader('content-type', 'text/plain; charset=utf-8');
            res.end('你好');
            break;
          default:
            res.writeHead(404).end();
        }
      });
    });
    client = createUpstreamClient({ timeoutMs: 800, allow: parseAllowList(`127.0.0.1:${upstream.port}`) });
  });

  afterAll(async () => {
    for (const timer of slowTimers) clearTimeout(timer);
    await client.close();
    await upstream.close();
  });

  const at = (path: string) => `http://127.0.0.1:${upstream.port}${path}`;

  it('passes method, query, body and headers, and returns status, headers and body', async () => {
    const result = await client.call({
      method: 'POST',
      url: at('/echo?a=1'),
      body: '{"b":2}',
      headers: { 'x-token': 't', 'content-type': 'application/json' },
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.status).toBe(200);
    expect(result.headers['x-upstream']).toBe('yes');
    expect(JSON.parse(result.body.toString())).toEqual({
      method: 'POST',
      query: '?a=1',
      body: '{"b":2}',
      token: 't',
    });
  });

  it('gives up after the time-out', async () => {
    const result = await client.call({ method: 'GET', url: at('/slow') });
    expect(result).toMatchObject({ ok: false, failure: 'timeout', reached: true });
    // Well before the upstream's own 5 s.
    expect(result.durationMs).toBeLessThan(4000);
  });

  it('stops reading an answer over the size limit', async () => {
    expect(await client.call({ method: 'GET', url: at('/huge') })).toMatchObject({
      ok: false,
      failure: 'tooLarge',
      status: 200,
    });
  });

  it('never follows a redirect', async () => {
    const before = upstream.requests.length;
    expect(await client.call({ method: 'GET', url: at('/redirect') })).toMatchObject({
      ok: false,
      failure: 'redirect',
      status: 302,
    });
    expect(upstream.requests.slice(before)).toEqual(['GET /redirect']);
  });

  it('returns error statuses and text answers as they are', async () => {
    const failed = await client.call({ method: 'GET', url: at('/fail') });
    expect(failed).toMatchObject({ ok: true, status: 500 });
    const text = await client.call({ method: 'GET', url: at('/text') });
    expect(text.ok && text.body.toString()).toBe('你好');
  });

  it('connects to the address its own lookup checked', async () => {
    const lookups: string[] = [];
    const pinned = createUpstreamClient({
      timeoutMs: 800,
      allow: parseAllowList(''),
      resolve: async (hostname) => {
        lookups.push(hostname);
        return [{ address: '127.0.0.1', family: 4 }];
      },
      isPermitted: (address) => address === '127.0.0.1',
    });
    try {
      const result = await pinned.call({ method: 'GET', url: `http://pinned.test:${upstream.port}/echo` });
      expect(result).toMatchObject({ ok: true, status: 200 });
      expect(lookups).toEqual(['pinned.test']);
    } finally {
      await pinned.close();
    }
  });
});

describe('per-call time-outs, retries and connections', () => {
  let upstream: FlakyUpstream;
  let closedPort: number;
  let client: UpstreamClient;
  // How many requests each path got, so a retry (or its absence) is seen from the server's side.
  let seen: Map<string, number>;

  beforeAll(async () => {
    upstream = await startFlakyUpstream(5000);
    ({ seen } = upstream);
    const closed = await listen(() => undefined);
    closedPort = closed.port;
    await closed.close();
    client = createUpstreamClient({
      timeoutMs: 5000,
      allow: parseAllowList(`127.0.0.1:${upstream.port},127.0.0.1:${closedPort}`),
    });
  });

  afterAll(async () => {
    await client.close();
    await upstream.close();
  });

  const at = (path: string) => `http://127.0.0.1:${upstream.port}${path}`;
  /** A GET under `poolKey`, which allows one call at once. */
  const pooled = (path: string, poolKey: string, timeoutMs: number) =>
    client.call({ method: 'GET', url: at(path), timeoutMs, poolKey, maxConnections: 1 });

  it("cuts a slow server at the call's own time-out", async () => {
    const started = performance.now();
    const result = await client.call({ method: 'GET', url: at('/slow'), timeoutMs: 1000, retries: 2 });
    const elapsed = performance.now() - started;
    expect(result).toMatchObject({ ok: false, failure: 'timeout', reached: true, tries: 1, timeoutMs: 1000 });
    expect(elapsed).toBeGreaterThanOrEqual(500);
    expect(elapsed).toBeLessThanOrEqual(1500);
  });

  it('tries a GET again after a 503 and passes on the answer that followed', async () => {
    const result = await client.call({ method: 'GET', url: at('/once503-get'), retries: 1 });
    expect(result).toMatchObject({ ok: true, status: 200, tries: 2 });
    expect(result.ok && result.body.toString()).toBe('{"ok":true}');
    expect(seen.get('/once503-get')).toBe(2);
  });

  it('never tries a POST again', async () => {
    const result = await client.call({ method: 'POST', url: at('/once503-post'), body: '{}', retries: 2 });
    expect(result).toMatchObject({ ok: true, status: 503, tries: 1 });
    expect(seen.get('/once503-post')).toBe(1);
  });

  it('does not retry unless asked to', async () => {
    const result = await client.call({ method: 'GET', url: at('/once503-none') });
    expect(result).toMatchObject({ ok: true, status: 503, tries: 1 });
  });

  it('tries a GET again on a refused connection, as many times as asked', async () => {
    const url = `http://127.0.0.1:${closedPort}/`;
    expect(await client.call({ method: 'GET', url, retries: 2 })).toMatchObject({
      ok: false,
      failure: 'unreachable',
      reached: true,
      tries: 3,
    });
    expect(await client.call({ method: 'GET', url })).toMatchObject({ failure: 'unreachable', tries: 1 });
    expect(await client.call({ method: 'POST', url, body: '{}', retries: 2 })).toMatchObject({ tries: 1 });
  });

  it('tries a GET again on a connection the server reset', async () => {
    const result = await client.call({ method: 'GET', url: at('/reset'), retries: 1 });
    expect(result).toMatchObject({ ok: true, status: 200, tries: 2 });
    expect(seen.get('/reset')).toBe(2);
  });

  it('makes no retry that would not fit before the deadline', async () => {
    const started = performance.now();
    const result = await client.call({ method: 'GET', url: at('/always503'), retries: 2, timeoutMs: 150 });
    expect(result).toMatchObject({ ok: true, status: 503, tries: 1 });
    expect(performance.now() - started).toBeLessThan(150);
  });

  it("answers busy when the interface's connections are all taken, and frees them after", async () => {
    const holding = pooled('/slow', 'one', 1500);
    // The first call holds the only slot before the second asks for it.
    await new Promise((resolve) => {
      setTimeout(resolve, 50);
    });
    const started = performance.now();
    const busy = await pooled('/echo', 'one', 300);
    expect(busy).toMatchObject({ ok: false, failure: 'busy', reached: false, tries: 0 });
    expect(performance.now() - started).toBeGreaterThanOrEqual(250);
    // Another interface on the same server is not held up.
    expect(await pooled('/echo', 'two', 300)).toMatchObject({ ok: true, status: 200 });
    expect(await holding).toMatchObject({ failure: 'timeout' });
    expect(await pooled('/echo', 'one', 300)).toMatchObject({ ok: true, status: 200 });
    expect(client.pools()).toBe(0);
  });

  it('gives a waiting call the slot a finished one frees', async () => {
    const first = pooled('/slow', 'three', 300);
    await new Promise((resolve) => {
      setTimeout(resolve, 50);
    });
    const second = await pooled('/echo', 'three', 2000);
    expect(second).toMatchObject({ ok: true, status: 200, tries: 1 });
    expect(await first).toMatchObject({ failure: 'timeout' });
    expect(client.pools()).toBe(0);
  });
});

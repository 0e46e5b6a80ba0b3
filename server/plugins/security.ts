import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ResponseCode } from '@agler/contract/constants';
import { HOST_AMBIGUOUS, HOST_NOT_SERVED, MESSAGES } from '@agler/contract/messages';
import { ApiError } from '../domain/errors';
import { failure } from '../envelope';

/**
 * The hosts the server answers, headers every answer carries, the refusal
 * of cross-site writes, and no caching of the API's answers.
 *
 * Scripts run only from this origin, plus the console's own inline scripts
 * by their SHA-256 (Umi writes small ones into index.html), so neither
 * 'unsafe-inline' nor 'unsafe-eval' is needed. Styles allow inline: antd
 * writes its CSS-in-JS into <style> elements at run time.
 */

export type SecurityOptions = {
  /** The origin people use (PUBLIC_URL): writes from it are never cross-site. */
  publicUrl: string;
  /** ALLOWED_HOSTS: names (`host` or `host:port`) served besides PUBLIC_URL's host and this machine's. */
  allowedHosts?: readonly string[];
  /** 'sha256-…' sources of the console's inline scripts, as they are now. */
  scriptHashes: () => readonly string[];
  /** Served over HTTPS: browsers are told to keep to it. */
  https: boolean;
};

export function contentSecurityPolicy(scriptHashes: readonly string[]): string {
  return [
    "default-src 'self'",
    `script-src 'self'${scriptHashes.map((hash) => ` '${hash}'`).join('')}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** This machine's names, served at any port (the console's dev server hands on the browser's Host). */
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/** A Host header: a name or an address (IPv6 in brackets), and a port. */
const HOST_HEADER = /^(\[[0-9a-f:.]+\]|[a-z0-9_.-]+)(?::(\d{1,5}))?$/;

/**
 * Whether the server answers requests sent to a Host: PUBLIC_URL's host,
 * this machine's names and ALLOWED_HOSTS' names at any port, ALLOWED_HOSTS'
 * `host:port` entries at that port (the scheme's when the Host names none).
 * A request without a Host (HTTP/1.0 health checks) is served: no browser
 * sends one.
 */
export function servesHost(publicUrl: string, allowedHosts: readonly string[] = []) {
  const withPort = (entry: string) => /:\d+$/.test(entry);
  const anyPort = new Set([
    new URL(publicUrl).hostname,
    ...LOOPBACK_HOSTS,
    ...allowedHosts.filter((e) => !withPort(e)),
  ]);
  const exactly = new Set(allowedHosts.filter(withPort));
  return (host: string | undefined, protocol: string): boolean => {
    if (host === undefined) return true;
    const match = HOST_HEADER.exec(host.toLowerCase());
    if (!match) return false;
    const [, name, port = protocol === 'https' ? '443' : '80'] = match;
    return anyPort.has(name) || exactly.has(`${name}:${port}`);
  };
}

/**
 * Whether a request names its host ambiguously: more than one Host header
 * (Node keeps the first, a proxy in front may have read the last), or one
 * that is no single name (a comma, a space, nothing at all).
 */
export function hostIsAmbiguous(rawHeaders: readonly string[]): boolean {
  let hosts = 0;
  for (let i = 0; i < rawHeaders.length; i += 2) {
    if (rawHeaders[i].toLowerCase() !== 'host') continue;
    hosts += 1;
    const value = rawHeaders[i + 1] ?? '';
    if (hosts > 1 || value === '' || /[\s,]/.test(value)) return true;
  }
  return false;
}

/** A health check says nothing a caller may not know: load balancers and probes name whatever host they like. */
const isHealthCheck = (request: FastifyRequest) =>
  (request.method === 'GET' || request.method === 'HEAD') && request.url.split('?')[0] === '/api/health';

/** An origin as the URL standard writes it (scheme, host, port but a default one), or undefined for an opaque one. */
function originOf(text: string): string | undefined {
  try {
    const { origin } = new URL(text);
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}

/**
 * Whether a write comes from another site: its Origin is neither this
 * server's public address nor the origin it was sent to (scheme, host and
 * port); without an Origin, a browser's Sec-Fetch-Site still tells. Requests
 * from outside browsers (curl, servers) send neither and are not cross-site.
 */
export function isCrossSite(request: FastifyRequest, publicUrl: string): boolean {
  const origin = request.headers.origin;
  if (origin !== undefined) {
    const from = originOf(origin);
    return (
      from === undefined ||
      (from !== originOf(publicUrl) && from !== originOf(`${request.protocol}://${request.host ?? ''}`))
    );
  }
  const site = request.headers['sec-fetch-site'];
  return site === 'cross-site' || site === 'same-site';
}

export const securityPlugin = fp<SecurityOptions>(
  async (app, options) => {
    const served = servesHost(options.publicUrl, options.allowedHosts);
    let lastHashes: readonly string[] | undefined;
    let policy = '';
    const currentPolicy = () => {
      const hashes = options.scriptHashes();
      if (hashes !== lastHashes) {
        lastHashes = hashes;
        policy = contentSecurityPolicy(hashes);
      }
      return policy;
    };

    app.addHook('onRequest', async (request, reply) => {
      reply.header('content-security-policy', currentPolicy());
      reply.header('x-content-type-options', 'nosniff');
      reply.header('referrer-policy', 'same-origin');
      reply.header('x-frame-options', 'DENY');
      reply.header('cross-origin-opener-policy', 'same-origin');
      if (options.https) reply.header('strict-transport-security', 'max-age=15552000');
      if (hostIsAmbiguous(request.raw.rawHeaders)) {
        return reply
          .code(400)
          .header('cache-control', 'no-store')
          .header('connection', 'close')
          .send(failure(ResponseCode.PARAMS_ERROR, HOST_AMBIGUOUS));
      }
      // A page of another site whose name now points here (DNS rebinding) is not answered.
      if (!served(request.host, request.protocol) && !isHealthCheck(request)) {
        return reply
          .code(421)
          .header('cache-control', 'no-store')
          .send(failure(ResponseCode.FORBIDDEN, HOST_NOT_SERVED));
      }
      if (request.url.startsWith('/api/') || request.url === '/api') {
        reply.header('cache-control', 'no-store');
        if (WRITE_METHODS.has(request.method) && isCrossSite(request, options.publicUrl)) {
          throw new ApiError(ResponseCode.FORBIDDEN, MESSAGES.crossSite);
        }
      }
      return undefined;
    });
  },
  { name: 'agler-security', fastify: '5.x' },
);

import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ResponseCode } from '@agler/contract/constants';
import { MESSAGES } from '@agler/contract/messages';
import { ApiError } from '../domain/errors';

/**
 * Headers every answer carries, the refusal of cross-site writes, and no
 * caching of the API's answers.
 *
 * Scripts run only from this origin, plus the console's own inline scripts
 * by their SHA-256 (Umi writes small ones into index.html), so neither
 * 'unsafe-inline' nor 'unsafe-eval' is needed. Styles allow inline: antd
 * writes its CSS-in-JS into <style> elements at run time.
 */

export type SecurityOptions = {
  /** The origin people use (PUBLIC_URL): writes from it are never cross-site. */
  publicUrl: string;
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

/**
 * Whether a write comes from another site: its Origin is neither this
 * server's public address nor the host it was sent to; without an Origin,
 * a browser's Sec-Fetch-Site still tells. Requests from outside browsers
 * (curl, servers) send neither and are not cross-site.
 */
export function isCrossSite(request: FastifyRequest, publicUrl: string): boolean {
  const origin = request.headers.origin;
  if (origin !== undefined) {
    if (origin === publicUrl) return false;
    try {
      const from = new URL(origin);
      // The Host header read the way the origin is written (a default port left out).
      return from.host !== new URL(`${from.protocol}//${request.headers.host ?? ''}`).host;
    } catch {
      return true; // "null" and other opaque origins, or no Host
    }
  }
  const site = request.headers['sec-fetch-site'];
  return site === 'cross-site' || site === 'same-site';
}

export const securityPlugin = fp<SecurityOptions>(
  async (app, options) => {
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
      if (request.url.startsWith('/api/') || request.url === '/api') {
        reply.header('cache-control', 'no-store');
        if (WRITE_METHODS.has(request.method) && isCrossSite(request, options.publicUrl)) {
          throw new ApiError(ResponseCode.FORBIDDEN, MESSAGES.crossSite);
        }
      }
    });
  },
  { name: 'agler-security', fastify: '5.x' },
);

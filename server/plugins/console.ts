import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { serverPathOf } from './errors';

/**
 * The built console (dist/): its files, with hashed names cached for a year
 * and everything else revalidated; page paths (no file extension, not /api)
 * answer index.html, which is never cached, so a new build is picked up on
 * the next visit. index.html is read again when it changes on disk (a new
 * build while the server runs), and with it the hashes of its inline
 * scripts, which the Content-Security-Policy allows by name. Every answer
 * carries that policy, so the file is looked at (stat) at most once a
 * second rather than on every request, which under load costs the process
 * noticeably.
 */

/** Umi's content hashes: `umi.1a2b3c4d.js`, `p__Index__index.1a2b3c4d.async.js`, `umi.1a2b3c4d.css`. */
const HASHED = /\.[0-9a-f]{8,}\.(?:async\.)?(?:js|css|chunk\.css)$/;
const YEAR_SECONDS = 365 * 24 * 60 * 60;

export type ConsolePage = { html: string; scriptHashes: readonly string[] };

/** The SHA-256 sources of the inline <script> elements of an HTML page. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(match[1]) || !match[2]) continue;
    hashes.push(`sha256-${createHash('sha256').update(match[2], 'utf8').digest('base64')}`);
  }
  return hashes;
}

export type ConsoleFiles = {
  dir: string;
  /** index.html as it was on disk at most PAGE_RECHECK_MS ago, or undefined when there was none. */
  page(): ConsolePage | undefined;
};

/** How long what was found of index.html holds before the file is looked at again. */
export const PAGE_RECHECK_MS = 1000;

export function consoleFiles(dir: string, now: () => number = Date.now): ConsoleFiles {
  const indexPath = path.join(dir, 'index.html');
  /** The last look at index.html: when, the file's mtime and size then, and its page (none while it is missing). */
  let seen: { at: number; mtimeMs: number; size: number; page: ConsolePage | undefined } | undefined;
  return {
    dir,
    page() {
      const at = now();
      if (seen && at - seen.at < PAGE_RECHECK_MS && at >= seen.at) return seen.page;
      let stat: fs.Stats;
      try {
        stat = fs.statSync(indexPath);
      } catch {
        seen = { at, mtimeMs: Number.NaN, size: -1, page: undefined };
        return undefined;
      }
      let page = seen && seen.mtimeMs === stat.mtimeMs && seen.size === stat.size ? seen.page : undefined;
      if (!page) {
        const html = fs.readFileSync(indexPath, 'utf8');
        page = { html, scriptHashes: inlineScriptHashes(html) };
      }
      seen = { at, mtimeMs: stat.mtimeMs, size: stat.size, page };
      return page;
    },
  };
}

/** Answers a page path with index.html; false for anything else (a missing file, a non-GET). */
export function pageFallback(files: ConsoleFiles) {
  return (request: FastifyRequest, reply: FastifyReply): boolean => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    const pathname = request.url.split('?')[0];
    if (path.posix.extname(pathname) !== '' && pathname !== '/index.html') return false;
    const page = files.page();
    if (!page) return false;
    void reply.code(200).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(page.html);
    return true;
  };
}

export const consolePlugin = fp<{ files: ConsoleFiles }>(
  async (app, { files }) => {
    // The site's root is a page too; the static files' wildcard would take it for a directory listing.
    const answerPage = pageFallback(files);
    app.route({
      method: ['GET', 'HEAD'],
      url: '/',
      handler: async (request, reply) => {
        if (!answerPage(request, reply)) return reply.callNotFound();
        return reply;
      },
    });
    // Paths of the API and the gateway, however written (`//gateway/…`), are never files of the console:
    // the not-found handler answers them with the envelope, before the files' own checks refuse them.
    await app.register(async (scope) => {
      scope.addHook('onRequest', async (request, reply) => {
        if (serverPathOf(request.url)) return reply.callNotFound();
        return undefined;
      });
      await scope.register(fastifyStatic, {
        root: files.dir,
        prefix: '/',
        index: false,
        // index.html goes out through the page fallback only, never cached.
        allowedPath: (pathname) => pathname !== '/index.html',
        cacheControl: false,
        // Missing files fall through to the not-found handler (page fallback or 404).
        wildcard: true,
        // The build writes each script and stylesheet compressed beside it (config/plugins/precompress.ts):
        // sent as they are to a browser that accepts them, not compressed again for every visitor.
        preCompressed: true,
        setHeaders(reply, filePath) {
          // The file sent may be the compressed one: its name is the original's with `.br` or `.gz`.
          const name = path.basename(filePath).replace(/\.(?:br|gz)$/, '');
          reply.header(
            'cache-control',
            HASHED.test(name) ? `public, max-age=${YEAR_SECONDS}, immutable` : 'no-cache',
          );
        },
      });
    });
  },
  { name: 'agler-console', fastify: '5.x' },
);

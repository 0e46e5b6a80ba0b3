// The built console as the platform serves it, for the benchmark's page loads: dist/ through the
// server's own console plugin and page fallback (server/plugins/console.ts: the build's Brotli and
// gzip files as they are, index.html for page paths), with /api forwarded to the mocks of a `max preview`.
// Not `max preview` itself, which gzips every script again for every load, on the cores the page
// being measured needs.
//
// Usage: node --import tsx tests/bench/platformFront.ts <dist dir> <port> <mocks origin>
import Fastify from 'fastify';
import { request } from 'undici';
import { consoleFiles, consolePlugin, pageFallback } from '../../server/plugins/console';

/** Headers of one connection, not of the message: never passed on. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade']);
const passed = (headers: Record<string, string | string[] | undefined>, drop: readonly string[] = []) =>
  Object.fromEntries(
    Object.entries(headers).filter(
      (entry): entry is [string, string | string[]] =>
        entry[1] !== undefined && !HOP_BY_HOP.has(entry[0]) && !drop.includes(entry[0]),
    ),
  );

async function main() {
  const [dist, port, mocks] = process.argv.slice(2);
  if (!dist || !Number(port) || !mocks) throw new Error('usage: platformFront.ts <dist dir> <port> <mocks origin>');
  const app = Fastify();
  // Request bodies go on as they came.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  app.all('/api/*', async (req, reply) => {
    const answer = await request(new URL(req.url, mocks), {
      method: req.method as 'GET',
      // The page's Host goes on as a reverse proxy's would: the server refuses a write whose
      // Origin is not its Host.
      headers: passed(req.headers),
      body: req.body as Buffer | undefined,
    });
    return reply.code(answer.statusCode).headers(passed(answer.headers, ['host'])).send(answer.body);
  });
  const files = consoleFiles(dist);
  await app.register(consolePlugin, { files });
  // As the platform's errors plugin does: a page path that is no file answers index.html.
  const answerPage = pageFallback(files);
  app.setNotFoundHandler((req, reply) => (answerPage(req, reply) ? reply : reply.code(404).send()));
  await app.listen({ port: Number(port), host: '127.0.0.1' });
  const stop = () => void app.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

/** @jest-environment node */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { consoleFiles, consolePlugin, PAGE_RECHECK_MS, pageFallback } from './console';
import { errorsPlugin } from './errors';

const CHUNK = '845.9baf0b5d.async.js';
const CHUNK_TEXT = `(self.webpackChunk=self.webpackChunk||[]).push([[845],{${'1:function(){},'.repeat(500)}}]);`;

describe('the console’s pages', () => {
  let dir: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agler-console-'));
    fs.writeFileSync(path.join(dir, 'index.html'), '<!DOCTYPE html><title>Agler接口</title>');
    fs.writeFileSync(path.join(dir, 'umi.1a2b3c4d.js'), 'console.log(1)');
    // A chunk as the build leaves it: with its Brotli and gzip copies (config/plugins/precompress.ts).
    fs.writeFileSync(path.join(dir, CHUNK), CHUNK_TEXT);
    fs.writeFileSync(path.join(dir, `${CHUNK}.br`), zlib.brotliCompressSync(CHUNK_TEXT));
    fs.writeFileSync(path.join(dir, `${CHUNK}.gz`), zlib.gzipSync(CHUNK_TEXT));
    const files = consoleFiles(dir);
    app = Fastify();
    await app.register(errorsPlugin, { pageFallback: pageFallback(files) });
    // As server/app.ts registers it: whatever is not sent compressed already is compressed here.
    await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
    await app.register(consolePlugin, { files });
  });

  afterAll(async () => {
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test.each(['/', '/user/login', '/interface_info/1800000000000000001', '/admin/interface_info?current=2'])(
    '%s answers the page, never cached',
    async (url) => {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<title>Agler接口</title>');
    },
  );

  test.each([
    ['br, gzip', 'br', zlib.brotliDecompressSync],
    ['gzip, deflate', 'gzip', zlib.gunzipSync],
  ] as const)(
    'a chunk goes out as the build compressed it (accept-encoding %s), cached for a year',
    async (accepted, encoding, decode) => {
      const response = await app.inject({ url: `/${CHUNK}`, headers: { 'accept-encoding': accepted } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers['content-type']).toMatch(/^application\/javascript/);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      // The file the build wrote, byte for byte: not compressed again.
      const written = fs.readFileSync(path.join(dir, `${CHUNK}.${encoding === 'br' ? 'br' : 'gz'}`));
      expect(response.rawPayload.equals(written)).toBe(true);
      expect(decode(response.rawPayload).toString()).toBe(CHUNK_TEXT);
    },
  );

  test('a chunk goes out plain to a client that accepts no compression', async () => {
    const response = await app.inject({ url: `/${CHUNK}`, headers: { 'accept-encoding': 'identity' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(CHUNK_TEXT);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  test('hashed files are cached for a year; a missing file is no page', async () => {
    expect((await app.inject({ url: '/umi.1a2b3c4d.js' })).headers['cache-control']).toContain('immutable');
    expect((await app.inject({ url: '/umi.00000000.js' })).statusCode).toBe(404);
  });
});

describe('index.html on disk', () => {
  let dir: string;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agler-console-page-'));
  });

  afterEach(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('a new build is picked up within a second, and the file is not looked at on every request', () => {
    const indexPath = path.join(dir, 'index.html');
    fs.writeFileSync(indexPath, '<title>old</title><script>1</script>');
    let clock = 1_000_000;
    const files = consoleFiles(dir, () => clock);
    const first = files.page()!;
    expect(first.html).toContain('old');

    const stat = jest.spyOn(fs, 'statSync');
    try {
      fs.writeFileSync(indexPath, '<title>a new build</title><script>2</script>');
      clock += PAGE_RECHECK_MS - 1;
      for (let i = 0; i < 100; i += 1) expect(files.page()).toBe(first);
      expect(stat).not.toHaveBeenCalled();

      clock += 1;
      const next = files.page()!;
      expect(next.html).toContain('a new build');
      expect(next.scriptHashes).not.toEqual(first.scriptHashes);
      expect(stat).toHaveBeenCalledTimes(1);
    } finally {
      stat.mockRestore();
    }
  });

  test('a page that goes away is gone within a second, and one that appears is found', () => {
    let clock = 5_000;
    const files = consoleFiles(dir, () => clock);
    expect(files.page()).toBeUndefined();
    fs.writeFileSync(path.join(dir, 'index.html'), '<title>built</title>');
    clock += PAGE_RECHECK_MS;
    expect(files.page()?.html).toBe('<title>built</title>');
    fs.rmSync(path.join(dir, 'index.html'));
    clock += PAGE_RECHECK_MS;
    expect(files.page()).toBeUndefined();
  });
});

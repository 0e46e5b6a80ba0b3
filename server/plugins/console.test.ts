/** @jest-environment node */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { consoleFiles, consolePlugin, PAGE_RECHECK_MS, pageFallback } from './console';
import { errorsPlugin } from './errors';

describe('the console’s pages', () => {
  let dir: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agler-console-'));
    fs.writeFileSync(path.join(dir, 'index.html'), '<!DOCTYPE html><title>Agler接口</title>');
    fs.writeFileSync(path.join(dir, 'umi.1a2b3c4d.js'), 'console.log(1)');
    const files = consoleFiles(dir);
    app = Fastify();
    await app.register(errorsPlugin, { pageFallback: pageFallback(files) });
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

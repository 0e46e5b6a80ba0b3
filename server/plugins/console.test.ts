/** @jest-environment node */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { consoleFiles, consolePlugin, pageFallback } from './console';
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

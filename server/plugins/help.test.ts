/** @jest-environment node */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { consoleFiles, consolePlugin, inlineScriptHashes, pageFallback } from './console';
import { errorsPlugin } from './errors';
import { securityPlugin } from './security';

/**
 * The developer guide (public/help/, copied into the build as help/) as the server sends it: both
 * languages, with the headers every answer carries, and nothing in them that the
 * Content-Security-Policy would block (the policy allows only the console's own inline scripts).
 */

const HELP_SOURCE = path.join(__dirname, '../../public/help');
const GUIDES = [
  ['/help/index.html', 'zh-CN'],
  ['/help/en.html', 'en'],
] as const;

describe('the developer guide, served with the console', () => {
  let dir: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agler-help-'));
    // The console's own page has an inline script, as Umi's build does: the policy names its hash.
    fs.writeFileSync(path.join(dir, 'index.html'), '<!DOCTYPE html><script>window.routerBase = "/";</script>');
    fs.cpSync(HELP_SOURCE, path.join(dir, 'help'), { recursive: true });
    const files = consoleFiles(dir);
    app = Fastify();
    await app.register(securityPlugin, {
      publicUrl: 'http://127.0.0.1:8000',
      scriptHashes: () => files.page()?.scriptHashes ?? [],
      https: false,
    });
    await app.register(errorsPlugin, { pageFallback: pageFallback(files) });
    await app.register(consolePlugin, { files });
  });

  afterAll(async () => {
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test.each(GUIDES)('%s is the guide itself, with the security headers', async (url, lang) => {
    const response = await app.inject({ url });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain(`<html lang="${lang}">`);
    // Not the console's page the fallback answers for unknown paths.
    expect(response.body).not.toContain('window.routerBase');
    expect(response.headers['cache-control']).toBe('no-cache');
    const csp = String(response.headers['content-security-policy']);
    const scriptSrc = csp.split(';').map((part) => part.trim()).find((part) => part.startsWith('script-src'));
    expect(scriptSrc).toMatch(/^script-src 'self' 'sha256-/);
    expect(scriptSrc).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect(csp).toMatch(/frame-ancestors 'none'/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['referrer-policy']).toBe('same-origin');
  });

  test.each(GUIDES)('%s needs nothing the policy blocks: no inline script, its stylesheet from here', async (url) => {
    const html = (await app.inject({ url })).body;

    expect(inlineScriptHashes(html)).toEqual([]);
    expect(html).not.toMatch(/<script\b|\son[a-z]+\s*=|javascript:/i);
    const stylesheet = await app.inject({ url: '/help/help.css' });
    expect(stylesheet.statusCode).toBe(200);
    expect(stylesheet.headers['content-type']).toMatch(/^text\/css/);
    expect(stylesheet.headers['x-content-type-options']).toBe('nosniff');
  });

  test('each version’s link to the other leads to a guide', async () => {
    const chinese = (await app.inject({ url: '/help/index.html' })).body;
    const english = (await app.inject({ url: '/help/en.html' })).body;
    const toEnglish = /<a href="([^"]+)" lang="en"[^>]*>English<\/a>/.exec(chinese)?.[1];
    const toChinese = /<a href="([^"]+)" lang="zh-CN"[^>]*>简体中文<\/a>/.exec(english)?.[1];

    expect(new URL(toEnglish!, 'http://127.0.0.1/help/index.html').pathname).toBe('/help/en.html');
    expect(new URL(toChinese!, 'http://127.0.0.1/help/en.html').pathname).toBe('/help/index.html');
  });
});

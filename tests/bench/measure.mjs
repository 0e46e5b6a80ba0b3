// Measurements shared by the benchmark (run.mjs) and the size budget (budget.mjs):
// which files a route loads in Chromium, and their gzip size computed from dist/.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { ACCOUNTS } from './harness.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const dist = path.join(root, 'dist');

const gzipCache = new Map();
/** Raw and gzip (level 6, as the preview server and most proxies send it) bytes of a file in dist/. */
export function fileBytes(file) {
  if (!gzipCache.has(file)) {
    const raw = readFileSync(path.join(dist, file));
    gzipCache.set(file, { raw: raw.length, gzip: gzipSync(raw, { level: 6 }).length });
  }
  return gzipCache.get(file);
}

/** Files of dist/ behind a list of URLs (JS and CSS only). */
export function distFiles(urls) {
  return [...new Set(urls.map((u) => new URL(u).pathname.slice(1)).filter((f) => /\.(js|css)$/.test(f)))];
}

export function sumBytes(files) {
  return files.reduce((acc, f) => {
    const b = fileBytes(f);
    return { raw: acc.raw + b.raw, gzip: acc.gzip + b.gzip };
  }, { raw: 0, gzip: 0 });
}

/** A fresh context (cold cache, no cookies) that records every request URL. */
export async function coldContext(browser, baseURL, storageState) {
  const context = await browser.newContext({ baseURL, viewport: { width: 1366, height: 900 }, storageState });
  const urls = [];
  context.on('request', (req) => urls.push(req.url()));
  return { context, urls };
}

/** Logs in through the API and returns the session as a storage state. */
export async function sessionState(browser, baseURL, who = 'admin') {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto('/user/login');
  const res = await page.evaluate(
    ({ account, password }) =>
      fetch('/api/user/login', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ userAccount: account, userPassword: password }),
      }).then((r) => r.json()),
    ACCOUNTS[who],
  );
  if (res.code !== 0) throw new Error(`login failed: ${res.message}`);
  const state = await context.storageState();
  await context.close();
  return state;
}

/** The JS and CSS files a route loads, cold, until `ready` resolves on its page. */
export async function routeFiles(browser, baseURL, route, { storageState, ready } = {}) {
  const { context, urls } = await coldContext(browser, baseURL, storageState);
  const page = await context.newPage();
  await page.goto(route);
  if (ready) await ready(page);
  await page.waitForLoadState('networkidle');
  const files = distFiles(urls);
  await context.close();
  return files;
}

/** Is a dist file a page or layout chunk (by Umi's chunk naming)? */
export function isPageOrLayoutChunk(file) {
  return /^(p__|t__plugin-layout__)/.test(file);
}

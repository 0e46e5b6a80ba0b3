// Measurements shared by the benchmark (run.mjs) and the size budget (budget.mjs):
// which files a route loads in Chromium, and their gzip size computed from dist/.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { tsImport } from 'tsx/esm/api';
import { ACCOUNTS } from './harness.mjs';

const { ADMIN_ID } = await tsImport('@agler/contract/demo/accounts', import.meta.url);
const { seedInterfaces } = await tsImport('@agler/contract/demo/seedInterfaces', import.meta.url);
/** The catalogue's first seeded interface (天气查询), which every mock store holds. */
const [FIRST_INTERFACE] = seedInterfaces(1, ADMIN_ID);

/**
 * The routes opened cold by the benchmark and the size budget: who is logged in (null: nobody),
 * and what on screen means the page's content has arrived, not only its frame or skeleton.
 * `content.text` narrows `content.selector` to an element holding that text.
 */
export const PAGE_ROUTES = [
  { route: '/user/login', who: null, content: { selector: 'input[type="password"]' } },
  { route: '/', who: 'admin', content: { selector: 'main a[href^="/interface_info/"]' } },
  {
    route: `/interface_info/${FIRST_INTERFACE.id}`,
    label: '/interface_info/:id',
    who: 'admin',
    content: { selector: 'main', text: FIRST_INTERFACE.name },
  },
  { route: '/admin/interface_info', who: 'admin', content: { selector: 'main .ant-table-row' } },
  { route: '/admin/interface_analysis', who: 'admin', content: { selector: 'main canvas' } },
];

/** The static skeleton of index.html and the React skeletons that follow it (src/components/Skeleton). */
export const SKELETON_SELECTOR = '.agler-sk';

/**
 * Installed with `page.addInitScript(instrument, { content, skeleton })` before any script runs:
 * first paint figures, long tasks, and the moments (the frame that paints them) the skeleton, the
 * password field, the first catalogue entry and the route's content are first on screen.
 */
export function instrument({ content, skeleton } = {}) {
  const perf = { lcp: NaN, longTasks: 0, skeleton: NaN, password: NaN, catalogue: NaN, content: NaN };
  window.__perf = perf;
  try {
    new PerformanceObserver((list) => list.getEntries().forEach((e) => (perf.lcp = e.startTime))).observe({
      type: 'largest-contentful-paint',
      buffered: true,
    });
    new PerformanceObserver((list) =>
      list.getEntries().forEach((e) => (perf.longTasks += e.duration)),
    ).observe({
      type: 'longtask',
      buffered: true,
    });
  } catch {
    // observers not supported
  }
  const seen = (selector, text) =>
    [...document.querySelectorAll(selector)].some(
      (el) => el.getClientRects().length > 0 && (!text || (el.textContent ?? '').includes(text)),
    );
  // Checked once per frame, in the frame that paints the change: measuring each mutation as it
  // happens would force a style and layout pass in the middle of every React commit.
  const mark = (key) => (perf[key] = performance.now());
  let pending = false;
  const schedule = () => {
    if (pending) return;
    pending = true;
    requestAnimationFrame(() => {
      pending = false;
      check();
    });
  };
  const check = () => {
    if (Number.isNaN(perf.skeleton) && skeleton && seen(skeleton)) mark('skeleton');
    if (Number.isNaN(perf.password) && seen('input[type="password"]')) mark('password');
    if (Number.isNaN(perf.catalogue) && seen('a[href^="/interface_info/"]')) mark('catalogue');
    if (Number.isNaN(perf.content) && content && seen(content.selector, content.text)) mark('content');
  };
  new MutationObserver(schedule).observe(document, {
    subtree: true,
    childList: true,
    attributes: true,
    characterData: true,
  });
}

export async function readPerf(page) {
  return page.evaluate(() => ({
    ...window.__perf,
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
  }));
}

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
  return files.reduce(
    (acc, f) => {
      const b = fileBytes(f);
      return { raw: acc.raw + b.raw, gzip: acc.gzip + b.gzip };
    },
    { raw: 0, gzip: 0 },
  );
}

/**
 * A fresh context (cold cache; no cookies unless `storageState` holds a session) that records
 * every request URL and, through `transferred()`, the bytes that came over the wire for all of
 * them (headers and encoded bodies: HTML, scripts, styles, images, API answers).
 */
export async function coldContext(browser, baseURL, storageState) {
  const context = await browser.newContext({ baseURL, viewport: { width: 1366, height: 900 }, storageState });
  const urls = [];
  const sizes = [];
  context.on('request', (req) => urls.push(req.url()));
  context.on('requestfinished', (req) =>
    sizes.push(
      req
        .sizes()
        .then((s) => s.responseHeadersSize + s.responseBodySize)
        .catch(() => 0),
    ),
  );
  const transferred = async () => (await Promise.all(sizes)).reduce((a, b) => a + b, 0);
  return { context, urls, transferred };
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

/** Resolves once the route's content (a PAGE_ROUTES entry's `content`) is on screen. */
export async function contentShown(page, { selector, text }, timeout = 30_000) {
  const found = page
    .locator(selector)
    .filter(text ? { hasText: text } : {})
    .first();
  await found.waitFor({ state: 'visible', timeout });
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

// The benchmark: prints figures, asserts nothing. Usage:
//   npm run bench                 reuse dist/ (build first when it is missing)
//   npm run bench -- --build      rebuild first and report the build time
//   npm run bench -- --runs 3     cold loads per figure (default 5, the median is printed)
//   npm run bench -- --pages      only the cold page loads (the first table)
//   npm run bench -- --pages --route /interface_info/:id
//                                 only that route's loads (as PAGE_ROUTES labels it in measure.mjs)
//   npm run bench -- --latency 80 the page loads over Chromium's emulated network: 80 ms per
//                                 round trip, 20 Mbit/s down, 5 up (default: loopback as it is)
//   npm run bench -- --preview    the pages from `max preview` itself, which gzips every script
//                                 again for every load (default: as the platform serves them)
// It serves the production build with the mocks on free local ports, the pages as the platform's
// server serves them (platformFront.ts: the build's Brotli files, /api forwarded to the mocks),
// measures cold loads of each page in headless Chromium (PAGE_ROUTES in measure.mjs: the login page logged
// out, the others with a session), the login-to-catalogue time, and times the mock API with 40
// and with 10,000 interfaces.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ACCOUNTS, freePort, launchBrowser, startPlatformFront, startPreview } from './harness.mjs';
import { KB } from './budgets.mjs';
import {
  coldContext,
  dist,
  distFiles,
  instrument,
  PAGE_ROUTES,
  readPerf,
  root,
  sessionState,
  SKELETON_SELECTOR,
  sumBytes,
} from './measure.mjs';

const args = process.argv.slice(2);
const RUNS = Number(args[args.indexOf('--runs') + 1]) || 5;
const PAGES_ONLY = args.includes('--pages');
const ROUTE = args.includes('--route') ? args[args.indexOf('--route') + 1] : undefined;
const FROM_PREVIEW = args.includes('--preview');
const LATENCY_MS = args.includes('--latency') ? Number(args[args.indexOf('--latency') + 1]) : 0;
if (!(LATENCY_MS >= 0)) throw new Error('--latency takes milliseconds');
/** The emulated network's conditions (Chromium's Network.emulateNetworkConditions), bytes per second. */
const NETWORK = {
  offline: false,
  latency: LATENCY_MS,
  downloadThroughput: 20e6 / 8,
  uploadThroughput: 5e6 / 8,
};
const BIG = 10_000;

const median = (xs) => {
  const s = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (!s.length) return NaN;
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const p95 = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(s.length * 0.95) - 1)];
};
const ms = (x) => (Number.isFinite(x) ? `${x.toFixed(0)} ms` : 'n/a');
const ms1 = (x) => (Number.isFinite(x) ? `${x.toFixed(1)} ms` : 'n/a');

let buildSeconds;
if (args.includes('--build') || !existsSync(path.join(dist, 'index.html'))) {
  const started = Date.now();
  execFileSync(process.execPath, [path.join(root, 'node_modules/@umijs/max/bin/max.js'), 'build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ANALYZE: '' },
  });
  buildSeconds = (Date.now() - started) / 1000;
}

/**
 * One cold load of a PAGE_ROUTES entry (with `storageState`'s session, if any); resolves when
 * the route's content shows and the network is idle.
 */
async function coldLoad(browser, baseURL, { route, content }, storageState) {
  const { context, urls, transferred } = await coldContext(browser, baseURL, storageState);
  const page = await context.newPage();
  if (LATENCY_MS > 0) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', NETWORK);
  }
  await page.addInitScript(instrument, { content, skeleton: SKELETON_SELECTOR });
  await page.goto(route);
  try {
    await page.waitForFunction(() => !Number.isNaN(window.__perf.content), null, { timeout: 30_000 });
  } catch {
    console.error(`${route}: its content did not show within 30 s`);
  }
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
  const perf = await readPerf(page);
  const files = distFiles(urls.filter((u) => u.startsWith(baseURL)));
  const wire = await transferred();
  await context.close();
  return { perf, files, requests: urls.length, bytes: sumBytes(files), wire };
}

/** From the click on 登录 to the first catalogue entry on screen. */
async function loginToCatalogue(browser, baseURL) {
  const { context } = await coldContext(browser, baseURL);
  const page = await context.newPage();
  await page.addInitScript(instrument, {});
  await page.goto('/user/login');
  await page.getByLabel('账号').fill(ACCOUNTS.user.account);
  await page.getByLabel('密码').fill(ACCOUNTS.user.password);
  await page.waitForLoadState('networkidle');
  const clickedAt = await page.evaluate(() => {
    const at = performance.now();
    document.querySelector('button[type="submit"]').click();
    return at;
  });
  try {
    await page.waitForFunction(() => !Number.isNaN(window.__perf.catalogue), null, { timeout: 20_000 });
  } catch {
    console.error('no catalogue entry appeared within 20 s after login');
  }
  const { catalogue } = await readPerf(page);
  await context.close();
  return catalogue - clickedAt;
}

/** Times `n` calls of an API path with a logged-in session (server-side work plus loopback HTTP). */
async function timeApi(baseURL, who, paths, n = 30) {
  const login = await fetch(`${baseURL}/api/user/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ userAccount: ACCOUNTS[who].account, userPassword: ACCOUNTS[who].password }),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
  const result = {};
  for (const [name, p] of Object.entries(paths)) {
    const times = [];
    let code;
    for (let i = 0; i < n + 3; i += 1) {
      const started = performance.now();
      const res = await fetch(baseURL + p, { headers: { cookie } });
      const text = await res.text();
      const took = performance.now() - started;
      try {
        code = JSON.parse(text).code;
      } catch {
        code = 'no JSON answer';
      }
      if (i >= 3) times.push(took); // the first calls warm the server up
    }
    result[name] = { median: median(times), p95: p95(times), code };
  }
  return result;
}

function daysAgo(n) {
  const d = new Date(Date.now() - n * 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}
const API_PATHS = {
  'catalogue page (list/page, 10)': '/api/interfaceInfo/list/page?current=1&pageSize=10',
  'catalogue search (searchText)': '/api/interfaceInfo/list/page?current=1&pageSize=10&searchText=weather',
  'catalogue sorted by name, page 3':
    '/api/interfaceInfo/list/page?current=3&pageSize=20&sortField=name&sortOrder=ascend',
};
const ANALYSIS_PATHS = {
  'analysis overview, 90 days': `/api/analysis/overview?startDate=${daysAgo(89)}&endDate=${daysAgo(0)}`,
  'analysis overview, 90 days, first 10 rows (the page)': `/api/analysis/overview?startDate=${daysAgo(89)}&endDate=${daysAgo(0)}&pageSize=10`,
  'usage table, 90 days, by name, page 3': `/api/analysis/interfaces?startDate=${daysAgo(89)}&endDate=${daysAgo(0)}&current=3&sortField=name`,
  'analysis top 10, 90 days': `/api/analysis/top/interface/invoke?limit=10&startDate=${daysAgo(89)}&endDate=${daysAgo(0)}`,
};

async function measureServer(interfaces) {
  const port = await freePort(Number(process.env.BENCH_PORT) || 8600);
  const server = await startPreview(port, { MOCK_INTERFACES: String(interfaces) });
  // What the browser loads the pages from; the mock API's own figures are timed at the preview.
  const front = FROM_PREVIEW ? server : await startPlatformFront(await freePort(port + 1), server.baseURL);
  const browser = await launchBrowser();
  try {
    const figures = { interfaces };
    if (interfaces === 40) {
      const sessions = { admin: await sessionState(browser, front.baseURL, 'admin') };
      const loggedOut = { route: '/', content: { selector: 'input[type="password"]' } };
      const routes = [...PAGE_ROUTES, { ...loggedOut, label: '/ logged out' }].filter(
        (r) => ROUTE === undefined || (r.label ?? r.route) === ROUTE,
      );
      if (routes.length === 0)
        throw new Error(`--route ${ROUTE}: no such route in PAGE_ROUTES (measure.mjs)`);
      figures.pages = new Map(routes.map((r) => [r, []]));
      // Round-robin, so a busy moment of the machine spreads over the routes instead of hitting one.
      for (let i = 0; i < RUNS; i += 1) {
        for (const [r, loads] of figures.pages)
          loads.push(await coldLoad(browser, front.baseURL, r, r.who ? sessions[r.who] : undefined));
      }
    }
    if (PAGES_ONLY) return figures;
    figures.toCatalogue = [];
    for (let i = 0; i < RUNS; i += 1)
      figures.toCatalogue.push(await loginToCatalogue(browser, front.baseURL));
    figures.api = await timeApi(server.baseURL, 'user', API_PATHS);
    figures.analysis = await timeApi(server.baseURL, 'admin', ANALYSIS_PATHS, 10);
    return figures;
  } finally {
    await browser.close();
    if (front !== server) front.stop();
    server.stop();
  }
}

const small = await measureServer(40);
const big = PAGES_ONLY ? undefined : await measureServer(BIG);

const loadRow = (name, loads) => {
  const pick = (f) => median(loads.map(f));
  const files = loads[0].files;
  const chunks = files.filter((f) => /^(p__|t__)/.test(f)).join(' ') || '-';
  return [
    name,
    ms(pick((l) => l.perf.fcp)),
    ms(pick((l) => l.perf.skeleton)),
    ms(pick((l) => l.perf.content)),
    ms(pick((l) => l.perf.lcp)),
    ms(pick((l) => l.perf.longTasks)),
    `${(pick((l) => l.bytes.gzip) / KB).toFixed(1)} KB`,
    `${(pick((l) => l.wire) / KB).toFixed(1)} KB`,
    String(pick((l) => l.requests)),
    chunks,
  ];
};

const table = (head, rows) => {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (r) => r.map((c, i) => String(c).padEnd(widths[i])).join('  ');
  console.log(line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  rows.forEach((r) => console.log(line(r)));
  console.log();
};

console.log(
  `\nAgler接口 benchmark — production build ${FROM_PREVIEW ? 'from max preview (gzip per request)' : 'as the platform serves it (Brotli files as built)'}, ` +
    `cold cache, headless Chromium, median of ${RUNS}\n`,
);
if (buildSeconds !== undefined) console.log(`build (max build, webpack): ${buildSeconds.toFixed(1)} s\n`);
console.log(
  'first paint: FCP (the static skeleton counts: it has the logo and the title); skeleton: first frame',
);
console.log("showing it; content: the route's content on screen (measure.mjs, PAGE_ROUTES); JS+CSS: gzip of");
console.log('the dist/ files fetched; wire: every response (HTML, JS, CSS, images, API) as transferred.\n');
if (LATENCY_MS > 0) {
  const mbits = (bytesPerSecond) => (bytesPerSecond * 8) / 1e6;
  console.log(
    `network (page loads): ${LATENCY_MS} ms per round trip, ${mbits(NETWORK.downloadThroughput)} Mbit/s down, ` +
      `${mbits(NETWORK.uploadThroughput)} up (Chromium's emulation)\n`,
  );
}
table(
  [
    'cold load',
    'first paint',
    'skeleton',
    'content',
    'LCP',
    'long tasks',
    'JS+CSS gzip',
    'wire',
    'requests',
    'page/layout chunks',
  ],
  [...small.pages].map(([r, loads]) => loadRow(r.label ?? r.route, loads)),
);
if (big) {
  table(
    ['login click → first catalogue entry', 'median', 'runs'],
    [
      ['40 interfaces', ms(median(small.toCatalogue)), small.toCatalogue.map((t) => t.toFixed(0)).join(' ')],
      [
        `${BIG.toLocaleString('en')} interfaces`,
        ms(median(big.toCatalogue)),
        big.toCatalogue.map((t) => t.toFixed(0)).join(' '),
      ],
    ],
  );
  const apiRows = [];
  for (const name of [...Object.keys(API_PATHS), ...Object.keys(ANALYSIS_PATHS)]) {
    const a = small.api[name] ?? small.analysis[name];
    const b = big.api[name] ?? big.analysis[name];
    apiRows.push([
      name,
      ms1(a.median),
      ms1(a.p95),
      ms1(b.median),
      ms1(b.p95),
      a.code === 0 && b.code === 0 ? 'ok' : `code ${a.code}/${b.code}`,
    ]);
  }
  table(
    ['mock API (loopback HTTP)', '40 median', '40 p95', `${BIG} median`, `${BIG} p95`, 'answer'],
    apiRows,
  );
}

// The size budget: gzip JS+CSS of the login route, of `/` logged out, of each logged-in page
// opened cold, and of each page chunk, computed from dist/ and compared with
// tests/bench/budgets.mjs. Also checks that `/` logged out fetches no page or layout chunk, that only
// the analysis page loads the chart library, and that no package (React, antd, the charts) is bundled twice.
// Needs `ANALYZE=1 npm run build` (dist/report.json) and Debian's chromium.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { freePort, launchBrowser, startPreview } from './harness.mjs';
import { budgets, KB } from './budgets.mjs';
import { contentShown, dist, fileBytes, isPageOrLayoutChunk, PAGE_ROUTES, routeFiles, sessionState, sumBytes } from './measure.mjs';

const reportPath = path.join(dist, 'report.json');
if (!existsSync(reportPath)) {
  console.error('dist/report.json is missing: build with `ANALYZE=1 npm run build`');
  process.exit(1);
}

const failures = [];
const rows = [];
function check(name, bytes) {
  const limit = budgets[name];
  const ok = limit === undefined || bytes <= limit;
  rows.push([name, (bytes / KB).toFixed(1), limit ? (limit / KB).toFixed(0) : '-', ok ? 'ok' : 'OVER']);
  if (!ok) failures.push(`${name}: ${(bytes / KB).toFixed(1)} KB > ${(limit / KB).toFixed(0)} KB`);
}

const passwordVisible = (page) => page.locator('input[type="password"]').waitFor();

const port = await freePort(Number(process.env.BUDGET_PORT) || 8500);
const server = await startPreview(port);
const browser = await launchBrowser();
const routeLoads = {};
try {
  const login = await routeFiles(browser, server.baseURL, '/user/login', { ready: passwordVisible });
  check('route /user/login', sumBytes(login).gzip);
  if (process.env.BUDGET_VERBOSE) login.forEach((f) => console.log(`  ${f} ${(fileBytes(f).gzip / KB).toFixed(1)} KB`));

  const home = await routeFiles(browser, server.baseURL, '/', {
    ready: async (page) => {
      await page.waitForURL((url) => url.pathname === '/user/login');
      await passwordVisible(page);
    },
  });
  check('route / (logged out)', sumBytes(home).gzip);
  const early = home.filter((f) => isPageOrLayoutChunk(f) && !f.startsWith('p__User__Login__'));
  if (early.length) failures.push(`/ logged out fetched page or layout chunks: ${early.join(', ')}`);

  // Each logged-in page opened cold, up to its content (PAGE_ROUTES in measure.mjs).
  const admin = await sessionState(browser, server.baseURL, 'admin');
  for (const { route, label = route, who, content } of PAGE_ROUTES.filter((r) => r.who)) {
    if (who !== 'admin') throw new Error(`no session for ${who}`);
    routeLoads[label] = await routeFiles(browser, server.baseURL, route, {
      storageState: admin,
      ready: (page) => contentShown(page, content),
    });
    check(`route ${label} (logged in)`, sumBytes(routeLoads[label]).gzip);
  }
} finally {
  await browser.close();
  server.stop();
}

const files = readdirSync(dist);

// Each page chunk on its own (its JS and any CSS of the same name).
for (const name of Object.keys(budgets).filter((n) => n.startsWith('chunk '))) {
  const prefix = name.slice('chunk '.length);
  const own = files.filter((f) => f.startsWith(`${prefix}.`) && /\.(js|css)$/.test(f));
  if (own.length === 0) failures.push(`${name}: no such chunk in dist/`);
  check(name, own.reduce((sum, f) => sum + fileBytes(f).gzip, 0));
}

// Which packages each chunk holds, from webpack-bundle-analyzer's report.
const report = JSON.parse(readFileSync(reportPath, 'utf8'));
const packagesOf = (chunk) => {
  const found = new Map();
  const walk = (group) => {
    if (group.groups) group.groups.forEach(walk);
    // The deepest install chain in the path, e.g. node_modules/x/node_modules/antd for a nested copy.
    const chains = (group.path ?? '').match(/node_modules\/(?:(?:@[^/]+\/)?[^/]+\/node_modules\/)*(?:@[^/]+\/)?[^/]+/g);
    if (chains) {
      const install = chains[chains.length - 1];
      const pkg = install.split('node_modules/').pop();
      found.set(pkg, (found.get(pkg) ?? new Set()).add(install));
    }
  };
  chunk.groups.forEach(walk);
  return found;
};
const installs = new Map();
const chartChunks = [];
const CHART = /^(chart\.js|react-chartjs-2)$/;
for (const chunk of report) {
  for (const [pkg, paths] of packagesOf(chunk)) {
    for (const p of paths) installs.set(pkg, (installs.get(pkg) ?? new Set()).add(p));
    if (CHART.test(pkg)) chartChunks.push(chunk.label);
  }
}
for (const pkg of ['react', 'react-dom', 'antd', '@ant-design/icons', 'chart.js', '@ant-design/pro-components']) {
  const copies = installs.get(pkg)?.size ?? 0;
  if (copies > 1) failures.push(`${pkg} is bundled ${copies} times: ${[...installs.get(pkg)].join(', ')}`);
}
const chartSet = new Set(chartChunks);
// The catalogue has no form: antd's inputs read its form context, which is all it takes of the
// form library (.umirc.ts marks the rc-* packages free of side effects). The fields, the hook and
// the validator come only with a page that has a form.
const FORM_LIBRARY = /node_modules\/(rc-field-form\/es\/(Field|useForm)\.js|@rc-component\/async-validator\/)/;
const holds = (group, pattern) => pattern.test(group.path ?? '') || (group.groups ?? []).some((g) => holds(g, pattern));
const formChunks = new Set(report.filter((chunk) => holds(chunk, FORM_LIBRARY)).map((chunk) => chunk.label));
// Neither check may pass for want of something to look at.
if (formChunks.size === 0) failures.push('the form library is in no chunk: FORM_LIBRARY matches none of its modules');
if (!routeLoads['/']) failures.push('no cold load of / to check for the form library');
const withForm = (routeLoads['/'] ?? []).filter((f) => formChunks.has(f));
if (withForm.length) failures.push(`/ loads the form library: ${withForm.join(', ')}`);
// As with the form library: the analysis page must load the charts, or CHART matched nothing.
if (!(routeLoads['/admin/interface_analysis'] ?? []).some((f) => chartSet.has(f))) {
  failures.push('/admin/interface_analysis loads no chart library chunk: CHART matches none, or the page was not loaded');
}
// lodash's whole CommonJS build, which cannot be tree-shaken (the app's libraries use lodash-es).
const LEFT_OUT = /node_modules\/lodash\/lodash\.js/;
const leftOutIn = report.filter((chunk) => holds(chunk, LEFT_OUT)).map((chunk) => chunk.label);
if (leftOutIn.length) failures.push(`lodash's whole build is bundled: ${leftOutIn.join(', ')}`);
for (const [route, loaded] of Object.entries(routeLoads)) {
  const charts = loaded.filter((f) => chartSet.has(f));
  if (route === '/admin/interface_analysis') continue;
  if (charts.length) failures.push(`${route} loads the chart library: ${charts.join(', ')}`);
}

console.log('budget                                      KB gzip   limit   ');
for (const [name, kb, limit, state] of rows) {
  console.log(`${name.padEnd(42)} ${kb.padStart(8)} ${limit.padStart(7)}   ${state}`);
}
console.log(`chart library chunks: ${[...chartSet].join(', ') || 'none'}`);
if (failures.length) {
  console.log(`\nBudget failures:\n- ${failures.join('\n- ')}`);
  process.exit(1);
}
console.log('all budgets hold');

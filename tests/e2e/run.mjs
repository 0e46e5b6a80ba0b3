// Runs the browser suite: every scenario exported by tests/e2e/*.e2e.mjs, each
// in a fresh browser context against the production build with the mocks.
// Usage: node tests/e2e/run.mjs [filter]   (filter: part of a scenario name)
// Prints `E2E: N passed, N failed` last; exits non-zero on any failure.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ensureScreenshotDir, freePort, launchBrowser, screenshotDir, startPreview } from './harness.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const filter = process.argv[2];
const files = readdirSync(here).filter((f) => f.endsWith('.e2e.mjs')).sort();

const scenarios = [];
for (const file of files) {
  const mod = await import(pathToFileURL(path.join(here, file)).href);
  for (const scenario of mod.scenarios ?? []) {
    if (!filter || scenario.name.includes(filter)) scenarios.push({ ...scenario, file });
  }
}

ensureScreenshotDir();
const port = await freePort(Number(process.env.E2E_PORT) || 8123);
const server = await startPreview(port);
const browser = await launchBrowser();
let passed = 0;
let failed = 0;

const slug = (name) => name.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '');

try {
  for (const scenario of scenarios) {
    const context = await browser.newContext({ baseURL: server.baseURL, viewport: { width: 1366, height: 900 }, locale: 'zh-CN' });
    context.setDefaultTimeout(15_000);
    const requests = [];
    context.on('request', (req) => requests.push(req.url()));
    const page = await context.newPage();
    const pageErrors = [];
    page.on('pageerror', (err) => pageErrors.push(err.message));
    const started = Date.now();
    try {
      await scenario.run({ page, context, browser, baseURL: server.baseURL, requests });
      if (pageErrors.length) throw new Error(`uncaught page errors: ${pageErrors.join(' | ')}`);
      passed += 1;
      console.log(`  ✓ ${scenario.name} (${Date.now() - started} ms)`);
    } catch (error) {
      failed += 1;
      console.log(`  ✗ ${scenario.name} [${scenario.file}]\n    ${String(error?.stack || error).split('\n').slice(0, 6).join('\n    ')}`);
    } finally {
      await page.screenshot({ path: path.join(screenshotDir, `${slug(scenario.name)}.png`), fullPage: true }).catch(() => undefined);
      await context.close();
    }
  }
} finally {
  await browser.close();
  server.stop();
}

console.log(`E2E: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 || scenarios.length === 0 ? 1 : 0);

// The browser suite: tests/e2e/*.spec.ts in Debian's Chromium, one scenario at a time, against
// the production build served by `max preview` (run `npm run build` first), whose API is the
// platform's own server on a fresh copy of the demo data (mock/platform.ts).
//
//   E2E_BASE_URL  run against a server that is already up (no preview is started), e.g. a real backend
//   E2E_PORT      the preview's port (default: the first free one from 8123); outside CI a preview
//                 already answering there is reused, e.g. `npm run preview` with E2E_PORT=8000
//   CHROMIUM_PATH another Chromium than /usr/bin/chromium
import { defineConfig } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { SERVER_NODE_ARGS } from './server/nodeArgs';
import chromium from './tests/e2e/chromium.json';

const FIRST_PORT = 8123;

/**
 * The first port from `from` on that nobody listens on. Synchronous because the config is read
 * again by each worker: the port chosen here is handed to them through E2E_PORT.
 */
function firstFreePort(from: number): number {
  const probe = `
    const net = require('node:net');
    const from = Number(process.argv[1]);
    const probe = (port) => {
      if (port >= from + 100) { console.error('no free port from ' + from); process.exit(1); }
      const server = net.createServer();
      server.once('error', () => probe(port + 1));
      server.once('listening', () => server.close(() => process.stdout.write(String(port))));
      server.listen(port, '127.0.0.1');
    };
    probe(from);`;
  return Number(execFileSync(process.execPath, ['-e', probe, String(from)], { encoding: 'utf8' }));
}

const external = process.env.E2E_BASE_URL;
if (!external && !process.env.E2E_PORT) process.env.E2E_PORT = String(firstFreePort(FIRST_PORT));
const port = Number(process.env.E2E_PORT);
if (!external && !(Number.isInteger(port) && port > 0 && port < 65536)) {
  throw new Error(`E2E_PORT must be a port number, got "${process.env.E2E_PORT}"`);
}
if (!external && !existsSync(path.join(__dirname, 'dist/index.html'))) {
  throw new Error('dist/ is missing: run `npm run build` first');
}
const baseURL = external ?? `http://127.0.0.1:${port}`;
// A second preview whose answers carry ids as bare JSON numbers, for tests/e2e/ids.spec.ts.
if (!external && !process.env.E2E_IDS_PORT) process.env.E2E_IDS_PORT = String(firstFreePort(port + 1));
const idsPort = Number(process.env.E2E_IDS_PORT);
const idsBaseURL = `http://127.0.0.1:${idsPort}`;
// The platform's own server on a copy of the demo database, for the main flows (shell) and
// tests/e2e/server.spec.ts; its data directory is made anew for each run.
if (!external && !process.env.E2E_SERVER_PORT)
  process.env.E2E_SERVER_PORT = String(firstFreePort(idsPort + 1));
const serverPort = Number(process.env.E2E_SERVER_PORT);
const serverBaseURL = `http://127.0.0.1:${serverPort}`;
const serverDataDir = path.join(__dirname, 'tests/e2e/out/server-data');
// A third preview, a database of its own, for the long scenarios of SECOND_STORE: they run beside
// the others instead of after them.
if (!external && !process.env.E2E_MOCKS2_PORT)
  process.env.E2E_MOCKS2_PORT = String(firstFreePort(serverPort + 1));
const mocks2Port = Number(process.env.E2E_MOCKS2_PORT);
const mocks2BaseURL = `http://127.0.0.1:${mocks2Port}`;
// Where tests/e2e/alerts.server.spec.ts receives webhooks: the server lets plain http reach it
// (INVOKE_ALLOW_HOSTS), as it would any operator's allowed host.
if (!external && !process.env.E2E_HOOK_PORT) process.env.E2E_HOOK_PORT = String(firstFreePort(mocks2Port + 1));
const hookPort = Number(process.env.E2E_HOOK_PORT);
const SECOND_STORE = [
  'a11y.spec.ts',
  'accounts.spec.ts',
  'analysis.spec.ts',
  'callers.spec.ts',
  'userAdmin.spec.ts',
  'theme.spec.ts',
];
/** Scenarios only the platform's own server can run; the shell's run on the mocks and on the server. */
const SERVER_ONLY = ['server.spec.ts', '*.server.spec.ts'];

/**
 * V8's optimising compilers off for the suite's short-lived pages, whose optimised code is mostly
 * never used while the compiling takes the processor from the pages; the benchmark and the size
 * budget keep them on, to measure pages as a user's browser runs them.
 */
const SHORT_LIVED_PAGES = '--js-flags=--no-opt --no-maglev';

/** Debian's Chromium (or CHROMIUM_PATH) for a project, against `baseURL` when given. */
const inChromium = (url?: string) => ({
  browserName: 'chromium' as const,
  ...(url ? { baseURL: url } : {}),
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH || chromium.executablePath,
    args: [...chromium.args, SHORT_LIVED_PAGES],
  },
});

/**
 * `max preview` of dist/ on `previewPort`, ready when its demo platform answers. Umi's start-up
 * tip is off: each process rewrites node_modules/.cache/did-you-know.json, and three starting at
 * once read one another's half-written file and exit.
 */
const preview = (previewPort: number, env: Record<string, string> = {}) => ({
  command: `node node_modules/@umijs/max/bin/max.js preview --port ${previewPort}`,
  env: { PORT: String(previewPort), BROWSER: 'none', DID_YOU_KNOW: 'none', ...env },
  url: `http://127.0.0.1:${previewPort}/api/user/get/login`,
  reuseExistingServer: !process.env.CI,
  // The first preview on a machine prepares the demo data's dump, which is slow under load.
  timeout: 240_000,
  gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 5_000 },
});

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '*.spec.ts',
  outputDir: 'tests/e2e/out/test-results',
  // Within a project the scenarios share one database (the analysis counts calls that others make),
  // so each project runs one scenario at a time; the projects have databases of their own (two
  // previews, the bare-number preview, the server) and run two at a time.
  workers: external ? 1 : 2,
  fullyParallel: false,
  // In CI a failed scenario runs once more, recording its trace then, since recording every trace
  // slows the whole suite; a pass on the retry still counts as a failure (.ci/run says so).
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  // Sized for a busy, small CI machine.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: [
    ['list'],
    ['json', { outputFile: 'tests/e2e/out/results.json' }],
    ['html', { outputFolder: 'tests/e2e/out/report', open: 'never' }],
  ],
  use: {
    baseURL,
    headless: chromium.headless,
    viewport: { width: 1366, height: 900 },
    locale: 'zh-CN',
    // The console then leaves antd's motion out (src/utils/motion.ts), so nothing a scenario clicks
    // is still zooming in, where a click can be lost between the press and the release.
    reducedMotion: 'reduce',
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    // DOM snapshots only, since the trace's screencast slows every scenario; a failure still gets
    // its full-page screenshot.
    trace: { mode: process.env.CI ? 'on-first-retry' : 'retain-on-failure', screenshots: false },
    screenshot: { mode: 'only-on-failure', fullPage: true },
    // Answers uncompressed: `max preview` would gzip every script again for every load, on the
    // cores the pages need, and on loopback compression saves nothing (the size budget and the
    // server's tests cover compression).
    extraHTTPHeaders: { 'accept-encoding': 'identity' },
  },
  projects: [
    {
      name: 'chromium',
      workers: 1,
      // *.server.spec.ts need the platform's own server: the project `server` runs them.
      testIgnore: ['ids.spec.ts', ...SERVER_ONLY, ...(external ? [] : SECOND_STORE)],
      use: inChromium(),
    },
    ...(external
      ? []
      : [
          { name: 'chromium-2', workers: 1, testMatch: SECOND_STORE, use: inChromium(mocks2BaseURL) },
          { name: 'server', workers: 1, testMatch: ['shell.spec.ts', ...SERVER_ONLY], use: inChromium(serverBaseURL) },
          { name: 'bare-number-ids', workers: 1, testMatch: 'ids.spec.ts', use: inChromium(idsBaseURL) },
        ]),
  ],
  webServer: external
    ? undefined
    : [
        preview(port),
        preview(idsPort, { MOCK_IDS: 'number', MOCK_INTERFACES: '300' }),
        preview(mocks2Port),
        {
          // A fresh copy of the server tests' template each run (server/test/database.ts), since
          // the shell scenarios expect the demo data as seeded and a start from nothing is slow.
          command:
            `rm -rf "${serverDataDir}" && node --import tsx server/test/templateDir.ts "${serverDataDir}"` +
            ` && node ${SERVER_NODE_ARGS.join(' ')} server/index.ts`,
          env: {
            PORT: String(serverPort),
            HOST: '127.0.0.1',
            DATA_DIR: serverDataDir,
            INVOKE_ALLOW_HOSTS: `127.0.0.1:${hookPort}`,
          },
          url: `${serverBaseURL}/api/health`,
          reuseExistingServer: false,
          // Without a template yet (no server test has run here), it is made first.
          timeout: 240_000,
          gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
        },
      ],
});

// What the benchmark and the size budget share: serving the production build with the mocks
// (`max preview`) on a free port, or as the platform serves it (platformFront.ts), Debian's Chromium with the browser suite's launch options
// (tests/e2e/chromium.json), and the demo accounts (contract/demo/accounts.ts).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { tsImport } from 'tsx/esm/api';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const launchOptions = JSON.parse(readFileSync(path.join(root, 'tests/e2e/chromium.json'), 'utf8'));

const { DEMO_ACCOUNTS } = await tsImport('@agler/contract/demo/accounts', import.meta.url);
/** The demo accounts by account name: `{ admin: { account, password, name }, user: ... }`. */
export const ACCOUNTS = Object.fromEntries(
  DEMO_ACCOUNTS.map((a) => [a.userAccount, { account: a.userAccount, password: a.userPassword, name: a.userName }]),
);

export function portIsFree(port) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.once('listening', () => server.close(() => resolve(true)));
    server.listen(port, '127.0.0.1');
  });
}

/** The first free port from `start` on. */
export async function freePort(start) {
  for (let port = start; port < start + 100; port += 1) {
    if (await portIsFree(port)) return port;
  }
  throw new Error(`no free port from ${start}`);
}

/** Starts `max preview` in its own process group on `port`, with `env`; resolves once it answers. */
export async function startPreview(port, env = {}) {
  if (!existsSync(path.join(root, 'dist/index.html'))) {
    throw new Error('dist/ is missing: run `npm run build` first');
  }
  return startServer('max preview', [path.join(root, 'node_modules/@umijs/max/bin/max.js'), 'preview', '--port', String(port)], port, {
    ...env,
    PORT: String(port),
    BROWSER: 'none',
  });
}

/**
 * Starts tests/bench/platformFront.ts on `port`: dist/ served as the platform's server serves it
 * (its compressed files as built), /api forwarded to `mocks` (a preview's origin).
 */
export async function startPlatformFront(port, mocks) {
  const front = path.join(root, 'tests/bench/platformFront.ts');
  return startServer('the platform front', ['--import', 'tsx', front, path.join(root, 'dist'), String(port), mocks], port);
}

/** Starts `node args` in its own process group; resolves once `port` answers the mocks' login probe. */
async function startServer(name, args, port, env = {}) {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const stop = () => {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  };
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited:\n${output}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/user/get/login`);
      if (res.ok) return { baseURL: `http://127.0.0.1:${port}`, stop };
    } catch {
      // not up yet
    }
    await new Promise((r) => {
      setTimeout(r, 300);
    });
  }
  stop();
  throw new Error(`${name} did not answer on port ${port}:\n${output}`);
}

/**
 * Headless Chromium. playwright starts it with a fresh temporary profile
 * (its own --user-data-dir) and removes it on close.
 */
export async function launchBrowser() {
  return chromium.launch({
    ...launchOptions,
    executablePath: process.env.CHROMIUM_PATH || launchOptions.executablePath,
  });
}

/** @jest-environment node */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { Agent, request } from 'undici';

/**
 * `npm start` as a developer runs it, on another PORT: it says where to open the console only
 * once that address serves the console's page and /api, and nothing of it listens on 8000.
 * A whole `max dev` (webpack, MFSU, the demo platform) takes minutes on a small machine, so this
 * runs only with START_TEST=1: CI runs it as a step of its own (.ci/run).
 */

const ROOT = path.resolve(__dirname, '..');
const READY_MS = 300_000;
const STOP_MS = 30_000;
const enabled = process.env.START_TEST === '1';
if (!enabled) process.stdout.write('npm start: START_TEST=1 runs this check (CI does); skipped\n');

/** Whether something on this machine accepts connections on `port`. */
function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.setTimeout(2000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });
}

/** The first port from `from` that nobody listens on, on any interface (Umi listens on them all). */
async function firstFreePort(from: number): Promise<number> {
  for (let port = from; port < from + 100; port += 1) {
    const free = await new Promise<boolean>((resolve) => {
      const probe = net.createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`no free port from ${from}`);
}

const suite = enabled ? describe : describe.skip;

suite('npm start on another PORT', () => {
  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();
  let output = '';
  // Its own connections, closed at the end: kept-alive ones would hold jest open.
  const dispatcher = new Agent();

  afterAll(async () => {
    await dispatcher.close();
    const pid = child?.pid;
    if (pid === undefined) return;
    try {
      process.kill(-pid, 'SIGTERM');
    } catch {
      return;
    }
    let timer: NodeJS.Timeout | undefined;
    const stopped = await Promise.race([
      exited.then(() => true),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), STOP_MS);
      }),
    ]);
    clearTimeout(timer);
    if (!stopped) process.kill(-pid, 'SIGKILL');
    child?.stdout?.destroy();
    child?.stderr?.destroy();
  }, STOP_MS + 5000);

  test(
    'prints its address once the page and /api answer there, and nothing answers on 8000 from it',
    async () => {
      const port = await firstFreePort(7700);
      const before8000 = await answers(8000);
      const started = Date.now();
      const npmStart = spawn('npm', ['start'], {
        cwd: ROOT,
        env: { ...process.env, PORT: String(port), BROWSER: 'none' },
        // A process group of its own (setsid), stopped as a whole: `max dev` forks its server.
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = npmStart;
      exited = new Promise((resolve) => {
        npmStart.once('exit', () => resolve());
      });
      const address = `http://localhost:${port}`;
      const ready = `Agler接口 已启动：${address}`;
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no ready line in ${READY_MS / 1000} s:\n${output}`)),
          READY_MS,
        );
        const read = (chunk: Buffer) => {
          output += chunk.toString();
          if (output.includes(ready)) {
            clearTimeout(timer);
            resolve();
          }
        };
        npmStart.stdout!.on('data', read);
        npmStart.stderr!.on('data', read);
        void exited.then(() => {
          clearTimeout(timer);
          reject(new Error(`npm start ended before it was ready:\n${output}`));
        });
      });
      process.stdout.write(`npm start: ready in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);

      // Right away, without a retry: the line comes only once these answer.
      const base = `http://127.0.0.1:${port}`;
      const page = await request(`${base}/`, { dispatcher, headers: { accept: 'text/html' } });
      const html = await page.body.text();
      expect(page.statusCode).toBe(200);
      // The console's own page, not Umi's loading page that stands in while it compiles.
      expect(html).toContain('<title>Agler接口');
      const script = /<script src="(\/umi\.js)"/.exec(html)?.[1];
      expect(script).toBeDefined();
      const bundle = await request(`${base}${script}`, { dispatcher });
      await bundle.body.dump();
      expect(bundle.statusCode).toBe(200);

      const health = await request(`${base}/api/health`, { dispatcher });
      expect(health.statusCode).toBe(200);
      expect(await health.body.json()).toMatchObject({ code: 0 });

      // The ready line is the last thing said, after Umi's own banner for the same port.
      const banner = output.lastIndexOf(`Local: `);
      expect(banner).toBeGreaterThan(-1);
      expect(output.slice(banner, output.indexOf('\n', banner))).toContain(`:${port}`);
      expect(output.lastIndexOf(ready)).toBeGreaterThan(banner);
      expect(output).not.toMatch(/:8000\b/);
      // Something else may have listened on 8000 already; this start must not have taken it.
      const took8000 = !before8000 && (await answers(8000));
      expect(took8000).toBe(false);
    },
    READY_MS + 60_000,
  );
});

import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import { DEMO_ACCOUNTS } from '@agler/contract/demo/accounts';
import { buildApp } from '../server/app';
import { openDemoDatabase } from '../server/demo/database';
import { readSettings } from '../server/settings';
import { sendBareIds, idFormOf } from './wiring/bareIds';
import { ensureDemoPlatform } from './wiring/demoOrigin';
import { DEMO_PROCESS_ENV, reportToParent, startDemoProcess } from './wiring/demoProcess';

/**
 * `npm start` and `max preview` answer with the platform's own server: Umi loads this file when
 * it starts, and it starts the server (server/app.ts) in a child process (wiring/demoProcess.ts)
 * on a free loopback port, over an in-memory copy of the demo data; config/proxy.ts forwards
 * /api, /gateway and /demo to it. Umi reloads this file when mock/ changes; the server it
 * started stays until the restart.
 */

const ROOT = path.resolve(__dirname, '..');
const CACHE_DIR = path.join(ROOT, 'node_modules/.cache/agler-demo');

const say = (line: string) => process.stdout.write(`[demo] ${line}\n`);

/** The console's port in this process: PORT, else `--port` of `max preview`, else 8000. */
function consolePort(): string {
  const flag = process.argv.indexOf('--port');
  return process.env.PORT || (flag > 0 ? process.argv[flag + 1] : undefined) || '8000';
}

function interfaceCount(): number | undefined {
  const raw = process.env.MOCK_INTERFACES;
  if (raw === undefined || raw === '') return undefined;
  const count = Number(raw);
  if (!Number.isInteger(count) || count < 1) throw new Error(`MOCK_INTERFACES must be a whole number ≥ 1, got "${raw}"`);
  return count;
}

export type DemoPlatform = { origin: string; app: FastifyInstance };

/** Starts the platform on the demo data; `PGlite` for another copy of its class (tests). */
export async function startDemoPlatform(options: { PGlite?: typeof PGlite } = {}): Promise<DemoPlatform> {
  const started = Date.now();
  // The server's own settings, on the console's port; the demo database is always in memory.
  const settings = readSettings({ ...process.env, PORT: consolePort(), DATABASE_URL: undefined });
  const { publicUrl } = settings;
  const idForm = idFormOf(process.env.MOCK_IDS);
  const database = await openDemoDatabase({
    cacheDir: CACHE_DIR,
    publicUrl,
    interfaceCount: interfaceCount(),
    report: say,
    PGlite: options.PGlite,
  });
  const app = await buildApp({
    database,
    publicUrl,
    // A new key each start: the keys it seals live in this start's database only.
    secretKey: randomBytes(32).toString('hex'),
    invokeAllowHosts: settings.invokeAllowHosts,
    allowedHosts: settings.allowedHosts,
    invokeTimeoutMs: settings.invokeTimeoutMs,
    defaultQuota: settings.defaultQuota,
    logLevel: settings.logLevel,
  });
  if (idForm === 'number') sendBareIds(app);
  app.addHook('onClose', () => database.close());
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  const accounts = DEMO_ACCOUNTS.map((a) => `${a.userAccount} / ${a.userPassword}`).join('，');
  say(`演示数据已就绪（${((Date.now() - started) / 1000).toFixed(1)} s）；演示账号：${accounts}`);
  return { origin: `http://127.0.0.1:${port}`, app };
}

const failed = (error: unknown) =>
  process.stderr.write(`[demo] 演示平台无法启动：${error instanceof Error ? error.stack : String(error)}\n`);

if (process.env[DEMO_PROCESS_ENV]) {
  startDemoPlatform().then(
    ({ origin }) => reportToParent(origin),
    (error: unknown) => {
      failed(error);
      process.exit(1);
    },
  );
} else if (process.env.MOCK !== 'none') {
  // The console's port is known here only (`max preview` names it in its arguments).
  ensureDemoPlatform(() => startDemoProcess(__filename, { PORT: consolePort() })).catch(failed);
}

// No mock routes of its own: every answer comes from the server.
export default {};

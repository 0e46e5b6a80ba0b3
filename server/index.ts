import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { openDatabase, ping } from './db/connect';
import type { Database } from './db/connect';
import { rootReason } from './db/errors';
import { LockedError } from './db/pidLock';
import { startMaintenance } from './domain/maintenance';
import { keyFileSecret } from './keys/secretBox';
import { describeDatabase, readSettings, SettingsError } from './settings';
import type { Settings } from './settings';
import { prepareDatabase } from './startup';

/**
 * Start-up: settings, database (opened, migrated, seeded on its first start),
 * then the app on its port; one line says where. SIGTERM and SIGINT finish
 * the requests in flight, close the database and exit 0.
 */

/** How long a shutdown may wait for requests in flight before it gives up. */
const DRAIN_LIMIT_MS = 30_000;

const say = (line: string) => process.stdout.write(`${line}\n`);

/** One line that says why the server cannot start, then a non-zero exit. */
function fail(message: string): never {
  process.stderr.write(`Agler接口 无法启动：${message}\n`);
  process.exit(1);
}

async function open(settings: Settings): Promise<Database> {
  let database: Database | undefined;
  try {
    database = await openDatabase(settings, {
      report: say,
      onPoolError: (error) => process.stderr.write(`数据库连接中断：${error.message}\n`),
    });
    await ping(database.db);
    await prepareDatabase(database, { publicUrl: settings.publicUrl, now: Date.now(), report: say });
    return database;
  } catch (error) {
    await database?.close().catch(() => undefined);
    if (error instanceof LockedError) fail(error.message);
    fail(`无法打开数据库（${describeDatabase(settings)}）：${rootReason(error)}`);
  }
}

async function main() {
  let settings: Settings;
  try {
    settings = readSettings();
  } catch (error) {
    if (error instanceof SettingsError) fail(error.message);
    throw error;
  }

  const database = await open(settings);
  const app: FastifyInstance = await buildApp({
    database,
    consoleDir: settings.consoleDir,
    publicUrl: settings.publicUrl,
    cookieSecure: settings.cookieSecure,
    logLevel: settings.logLevel,
    invokeTimeoutMs: settings.invokeTimeoutMs,
    invokeAllowHosts: settings.invokeAllowHosts,
    allowedHosts: settings.allowedHosts,
    // Without SECRET_KEY (PGlite only; settings refuse DATABASE_URL without it): the key file made once in DATA_DIR.
    secretKey: settings.secretKey ?? keyFileSecret(settings.dataDir),
    defaultQuota: settings.defaultQuota,
  });
  const maintenance = startMaintenance(database, (error) =>
    app.log.error({ err: error }, 'maintenance failed'),
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    say(`收到 ${signal}，处理完进行中的请求后退出……`);
    const limit = setTimeout(() => {
      process.stderr.write('进行中的请求在 30 秒内没有结束，强制退出\n');
      process.exit(1);
    }, DRAIN_LIMIT_MS);
    limit.unref();
    await app.close();
    await maintenance.stop();
    await database.close();
    clearTimeout(limit);
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  try {
    await app.listen({ port: settings.port, host: settings.host });
  } catch (error) {
    await database.close();
    fail(`无法监听 ${settings.host}:${settings.port}：${(error as Error).message}`);
  }
  const shown =
    settings.host === '127.0.0.1' || settings.host === '0.0.0.0' || settings.host === '::'
      ? 'localhost'
      : settings.host;
  say(`Agler接口 已启动：http://${shown}:${settings.port}（数据库：${describeDatabase(settings)}）`);
}

void main();

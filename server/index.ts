import cluster from 'node:cluster';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { openDatabase, ping } from './db/connect';
import type { Database } from './db/connect';
import { rootReason } from './db/errors';
import { LockedError } from './db/pidLock';
import { startMaintenance } from './domain/maintenance';
import { startRetention } from './domain/retention';
import { keyFileSecret } from './keys/secretBox';
import { describeDatabase, readSettings, SettingsError } from './settings';
import type { Settings } from './settings';
import { prepareDatabase } from './startup';

/**
 * Start-up: settings, database (opened, migrated, seeded on its first start),
 * then the app on its port; one line says where. SIGTERM and SIGINT finish
 * the requests in flight, write what they counted, close the database and
 * exit 0.
 *
 * With WORKERS > 1 (PostgreSQL only) this process prepares the database and
 * starts that many workers (node:cluster), which share the port and run the
 * app; it passes SIGTERM and SIGINT on, waits for every worker to finish, and
 * starts a worker again that ended on its own.
 */

/** How long a shutdown may wait for requests in flight before it gives up. */
const DRAIN_LIMIT_MS = 30_000;

const say = (line: string) => process.stdout.write(`${line}\n`);

/** One line that says why the server cannot start, then a non-zero exit. */
function fail(message: string): never {
  process.stderr.write(`Agler接口 无法启动：${message}\n`);
  process.exit(1);
}

/** Set in the workers of a cluster: the primary prepared the database. */
const WORKER_ENV = 'AGLER_WORKER';
/** How long a worker that ended on its own waits to be started again. */
const RESTART_DELAY_MS = 1000;

async function open(settings: Settings, prepare = true): Promise<Database> {
  let database: Database | undefined;
  try {
    database = await openDatabase(settings, {
      report: say,
      onPoolError: (error) => process.stderr.write(`数据库连接中断：${error.message}\n`),
    });
    await ping(database.db);
    if (prepare) await prepareDatabase(database, { publicUrl: settings.publicUrl, now: Date.now(), report: say });
    return database;
  } catch (error) {
    await database?.close().catch(() => undefined);
    if (error instanceof LockedError) fail(error.message);
    fail(`无法打开数据库（${describeDatabase(settings)}）：${rootReason(error)}`);
  }
}

const startedLine = (settings: Settings, processes: string) => {
  const shown =
    settings.host === '127.0.0.1' || settings.host === '0.0.0.0' || settings.host === '::'
      ? 'localhost'
      : settings.host;
  return `Agler接口 已启动：http://${shown}:${settings.port}（数据库：${describeDatabase(settings)}${processes}）`;
};

/** The cluster's primary: prepares the database, starts the workers, passes signals on. */
async function primary(settings: Settings) {
  const database = await open(settings);
  await database.close();
  let stopping = false;
  let listening = 0;
  const fork = () => cluster.fork({ [WORKER_ENV]: '1' });
  cluster.on('listening', () => {
    listening += 1;
    if (listening === settings.workers) say(startedLine(settings, `，${settings.workers} 个进程`));
  });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    // A worker that could not start (it said why) would fail again: the cluster does not start.
    if (listening < settings.workers) {
      stopping = true;
      for (const other of Object.values(cluster.workers ?? {})) other?.process.kill('SIGTERM');
      process.exit(1);
    }
    process.stderr.write(`进程 ${worker.process.pid} 意外退出（${code ?? signal}），1 秒后重启\n`);
    setTimeout(() => {
      if (!stopping) fork();
    }, RESTART_DELAY_MS).unref();
  });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    say(`收到 ${signal}，各进程处理完进行中的请求后退出……`);
    const workers = Object.values(cluster.workers ?? {});
    if (workers.length === 0) process.exit(0);
    for (const worker of workers) worker?.process.kill(signal);
    setTimeout(() => {
      process.stderr.write('进程在 35 秒内没有全部退出，强制退出\n');
      process.exit(1);
    }, DRAIN_LIMIT_MS + 5000).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  for (let i = 0; i < settings.workers; i += 1) fork();
}

async function main() {
  let settings: Settings;
  try {
    settings = readSettings();
  } catch (error) {
    if (error instanceof SettingsError) fail(error.message);
    throw error;
  }
  const inCluster = cluster.isWorker && process.env[WORKER_ENV] === '1';
  if (!inCluster && settings.workers > 1) {
    await primary(settings);
    return;
  }

  const database = await open(settings, !inCluster);
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
    metricsToken: settings.metricsToken,
    callLogRetentionDays: settings.callLogRetentionDays,
  });
  const maintenance = startMaintenance(database, (error) =>
    app.log.error({ err: error }, 'maintenance failed'),
  );
  const retention = startRetention(database, {
    days: settings.callLogRetentionDays,
    // The driver's reason only: Drizzle's wrapper carries the statement's text.
    onError: (error) => app.log.error({ reason: rootReason(error) }, 'call log retention failed'),
  });

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
    await retention.stop();
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
  if (!inCluster) say(startedLine(settings, ''));
}

void main();

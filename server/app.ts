import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import { BODY_MAX_BYTES, DEFAULT_QUOTA } from '@agler/contract/constants';
import { NONCE_TTL_SECONDS } from '@agler/contract/signature';
import { DEFAULT_RETENTION_DAYS } from './domain/retention';
import type { Database } from './db/connect';
import { seedDemoUpstreamKeys, seededInterfaceCount } from './domain/seed';
import { demoRoutes, DEMO_PREFIX } from './demo/routes';
import { writeCalls } from './invoke/callLog';
import type { CallRow } from './invoke/callLog';
import { createAdmitter } from './invoke/admission';
import { createInvoker } from './invoke/invoke';
import { isDataRefusal } from './db/errors';
import { createRecorder } from './invoke/recorder';
import type { Recorder } from './invoke/recorder';
import { bodyPlugin } from './plugins/body';
import { consoleFiles, consolePlugin, pageFallback } from './plugins/console';
import { errorsPlugin } from './plugins/errors';
import { metricsPlugin } from './plugins/metrics';
import { securityPlugin } from './plugins/security';
import { sessionPlugin } from './plugins/session';
import { utf8Plugin } from './plugins/utf8';
import { alertsPlugin } from './routes/alerts';
import { analysisRoutes } from './routes/analysis';
import type { AppContext } from './routes/context';
import { createLookups } from './gateway/lookups';
import { GATEWAY_PREFIX, gatewayRoutes } from './gateway/routes';
import { createSecretBox } from './keys/secretBox';
import { healthRoutes } from './routes/health';
import { userInterfaceInfoRoutes } from './routes/userInterfaceInfo';
import { interfaceInfoRoutes } from './routes/interfaceInfo';
import { interfaceHealthRoutes } from './routes/interfaceHealth';
import { openApiRoutes } from './routes/openapi';
import { userRoutes } from './routes/user';
import { usageRoutes } from './routes/usage';
import { quotaRequestRoutes } from './routes/quotaRequests';
import { keyRoutes } from './routes/keys';
import { planRoutes, subscriptionRoutes } from './routes/plans';
import { loggerOptions } from './logging';
import type { LogLevel } from './settings';
import { parseAllowList } from './upstream/addressPolicy';
import { createUpstreamClient } from './upstream/client';
import type { Resolve } from './upstream/client';

/**
 * The Fastify app without a listening socket: index.ts listens, tests inject
 * requests. The database is opened, migrated and seeded before (index.ts).
 */

declare module 'fastify' {
  interface FastifyInstance {
    /** The call log's batching writer (flush() to read every answered call). */
    callLog: Recorder<CallRow>;
  }
}

export type AppOptions = {
  database: Database;
  /** The built console; without it (or without its index.html) the app answers /api only. */
  consoleDir?: string;
  publicUrl?: string;
  cookieSecure?: boolean;
  logLevel?: LogLevel;
  /** The clock of sessions, throttling, the analysis's "today" and new records (tests move it). */
  now?: () => number;
  /** How long invoke waits for an interface's server (10 s by default). */
  invokeTimeoutMs?: number;
  /** INVOKE_ALLOW_HOSTS: hosts invoke may call although their addresses are internal. */
  invokeAllowHosts?: string[];
  /** ALLOWED_HOSTS: names requests may be sent to besides PUBLIC_URL's host and this machine's. */
  allowedHosts?: string[];
  /** Name resolution of invoke's calls; tests pass a stub so that nothing leaves the machine. */
  resolve?: Resolve;
  /** The secret that seals users' secret keys (SECRET_KEY or the key file in DATA_DIR). */
  secretKey: string;
  /** Calls a user gets per interface on their first call (DEFAULT_QUOTA). */
  defaultQuota?: number;
  /** METRICS_TOKEN: opens /metrics to other machines; without it only this machine reads it. */
  metricsToken?: string;
  /** Where log lines go instead of standard output (tests read them). */
  logStream?: { write(line: string): void };
  /** CALL_LOG_RETENTION_DAYS: how long single calls stay in the log (the answers that list calls say so). */
  callLogRetentionDays?: number;
};

/** The address a process listening on `address` is called at from itself. */
function selfOriginOf(address: string, port: number): string {
  if (address === '0.0.0.0') return `http://127.0.0.1:${port}`;
  if (address === '::') return `http://[::1]:${port}`;
  return address.includes(':') ? `http://[${address}]:${port}` : `http://${address}:${port}`;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(options.logLevel ?? 'silent', options.logStream),
    bodyLimit: BODY_MAX_BYTES,
    // Requests in flight when SIGTERM arrives finish; idle keep-alive connections close at once.
    forceCloseConnections: 'idle',
    return503OnClosing: true,
  });

  const { database } = options;
  const now = options.now ?? Date.now;
  const publicUrl = options.publicUrl ?? 'http://localhost:8000';
  const invokeTimeoutMs = options.invokeTimeoutMs ?? 10_000;
  const client = createUpstreamClient({
    timeoutMs: invokeTimeoutMs,
    allow: parseAllowList((options.invokeAllowHosts ?? []).join(',')),
    resolve: options.resolve,
  });
  const recorder = createRecorder<CallRow>({
    write: (rows) => writeCalls(database.db, rows),
    refusesRows: isDataRefusal,
    onError: (error) => app.log.error({ err: error }, 'writing call records failed'),
  });
  const defaultQuota = options.defaultQuota ?? DEFAULT_QUOTA;
  const onAlertError = (error: unknown) => app.log.error({ err: error }, 'writing an alert failed');
  const admitter = createAdmitter({ db: database.db, now, defaultQuota, nonceTtlSeconds: NONCE_TTL_SECONDS, onAlertError });
  const secretBox = createSecretBox(options.secretKey);
  const lookups = await createLookups(database, secretBox, now);
  const invoker = createInvoker({
    db: database.db,
    onAlertError,
    admitter,
    client,
    recorder,
    publicUrl,
    timeoutMs: invokeTimeoutMs,
    now,
    upstreamOf: lookups.upstreamOf,
  });
  const ctx: AppContext = {
    database,
    now,
    seededCount: await seededInterfaceCount(database.db),
    invoker,
    callLog: recorder,
    secretBox,
    defaultQuota,
    callLogRetentionDays: options.callLogRetentionDays ?? DEFAULT_RETENTION_DAYS,
    invokeTimeoutMs,
  };
  await seedDemoUpstreamKeys(database.db, secretBox, ctx.seededCount, now());

  app.decorate('callLog', recorder);
  app.addHook('onListen', async () => {
    const [first] = app.addresses();
    if (first && typeof first === 'object') invoker.setSelfOrigin(selfOriginOf(first.address, first.port));
  });
  // Answers given while the app closes end their connections: a client's keep-alive would otherwise hold the
  // drain open until it times out.
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  // After the requests in flight: what they admitted, gave back and recorded is written before the database closes.
  app.addHook('onClose', async () => {
    await admitter.drain();
    await recorder.close();
    await client.close();
    await lookups.close();
  });

  const files =
    options.consoleDir && fs.existsSync(path.join(options.consoleDir, 'index.html'))
      ? consoleFiles(options.consoleDir)
      : undefined;

  await app.register(securityPlugin, {
    publicUrl,
    allowedHosts: options.allowedHosts,
    https: publicUrl.startsWith('https:'),
    scriptHashes: () => files?.page()?.scriptHashes ?? [],
  });
  await app.register(errorsPlugin, { pageFallback: files ? pageFallback(files) : undefined });
  // Before the routes, so that every answer is timed.
  await app.register(metricsPlugin, { database, token: options.metricsToken });
  await app.register(bodyPlugin);
  await app.register(fastifyCookie);
  await app.register(sessionPlugin, {
    db: database.db,
    cookieSecure: options.cookieSecure ?? false,
    now: ctx.now,
  });
  // Before compression, so that it is given the bytes.
  await app.register(utf8Plugin);
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    // Quality 11 (the default) costs seconds per large script; 5 is close in size at a fraction of the time.
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } },
  });

  await app.register(userRoutes, { prefix: '/api/user', ctx });
  await app.register(keyRoutes, { prefix: '/api/user/key', ctx });
  await app.register(interfaceInfoRoutes, { prefix: '/api/interfaceInfo', ctx });
  await app.register(interfaceHealthRoutes, { prefix: '/api/interfaceInfo/health', ctx });
  await app.register(openApiRoutes, {
    ctx,
    publicUrl,
    allowHosts: options.invokeAllowHosts ?? [],
    resolve: options.resolve,
    timeoutMs: invokeTimeoutMs,
  });
  await app.register(analysisRoutes, { prefix: '/api/analysis', ctx });
  await app.register(healthRoutes, { prefix: '/api/health', ctx });
  await app.register(userInterfaceInfoRoutes, { prefix: '/api/userInterfaceInfo', ctx });
  // Alerts, webhooks and the worker that delivers them (started when the app is ready, stopped on close).
  await app.register(alertsPlugin, { ctx, allowHosts: options.invokeAllowHosts ?? [], resolve: options.resolve });
  await app.register(usageRoutes, { prefix: '/api/user', ctx });
  await app.register(quotaRequestRoutes, { prefix: '/api/quota/request', ctx });
  await app.register(planRoutes, { prefix: '/api/plan', ctx });
  await app.register(subscriptionRoutes, { prefix: '/api/subscription', ctx });
  await app.register(demoRoutes, {
    prefix: DEMO_PREFIX,
    seededCount: ctx.seededCount,
    upstreamOf: lookups.upstreamOf,
    now,
  });
  await app.register(gatewayRoutes, {
    prefix: GATEWAY_PREFIX,
    lookups,
    admitter,
    invoker,
    timeoutMs: invokeTimeoutMs,
    now,
  });
  if (files) await app.register(consolePlugin, { files });

  return app;
}

import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import fastifyCompress from '@fastify/compress';
import { BODY_MAX_BYTES } from '@agler/contract/constants';
import type { Database } from './db/connect';
import { seededInterfaceCount } from './domain/seed';
import { bodyPlugin } from './plugins/body';
import { consoleFiles, consolePlugin, pageFallback } from './plugins/console';
import { errorsPlugin } from './plugins/errors';
import { securityPlugin } from './plugins/security';
import { sessionPlugin } from './plugins/session';
import { analysisRoutes } from './routes/analysis';
import type { AppContext } from './routes/context';
import { healthRoutes } from './routes/health';
import { interfaceInfoRoutes } from './routes/interfaceInfo';
import { userRoutes } from './routes/user';
import type { LogLevel } from './settings';

/**
 * The Fastify app without a listening socket: index.ts listens, tests inject
 * requests. The database is opened, migrated and seeded before (index.ts).
 */

export type AppOptions = {
  database: Database;
  /** The built console; without it (or without its index.html) the app answers /api only. */
  consoleDir?: string;
  publicUrl?: string;
  cookieSecure?: boolean;
  logLevel?: LogLevel;
  /** The clock of sessions, throttling, the analysis's "today" and new records (tests move it). */
  now?: () => number;
};

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: options.logLevel ?? 'silent',
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    },
    bodyLimit: BODY_MAX_BYTES,
    // Requests in flight when SIGTERM arrives finish; idle keep-alive connections close at once.
    forceCloseConnections: 'idle',
    return503OnClosing: true,
  });

  const { database } = options;
  const ctx: AppContext = {
    database,
    db: database.db,
    now: options.now ?? Date.now,
    seededCount: await seededInterfaceCount(database.db),
  };

  const files =
    options.consoleDir && fs.existsSync(path.join(options.consoleDir, 'index.html'))
      ? consoleFiles(options.consoleDir)
      : undefined;

  await app.register(securityPlugin, {
    publicUrl: options.publicUrl ?? 'http://localhost:8000',
    https: (options.publicUrl ?? '').startsWith('https:'),
    scriptHashes: () => files?.page()?.scriptHashes ?? [],
  });
  await app.register(errorsPlugin, { pageFallback: files ? pageFallback(files) : undefined });
  await app.register(bodyPlugin);
  await app.register(sessionPlugin, {
    db: database.db,
    cookieSecure: options.cookieSecure ?? false,
    now: ctx.now,
  });
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    // Quality 11 (the default) costs seconds per large script; 5 is close in size at a fraction of the time.
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } },
  });

  await app.register(userRoutes, { prefix: '/api/user', ctx });
  await app.register(interfaceInfoRoutes, { prefix: '/api/interfaceInfo', ctx });
  await app.register(analysisRoutes, { prefix: '/api/analysis', ctx });
  await app.register(healthRoutes, { prefix: '/api/health', ctx });
  if (files) await app.register(consolePlugin, { files });

  return app;
}

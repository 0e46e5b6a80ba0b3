import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { applyFunctions } from './functions';
import { acquirePidLock } from './pidLock';
import type { PidLock } from './pidLock';
import { schema } from './schema';

/**
 * The two forms of the one SQL dialect: PGlite (embedded PostgreSQL in
 * DATA_DIR, one process) and a PostgreSQL server (DATABASE_URL, any number of
 * processes). Both give a Drizzle database of the same schema; the code above
 * this module never asks which one it has.
 */

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Something a transaction callback can run queries on: the database itself or a transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Queryable = Db | Tx;

/** How busy the database's connections are, for /metrics. */
export type PoolUse = {
  /** Connections open. */
  total: number;
  /** Open connections with nothing to do. */
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
};

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PGlite is one connection that runs one query at a time: the others wait for it. */
  poolUse(): PoolUse;
  /**
   * Runs `work` with the database to itself as far as start-up work goes:
   * migrations and the first seed happen once even when several processes
   * start together.
   */
  exclusive<T>(work: (db: Db) => Promise<T>): Promise<T>;
  /** Routine upkeep that PostgreSQL's autovacuum does on a server and PGlite lacks. */
  vacuum(): Promise<void>;
  /**
   * Hears the notifications on `channel` until the returned stop is called.
   * `onState(false)` when some may be missed (the listening connection was
   * lost; it is opened again a second later), `onState(true)` once it listens.
   */
  listen(
    channel: string,
    onMessage: (payload: string) => void,
    onState: (listening: boolean) => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
};

export const MIGRATIONS_DIR = path.join(__dirname, 'migrations');

/** Any lock key of our own: start-up work (migrations, the first seed) holds it. */
const STARTUP_LOCK = 7_529_001;

/** Tables that change all day; PGlite has no autovacuum to keep them compact. */
const BUSY_TABLES = [
  'session',
  'login_attempt',
  'interface_call',
  'interface_info',
  'call_rollup',
  'call_rollup_all',
  'gateway_nonce',
  'user_interface_info',
];

type Report = (line: string) => void;

export type PgliteOptions = {
  dataDir?: string;
  /** A dump (PGlite's dumpDataDir) to start from instead of an empty database; tests use it. */
  loadDataDir?: Blob;
  report?: Report;
  /** Another copy of PGlite's class (tests load one outside jest's sandbox). */
  PGlite?: typeof PGlite;
};

/** Seconds since `start`, for progress lines. */
const since = (start: number) => `${((Date.now() - start) / 1000).toFixed(1)} s`;

/** PGlite's memory for a statement's sorts and hashes (PostgreSQL's default is 4MB). */
const PGLITE_WORK_MEM = '16MB';

/**
 * Opens (and on first start creates) the embedded database in `dataDir`,
 * holding the directory's pid lock while open; in memory without `dataDir`.
 */
export async function openPglite(options: PgliteOptions = {}): Promise<Database> {
  const report = options.report ?? (() => undefined);
  let lock: PidLock | undefined;
  let firstStart = false;
  if (options.dataDir) {
    lock = acquirePidLock(options.dataDir);
    firstStart = !fs.existsSync(path.join(options.dataDir, 'PG_VERSION'));
  }
  const start = Date.now();
  let ticker: NodeJS.Timeout | undefined;
  if (firstStart) {
    report(`首次启动：正在 ${options.dataDir} 创建嵌入式 PostgreSQL（PGlite），约需 10 秒……`);
    ticker = setInterval(() => report(`  仍在创建数据库……已用 ${since(start)}`), 3000);
  }
  let client: PGlite;
  try {
    client = new (options.PGlite ?? PGlite)({ dataDir: options.dataDir, loadDataDir: options.loadDataDir });
    await client.waitReady;
  } catch (error) {
    lock?.release();
    throw error;
  } finally {
    if (ticker) clearInterval(ticker);
  }
  if (firstStart) report(`  数据库已创建（${since(start)}）`);
  // PGlite keeps its queue private: counting what was handed in and not yet answered gives it (all but one wait).
  let handedIn = 0;
  const counted =
    <A extends unknown[], R>(run: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      handedIn += 1;
      try {
        return await run(...args);
      } finally {
        handedIn -= 1;
      }
    };
  client.query = counted(client.query.bind(client)) as PGlite['query'];
  client.transaction = counted(client.transaction.bind(client)) as PGlite['transaction'];
  // The overview's latency distributions of a 90-day range (about 4 MB at 10,000 interfaces) stay in
  // memory instead of spilling to a temporary file, which PGlite's file system makes slow.
  await client.exec(`SET work_mem = '${PGLITE_WORK_MEM}'`);

  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    poolUse: () => ({ total: 1, idle: handedIn === 0 ? 1 : 0, waiting: Math.max(0, handedIn - 1) }),
    // One process, one connection: nothing else can interleave.
    exclusive: (work) => work(db),
    async vacuum() {
      for (const table of BUSY_TABLES) await client.exec(`VACUUM (ANALYZE) ${table}`);
    },
    async listen(channel, onMessage, onState) {
      const stop = await client.listen(channel, onMessage);
      onState(true);
      return async () => {
        if (!client.closed) await stop();
      };
    },
    async close() {
      try {
        if (!client.closed) await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

/** Milliseconds between attempts to listen again after the connection was lost. */
const RELISTEN_MS = 1000;

/** A connection of its own that LISTENs on `channel`, opened again whenever it is lost. */
async function listenOn(
  url: string,
  channel: string,
  onMessage: (payload: string) => void,
  onState: (listening: boolean) => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let current: pg.Client | undefined;
  let timer: NodeJS.Timeout | undefined;

  async function connect(): Promise<void> {
    timer = undefined;
    if (stopped) return;
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
    let gone = false;
    const lost = () => {
      if (gone) return;
      gone = true;
      if (current === client) current = undefined;
      onState(false);
      client.end().catch(() => undefined);
      if (!stopped) {
        timer = setTimeout(() => void connect(), RELISTEN_MS);
        timer.unref();
      }
    };
    client.on('notification', (message) => {
      if (message.channel === channel) onMessage(message.payload ?? '');
    });
    client.on('error', lost);
    client.on('end', lost);
    try {
      await client.connect();
      await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
    } catch {
      lost();
      return;
    }
    if (stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    current = client;
    onState(true);
  }

  await connect();
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    const client = current;
    current = undefined;
    await client?.end().catch(() => undefined);
  };
}

/** Connections one process keeps to PostgreSQL (besides the one that listens for changes). */
export const POOL_MAX = 10;

/** Connects to the PostgreSQL server at `url` (a pool; reconnects by itself after an outage). */
export async function openPostgres(
  url: string,
  options: { onPoolError?: (error: Error) => void; max?: number } = {},
): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? POOL_MAX,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30_000,
    // A query that hangs on a broken network ends instead of holding its request forever.
    query_timeout: 30_000,
  });
  // An idle connection that breaks (server restart) must not end the process; the pool replaces it.
  pool.on('error', (error) => options.onPoolError?.(error));
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async exclusive(work) {
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK]);
        try {
          return await work(drizzlePg({ client, schema }) as unknown as Db);
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK]);
        }
      } finally {
        client.release();
      }
    },
    // The server's autovacuum does this.
    vacuum: async () => undefined,
    listen: (channel, onMessage, onState) => listenOn(url, channel, onMessage, onState),
    close: () => pool.end(),
  };
}

/**
 * Brings the schema up to date: applies the migrations in server/db/migrations that are missing,
 * then the SQL functions of server/db/functions that changed (./functions.ts).
 */
export async function migrate(database: Database): Promise<void> {
  await database.exclusive(async (db) => {
    const config = { migrationsFolder: MIGRATIONS_DIR };
    if (database.kind === 'pglite') await migratePglite(db as never, config);
    else await migratePg(db as never, config);
    await applyFunctions(db);
  });
}

/** Whether the database answers. */
export async function ping(db: Queryable): Promise<void> {
  await db.execute(sql`SELECT 1`);
}

/** Opens the database the settings name: PostgreSQL with a URL, PGlite in the data directory otherwise. */
export function openDatabase(
  settings: { databaseUrl?: string; dataDir: string },
  options: { report?: Report; onPoolError?: (error: Error) => void } = {},
): Promise<Database> {
  return settings.databaseUrl
    ? openPostgres(settings.databaseUrl, { onPoolError: options.onPoolError })
    : openPglite({ dataDir: settings.dataDir, report: options.report });
}

import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './process';

/**
 * A PostgreSQL server for the tests that need one: TEST_DATABASE_URL when
 * given (CI's cluster), otherwise a throwaway cluster of Debian's PostgreSQL
 * (initdb as the `postgres` user into a temp directory, a free port on
 * 127.0.0.1), removed at the end. Without either, those tests are skipped.
 */

const BIN_ROOT = '/usr/lib/postgresql';

function binDir(): string | undefined {
  if (!fs.existsSync(BIN_ROOT)) return undefined;
  const versions = fs
    .readdirSync(BIN_ROOT)
    .filter((v) => fs.existsSync(path.join(BIN_ROOT, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(BIN_ROOT, versions[0], 'bin') : undefined;
}

/** Whether a cluster of our own can be made here (Debian's binaries, and runuser when we are root). */
export const ownClusterAvailable =
  !!binDir() && (process.getuid?.() !== 0 || fs.existsSync('/usr/sbin/runuser'));

export const postgresAvailable = !!process.env.TEST_DATABASE_URL || ownClusterAvailable;

export type PgServer = {
  /** A new, empty database on the server: its URL. */
  createDatabase(): Promise<string>;
  /** Stops the server (an outage); `start` brings it back. Only for a cluster of our own. */
  stop(): void;
  start(): void;
  close(): Promise<void>;
};

/** As the postgres user when we are root (initdb refuses root). */
function asPostgres(command: string, args: string[]) {
  const asRoot = process.getuid?.() === 0;
  execFileSync(asRoot ? 'runuser' : command, asRoot ? ['-u', 'postgres', '--', command, ...args] : args, {
    stdio: 'pipe',
  });
}

function adminOf(url: string) {
  return {
    async createDatabase() {
      const name = `agler_test_${randomBytes(6).toString('hex')}`;
      const client = new pg.Client(url);
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${name}`);
      } finally {
        await client.end();
      }
      const created = new URL(url);
      created.pathname = `/${name}`;
      return created.toString();
    },
  };
}

/**
 * A server for the tests; `own` asks for a cluster of our own even when
 * TEST_DATABASE_URL names one (to stop and start it: an outage).
 */
export async function startPostgres(options: { own?: boolean } = {}): Promise<PgServer> {
  if (process.env.TEST_DATABASE_URL && !(options.own && binDir())) {
    const unsupported = () => {
      throw new Error('an outage needs a cluster of our own: unset TEST_DATABASE_URL');
    };
    return {
      ...adminOf(process.env.TEST_DATABASE_URL),
      stop: unsupported,
      start: unsupported,
      close: async () => undefined,
    };
  }
  const bin = binDir()!;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agler-pg-'));
  fs.chmodSync(dir, 0o777);
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres', dir]);
  asPostgres(path.join(bin, 'initdb'), [
    '-D',
    dataDir,
    '-U',
    'postgres',
    '--auth=trust',
    '-E',
    'UTF8',
    '--locale=C.UTF-8',
  ]);
  const pgCtl = (...args: string[]) => asPostgres(path.join(bin, 'pg_ctl'), ['-D', dataDir, ...args]);
  const start = () =>
    pgCtl(
      '-w',
      '-l',
      path.join(dir, 'log'),
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`,
      'start',
    );
  const stop = () => pgCtl('-w', '-m', 'fast', 'stop');
  start();
  return {
    ...adminOf(`postgres://postgres@127.0.0.1:${port}/postgres`),
    stop,
    start,
    async close() {
      try {
        stop();
      } catch {
        // already stopped
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

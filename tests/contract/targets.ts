/**
 * What the contract suite can run against. Each target is a process the suite
 * starts from the repository root, in a process group of its own, on a free
 * port of 127.0.0.1, and stops with SIGTERM to that group when it is done.
 *
 * A target must:
 * - listen on the port in `PORT` and the address in `HOST` (always 127.0.0.1);
 * - answer `GET readyPath` with HTTP 200 and the JSON envelope once it serves
 *   the whole API (the suite polls until then, for at most `startTimeoutMs`);
 * - start from the demo data (contract/demo: the demo accounts, the seeded
 *   interfaces and their call history), with nothing else changed;
 * - exit on SIGTERM.
 *
 * `CONTRACT_TARGET=<name> npm run test:contract` picks one (default `pglite`);
 * `CONTRACT_BASE_URL=http://127.0.0.1:8000 npm run test:contract` runs
 * against a target that is already up instead, started by someone else.
 *
 * The server runs against a fresh embedded database per run (`pglite`), or
 * against an empty PostgreSQL database named by CONTRACT_DATABASE_URL
 * (`postgres`; .ci/run makes a throwaway cluster for it).
 */
import { SERVER_NODE_ARGS } from '../../server/nodeArgs';

/** The target's INVOKE_TIMEOUT_MS: short, so the time-out spec is quick; long enough for a busy 2-core machine. */
export const INVOKE_TIMEOUT_MS = 3000;

export type Target = {
  /** The program and its arguments. */
  command: string[];
  /** Environment beyond the suite's own (PORT and HOST are set by the suite); `scratch` is an empty directory removed afterwards. */
  env?: (scratch: string) => Record<string, string>;
  /** A GET that answers the envelope once the target is ready. */
  readyPath: string;
  /** How long the target may take to become ready on a busy 2-core machine. */
  startTimeoutMs: number;
  /**
   * Whether invoke makes real HTTP calls: the target then gets the
   * *.server.contract.ts specs too, and must allow calls to 127.0.0.1 on the
   * port in CONTRACT_UPSTREAM_PORT (the server: INVOKE_ALLOW_HOSTS).
   */
  realCalls?: boolean;
};

export const TARGETS: Record<string, Target> = {
  /** The server on a new embedded PostgreSQL (PGlite) in the scratch directory: its first start runs initdb. */
  pglite: {
    command: [process.execPath, ...SERVER_NODE_ARGS, 'server/index.ts'],
    env: (scratch) => ({ DATA_DIR: scratch }),
    readyPath: '/api/health',
    startTimeoutMs: 180_000,
    realCalls: true,
  },
  /** The server on a PostgreSQL server's empty database. */
  postgres: {
    command: [process.execPath, ...SERVER_NODE_ARGS, 'server/index.ts'],
    env: () => {
      const url = process.env.CONTRACT_DATABASE_URL;
      if (!url) throw new Error('CONTRACT_TARGET=postgres needs CONTRACT_DATABASE_URL: an empty PostgreSQL database');
      // A PostgreSQL server needs the key that seals secret keys; any 32 characters do for a test run.
      return { DATABASE_URL: url, SECRET_KEY: 'contract-suite-secret-key-of-32-characters' };
    },
    readyPath: '/api/health',
    startTimeoutMs: 120_000,
    realCalls: true,
  },
};

export const DEFAULT_TARGET = 'pglite';

/**
 * Whether this run includes the real-call specs: for a target of this file,
 * when it makes real calls; for one already up (CONTRACT_BASE_URL), when
 * CONTRACT_UPSTREAM_PORT says which port it allows.
 */
export function runsRealCalls(env: Record<string, string | undefined> = process.env): boolean {
  if (env.CONTRACT_BASE_URL) return Boolean(env.CONTRACT_UPSTREAM_PORT);
  return TARGETS[env.CONTRACT_TARGET || DEFAULT_TARGET]?.realCalls === true;
}

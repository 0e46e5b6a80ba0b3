import type { Database } from '../db/connect';
import type { CallRow } from '../invoke/callLog';
import type { Invoker } from '../invoke/invoke';
import type { Recorder } from '../invoke/recorder';
import type { SecretBox } from '../keys/secretBox';

/** What the routes need from the app: the database, the clock, and facts read once at start. */
export type AppContext = {
  /** Queries run on `database.db`; `database.kind` says which database it is. */
  database: Database;
  now: () => number;
  /** How many demo interfaces were seeded: their services answer under /demo. */
  seededCount: number;
  invoker: Invoker;
  /** The call log's batching writer: readers of the log flush it first, so every answered call is counted. */
  callLog: Recorder<CallRow>;
  /** Seals and opens secret keys. */
  secretBox: SecretBox;
  /** Calls a user gets per interface on their first call. */
  defaultQuota: number;
  /** Days single calls stay in the call log (server/domain/retention.ts). */
  callLogRetentionDays: number;
  /** INVOKE_TIMEOUT_MS: how long a call to an interface's server may take at most. */
  invokeTimeoutMs: number;
};

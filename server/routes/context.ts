import type { Database, Db } from '../db/connect';

/** What the routes need from the app: the database, the clock, and facts read once at start. */
export type AppContext = {
  database: Database;
  db: Db;
  now: () => number;
  /** How many demo interfaces were seeded: their services answer invoke. */
  seededCount: number;
};

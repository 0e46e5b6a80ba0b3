import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/connect';

/**
 * Changes that the gateway's caches (./cache.ts) must hear of, in this
 * process and in every other on the same database: PostgreSQL's
 * LISTEN/NOTIFY carries them to the others (PGlite has it too, in its one
 * process). A change is announced after it is written, or inside its
 * transaction, whose commit sends it: `announce` tells this process's
 * listeners at once and the database's at commit.
 *
 * - `user:<id>`: the user's role or keys changed (a ban, a new key pair);
 * - `interface:<id>`: an interface was added, changed, taken off or on line, deleted;
 * - `quota:<userId>:<interfaceId>`: a user's own limits on an interface changed;
 * - `plans`: a plan or a subscription changed (which plan's limits apply to whom).
 */

export const CHANGE_CHANNEL = 'agler_change';

export type Change =
  | { kind: 'user'; userId: string }
  | { kind: 'interface'; interfaceId: string }
  | { kind: 'quota'; userId: string; interfaceId: string }
  | { kind: 'plans' };

/** A change, or `reset`: changes may have been missed (the listening connection was lost), forget everything. */
export type ChangeListener = (change: Change | 'reset') => void;

const listeners = new Set<ChangeListener>();

/** Hears every change announced in this process or received from the database; returns the unsubscribe. */
export function onChange(listener: ChangeListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function changeText(change: Change): string {
  if (change.kind === 'user') return `user:${change.userId}`;
  if (change.kind === 'interface') return `interface:${change.interfaceId}`;
  if (change.kind === 'plans') return 'plans';
  return `quota:${change.userId}:${change.interfaceId}`;
}

/** The change a notification's payload names; undefined for anything else. */
export function parseChange(text: string): Change | undefined {
  if (text === 'plans') return { kind: 'plans' };
  const [kind, first, second] = text.split(':');
  if (!/^\d+$/.test(first ?? '')) return undefined;
  if (kind === 'user' && second === undefined) return { kind, userId: first };
  if (kind === 'interface' && second === undefined) return { kind, interfaceId: first };
  if (kind === 'quota' && /^\d+$/.test(second ?? '')) return { kind, userId: first, interfaceId: second };
  return undefined;
}

/** Tells this process's listeners (see the module's comment for when the others hear it). */
export function hear(change: Change | 'reset'): void {
  for (const listener of listeners) listener(change);
}

/**
 * Announces many changes in one statement: a statement each held PGlite's one connection through
 * thousands of round trips after an import, and every other request waited behind them.
 */
export async function announceAll(db: Queryable, changes: readonly Change[]): Promise<void> {
  if (changes.length === 0) return;
  for (const change of changes) hear(change);
  const texts = changes.map(changeText);
  if (texts.length === 1) await db.execute(sql`SELECT pg_notify(${CHANGE_CHANNEL}, ${texts[0]})`);
  else
    await db.execute(
      sql`SELECT pg_notify(${CHANGE_CHANNEL}, t) FROM unnest(${`{${texts.join(',')}}`}::text[]) AS t`,
    );
}

/** Announces `change` here and, through the database, to every process listening on it. */
export async function announce(db: Queryable, change: Change): Promise<void> {
  await announceAll(db, [change]);
}

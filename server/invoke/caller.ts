import { and, eq, sql } from 'drizzle-orm';
import { parseId } from '@agler/contract/ids';
import type { Db } from '../db/connect';
import { prepared } from '../db/prepared';
import { interfaces, sessions, users } from '../db/schema';
import { LIVE_INTERFACE, PUBLIC_COLUMNS } from '../domain/interfaceInfo';
import { keepAlive, LIVE_SESSION, sessionParams, userOfSession } from '../domain/session';
import type { SessionUser } from '../domain/session';
import type { InterfaceRow } from './invoke';

/**
 * Who invokes and what, in one statement: the session's user and the live
 * interface of the body's id, left-joined, so an invoke asks the database
 * once before the call instead of twice (under load each statement is a
 * round trip for both processes).
 */

const sessionAndInterface = (db: Db) =>
  db
    .select({ user: users, lastSeen: sessions.lastSeen, found: PUBLIC_COLUMNS })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(interfaces, and(eq(interfaces.id, sql.placeholder('interfaceId')), LIVE_INTERFACE))
    .where(LIVE_SESSION)
    .prepare('live_session_interface');

export type Caller = {
  /** undefined: no live session. */
  user: SessionUser | undefined;
  /** The live interface of the id; undefined when there is none or the id cannot be one (findInterface says which). */
  row: InterfaceRow | undefined;
};

/** The caller of a cookie's token at `now` and the live interface `rawId` names; keeps the session alive. */
export async function callerOf(db: Db, token: string | undefined, now: number, rawId: unknown): Promise<Caller> {
  const params = sessionParams(token, now);
  if (!params) return { user: undefined, row: undefined };
  const interfaceId = parseId(rawId);
  if (!interfaceId) return { user: await userOfSession(db, token, now), row: undefined };
  const [found] = await prepared(db, 'live_session_interface', sessionAndInterface).execute({ ...params, interfaceId });
  if (!found) return { user: undefined, row: undefined };
  await keepAlive(db, params.id, found.lastSeen, now);
  return { user: found.user, row: found.found ?? undefined };
}

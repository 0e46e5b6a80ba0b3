import { ResponseCode } from '@agler/contract/constants';
import { MESSAGES } from '@agler/contract/messages';
import { ping } from '../db/connect';
import type { Db } from '../db/connect';
import { refuse } from './errors';

/** `{ db: "ok" }` when the database answers, 50000 otherwise. */
export async function health(db: Db): Promise<{ db: 'ok' }> {
  try {
    await ping(db);
  } catch {
    refuse(ResponseCode.SYSTEM_ERROR, MESSAGES.databaseUnavailable);
  }
  return { db: 'ok' };
}

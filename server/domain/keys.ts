import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AccessKeyVO, KeyPairVO } from '@agler/contract/types';
import { announce } from '../cache/changes';
import type { Db } from '../db/connect';
import { accessKeys } from '../db/schema';
import type { SecretBox } from '../keys/secretBox';
import type { SessionUser } from './session';

/**
 * Access keys: one pair per user at most, made on request. The access key
 * names the pair; the secret key signs calls and is stored sealed, so it is
 * answered once, when it is made, and never again.
 */

const TAIL = 4;

const newKey = (prefix: string) => `${prefix}_${randomBytes(32).toString('base64url')}`;

/** `GET /api/user/key`: null until the user makes a pair. */
export async function keyOf(db: Db, user: SessionUser): Promise<AccessKeyVO | null> {
  const [row] = await db
    .select({ accessKey: accessKeys.accessKey, secretKeyTail: accessKeys.secretTail })
    .from(accessKeys)
    .where(eq(accessKeys.userId, user.id));
  return row ?? null;
}

/** `POST /api/user/key/regenerate`: a new pair; the old one stops at once. */
export async function regenerateKey(db: Db, box: SecretBox, user: SessionUser, now: number): Promise<KeyPairVO> {
  const accessKey = newKey('ak');
  const secretKey = newKey('sk');
  const values = {
    accessKey,
    secretSealed: box.seal(secretKey, user.id),
    secretTail: secretKey.slice(-TAIL),
    createTime: new Date(now),
  };
  await db
    .insert(accessKeys)
    .values({ userId: user.id, ...values })
    .onConflictDoUpdate({ target: accessKeys.userId, set: values });
  await announce(db, { kind: 'user', userId: user.id });
  return { accessKey, secretKey };
}


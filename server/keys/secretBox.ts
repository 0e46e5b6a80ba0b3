import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Secret keys at rest: AES-256-GCM under the server's key, so the table alone
 * (a backup, a leaked dump) signs nothing. The server's key comes from
 * SECRET_KEY, or for the embedded database from a key file made once in
 * DATA_DIR; a PostgreSQL server shared by several processes needs SECRET_KEY.
 * Each sealed value is bound to its owner (the additional data), so a value
 * copied to another user's row does not open.
 */

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const KEY_FILE = 'secret.key';
/** SECRET_KEY's shortest length: 32 characters hold at least 128 bits when random. */
export const SECRET_KEY_MIN_LENGTH = 32;

export type SecretBox = {
  seal: (plain: string, owner: string) => string;
  /** Throws when the value was not sealed for `owner` under this key. */
  open: (sealed: string, owner: string) => string;
};

/** The 32-byte encryption key derived from the configured secret (any text of SECRET_KEY_MIN_LENGTH or more). */
function deriveKey(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'agler', 'secret-key-encryption', 32));
}

export function createSecretBox(secret: string): SecretBox {
  const key = deriveKey(secret);
  return {
    seal(plain, owner) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(owner, 'utf8'));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
    },
    open(sealed, owner) {
      const [version, data] = sealed.split(':');
      if (version !== VERSION || !data) throw new Error('not a sealed secret');
      const raw = Buffer.from(data, 'base64');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(owner, 'utf8'));
      decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    },
  };
}

/** The key file in `dataDir`, made once (random, readable by the owner only). */
export function keyFileSecret(dataDir: string): string {
  const file = path.join(dataDir, KEY_FILE);
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  try {
    // wx: when two starts race, one writes and the other reads what it wrote.
    fs.writeFileSync(file, `${secret}\n`, { flag: 'wx', mode: 0o600 });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return fs.readFileSync(file, 'utf8').trim();
  }
}

/** @jest-environment node */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createSecretBox, KEY_FILE, keyFileSecret } from './secretBox';

const SECRET = 'a-server-secret-of-at-least-32-chars!';

describe('secret keys at rest', () => {
  test('seal and open give the text back; the sealed form holds none of it', () => {
    const box = createSecretBox(SECRET);
    const sealed = box.seal('sk_0123456789abcdef', '1790000000000000001');

    expect(sealed).toMatch(/^v1:[A-Za-z0-9+/=]+$/);
    expect(sealed).not.toContain('0123456789abcdef');
    expect(box.open(sealed, '1790000000000000001')).toBe('sk_0123456789abcdef');
    expect(box.seal('same', 'u')).not.toBe(box.seal('same', 'u'));
  });

  test('another owner, another server key or a changed byte does not open', () => {
    const box = createSecretBox(SECRET);
    const sealed = box.seal('secret', 'alice');
    const raw = Buffer.from(sealed.slice(3), 'base64');
    raw[raw.length - 1] ^= 1;

    expect(() => box.open(sealed, 'bob')).toThrow();
    expect(() => createSecretBox(`${SECRET}x`).open(sealed, 'alice')).toThrow();
    expect(() => box.open(`v1:${raw.toString('base64')}`, 'alice')).toThrow();
    expect(() => box.open('plain text', 'alice')).toThrow();
  });

  test('the key file is made once, owner-only, and read back after', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agler-key-'));
    try {
      const first = keyFileSecret(dir);
      expect(first).toMatch(/^[0-9a-f]{64}$/);
      expect(fs.statSync(path.join(dir, KEY_FILE)).mode & 0o777).toBe(0o600);
      expect(keyFileSecret(dir)).toBe(first);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

import crypto from 'node:crypto';

/**
 * The Standard Webhooks signature: `v1,` and the base64 HMAC-SHA256 of
 * `<webhook-id>.<webhook-timestamp>.<body>` under the secret's key (the
 * base64 after `whsec_`). A secret shown to the user is `whsec_` and 32
 * random bytes in base64.
 */

const PREFIX = 'whsec_';

export function newWebhookSecret(): string {
  return PREFIX + crypto.randomBytes(32).toString('base64');
}

const decodeKey = (secret: string) =>
  Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, 'base64');

/** The last secret's key, decoded once: every forwarded call of an interface signs with the same secret. */
let lastKey: { secret: string; key: Buffer } | undefined;
function keyOf(secret: string): Buffer {
  if (lastKey?.secret !== secret) lastKey = { secret, key: decodeKey(secret) };
  return lastKey.key;
}

export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): string {
  const mac = crypto.createHmac('sha256', keyOf(secret)).update(`${id}.${timestampSeconds}.${body}`);
  return `v1,${mac.digest('base64')}`;
}

/** The three headers of one try, signed with each secret (the current one first; a rotated one during its grace). */
export function webhookHeaders(
  secrets: readonly string[],
  id: string,
  timestampSeconds: number,
  body: string,
): Record<string, string> {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': secrets.map((secret) => signWebhook(secret, id, timestampSeconds, body)).join(' '),
  };
}

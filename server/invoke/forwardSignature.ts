import crypto from 'node:crypto';
import { signWebhook } from '../domain/webhookSignature';

/**
 * The signature on every call the platform forwards to an interface's server, so that server can tell
 * a call that came through the platform (checked, counted, charged) from one sent to it directly. It is
 * the Standard Webhooks signature (server/domain/webhookSignature.ts) over a payload that names the
 * request: `<METHOD>.<path with its query>.<hex SHA-256 of the body>`; any Standard Webhooks verifier
 * given that payload and the agler-* headers' values checks it.
 */

/** What one forwarded call is signed over, and on whose behalf it is made. */
export type ForwardedCall = {
  requestId: string;
  timestampSeconds: number;
  method: string;
  /** The path with its query, exactly as sent to the interface's server. */
  pathWithQuery: string;
  body: string | Uint8Array;
  userId?: string;
  /** Gateway calls only: the caller's access key. */
  keyId?: string;
};

/** The hex SHA-256 of a body, in one call (most forwarded calls are GETs, whose body is empty). */
export const bodyDigest = (body: string | Uint8Array) => crypto.hash('sha256', body, 'hex');

/** The payload the HMAC covers after the id and the timestamp. */
export const forwardPayload = (call: Pick<ForwardedCall, 'method' | 'pathWithQuery' | 'body'>) =>
  `${call.method.toUpperCase()}.${call.pathWithQuery}.${bodyDigest(call.body)}`;

/** The agler-* headers of one forwarded call, signed with each secret (the current one first; a rotated one during its grace). */
export function forwardHeaders(secrets: readonly string[], call: ForwardedCall): Record<string, string> {
  const payload = forwardPayload(call);
  return {
    'agler-request-id': call.requestId,
    'agler-timestamp': String(call.timestampSeconds),
    ...(call.userId === undefined ? {} : { 'agler-user-id': call.userId }),
    ...(call.keyId === undefined ? {} : { 'agler-key-id': call.keyId }),
    'agler-signature': secrets
      .map((secret) => signWebhook(secret, call.requestId, call.timestampSeconds, payload))
      .join(' '),
  };
}

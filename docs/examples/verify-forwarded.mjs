// Checks that a request came through the Agler platform: every call it forwards to your interface's server
// carries agler-* headers signed with the interface's forwarding secret (Standard Webhooks v1 over the
// request). Node.js 18 or later, no dependencies.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** How far agler-timestamp may be from your clock, in seconds. */
export const TOLERANCE_SECONDS = 5 * 60;

/**
 * secrets: the interface's forwarding secrets ("whsec_..."); during a rotation's grace, the new one and the old one.
 * request: { method, pathWithQuery, headers, body } as received: the path with its query exactly as on the request
 *          line (Node: req.url), header names in lower case (Node: req.headers), the body's raw bytes (a Buffer).
 * Answers true when one of the signatures is the platform's and the timestamp is within the tolerance.
 */
export function verifyForwarded(secrets, request, nowMs = Date.now()) {
  const id = request.headers['agler-request-id'];
  const timestamp = request.headers['agler-timestamp'];
  const signatures = request.headers['agler-signature'];
  if (!id || !timestamp || !signatures || !/^\d+$/.test(timestamp)) return false;
  if (Math.abs(nowMs / 1000 - Number(timestamp)) > TOLERANCE_SECONDS) return false;
  const bodyHash = createHash('sha256').update(request.body ?? '').digest('hex');
  const signed = `${id}.${timestamp}.${request.method.toUpperCase()}.${request.pathWithQuery}.${bodyHash}`;
  const sent = signatures
    .split(' ')
    .filter((entry) => entry.startsWith('v1,'))
    .map((entry) => Buffer.from(entry.slice(3), 'base64'));
  return secrets.some((secret) => {
    const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
    const expected = createHmac('sha256', key).update(signed).digest();
    return sent.some((mac) => mac.length === expected.length && timingSafeEqual(mac, expected));
  });
}

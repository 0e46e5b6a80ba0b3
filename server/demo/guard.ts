import { timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { DEMO_UPSTREAM_KEY_HEADER } from '@agler/contract/demo/seedInterfaces';
import type { DemoGuard } from '@agler/contract/demo/seedInterfaces';
import type { CallSettings } from '../domain/upstream';
import { signingSecrets } from '../domain/upstream';
import { signWebhook } from '../domain/webhookSignature';
import { forwardPayload } from '../invoke/forwardSignature';

/**
 * What the guarded demo servers check before they answer, as a publisher's own server would: the key the
 * platform adds for the interface, or the platform's forwarding signature within its tolerance. They hold
 * the interface's settings because they stand for its publisher.
 */

/** How far a forwarded call's timestamp may be from the server's clock, as the developer guide says. */
export const FORWARD_TOLERANCE_S = 300;

/** The status and text a guarded demo server refuses a call with. */
export const DEMO_GUARD_STATUS = 401;
export const DEMO_GUARD_MESSAGES: Record<DemoGuard, string> = {
  upstreamKey: `缺少或错误的 ${DEMO_UPSTREAM_KEY_HEADER}：请经平台调用本接口`,
  forwardSignature: '转发签名无效或已过期：请经平台调用本接口',
};

/** The request as the demo server received it. */
export type Received = {
  method: string;
  /** The path with its query, as on the request line. */
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
};

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

const headerOf = (headers: IncomingHttpHeaders, name: string): string | undefined => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** Whether the call carries the key the platform holds for the interface (none held: nothing passes). */
function keyHolds(settings: CallSettings, received: Received): boolean {
  const expected = settings.headers.find(
    (credential) => credential.name.toLowerCase() === DEMO_UPSTREAM_KEY_HEADER,
  );
  const sent = headerOf(received.headers, DEMO_UPSTREAM_KEY_HEADER);
  return expected !== undefined && sent !== undefined && sameText(sent, expected.value);
}

/** Whether one of the call's signatures is the platform's, under a secret that signs at `nowMs`, and recent. */
function signatureHolds(settings: CallSettings, received: Received, nowMs: number): boolean {
  const id = headerOf(received.headers, 'agler-request-id');
  const timestamp = headerOf(received.headers, 'agler-timestamp');
  const signatures = headerOf(received.headers, 'agler-signature');
  if (!id || !timestamp || !signatures || !/^\d{1,12}$/.test(timestamp)) return false;
  const seconds = Number(timestamp);
  if (Math.abs(nowMs / 1000 - seconds) > FORWARD_TOLERANCE_S) return false;
  const payload = forwardPayload({
    method: received.method,
    pathWithQuery: received.url,
    body: received.body,
  });
  const expected = signingSecrets(settings, nowMs).map((secret) => signWebhook(secret, id, seconds, payload));
  return signatures.split(' ').some((sent) => expected.some((mine) => sameText(sent, mine)));
}

/** Whether the demo server behind `guard` takes the call. */
export function guardHolds(
  guard: DemoGuard,
  settings: CallSettings,
  received: Received,
  nowMs: number,
): boolean {
  return guard === 'upstreamKey' ? keyHolds(settings, received) : signatureHolds(settings, received, nowMs);
}

import { randomUUID } from 'node:crypto';
import { sameCredentialName } from '@agler/contract/interfaceUpstream';
import type { UpstreamCredential } from '@agler/contract/interfaceUpstream';
import type { CallSettings } from '../domain/upstream';
import { signingSecrets } from '../domain/upstream';
import { forwardHeaders } from './forwardSignature';
import type { OutgoingRequest } from './request';

/**
 * What the platform adds to a call before it leaves for the interface's server: the publisher's
 * credentials (they win over any header or query parameter of the same name, so a caller can neither
 * see nor choose them) and the agler-* signature headers over the request exactly as it is sent.
 */

/** Whose call it is: the caller, and the access key of a gateway call. */
export type ForwardedBy = { userId: string; keyId?: string };

/** The signature's own headers: a caller's copy of any of them is dropped so it cannot speak for the platform. */
const SIGNATURE_PREFIX = 'agler-';

/** `url` parsed, with each credential as its only query parameter of that name (the others are kept byte for byte). */
function withCredentialQuery(url: string, query: readonly UpstreamCredential[]): URL {
  const target = new URL(url);
  if (query.length === 0) return target;
  const kept = target.search
    .slice(1)
    .split('&')
    .filter((part) => {
      if (part === '') return false;
      const name = part.split('=')[0];
      let decoded: string;
      try {
        decoded = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        return true;
      }
      return !query.some((credential) => sameCredentialName('query', credential.name, decoded));
    });
  const added = query.map(({ name, value }) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`);
  target.search = [...kept, ...added].join('&');
  return target;
}

/** The request with the interface's credentials in it and signed with its forwarding secrets at `nowMs`. */
export function forwardedRequest(
  request: OutgoingRequest,
  settings: CallSettings,
  by: ForwardedBy,
  nowMs: number,
): OutgoingRequest {
  const sent = withCredentialQuery(request.url, settings.query);
  const headers: Record<string, string> = {};
  for (const name of Object.keys(request.headers)) {
    if (name.toLowerCase().startsWith(SIGNATURE_PREFIX)) continue;
    if (settings.headers.some((credential) => sameCredentialName('header', credential.name, name))) continue;
    headers[name] = request.headers[name];
  }
  for (const { name, value } of settings.headers) headers[name.toLowerCase()] = value;
  const signature = forwardHeaders(signingSecrets(settings, nowMs), {
    requestId: `req_${randomUUID().replace(/-/g, '')}`,
    timestampSeconds: Math.floor(nowMs / 1000),
    method: request.method,
    pathWithQuery: `${sent.pathname}${sent.search}`,
    body: request.body ?? '',
    userId: by.userId,
    keyId: by.keyId,
  });
  return { ...request, url: sent.href, headers: Object.assign(headers, signature) };
}

/**
 * The gateway's request signature (`/gateway/{interfaceId}`), the text both
 * sides sign. Pure: the HMAC itself is the caller's (node:crypto on the
 * server and in the Node sample, WebCrypto in a browser, `openssl` in the
 * shell sample, `hmac` in Python).
 *
 *   canonical = METHOD + "\n" + PATH + "\n" + QUERY + "\n" + timestamp + "\n" + nonce + "\n" + hex(SHA-256(body))
 *   sign      = hex(HMAC-SHA256(secretKey, canonical))     lowercase hex, UTF-8 text
 *
 * PATH is the request path without the query; QUERY is the query parameters
 * sorted by name then value (by Unicode code point, which is also UTF-8 byte
 * order and Python's string order), each
 * `encodeURIComponent(name)=encodeURIComponent(value)`, joined with `&`
 * (empty when there are none); the body hash is of the raw body bytes, of the
 * empty string when there is none.
 */

export const SIGNATURE_HEADERS = {
  accessKey: 'accessKey',
  timestamp: 'timestamp',
  nonce: 'nonce',
  sign: 'sign',
} as const;

/**
 * The challenge every 401 of the gateway carries in `WWW-Authenticate` (RFC 9110 §11.6.1, §15.5.2):
 * the scheme is these four signed headers, not HTTP's Authorization.
 */
export const SIGNATURE_CHALLENGE = 'AglerSignature realm="agler-gateway"';

/** How far a request's timestamp may be from the server's clock, either way. */
export const TIMESTAMP_TOLERANCE_SECONDS = 300;
/** How long a nonce stays used for its key. */
export const NONCE_TTL_SECONDS = 600;
/** 8 to 64 characters of A-Z a-z 0-9 _ -. */
export const NONCE_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

/** hex(SHA-256("")): the body hash of a request without a body. */
export const EMPTY_BODY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

/** Compares by Unicode code point (JavaScript's `<` compares UTF-16 code units, which differs beyond U+FFFF). */
function compareCodePoints(a: string, b: string): number {
  const left = Array.from(a);
  const right = Array.from(b);
  for (let i = 0; i < Math.min(left.length, right.length); i += 1) {
    const diff = left[i].codePointAt(0)! - right[i].codePointAt(0)!;
    if (diff !== 0) return diff;
  }
  return left.length - right.length;
}

/** QUERY of the canonical text, from the parameters as sent (`URLSearchParams` of the query). */
export function canonicalQuery(params: Iterable<[string, string]>): string {
  return [...params]
    .sort(([an, av], [bn, bv]) => compareCodePoints(an, bn) || compareCodePoints(av, bv))
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
    .join('&');
}

export type SignedParts = {
  method: string;
  /** The request path without the query, as sent. */
  path: string;
  /** The query string without `?` (as sent), or its parameters. */
  query: string | Iterable<[string, string]>;
  timestamp: string;
  nonce: string;
  /** Lowercase hex SHA-256 of the raw body (EMPTY_BODY_SHA256 when there is none). */
  bodySha256: string;
};

/** The text that is signed. */
export function canonicalRequest(parts: SignedParts): string {
  const params = typeof parts.query === 'string' ? new URLSearchParams(parts.query) : parts.query;
  return [
    parts.method.toUpperCase(),
    parts.path,
    canonicalQuery(params),
    parts.timestamp,
    parts.nonce,
    parts.bodySha256.toLowerCase(),
  ].join('\n');
}

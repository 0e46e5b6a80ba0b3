/**
 * How the platform calls an interface's own server, as its publisher sets it (docs/server.md,
 * "The publisher's side"): credentials added to every call, the forwarding signature's secret,
 * and the call's timeout, retries and most connections at once.
 */

/** Where a credential goes: a request header, or a parameter of the query string. */
export const CREDENTIAL_PLACES = ['header', 'query'] as const;
export type CredentialPlace = (typeof CREDENTIAL_PLACES)[number];

/** A credential as stored (sealed) and added to calls. */
export type UpstreamCredential = { name: string; value: string };

/** What is shown of a credential after it was set: never its value, only its last 4 characters. */
export type UpstreamCredentialHint = { in: CredentialPlace; name: string; last4: string };

/** A per-interface timeout's bounds in milliseconds; the upper one is also capped by INVOKE_TIMEOUT_MS. */
export const UPSTREAM_TIMEOUT_MIN_MS = 100;
/** Retries of a refused or reset connection or a 502/503/504, for GET, HEAD, PUT and DELETE only. */
export const UPSTREAM_RETRIES_MAX = 2;
/** The most connections at once to one interface's server, and the default when none is set. */
export const UPSTREAM_CONNECTIONS_MAX = 256;
export const UPSTREAM_CONNECTIONS_DEFAULT = 64;
/** Credentials per interface, in headers and query together. */
export const UPSTREAM_CREDENTIALS_MAX = 8;
/** How long a rotated forwarding secret keeps signing beside the new one. */
export const FORWARD_SECRET_GRACE_S = 24 * 60 * 60;

/** Methods a failed try may be sent again for (RFC 9110 §9.2.2: idempotent). */
export const RETRIED_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'PUT', 'DELETE']);

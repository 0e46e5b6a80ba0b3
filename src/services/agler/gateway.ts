// @ts-ignore
/* eslint-disable */
import { request } from '@umijs/max';

/** Call an interface from a program (GET interfaces) Calls from programs, signed with the caller's key pair (POST /api/user/key/regenerate). Use the interface's own method (another method: 405). Parameters as the interface takes them: the query string for GET and DELETE, a JSON body for POST, PUT and PATCH.

Headers: accessKey, timestamp (seconds since the epoch, within 300 s of the server's clock), nonce (8 to 64 characters of A-Za-z0-9_-, never reused with the same key within 10 minutes), sign:

    canonical = METHOD + "\n" + PATH + "\n" + QUERY + "\n" + timestamp + "\n" + nonce + "\n" + hex(SHA-256(body))
    sign      = hex(HMAC-SHA256(secretKey, canonical))   (lowercase hex, UTF-8 text)

PATH is the request path without the query (/gateway/1800000000000000001); QUERY is the query parameters sorted by name then value (by Unicode code point), each encodeURIComponent(name)=encodeURIComponent(value), joined with & (empty when none); the body hash is of the raw body bytes (of the empty string when there is none).

A good call answers the interface's own status, content type and body, with the caller's remaining quota in X-Quota-Remaining (absent for admins, who have no quota) and, for an interface with a rate limit, the RateLimit-Policy and RateLimit headers. A rate limit applies to every caller, admins too. Refusals reach no interface, are not counted, and answer the envelope: 401/40100 for a missing header, an unknown key, a bad signature, a timestamp more than 300 s off or a replayed nonce; 403/40300 for a banned user or an offline interface; 404/40400 for an unknown interface; 405 for another method; 429/42900 when the quota is used up, or with its own message and a Retry-After header (whole seconds) when the caller is over the interface's rate limit (such a call is not charged either); 502 or 504 with 50200 when the interface failed (no answer, a time-out, a redirect, an answer over 1 MB), 403/40300 for an address the platform may not call. A deprecated interface's answers carry Deprecation (RFC 9745), Sunset (RFC 8594) and Link rel="successor-version" to its replacement's gateway address; from its sunset date on a call answers 410/41000 naming the replacement and is not counted. GET /gateway/${param0} */
export async function gatewayGet(
  // 叠加生成的Param类型 (非body参数swagger默认没有生成对象)
  params: API.gatewayGetParams,
  options?: { [key: string]: any },
) {
  const { interfaceId: param0, ...queryParams } = params;
  return request<any>(`/gateway/${param0}`, {
    method: 'GET',
    params: { ...queryParams },
    ...(options || {}),
  });
}

/** Call an interface from a program (PUT interfaces) Calls from programs, signed with the caller's key pair (POST /api/user/key/regenerate). Use the interface's own method (another method: 405). Parameters as the interface takes them: the query string for GET and DELETE, a JSON body for POST, PUT and PATCH.

Headers: accessKey, timestamp (seconds since the epoch, within 300 s of the server's clock), nonce (8 to 64 characters of A-Za-z0-9_-, never reused with the same key within 10 minutes), sign:

    canonical = METHOD + "\n" + PATH + "\n" + QUERY + "\n" + timestamp + "\n" + nonce + "\n" + hex(SHA-256(body))
    sign      = hex(HMAC-SHA256(secretKey, canonical))   (lowercase hex, UTF-8 text)

PATH is the request path without the query (/gateway/1800000000000000001); QUERY is the query parameters sorted by name then value (by Unicode code point), each encodeURIComponent(name)=encodeURIComponent(value), joined with & (empty when none); the body hash is of the raw body bytes (of the empty string when there is none).

A good call answers the interface's own status, content type and body, with the caller's remaining quota in X-Quota-Remaining (absent for admins, who have no quota) and, for an interface with a rate limit, the RateLimit-Policy and RateLimit headers. A rate limit applies to every caller, admins too. Refusals reach no interface, are not counted, and answer the envelope: 401/40100 for a missing header, an unknown key, a bad signature, a timestamp more than 300 s off or a replayed nonce; 403/40300 for a banned user or an offline interface; 404/40400 for an unknown interface; 405 for another method; 429/42900 when the quota is used up, or with its own message and a Retry-After header (whole seconds) when the caller is over the interface's rate limit (such a call is not charged either); 502 or 504 with 50200 when the interface failed (no answer, a time-out, a redirect, an answer over 1 MB), 403/40300 for an address the platform may not call. A deprecated interface's answers carry Deprecation (RFC 9745), Sunset (RFC 8594) and Link rel="successor-version" to its replacement's gateway address; from its sunset date on a call answers 410/41000 naming the replacement and is not counted. PUT /gateway/${param0} */
export async function gatewayPut(
  // 叠加生成的Param类型 (非body参数swagger默认没有生成对象)
  params: API.gatewayPutParams,
  body: any,
  options?: { [key: string]: any },
) {
  const { interfaceId: param0, ...queryParams } = params;
  return request<any>(`/gateway/${param0}`, {
    method: 'PUT',
    headers: {
      'Content-Type': 'application/json',
    },
    params: { ...queryParams },
    data: body,
    ...(options || {}),
  });
}

/** Call an interface from a program (POST interfaces) Calls from programs, signed with the caller's key pair (POST /api/user/key/regenerate). Use the interface's own method (another method: 405). Parameters as the interface takes them: the query string for GET and DELETE, a JSON body for POST, PUT and PATCH.

Headers: accessKey, timestamp (seconds since the epoch, within 300 s of the server's clock), nonce (8 to 64 characters of A-Za-z0-9_-, never reused with the same key within 10 minutes), sign:

    canonical = METHOD + "\n" + PATH + "\n" + QUERY + "\n" + timestamp + "\n" + nonce + "\n" + hex(SHA-256(body))
    sign      = hex(HMAC-SHA256(secretKey, canonical))   (lowercase hex, UTF-8 text)

PATH is the request path without the query (/gateway/1800000000000000001); QUERY is the query parameters sorted by name then value (by Unicode code point), each encodeURIComponent(name)=encodeURIComponent(value), joined with & (empty when none); the body hash is of the raw body bytes (of the empty string when there is none).

A good call answers the interface's own status, content type and body, with the caller's remaining quota in X-Quota-Remaining (absent for admins, who have no quota) and, for an interface with a rate limit, the RateLimit-Policy and RateLimit headers. A rate limit applies to every caller, admins too. Refusals reach no interface, are not counted, and answer the envelope: 401/40100 for a missing header, an unknown key, a bad signature, a timestamp more than 300 s off or a replayed nonce; 403/40300 for a banned user or an offline interface; 404/40400 for an unknown interface; 405 for another method; 429/42900 when the quota is used up, or with its own message and a Retry-After header (whole seconds) when the caller is over the interface's rate limit (such a call is not charged either); 502 or 504 with 50200 when the interface failed (no answer, a time-out, a redirect, an answer over 1 MB), 403/40300 for an address the platform may not call. A deprecated interface's answers carry Deprecation (RFC 9745), Sunset (RFC 8594) and Link rel="successor-version" to its replacement's gateway address; from its sunset date on a call answers 410/41000 naming the replacement and is not counted. POST /gateway/${param0} */
export async function gatewayPost(
  // 叠加生成的Param类型 (非body参数swagger默认没有生成对象)
  params: API.gatewayPostParams,
  body: any,
  options?: { [key: string]: any },
) {
  const { interfaceId: param0, ...queryParams } = params;
  return request<any>(`/gateway/${param0}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
    },
    params: { ...queryParams },
    data: body,
    ...(options || {}),
  });
}

/** Call an interface from a program (DELETE interfaces) Calls from programs, signed with the caller's key pair (POST /api/user/key/regenerate). Use the interface's own method (another method: 405). Parameters as the interface takes them: the query string for GET and DELETE, a JSON body for POST, PUT and PATCH.

Headers: accessKey, timestamp (seconds since the epoch, within 300 s of the server's clock), nonce (8 to 64 characters of A-Za-z0-9_-, never reused with the same key within 10 minutes), sign:

    canonical = METHOD + "\n" + PATH + "\n" + QUERY + "\n" + timestamp + "\n" + nonce + "\n" + hex(SHA-256(body))
    sign      = hex(HMAC-SHA256(secretKey, canonical))   (lowercase hex, UTF-8 text)

PATH is the request path without the query (/gateway/1800000000000000001); QUERY is the query parameters sorted by name then value (by Unicode code point), each encodeURIComponent(name)=encodeURIComponent(value), joined with & (empty when none); the body hash is of the raw body bytes (of the empty string when there is none).

A good call answers the interface's own status, content type and body, with the caller's remaining quota in X-Quota-Remaining (absent for admins, who have no quota) and, for an interface with a rate limit, the RateLimit-Policy and RateLimit headers. A rate limit applies to every caller, admins too. Refusals reach no interface, are not counted, and answer the envelope: 401/40100 for a missing header, an unknown key, a bad signature, a timestamp more than 300 s off or a replayed nonce; 403/40300 for a banned user or an offline interface; 404/40400 for an unknown interface; 405 for another method; 429/42900 when the quota is used up, or with its own message and a Retry-After header (whole seconds) when the caller is over the interface's rate limit (such a call is not charged either); 502 or 504 with 50200 when the interface failed (no answer, a time-out, a redirect, an answer over 1 MB), 403/40300 for an address the platform may not call. A deprecated interface's answers carry Deprecation (RFC 9745), Sunset (RFC 8594) and Link rel="successor-version" to its replacement's gateway address; from its sunset date on a call answers 410/41000 naming the replacement and is not counted. DELETE /gateway/${param0} */
export async function gatewayDelete(
  // 叠加生成的Param类型 (非body参数swagger默认没有生成对象)
  params: API.gatewayDeleteParams,
  options?: { [key: string]: any },
) {
  const { interfaceId: param0, ...queryParams } = params;
  return request<any>(`/gateway/${param0}`, {
    method: 'DELETE',
    params: { ...queryParams },
    ...(options || {}),
  });
}

/** Call an interface from a program (PATCH interfaces) Calls from programs, signed with the caller's key pair (POST /api/user/key/regenerate). Use the interface's own method (another method: 405). Parameters as the interface takes them: the query string for GET and DELETE, a JSON body for POST, PUT and PATCH.

Headers: accessKey, timestamp (seconds since the epoch, within 300 s of the server's clock), nonce (8 to 64 characters of A-Za-z0-9_-, never reused with the same key within 10 minutes), sign:

    canonical = METHOD + "\n" + PATH + "\n" + QUERY + "\n" + timestamp + "\n" + nonce + "\n" + hex(SHA-256(body))
    sign      = hex(HMAC-SHA256(secretKey, canonical))   (lowercase hex, UTF-8 text)

PATH is the request path without the query (/gateway/1800000000000000001); QUERY is the query parameters sorted by name then value (by Unicode code point), each encodeURIComponent(name)=encodeURIComponent(value), joined with & (empty when none); the body hash is of the raw body bytes (of the empty string when there is none).

A good call answers the interface's own status, content type and body, with the caller's remaining quota in X-Quota-Remaining (absent for admins, who have no quota) and, for an interface with a rate limit, the RateLimit-Policy and RateLimit headers. A rate limit applies to every caller, admins too. Refusals reach no interface, are not counted, and answer the envelope: 401/40100 for a missing header, an unknown key, a bad signature, a timestamp more than 300 s off or a replayed nonce; 403/40300 for a banned user or an offline interface; 404/40400 for an unknown interface; 405 for another method; 429/42900 when the quota is used up, or with its own message and a Retry-After header (whole seconds) when the caller is over the interface's rate limit (such a call is not charged either); 502 or 504 with 50200 when the interface failed (no answer, a time-out, a redirect, an answer over 1 MB), 403/40300 for an address the platform may not call. A deprecated interface's answers carry Deprecation (RFC 9745), Sunset (RFC 8594) and Link rel="successor-version" to its replacement's gateway address; from its sunset date on a call answers 410/41000 naming the replacement and is not counted. PATCH /gateway/${param0} */
export async function gatewayPatch(
  // 叠加生成的Param类型 (非body参数swagger默认没有生成对象)
  params: API.gatewayPatchParams,
  body: any,
  options?: { [key: string]: any },
) {
  const { interfaceId: param0, ...queryParams } = params;
  return request<any>(`/gateway/${param0}`, {
    method: 'PATCH',
    headers: {
      'Content-Type': 'application/json',
    },
    params: { ...queryParams },
    data: body,
    ...(options || {}),
  });
}

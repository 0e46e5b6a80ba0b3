// @ts-ignore
/* eslint-disable */
import { request } from '@umijs/max';

/** Create an interface (admin); it starts offline Admins only: 40100 without a session, 40101 for any other role. POST /api/interfaceInfo/add */
export async function addInterfaceInfo(body: API.InterfaceInfoAddRequest, options?: { [key: string]: any }) {
  return request<API.BaseResponseId | API.ErrorResponse>('/api/interfaceInfo/add', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
    },
    data: body,
    ...(options || {}),
  });
}

/** Delete an interface (admin) A soft delete: the interface leaves every list and lookup (40400 from then on, also for a second delete), and the analysis keeps its calls under its name, marked deleted. Admins only: 40100 without a session, 40101 for any other role. POST /api/interfaceInfo/delete */
export async function deleteInterfaceInfo(body: API.IdRequest, options?: { [key: string]: any }) {
  return request<API.BaseResponseBoolean | API.ErrorResponse>('/api/interfaceInfo/delete', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
    },
    data: body,
    ...(options || {}),
  });
}

/** A new forwarding secret for an interface (admin) The secret that signs the platform's calls to the interface's server (agler-signature). The new one is answered here and never again; the one before keeps signing beside it for graceSeconds (0, 3600 or 86400, a day when left out). Admins only: 40100 without a session, 40101 for any other role. A missing or deleted interface answers 40400. POST /api/interfaceInfo/forwardSecret/rotate */
export async function rotateForwardSecret(
  body: API.ForwardSecretRotateRequest,
  options?: { [key: string]: any },
) {
  return request<API.BaseResponseForwardSecretVO | API.ErrorResponse>(
    '/api/interfaceInfo/forwardSecret/rotate',
    {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
      },
      data: body,
      ...(options || {}),
    },
  );
}

/** One interface; 40400 when missing, or offline and the caller is no admin An admin's answer also holds `upstream` (UpstreamVO): how the platform calls the interface's server, without any credential's value; a user's never does. GET /api/interfaceInfo/get */
export async function getInterfaceInfoById(
  // 叠加生成的Param类型 (非body参数swagger默认没有生成对象)
  params: API.getInterfaceInfoByIdParams,
  options?: { [key: string]: any },
) {
  return request<API.BaseResponseInterfaceInfo | API.ErrorResponse>('/api/interfaceInfo/get', {
    method: 'GET',
    params: {
      ...params,
    },
    ...(options || {}),
  });
}

/** Each interface's health over the last 24 hours, for the catalogue Every interface the caller may see (admins: every live one; anyone else: the online ones, as list/page), by id: its calls of the last 24 hours (from the roll-up and the log, as the analysis counts them), their success rate, the nearest-rank p50 and p95 of their latencies (in the analysis's buckets) and a state: healthy (正常), degraded (降级), down (故障) or unknown (暂无数据, no calls). The thresholds are in contract/interfaceHealth.ts and docs/server.md (Health). One query answers every interface; the server keeps the answer for 60 seconds, so figures are at most a minute old. Logged-in users only: 40100 without a session. GET /api/interfaceInfo/health */
export async function getInterfaceHealth(options?: { [key: string]: any }) {
  return request<API.BaseResponseInterfaceHealthMap | API.ErrorResponse>('/api/interfaceInfo/health', {
    method: 'GET',
    ...(options || {}),
  });
}

/** Import an OpenAPI 3.0/3.1 or Swagger 2.0 document (admin): a preview, or the write in one transaction Each operation becomes an interface (new ones offline). create: new interfaces; update: an interface with the same method and url exists (with the changed fields); skip: left out, with the reason; errors: the document does not validate (each with its JSON pointer), and then nothing is written. The body may be up to 12 MB (the document itself at most 5 MB). A document over a reading budget (objects nested deeper than 64 levels, schemas expanding past 250,000 nodes, more than 20 s or 512 MB to read) is refused with code 40000 and a message naming the budget. Admins only: 40100 without a session, 40101 for any other role. POST /api/interfaceInfo/import */
export async function importInterfaceInfo(body: API.ImportRequest, options?: { [key: string]: any }) {
  return request<API.BaseResponseImportResult | API.ErrorResponse>('/api/interfaceInfo/import', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
    },
    data: body,
    ...(options || {}),
  });
}

/** Call an online interface with the given parameters; answers the interface's own answer A real HTTP call to the interface's url with its method: the parameters go as the query string for GET and DELETE and as the JSON body otherwise, with the interface's requestHeader entries except placeholders such as <你的 AccessKey>. data is the interface's JSON exactly as it sent it, or its text as a string. The platform refuses addresses inside private, loopback, link-local and other reserved ranges (40300, without saying whether anything listens there) unless the host is in INVOKE_ALLOW_HOSTS; the interface's own failures answer 50200: an error status (with the start of its body), no answer, a time-out (the interface's own, at most INVOKE_TIMEOUT_MS), a redirect (never followed), an answer over 1 MB, and every connection the interface allows in use for its whole time-out (with Retry-After; nothing sent, counted or charged). Every call that reached the interface is counted in the analysis, failed or not. The interface's rate limit applies as through the gateway (one allowance per caller and interface for both): over it, 42900 with its own message and a Retry-After header, and nothing is counted or charged. When the interface answered (a success, or the 50200 of its own 4xx/5xx status) the envelope also carries call: its HTTP status, response headers, time and size; a refusal by the platform (40000, 40300, 42900, a time-out, no answer, a redirect, an answer too large) carries none. POST /api/interfaceInfo/invoke */
export async function invokeInterfaceInfo(
  body: API.InterfaceInfoInvokeRequest,
  options?: { [key: string]: any },
) {
  return request<API.BaseResponseInvoke | API.ErrorResponse>('/api/interfaceInfo/invoke', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
    },
    data: body,
    ...(options || {}),
  });
}

/** The caller's own recent calls of an interface, newest first (at most 20) Calls that reached the interface, through the console or the gateway, including the one just made. params is the userRequestParams text the console sent; it is null for gateway calls and for texts over 4096 bytes (then paramsTruncated is true). An unknown interface answers 40400, an id that is no id 40000. GET /api/interfaceInfo/invoke/history */
export async function listInvokeHistory(
  // 叠加生成的Param类型 (非body参数swagger默认没有生成对象)
  params: API.listInvokeHistoryParams,
  options?: { [key: string]: any },
) {
  return request<API.BaseResponseListCallHistoryEntry | API.ErrorResponse>(
    '/api/interfaceInfo/invoke/history',
    {
      method: 'GET',
      params: {
        ...params,
      },
      ...(options || {}),
    },
  );
}

/** A page of interfaces; users other than admins only see online ones Rows leave out requestParams, requestHeader and responseHeader (up to 8 KB each); /api/interfaceInfo/get answers them. Ties of the sort field are broken by the smaller id; names sort in Chinese (pinyin) order with numbers by value. GET /api/interfaceInfo/list/page */
export async function listInterfaceInfoByPage(
  // 叠加生成的Param类型 (非body参数swagger默认没有生成对象)
  params: API.listInterfaceInfoByPageParams,
  options?: { [key: string]: any },
) {
  return request<API.BaseResponsePageInterfaceInfo | API.ErrorResponse>('/api/interfaceInfo/list/page', {
    method: 'GET',
    params: {
      // current has a default value: 1
      current: '1',
      // pageSize has a default value: 10
      pageSize: '10',

      ...params,
    },
    ...(options || {}),
  });
}

/** Who was told that the interface is being retired (admin), newest first, at most 200 Admins only: 40100 without a session, 40101 for any other role. GET /api/interfaceInfo/notices */
export async function listInterfaceNotices(
  // 叠加生成的Param类型 (非body参数swagger默认没有生成对象)
  params: API.listInterfaceNoticesParams,
  options?: { [key: string]: any },
) {
  return request<API.BaseResponseListInterfaceNoticeVO | API.ErrorResponse>('/api/interfaceInfo/notices', {
    method: 'GET',
    params: {
      ...params,
    },
    ...(options || {}),
  });
}

/** Take an interface offline (admin) Admins only: 40100 without a session, 40101 for any other role. POST /api/interfaceInfo/offline */
export async function offlineInterfaceInfo(body: API.IdRequest, options?: { [key: string]: any }) {
  return request<API.BaseResponseBoolean | API.ErrorResponse>('/api/interfaceInfo/offline', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
    },
    data: body,
    ...(options || {}),
  });
}

/** Publish an interface (admin) Admins only: 40100 without a session, 40101 for any other role. POST /api/interfaceInfo/online */
export async function onlineInterfaceInfo(body: API.IdRequest, options?: { [key: string]: any }) {
  return request<API.BaseResponseBoolean | API.ErrorResponse>('/api/interfaceInfo/online', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
    },
    data: body,
    ...(options || {}),
  });
}

/** Change an interface (admin) Admins only: 40100 without a session, 40101 for any other role. POST /api/interfaceInfo/update */
export async function updateInterfaceInfo(
  body: API.InterfaceInfoUpdateRequest,
  options?: { [key: string]: any },
) {
  return request<API.BaseResponseBoolean | API.ErrorResponse>('/api/interfaceInfo/update', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
    },
    data: body,
    ...(options || {}),
  });
}

/** Set or remove an interface's upstream credentials (admin) Headers and query parameters the gateway and invoke add to every call to the interface's server, replacing any of the same name from the caller. Set by name (header names case-insensitive); a value of null removes one; names not mentioned stay; at most 8 in all. Write-only: the answer, get, the export and the logs show names and last 4 characters only. Admins only: 40100 without a session, 40101 for any other role. A missing or deleted interface answers 40400. POST /api/interfaceInfo/upstreamAuth/set */
export async function setUpstreamAuth(body: API.UpstreamAuthSetRequest, options?: { [key: string]: any }) {
  return request<API.BaseResponseUpstreamVO | API.ErrorResponse>('/api/interfaceInfo/upstreamAuth/set', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
    },
    data: body,
    ...(options || {}),
  });
}

/** Set an interface's call timeout, retries and most connections (admin) timeoutMs from 100 to the server's INVOKE_TIMEOUT_MS (null: that), retries 0 to 2, maxConnections 1 to 256 (null: 64). Admins only: 40100 without a session, 40101 for any other role. A missing or deleted interface answers 40400. POST /api/interfaceInfo/upstreamLimits/set */
export async function setUpstreamLimits(
  body: API.UpstreamLimitsSetRequest,
  options?: { [key: string]: any },
) {
  return request<API.BaseResponseUpstreamVO | API.ErrorResponse>('/api/interfaceInfo/upstreamLimits/set', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
    },
    data: body,
    ...(options || {}),
  });
}

/** The interfaces the caller may see as one OpenAPI 3.1 document (admins: all; others: the online ones) One operation per interface at its gateway path /gateway/{id}, signed as the security schemes describe. Not the envelope: the document itself. GET /api/openapi.json */
export async function exportOpenApi(
  // 叠加生成的Param类型 (非body参数swagger默认没有生成对象)
  params: API.exportOpenApiParams,
  options?: { [key: string]: any },
) {
  return request<Record<string, any> | API.ErrorResponse>('/api/openapi.json', {
    method: 'GET',
    params: {
      ...params,
    },
    ...(options || {}),
  });
}

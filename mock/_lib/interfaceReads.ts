import { createHash } from 'crypto';
import type { SortField } from '@agler/contract/constants';
import { INTERFACE_STATUS, ResponseCode, USER_ROLE } from '@agler/contract/constants';
import { serviceKeyOf } from '@agler/contract/demo/seedInterfaces';
import { DEMO_REFUSAL_STATUS, runService } from '@agler/contract/demo/services';
import type { ServiceEnv, ServiceOutcome } from '@agler/contract/demo/services';
import { compareIds, parseId } from '@agler/contract/ids';
import { HISTORY_LIMIT, historyEntryOf, historyParamsOf, responseHeadersOf } from '@agler/contract/invoke';
import type { CallHistoryEntry, CallMeta, InvokeEnvelope } from '@agler/contract/invoke';
import { JsonDepthError, parseJsonExact } from '@agler/contract/json';
import { compareNames } from '@agler/contract/text';
import { MESSAGES } from '@agler/contract/messages';
import { parseListQuery } from '@agler/contract/queries';
import type { Query } from '@agler/contract/queries';
import type { Page } from '@agler/contract/types';
import { UPSTREAM_MESSAGES } from '@agler/contract/upstream';
import type { Envelope } from './envelope';
import { failure, success } from './envelope';
import { giveUnitBack, takeUnit } from './quotas';
import type { InterfaceRecord, UserRecord } from './store';
import { sharedStore } from './store';

/** The interface domain's reads: the catalogue's list, one interface, invoke and its history. */

const SERVICE_ENV: ServiceEnv = {
  digest: (algorithm, text) => createHash(algorithm).update(text, 'utf8').digest('hex'),
};

const isAdmin = (user: UserRecord) => user.userRole === USER_ROLE.ADMIN;

/**
 * A catalogue row: the record without its three JSON texts (up to 8 KB each),
 * so a page stays small whatever an admin stores; `get` answers them.
 */
export type InterfaceSummary = Omit<InterfaceRecord, 'requestParams' | 'requestHeader' | 'responseHeader'>;

function summaryOf(record: InterfaceRecord): InterfaceSummary {
  const { requestParams: _params, requestHeader: _request, responseHeader: _response, ...summary } = record;
  return summary;
}

// Lower-cased search texts per record, computed once and reused while the record's fields stay the same.
type Haystack = {
  name: string;
  description: string;
  url: string;
  lowerName: string;
  lowerDescription: string;
  lowerUrl: string;
};
const haystacks = new WeakMap<InterfaceRecord, Haystack>();

function haystackOf(r: InterfaceRecord): Haystack {
  const cached = haystacks.get(r);
  if (cached && cached.name === r.name && cached.description === r.description && cached.url === r.url)
    return cached;
  const fresh = {
    name: r.name,
    description: r.description,
    url: r.url,
    lowerName: r.name.toLowerCase(),
    lowerDescription: (r.description ?? '').toLowerCase(),
    lowerUrl: r.url.toLowerCase(),
  };
  haystacks.set(r, fresh);
  return fresh;
}

// Names sort in Chinese collation order (pinyin), times as their text.

function comparatorFor(field: SortField): (a: InterfaceRecord, b: InterfaceRecord) => number {
  if (field === 'name') return (a, b) => compareNames(a.name, b.name) || compareIds(a.id, b.id);
  return (a, b) => {
    const x = a[field] ?? '';
    const y = b[field] ?? '';
    return x < y ? -1 : x > y ? 1 : compareIds(a.id, b.id);
  };
}

/**
 * The whole store in ascending order of one field, kept between requests so
 * that a page costs one scan instead of a sort. It stays valid while the
 * store holds the same records with the same values of that field (checked
 * per request, in one pass); any add, delete, replace or edit of the field
 * rebuilds it.
 */
type SortedIndex = {
  source: InterfaceRecord[];
  order: InterfaceRecord[];
  keys: WeakMap<InterfaceRecord, string>;
};
const sortedIndexes = new Map<SortField, SortedIndex>();

function sortedByField(field: SortField): InterfaceRecord[] {
  const all = sharedStore().interfaces;
  const cached = sortedIndexes.get(field);
  if (
    cached &&
    cached.source === all &&
    cached.order.length === all.length &&
    all.every((r) => cached.keys.get(r) === r[field])
  ) {
    return cached.order;
  }
  const order = [...all].sort(comparatorFor(field));
  const keys = new WeakMap(all.map((r) => [r, r[field]]));
  sortedIndexes.set(field, { source: all, order, keys });
  return order;
}

/** `GET /api/interfaceInfo/list/page` for `user`. */
export function listPage(query: Query, user: UserRecord): Envelope<Page<InterfaceSummary> | null> {
  const parsed = parseListQuery(query);
  if (!parsed.ok) return failure(ResponseCode.PARAMS_ERROR, parsed.message);
  const {
    current,
    pageSize,
    sortField,
    sortOrder,
    method,
    status,
    name,
    description,
    url,
    searchText: search,
  } = parsed.value;

  const onlyOnline = !isAdmin(user);
  const needsText = !!(name || description || url || search);

  const accepts = (r: InterfaceRecord) => {
    if (onlyOnline && r.status !== INTERFACE_STATUS.ONLINE) return false;
    if (status !== undefined && r.status !== status) return false;
    if (method && r.method !== method) return false;
    if (!needsText) return true;
    const h = haystackOf(r);
    if (name && !h.lowerName.includes(name)) return false;
    if (description && !h.lowerDescription.includes(description)) return false;
    if (url && !h.lowerUrl.includes(url)) return false;
    return (
      !search ||
      h.lowerName.includes(search) ||
      h.lowerDescription.includes(search) ||
      h.lowerUrl.includes(search)
    );
  };

  // One scan in the requested order: count every match, keep only the page's.
  const order = sortedByField(sortField);
  const start = (current - 1) * pageSize;
  const end = start + pageSize;
  const records: InterfaceSummary[] = [];
  let total = 0;
  const step = sortOrder === 'ascend' ? 1 : -1;
  for (let i = step > 0 ? 0 : order.length - 1; i >= 0 && i < order.length; i += step) {
    const r = order[i];
    if (!accepts(r)) continue;
    if (total >= start && total < end) records.push(summaryOf(r));
    total += 1;
  }

  return success({ records, total, current, size: pageSize, pages: Math.ceil(total / pageSize) });
}

/** The interface with this id (as text or a safe number), or the envelope that refuses the id. */
export function findInterface(rawId: unknown): InterfaceRecord | Envelope<null> {
  const id = parseId(rawId);
  if (!id) return failure(ResponseCode.PARAMS_ERROR, MESSAGES.badId);
  const record = sharedStore().interfaces.find((r) => r.id === id);
  return record ?? failure(ResponseCode.NOT_FOUND, MESSAGES.interfaceNotFound);
}

export function isRecord(found: InterfaceRecord | Envelope<null>): found is InterfaceRecord {
  return 'id' in found;
}

/** `GET /api/interfaceInfo/get` for `user`. */
export function getOne(query: Query, user: UserRecord): Envelope<InterfaceRecord | null> {
  const found = findInterface(query.id);
  if (!isRecord(found)) return found;
  if (found.status !== INTERFACE_STATUS.ONLINE && !isAdmin(user))
    return failure(ResponseCode.NOT_FOUND, MESSAGES.interfaceNotFound);
  return success(found);
}

/** The call's parameters: its JSON text parsed exactly (an empty text is `{}`), or the refusal. */
function callParams(userRequestParams: unknown): { params: unknown } | Envelope<null> {
  if (userRequestParams === undefined || userRequestParams === null) return { params: {} };
  if (typeof userRequestParams !== 'string')
    return failure(ResponseCode.PARAMS_ERROR, MESSAGES.paramsNotText);
  if (!userRequestParams.trim()) return { params: {} };
  try {
    return { params: parseJsonExact(userRequestParams) };
  } catch (error) {
    return failure(
      ResponseCode.PARAMS_ERROR,
      error instanceof JsonDepthError ? MESSAGES.paramsTooDeep : MESSAGES.paramsNotJson,
    );
  }
}

/**
 * The call as the server's own demo services answer it: Fastify's JSON with
 * the platform's security headers, over a kept-alive connection, filtered as
 * the server filters them, so the try-it shows the same on both.
 */
function demoCallOf(status: number, body: unknown, latency: number, now: number): CallMeta {
  const bytes = Buffer.byteLength(JSON.stringify(body ?? null), 'utf8');
  return {
    status,
    headers: responseHeadersOf({
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'same-origin',
      'x-frame-options': 'DENY',
      'content-type': 'application/json; charset=utf-8',
      'content-length': bytes,
      date: new Date(now + latency).toUTCString(),
      connection: 'keep-alive',
      'keep-alive': 'timeout=72',
    }),
    durationMs: latency,
    bytes,
  };
}

/**
 * `POST /api/interfaceInfo/invoke` for `user`: the answer (with `call` when
 * the service answered) and how long the interface took. A user who is not an
 * admin spends a unit of their quota before the call is made, and is refused
 * with 42900 when none is left. Every call that reaches the interface is
 * recorded for the analysis and the history, whatever it answers; calls
 * refused before (unknown or closed interface, parameters that are not JSON,
 * no quota left) are not.
 */
export function invoke(
  body: Record<string, unknown>,
  user: UserRecord,
  now = Date.now(),
): { envelope: InvokeEnvelope; latency: number } {
  const found = findInterface(body.id);
  if (!isRecord(found)) return { envelope: found, latency: 0 };
  if (found.status !== INTERFACE_STATUS.ONLINE) {
    return { envelope: failure(ResponseCode.PARAMS_ERROR, MESSAGES.interfaceClosed), latency: 0 };
  }
  const call = callParams(body.userRequestParams);
  if (!('params' in call)) return { envelope: call, latency: 0 };

  if (!takeUnit(user, found.id)) {
    return { envelope: failure(ResponseCode.QUOTA_EXHAUSTED, MESSAGES.quotaExhausted), latency: 0 };
  }
  let outcome: ServiceOutcome;
  try {
    outcome = runService(serviceKeyOf(found.id, sharedStore().seededCount), call.params, found, SERVICE_ENV);
  } catch (error) {
    // A service that fails outright never answered: the call is not counted, its unit comes back.
    giveUnitBack(user, found.id);
    throw error;
  }
  // The server's demo services refuse with HTTP 400 and the reason; invoke reports it as the server does.
  const callMeta = outcome.success
    ? demoCallOf(200, outcome.data, outcome.latency, now)
    : demoCallOf(DEMO_REFUSAL_STATUS, { message: outcome.message }, outcome.latency, now);
  sharedStore().calls.push({
    interfaceInfoId: found.id,
    userId: user.id,
    time: now,
    success: outcome.success,
    latency: outcome.latency,
    status: callMeta.status,
    bytes: callMeta.bytes,
    ...historyParamsOf(typeof body.userRequestParams === 'string' ? body.userRequestParams : ''),
  });
  const envelope = outcome.success
    ? success(outcome.data)
    : failure(ResponseCode.UPSTREAM_ERROR, UPSTREAM_MESSAGES.httpError(DEMO_REFUSAL_STATUS, outcome.message));
  return { envelope: { ...envelope, call: callMeta }, latency: outcome.latency };
}

/**
 * `GET /api/interfaceInfo/invoke/history` for `user`: their own newest calls
 * of an interface they may read (as `get` decides), HISTORY_LIMIT at most.
 */
export function invokeHistory(query: Query, user: UserRecord): Envelope<CallHistoryEntry[] | null> {
  const found = getOne(query, user);
  if (!found.data) return failure(found.code, found.message);
  const { id } = found.data;
  const calls = sharedStore().calls;
  const mine: { call: (typeof calls)[number]; at: number }[] = [];
  calls.forEach((call, at) => {
    if (call.userId === user.id && call.interfaceInfoId === id) mine.push({ call, at });
  });
  // Newest first; of one millisecond, the one logged last first, as the server orders by id.
  mine.sort((a, b) => b.call.time - a.call.time || b.at - a.at);
  return success(
    mine.slice(0, HISTORY_LIMIT).map(({ call }) =>
      historyEntryOf({
        time: call.time,
        status: call.status ?? null,
        success: call.success,
        durationMs: call.latency,
        bytes: call.bytes ?? 0,
        params: call.params ?? null,
        paramsTruncated: call.paramsTruncated ?? false,
      }),
    ),
  );
}

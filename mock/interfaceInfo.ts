import type { Request, Response } from 'express';
import type { SortField } from '@agler/contract/constants';
import { INTERFACE_STATUS, ResponseCode, USER_ROLE } from '@agler/contract/constants';
import { MESSAGES } from '@agler/contract/messages';
import { parseListQuery } from '@agler/contract/queries';
import type { Query } from '@agler/contract/queries';
import { parseId } from '@agler/contract/ids';
import { fail, requireUser, send } from './_lib/http';
import { interfaceWriteHandlers } from './_lib/interfaceWrites';
import { runService } from '@agler/contract/demo/services';
import { createHash } from 'crypto';
import { serviceKeyOf } from '@agler/contract/demo/seedInterfaces';
import { compareIds } from '@agler/contract/ids';
import type { CallRecord, InterfaceRecord, UserRecord } from './_lib/store';
import { sharedStore } from './_lib/store';

/** The interface domain: catalogue reads and invoke here, admin writes in _lib/interfaceWrites. */

const SERVICE_ENV = { digest: (algorithm: string, text: string) => createHash(algorithm).update(text, 'utf8').digest('hex') };

type Envelope = { code: number; data: unknown; message: string };

const success = (data: unknown): Envelope => ({ code: ResponseCode.SUCCESS, data, message: 'ok' });
const failure = (code: number, message: string): Envelope => ({ code, data: null, message });

const isAdmin = (user: UserRecord) => user.userRole === USER_ROLE.ADMIN;

// Lower-cased search texts per record, computed once and reused while the record's fields stay the same.
type Haystack = { name: string; description: string; url: string; lowerName: string; lowerDescription: string; lowerUrl: string };
const haystacks = new WeakMap<InterfaceRecord, Haystack>();

function haystackOf(r: InterfaceRecord): Haystack {
  const cached = haystacks.get(r);
  if (cached && cached.name === r.name && cached.description === r.description && cached.url === r.url) return cached;
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
const collator = new Intl.Collator('zh-CN', { numeric: true });

function comparatorFor(field: SortField): (a: InterfaceRecord, b: InterfaceRecord) => number {
  if (field === 'name') return (a, b) => collator.compare(a.name, b.name) || compareIds(a.id, b.id);
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
type SortedIndex = { source: InterfaceRecord[]; order: InterfaceRecord[]; keys: WeakMap<InterfaceRecord, string> };
const sortedIndexes = new Map<SortField, SortedIndex>();

function sortedByField(field: SortField): InterfaceRecord[] {
  const all = sharedStore().interfaces;
  const cached = sortedIndexes.get(field);
  if (cached && cached.source === all && cached.order.length === all.length && all.every((r) => cached.keys.get(r) === r[field])) {
    return cached.order;
  }
  const order = [...all].sort(comparatorFor(field));
  const keys = new WeakMap(all.map((r) => [r, r[field]]));
  sortedIndexes.set(field, { source: all, order, keys });
  return order;
}

/** `GET /api/interfaceInfo/list/page` for `user`. */
export function listPage(query: Query, user: UserRecord): Envelope {
  const parsed = parseListQuery(query);
  if (!parsed.ok) return failure(ResponseCode.PARAMS_ERROR, parsed.message);
  const { current, pageSize, sortField, sortOrder, method, status, name, description, url, searchText: search } = parsed.value;

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
    return !search || h.lowerName.includes(search) || h.lowerDescription.includes(search) || h.lowerUrl.includes(search);
  };

  // One scan in the requested order: count every match, keep only the page's.
  const order = sortedByField(sortField);
  const start = (current - 1) * pageSize;
  const end = start + pageSize;
  const records: InterfaceRecord[] = [];
  let total = 0;
  const step = sortOrder === 'ascend' ? 1 : -1;
  for (let i = step > 0 ? 0 : order.length - 1; i >= 0 && i < order.length; i += step) {
    const r = order[i];
    if (!accepts(r)) continue;
    if (total >= start && total < end) records.push(r);
    total += 1;
  }

  return success({
    records,
    total,
    current,
    size: pageSize,
    pages: Math.ceil(total / pageSize),
  });
}

/** The interface with this id, or the envelope that refuses the id. */
function findInterface(rawId: unknown): InterfaceRecord | Envelope {
  const id = parseId(rawId);
  if (!id) return failure(ResponseCode.PARAMS_ERROR, MESSAGES.badId);
  const record = sharedStore().interfaces.find((r) => r.id === id);
  if (!record) return failure(ResponseCode.NOT_FOUND, MESSAGES.interfaceNotFound);
  return record;
}

function isRecord(value: InterfaceRecord | Envelope): value is InterfaceRecord {
  return 'id' in value;
}

/** `GET /api/interfaceInfo/get` for `user`. */
export function getOne(query: Query, user: UserRecord): Envelope {
  const found = findInterface(query.id);
  if (!isRecord(found)) return found;
  if (found.status !== INTERFACE_STATUS.ONLINE && !isAdmin(user)) return failure(ResponseCode.NOT_FOUND, MESSAGES.interfaceNotFound);
  return success(found);
}

/** Every call that reached an interface is kept for the analysis. */
export function recordCall(call: CallRecord) {
  sharedStore().calls.push(call);
}

/**
 * `POST /api/interfaceInfo/invoke` for `user`: the answer and how long the
 * interface took. Calls refused before reaching the interface (unknown or
 * closed interface, parameters that are not JSON) are not recorded.
 */
export function invoke(body: unknown, user: UserRecord, now = Date.now()): { envelope: Envelope; latency: number } {
  const refuse = (code: number, message: string) => ({ envelope: failure(code, message), latency: 0 });
  const { id, userRequestParams } = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const found = findInterface(id);
  if (!isRecord(found)) return { envelope: found, latency: 0 };
  if (found.status !== INTERFACE_STATUS.ONLINE) return refuse(ResponseCode.PARAMS_ERROR, MESSAGES.interfaceClosed);

  let params: unknown = {};
  if (userRequestParams !== undefined && userRequestParams !== null) {
    if (typeof userRequestParams !== 'string') return refuse(ResponseCode.PARAMS_ERROR, MESSAGES.paramsNotText);
    if (userRequestParams.trim()) {
      try {
        params = JSON.parse(userRequestParams);
      } catch {
        return refuse(ResponseCode.PARAMS_ERROR, MESSAGES.paramsNotJson);
      }
    }
  }

  const outcome = runService(serviceKeyOf(found.id, sharedStore().seededCount), params, found, SERVICE_ENV);
  recordCall({ interfaceInfoId: found.id, userId: user.id, time: now, success: outcome.success, latency: outcome.latency });
  return {
    envelope: outcome.success ? success(outcome.data) : failure(ResponseCode.PARAMS_ERROR, outcome.message),
    latency: outcome.latency,
  };
}

/** The interface's own answer goes out as plain JSON: its fields are not store ids to be written as numbers. */
function sendPlain(res: Response, envelope: Envelope) {
  res.status(200).type('application/json').send(JSON.stringify(envelope));
}

export default {
  'GET /api/interfaceInfo/list/page': (req: Request, res: Response) => {
    const user = requireUser(req, res);
    if (user) send(res, listPage(req.query, user));
  },

  'GET /api/interfaceInfo/get': (req: Request, res: Response) => {
    const user = requireUser(req, res);
    if (user) send(res, getOne(req.query, user));
  },

  'POST /api/interfaceInfo/invoke': (req: Request, res: Response) => {
    const user = requireUser(req, res);
    if (!user) return;
    const { envelope, latency } = invoke(req.body, user);
    // The answer arrives after the interface's own time, so the console's timing means something.
    if (latency > 0) setTimeout(() => sendPlain(res, envelope), latency);
    else if (envelope.code === ResponseCode.SUCCESS) sendPlain(res, envelope);
    else fail(res, envelope.code, envelope.message);
  },

  ...interfaceWriteHandlers,
};

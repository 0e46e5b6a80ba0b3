import type { Request, Response } from 'express';
import { INTERFACE_STATUS, ResponseCode } from '@agler/contract/constants';
import { INTERFACE_FIELDS, validateInterface } from '@agler/contract/interfaceValidation';
import type { InterfaceField } from '@agler/contract/interfaceValidation';
import { MESSAGES } from '@agler/contract/messages';
import { parseId } from '@agler/contract/ids';
import { fail, ok, okId, requireAdmin } from './http';
import type { InterfaceRecord } from './store';
import { formatTime } from '@agler/contract/dates';
import { interfaceIdOf } from '@agler/contract/demo/accounts';
import { sharedStore } from './store';

/**
 * The admin write endpoints of the interface domain (add, update, delete,
 * online, offline), registered by mock/interfaceInfo.ts. Every one needs an
 * admin, and nothing reaches the store before it has passed the contract's
 * validation.
 */

type Handler = (req: Request, res: Response) => void;

function bodyOf(req: Request): Record<string, unknown> {
  const body: unknown = req.body;
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

/** Field values as stored: names and URLs without surrounding whitespace, absent texts empty. */
function storedValue(field: InterfaceField, value: unknown): string {
  const text = typeof value === 'string' ? value : '';
  return field === 'name' || field === 'url' ? text.trim() : text;
}

/** The interface a body's `id` points at, or undefined after answering 40000 / 40400. */
function targetOf(req: Request, res: Response): InterfaceRecord | undefined {
  const id = parseId(bodyOf(req).id);
  if (id === undefined) {
    fail(res, ResponseCode.PARAMS_ERROR, MESSAGES.badId);
    return undefined;
  }
  const record = sharedStore().interfaces.find((item) => String(item.id) === id);
  if (!record) fail(res, ResponseCode.NOT_FOUND, MESSAGES.interfaceNotFound);
  return record;
}

const add: Handler = (req, res) => {
  const admin = requireAdmin(req, res);
  if (!admin) return;
  const error = validateInterface(req.body);
  if (error) {
    fail(res, ResponseCode.PARAMS_ERROR, error.message);
    return;
  }
  const body = bodyOf(req);
  const now = formatTime(Date.now());
  const record: InterfaceRecord = {
    id: interfaceIdOf(sharedStore().nextInterfaceSeq++),
    name: storedValue('name', body.name),
    description: storedValue('description', body.description),
    url: storedValue('url', body.url),
    method: body.method as InterfaceRecord['method'],
    requestParams: storedValue('requestParams', body.requestParams),
    requestHeader: storedValue('requestHeader', body.requestHeader),
    responseHeader: storedValue('responseHeader', body.responseHeader),
    status: INTERFACE_STATUS.OFFLINE,
    userId: admin.id,
    createTime: now,
    updateTime: now,
  };
  sharedStore().interfaces.push(record);
  okId(res, record.id);
};

const update: Handler = (req, res) => {
  if (!requireAdmin(req, res)) return;
  const record = targetOf(req, res);
  if (!record) return;
  const error = validateInterface(req.body, { partial: true });
  if (error) {
    fail(res, ResponseCode.PARAMS_ERROR, error.message);
    return;
  }
  const body = bodyOf(req);
  const changes: Partial<Record<InterfaceField, string>> = {};
  for (const field of INTERFACE_FIELDS) {
    if (body[field] !== undefined) changes[field] = storedValue(field, body[field]);
  }
  Object.assign(record, changes, { updateTime: formatTime(Date.now()) });
  ok(res, true);
};

const remove: Handler = (req, res) => {
  if (!requireAdmin(req, res)) return;
  const record = targetOf(req, res);
  if (!record) return;
  sharedStore().interfaces.splice(sharedStore().interfaces.indexOf(record), 1);
  ok(res, true);
};

function setStatus(status: InterfaceRecord['status']): Handler {
  return (req, res) => {
    if (!requireAdmin(req, res)) return;
    const record = targetOf(req, res);
    if (!record) return;
    record.status = status;
    ok(res, true);
  };
}

export const interfaceWriteHandlers: Record<string, Handler> = {
  'POST /api/interfaceInfo/add': add,
  'POST /api/interfaceInfo/update': update,
  'POST /api/interfaceInfo/delete': remove,
  'POST /api/interfaceInfo/online': setStatus(INTERFACE_STATUS.ONLINE),
  'POST /api/interfaceInfo/offline': setStatus(INTERFACE_STATUS.OFFLINE),
};

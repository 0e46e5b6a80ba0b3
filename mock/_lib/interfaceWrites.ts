import { INTERFACE_STATUS, ResponseCode } from '@agler/contract/constants';
import type { InterfaceStatus } from '@agler/contract/constants';
import { formatTime } from '@agler/contract/dates';
import { interfaceIdOf } from '@agler/contract/demo/accounts';
import { INTERFACE_FIELDS, validateInterface } from '@agler/contract/interfaceValidation';
import type { InterfaceField } from '@agler/contract/interfaceValidation';
import type { Envelope } from './envelope';
import { failure, success } from './envelope';
import { findInterface, isRecord } from './interfaceReads';
import type { InterfaceRecord, UserRecord } from './store';
import { sharedStore } from './store';

/**
 * The interface domain's admin writes (add, update, delete, online, offline).
 * The caller has checked that an admin asks; nothing reaches the store before
 * it has passed the contract's validation.
 */

type Body = Record<string, unknown>;

/** Field values as stored: names and URLs without surrounding whitespace, absent texts empty. */
function storedValue(field: InterfaceField, value: unknown): string {
  const text = typeof value === 'string' ? value : '';
  return field === 'name' || field === 'url' ? text.trim() : text;
}

/** `POST /api/interfaceInfo/add`: a new interface, offline until published; answers its id. */
export function addInterface(body: Body, creator: UserRecord, now = Date.now()): Envelope<string | null> {
  const error = validateInterface(body);
  if (error) return failure(ResponseCode.PARAMS_ERROR, error.message);
  const time = formatTime(now);
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
    userId: creator.id,
    createTime: time,
    updateTime: time,
  };
  sharedStore().interfaces.push(record);
  return success(record.id);
}

/** `POST /api/interfaceInfo/update`: changes only the fields given. */
export function updateInterface(body: Body, now = Date.now()): Envelope<boolean | null> {
  const record = findInterface(body.id);
  if (!isRecord(record)) return record;
  const error = validateInterface(body, { partial: true });
  if (error) return failure(ResponseCode.PARAMS_ERROR, error.message);
  const changes: Partial<Record<InterfaceField, string>> = {};
  for (const field of INTERFACE_FIELDS) {
    if (body[field] !== undefined) changes[field] = storedValue(field, body[field]);
  }
  Object.assign(record, changes, { updateTime: formatTime(now) });
  return success(true);
}

/**
 * `POST /api/interfaceInfo/delete`: a soft delete, as on the server. The
 * record leaves the catalogue (so a second delete is 40400) and is kept with
 * the deleted ones, under whose name the analysis still counts its calls.
 */
export function deleteInterface(body: Body): Envelope<boolean | null> {
  const record = findInterface(body.id);
  if (!isRecord(record)) return record;
  const store = sharedStore();
  store.interfaces.splice(store.interfaces.indexOf(record), 1);
  store.deletedInterfaces.push(record);
  return success(true);
}

/** `POST /api/interfaceInfo/online` and `offline`: only the status changes. */
export function setInterfaceStatus(body: Body, status: InterfaceStatus): Envelope<boolean | null> {
  const record = findInterface(body.id);
  if (!isRecord(record)) return record;
  record.status = status;
  return success(true);
}

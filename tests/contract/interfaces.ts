import { formatDate } from '@agler/contract/dates';
import type { Client } from './client';
import { expectSuccess, uniqueName } from './client';

/** Interfaces the specs create for themselves (and remove again), so no spec depends on another's. */

export const API = {
  login: '/api/user/login',
  list: '/api/interfaceInfo/list/page',
  get: '/api/interfaceInfo/get',
  add: '/api/interfaceInfo/add',
  update: '/api/interfaceInfo/update',
  delete: '/api/interfaceInfo/delete',
  online: '/api/interfaceInfo/online',
  offline: '/api/interfaceInfo/offline',
  invoke: '/api/interfaceInfo/invoke',
  top: '/api/analysis/top/interface/invoke',
  overview: '/api/analysis/overview',
} as const;

/** A valid body for add, with a name of its own. */
export function validInterface(prefix = '契约测试') {
  return {
    name: uniqueName(prefix),
    description: '契约测试创建的接口',
    url: 'https://api.example.com/v1/contract',
    method: 'POST',
    requestParams: '[{"name":"text","type":"string","required":false,"description":"任意文本"}]',
    requestHeader: '{"Content-Type":"application/json"}',
    responseHeader: '{"Content-Type":"application/json"}',
  };
}

/** Adds an interface as `admin` (online when asked) and answers its id. */
export async function createInterface(
  admin: Client,
  options: { online?: boolean; overrides?: Record<string, unknown> } = {},
): Promise<string> {
  const id = expectSuccess(await admin.post<string>(API.add, { ...validInterface(), ...options.overrides }));
  if (options.online) expect(expectSuccess(await admin.post(API.online, { id }))).toBe(true);
  return id;
}

/** Removes interfaces a spec created; those already gone are fine. */
export async function removeInterfaces(admin: Client, ids: string[]) {
  for (const id of ids) await admin.post(API.delete, { id });
}

/** `yyyy-MM-dd` of today on this machine, which is the target's too. */
export function today(): string {
  return formatDate(Date.now());
}

import { HTTP_METHODS } from '@agler/contract/constants';
import { ADMIN_ID, USER_ID, interfaceIdOf } from '@agler/contract/demo/accounts';
import type { CallRecord, InterfaceRecord } from './store';

/**
 * Interfaces and calls built by the analysis tests themselves, so they do not
 * depend on what the catalogue seeds.
 */

const CREATED = '2026-01-05 10:00:00';

export function fakeInterface(seq: number, overrides: Partial<InterfaceRecord> = {}): InterfaceRecord {
  return {
    id: interfaceIdOf(seq),
    name: `测试接口 ${seq}`,
    description: '',
    url: `https://api.example.com/v1/test/${seq}`,
    method: HTTP_METHODS[seq % HTTP_METHODS.length],
    requestParams: '',
    requestHeader: '',
    responseHeader: '',
    status: 1,
    userId: ADMIN_ID,
    createTime: CREATED,
    updateTime: CREATED,
    ...overrides,
  };
}

/** `count` interfaces; every seventh is offline, as in a real catalogue. */
export function fakeInterfaces(count: number): InterfaceRecord[] {
  return Array.from({ length: count }, (_, i) => fakeInterface(i + 1, { status: (i + 1) % 7 === 0 ? 0 : 1 }));
}

export function call(interfaceInfoId: string, time: number, latency: number, success = true): CallRecord {
  return { interfaceInfoId, userId: USER_ID, time, success, latency };
}

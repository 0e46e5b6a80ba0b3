import { HTTP_METHODS } from '@agler/contract/constants';
import type { CallRecord, InterfaceRecord, Store } from './store';
import { ADMIN_ID, interfaceIdOf } from '@agler/contract/demo/accounts';
import { formatTime } from '@agler/contract/dates';
import { createStore } from './store';
import { seedCalls } from '@agler/contract/demo/seedCalls';

/**
 * Interfaces and calls built by the analysis tests themselves, so they do not
 * depend on what the catalogue seeds.
 */

const CREATED = formatTime(new Date(2026, 0, 5, 10, 0, 0).getTime());

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
  return { interfaceInfoId, userId: '1790000000000000002', time, success, latency };
}

/** A store over `count` fake interfaces with the seeded history up to `now`. */
export function storeWithHistory(count: number, now: number): Store {
  const base = createStore({ interfaceCount: 0, now });
  const interfaces = fakeInterfaces(count);
  return { ...base, interfaces, calls: seedCalls(interfaces, base.users, now), nextInterfaceSeq: count + 1 };
}

import { createHash, randomBytes } from 'crypto';
import type { HttpMethod } from '../../src/constants/contract';
import { seedCalls } from './seedCalls';
import { seedInterfaces } from './seedInterfaces';

/**
 * The one in-memory store behind every mock domain. It lives as long as the
 * dev or preview server; ids are 64-bit decimal texts, as a real backend's.
 */

export type UserRecord = {
  id: string;
  userAccount: string;
  passwordHash: string;
  userName: string;
  userAvatar: string;
  userRole: 'user' | 'admin' | 'ban';
  createTime: string;
  updateTime: string;
};

export type InterfaceRecord = {
  id: string;
  name: string;
  description: string;
  url: string;
  method: HttpMethod;
  requestParams: string;
  requestHeader: string;
  responseHeader: string;
  status: 0 | 1;
  userId: string;
  createTime: string;
  updateTime: string;
};

/** One call that reached an interface, as `invoke` records it and the analysis reads it. */
export type CallRecord = {
  interfaceInfoId: string;
  userId: string;
  /** epoch milliseconds */
  time: number;
  success: boolean;
  /** milliseconds */
  latency: number;
};

export type Store = {
  users: UserRecord[];
  /** session id → user id */
  sessions: Map<string, string>;
  interfaces: InterfaceRecord[];
  calls: CallRecord[];
  nextInterfaceSeq: number;
};

/** How many interfaces the store is seeded with; MOCK_INTERFACES=10000 grows it for the benchmark. */
export const INTERFACE_COUNT = Math.max(40, Number(process.env.MOCK_INTERFACES) || 40);

export const ADMIN_ID = '1790000000000000001';
export const USER_ID = '1790000000000000002';
/** Interface ids count up from here: beyond 2^53, like a snowflake id. */
export const INTERFACE_ID_BASE = BigInt('1800000000000000000');

export function interfaceIdOf(seq: number): string {
  return (INTERFACE_ID_BASE + BigInt(seq)).toString();
}

export function hashPassword(password: string): string {
  return createHash('sha256').update(`agler:${password}`).digest('hex');
}

export function newSessionId(): string {
  return randomBytes(24).toString('hex');
}

/** `yyyy-MM-dd HH:mm:ss` in local time, the contract's text form of a time. */
export function formatTime(ms: number): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

const SEED_TIME = formatTime(Date.UTC(2026, 0, 5, 2, 0, 0));

export function seedUsers(): UserRecord[] {
  return [
    {
      id: ADMIN_ID,
      userAccount: 'admin',
      passwordHash: hashPassword('12345678'),
      userName: '管理员',
      userAvatar: '',
      userRole: 'admin',
      createTime: SEED_TIME,
      updateTime: SEED_TIME,
    },
    {
      id: USER_ID,
      userAccount: 'user',
      passwordHash: hashPassword('12345678'),
      userName: '普通用户',
      userAvatar: '',
      userRole: 'user',
      createTime: SEED_TIME,
      updateTime: SEED_TIME,
    },
  ];
}

/** A fresh store; `now` fixes the end of the seeded call history. */
export function createStore(options: { interfaceCount?: number; now?: number } = {}): Store {
  const users = seedUsers();
  const interfaces = seedInterfaces(options.interfaceCount ?? INTERFACE_COUNT, ADMIN_ID);
  return {
    users,
    sessions: new Map(),
    interfaces,
    calls: seedCalls(interfaces, users, options.now ?? Date.now()),
    nextInterfaceSeq: interfaces.length + 1,
  };
}

export const store: Store = createStore();

/** Puts the shared store back to its seeded state (tests). */
export function resetStore(options?: { interfaceCount?: number; now?: number }) {
  Object.assign(store, createStore(options));
}

/** The user's public view: never the password hash. */
export function toLoginUserVO(user: UserRecord) {
  const { passwordHash: _omit, ...vo } = user;
  return vo;
}

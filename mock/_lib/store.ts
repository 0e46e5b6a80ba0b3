import { createHash, randomBytes } from 'crypto';
import { DEMO_ACCOUNT_TIME, DEMO_ACCOUNTS } from '@agler/contract/demo/accounts';
import { seedCalls } from '@agler/contract/demo/seedCalls';
import { seedInterfaces } from '@agler/contract/demo/seedInterfaces';
import { ADMIN_ID } from '@agler/contract/demo/accounts';
import { formatTime } from '@agler/contract/dates';
import type { CallRecord, InterfaceInfo, LoginUserVO } from '@agler/contract/types';

/**
 * The in-memory store behind every mock domain. One shared instance lives as
 * long as the dev or preview server; it is made on first use (or by tests
 * through resetStore), never as a side effect of loading this module.
 */

export type UserRecord = LoginUserVO & { passwordHash: string };
export type InterfaceRecord = InterfaceInfo;
export type { CallRecord };

/**
 * A call in the mocks' log: what the analysis reads, and for the calls made
 * here what the try-it's history answers (the seeded history has none of it,
 * as on the server: no status, no size, no parameters).
 */
export type LoggedCall = CallRecord & {
  status?: number | null;
  bytes?: number;
  params?: string | null;
  paramsTruncated?: boolean;
};

/** A user's key pair; the secret key is only ever answered by key/regenerate. */
export type KeyPair = { accessKey: string; secretKey: string };

/** What is left of a user's calls of one interface, and how many were granted in all. */
export type QuotaRecord = { leftNum: number; totalNum: number };

export type Store = {
  users: UserRecord[];
  /** session id → user id */
  sessions: Map<string, string>;
  /** user id → the user's key pair (none until they make one) */
  keys: Map<string, KeyPair>;
  /** quotaKey(user id, interface id) → the quota (none until the user's first call) */
  quotas: Map<string, QuotaRecord>;
  nextUserSeq: number;
  /** The live catalogue: every list and lookup reads this. */
  interfaces: InterfaceRecord[];
  /**
   * Deleted interfaces, as the server keeps their rows marked: out of every
   * list and lookup, but the analysis still names their calls.
   */
  deletedInterfaces: InterfaceRecord[];
  calls: LoggedCall[];
  /** How many interfaces were seeded: their services answer their calls (serviceKeyOf). */
  seededCount: number;
  nextInterfaceSeq: number;
};

/** How many interfaces the store is seeded with; MOCK_INTERFACES=10000 grows it for the benchmark. */
function defaultInterfaceCount(): number {
  return Math.max(40, Number(process.env.MOCK_INTERFACES) || 40);
}

export function hashPassword(password: string): string {
  return createHash('sha256').update(`agler:${password}`).digest('hex');
}

export function newSessionId(): string {
  return randomBytes(24).toString('hex');
}

export function seedUsers(): UserRecord[] {
  const time = formatTime(DEMO_ACCOUNT_TIME);
  return DEMO_ACCOUNTS.map(({ userPassword, ...account }) => ({
    ...account,
    passwordHash: hashPassword(userPassword),
    userAvatar: '',
    createTime: time,
    updateTime: time,
  }));
}

/** The key of a quota in the store: one per user and interface. */
export function quotaKey(userId: string, interfaceInfoId: string): string {
  return `${userId}:${interfaceInfoId}`;
}

/** A fresh store; `now` fixes the end of the seeded call history. */
export function createStore(options: { interfaceCount?: number; now?: number } = {}): Store {
  const users = seedUsers();
  const interfaces = seedInterfaces(options.interfaceCount ?? defaultInterfaceCount(), ADMIN_ID);
  return {
    users,
    sessions: new Map(),
    keys: new Map(),
    quotas: new Map(),
    nextUserSeq: users.length + 1,
    interfaces,
    deletedInterfaces: [],
    calls: seedCalls(interfaces, users, options.now ?? Date.now()),
    seededCount: interfaces.length,
    nextInterfaceSeq: interfaces.length + 1,
  };
}

let shared: Store | undefined;

/** The store every mock handler uses, made on first use. */
export function sharedStore(): Store {
  shared ??= createStore();
  return shared;
}

/** Puts the shared store back to a freshly seeded state (tests). */
export function resetStore(options?: { interfaceCount?: number; now?: number }): Store {
  shared = createStore(options);
  return shared;
}

/** The user's public view: never the password hash. */
export function toLoginUserVO(user: UserRecord): LoginUserVO {
  const { passwordHash: _omit, ...vo } = user;
  return vo;
}

import type { CallRecord, InterfaceRecord, UserRecord } from './store';

/** Deterministic call history (filled by the analysis). */
export function seedCalls(_interfaces: InterfaceRecord[], _users: UserRecord[], _now: number): CallRecord[] {
  return [];
}

import type { InterfaceRecord } from './store';

/** Deterministic seed interfaces (filled by the catalogue). */
export function seedInterfaces(_count: number, _creatorId: string): InterfaceRecord[] {
  return [];
}

import { getInterfaceInfoById } from '@/services/agler/interfaceInfo';
import { startEarly } from '@/utils/early';

/** The early answer's key for an interface (its id, the text it came as). */
export const interfaceKey = (id: string) => `interface ${id}`;

/** Asks for the interface `id`, as its page would (src/utils/early.ts). */
export function startInterface(id: string): void {
  startEarly(interfaceKey(id), () => getInterfaceInfoById({ id }, { skipErrorHandler: true }));
}

import { interfaceCallersOf } from '@agler/contract/callers';
import type { CallerCount } from '@agler/contract/callers';
import type { Id } from '@agler/contract/ids';
import type { DayRange } from '@agler/contract/queries';
import type { InterfaceCallers } from '@agler/contract/types';
import type { LoggedCall, UserRecord } from './store';

/**
 * One interface's callers and status classes in `range`, from the store's
 * call log (the server reads its log the same way: server/domain/callers.ts).
 * The caller checks that the interface exists, live or deleted.
 */
export function aggregateCallers(
  calls: readonly LoggedCall[],
  users: readonly UserRecord[],
  interfaceInfoId: Id,
  range: DayRange,
): InterfaceCallers {
  const perUser = new Map<string, CallerCount>();
  const perStatus = new Map<string, { status: number | null; success: boolean; calls: number }>();
  for (const call of calls) {
    if (call.interfaceInfoId !== interfaceInfoId || call.time < range.startMs || call.time >= range.endMs) continue;
    const count = perUser.get(call.userId) ?? { userId: call.userId, calls: 0, errors: 0 };
    count.calls += 1;
    if (!call.success) count.errors += 1;
    perUser.set(call.userId, count);
    const status = call.status ?? null;
    const key = `${status}:${call.success}`;
    const group = perStatus.get(key) ?? { status, success: call.success, calls: 0 };
    group.calls += 1;
    perStatus.set(key, group);
  }
  const byId = new Map(users.map((user) => [user.id, user]));
  return interfaceCallersOf(interfaceInfoId, range, [...perUser.values()], perStatus.values(), (id) => byId.get(id));
}

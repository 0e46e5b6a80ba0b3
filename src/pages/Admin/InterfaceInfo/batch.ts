import { INTERFACE_STATUS } from '@/constants';
import { ADMIN_INTERFACE_TEXTS as T } from './texts';

/** What the table's batch buttons do to the selected interfaces. */
export type BatchKind = 'publish' | 'offline' | 'delete';

type Row = Pick<API.InterfaceInfo, 'id' | 'status'>;

/** The status a batch action moves an interface away from; delete takes any. */
const FROM_STATUS: Record<BatchKind, API.InterfaceInfo['status'] | undefined> = {
  publish: INTERFACE_STATUS.OFFLINE,
  offline: INTERFACE_STATUS.ONLINE,
  delete: undefined,
};

export type BatchSplit<T extends Row> = {
  /** The rows the action changes, in selection order. */
  change: T[];
  /** The rows already where the action would put them: left alone. */
  skip: T[];
};

/**
 * Splits a selection into the rows a batch action changes and those it leaves alone (publishing
 * an online interface, or taking an offline one offline, would be a call that changes nothing).
 */
export function splitSelection<T extends Row>(kind: BatchKind, rows: readonly T[]): BatchSplit<T> {
  const from = FROM_STATUS[kind];
  const change: T[] = [];
  const skip: T[] = [];
  rows.forEach((row) => (from === undefined || row.status === from ? change : skip).push(row));
  return { change, skip };
}

/**
 * The selected rows in selection order, from the keys and the rows seen so far (a selection may
 * span pages, so the rows come from every page the admin selected on).
 */
export function selectedRows<T extends Row>(keys: readonly React.Key[], known: ReadonlyMap<string, T>): T[] {
  return keys.flatMap((key) => {
    const row = known.get(String(key));
    return row ? [row] : [];
  });
}

/** What went wrong with one interface of a batch. */
export type BatchFailure = { name: string; reason: string };

/** Names every failed interface with its reason, so no failure hides behind another. */
export function failureList(failures: readonly BatchFailure[]): string {
  return failures.map(({ name, reason }) => T.batchFailure(name, reason)).join(T.batchFailureSeparator);
}

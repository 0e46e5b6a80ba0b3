import { INTERFACE_STATUS } from '@agler/contract/constants';
import type { Id } from '@agler/contract/ids';
import { gatewayPathOf, lifecycleVerdict } from '@agler/contract/lifecycle';
import type { Message } from '@agler/contract/messageKeys';
import { maySee } from './interfaceInfo';
import type { Row } from './interfaceInfo';
import type { SessionUser } from './session';

/**
 * Whether a caller may call an interface, the one rule behind both ways of
 * calling: 在线调用 (server/invoke) and the signed gateway (server/gateway).
 * Each answers the verdict in its own shape: the console's envelope, or an
 * HTTP status with the envelope for programs.
 */

/** What of an interface the verdict reads. */
export type CallableRow = Pick<Row, 'status' | 'deprecated' | 'deprecatedAt' | 'sunsetDate' | 'replacementId'>;

export type CallVerdict =
  /** No live interface, or one the caller may not see: answered exactly as an id that never existed. */
  | { kind: 'missing' }
  /** Offline, to a caller who may see it (an admin): it exists, and is closed. */
  | { kind: 'offline' }
  /** Deprecated and past its sunset: refused with `message`, nothing counted; `headers` go on the refusal. */
  | { kind: 'gone'; message: Message; headers: Record<string, string> }
  /** May be called; `headers` (Deprecation, Sunset, Link) go on every answer, none unless deprecated. */
  | { kind: 'callable'; headers: Record<string, string> };

export type CallableOptions = {
  /** The moment of the call, epoch ms. */
  now: number;
  /** The platform's public origin, where a replacement's gateway address is linked. */
  publicOrigin: string;
  /** Reads a live interface by id (for the replacement); undefined or a rejection when there is none. */
  find: (id: Id) => Promise<Pick<Row, 'status'> | undefined>;
};

/**
 * The verdict on a call of `row` (undefined: no live interface) by `user`.
 * A replacement is named only when `user` may see it, so a deprecated
 * interface never points to an unpublished or deleted one.
 */
export async function callable(
  row: CallableRow | undefined,
  user: SessionUser,
  options: CallableOptions,
): Promise<CallVerdict> {
  if (!row || !maySee(row, user)) return { kind: 'missing' };
  if (row.status !== INTERFACE_STATUS.ONLINE) return { kind: 'offline' };
  const { replacementId } = row;
  const shown =
    row.deprecated && replacementId !== null
      ? await options.find(replacementId).then(
          (replacement) => replacement !== undefined && maySee(replacement, user),
          () => false,
        )
      : false;
  const verdict = lifecycleVerdict(
    { ...row, deprecatedAt: row.deprecatedAt?.getTime() ?? null },
    options.now,
    shown && replacementId !== null ? `${options.publicOrigin}${gatewayPathOf(replacementId)}` : undefined,
  );
  return verdict.gone
    ? { kind: 'gone', message: verdict.message!, headers: verdict.headers }
    : { kind: 'callable', headers: verdict.headers };
}

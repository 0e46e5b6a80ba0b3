import { USAGE_TEXTS } from './texts';

const T = USAGE_TEXTS.calls;

/**
 * Which key made a call, as the call log and its CSV name it: the key's name and the access key's
 * last characters (`生产 · …a1b2`, two keys may share a name once one is revoked), or 在线调用 for
 * the console's calls, which no key signs.
 */
export function callKeyLabel(call: Pick<API.CallLogEntry, 'online' | 'keyName' | 'accessKeyTail'>): string {
  if (call.online) return T.onlineCall;
  if (!call.keyName || !call.accessKeyTail) return T.keyGone;
  return T.keyOf(call.keyName, call.accessKeyTail);
}

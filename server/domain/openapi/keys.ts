import { messageRefOf } from '@agler/contract/messageKeys';
import type { ImportNote, ImportSkip } from '@agler/contract/openapiImport';

/**
 * The keys of an import's row texts (contract/messageKeys.ts): a row's notes and reason are data
 * of the answer, not its envelope, so they carry their keys themselves. A text is looked up in the
 * thread that built it, since only that thread remembers the values of a built text.
 */

/** A text with its key and values, when the contract wrote it. */
export const keyedText = (message: string): ImportNote => ({ message, ...messageRefOf(message) });

/** A skipped row's reason with its key and values, when the contract wrote it. */
export function keyedReason(reason: string): Pick<ImportSkip, 'reason' | 'reasonKey' | 'reasonArgs'> {
  const ref = messageRefOf(reason);
  if (!ref) return { reason };
  return ref.messageArgs
    ? { reason, reasonKey: ref.messageKey, reasonArgs: ref.messageArgs }
    : { reason, reasonKey: ref.messageKey };
}

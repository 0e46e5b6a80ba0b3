import { messageRefOf, textOf } from '@agler/contract/messageKeys';
import type { Message } from '@agler/contract/messageKeys';
import type { ImportNote, ImportSkip } from '@agler/contract/openapiImport';

/**
 * The keys of an import's texts (contract/messageKeys.ts): a row's notes and reason and a
 * document's errors are data of the answer, not its envelope, so they carry their keys themselves.
 */

/** A message as the answer writes it: its text, with its key and values when the contract wrote it. */
export const keyedText = (message: Message): ImportNote => ({ message: textOf(message), ...messageRefOf(message) });

/** A skipped row's reason with its key and values, when the contract wrote it. */
export function keyedReason(message: Message): Pick<ImportSkip, 'reason' | 'reasonKey' | 'reasonArgs'> {
  const reason = textOf(message);
  const ref = messageRefOf(message);
  if (!ref) return { reason };
  return ref.messageArgs
    ? { reason, reasonKey: ref.messageKey, reasonArgs: ref.messageArgs }
    : { reason, reasonKey: ref.messageKey };
}

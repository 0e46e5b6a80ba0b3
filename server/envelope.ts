import { ResponseCode } from '@agler/contract/constants';
import { messageRefOf, textOf } from '@agler/contract/messageKeys';
import type { Message, MessageRef } from '@agler/contract/messageKeys';
import { MESSAGES } from '@agler/contract/messages';
import type { Envelope } from '@agler/contract/types';

/** The answer of every /api endpoint; ids inside `data` are already decimal texts. */
export function ok<T>(data: T): Envelope<T> {
  return { code: ResponseCode.SUCCESS, data, message: MESSAGES.ok };
}

/**
 * A refusal's envelope; a message of the contract also goes by its key and
 * values (`ref`, the message's own unless given), so a client can translate it.
 */
export function failure(code: number, message: Message, ref: MessageRef | undefined = messageRefOf(message)): Envelope<null> {
  return { code, data: null, message: textOf(message), ...ref };
}

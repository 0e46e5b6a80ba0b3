import { messageRefOf, textOf } from '@agler/contract/messageKeys';
import type { Message } from '@agler/contract/messageKeys';

/** The envelope of a refusal as the server answers it: with the message's key and values where the contract wrote the message. */
export const refusal = (code: number, message: Message) => ({
  code,
  data: null,
  message: textOf(message),
  ...messageRefOf(message),
});

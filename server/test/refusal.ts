import { messageRefOf } from '@agler/contract/messageKeys';

/** The envelope of a refusal as the server answers it: with the message's key and values where the contract wrote the message. */
export const refusal = (code: number, message: string) => ({ code, data: null, message, ...messageRefOf(message) });

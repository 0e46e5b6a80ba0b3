import type { ResponseCodeValue } from '@agler/contract/constants';
import type { CallMeta } from '@agler/contract/invoke';
import { messageRefOf } from '@agler/contract/messageKeys';
import type { MessageRef } from '@agler/contract/messageKeys';

/**
 * Fields the contract adds to a refusal's envelope beside code, data and
 * message: invoke's `call` when the interface answered with an error status;
 * the message's key when it was built where this thread cannot look it up.
 */
export type EnvelopeExtras = { call?: CallMeta } & Partial<MessageRef>;

/**
 * A refusal the contract defines: an envelope code and its message (from
 * contract/messages.ts). The domain throws it; the app's one error handler
 * turns it into the answer.
 */
export class ApiError extends Error {
  /** The message's key and values, taken when it is thrown, right after the message was built. */
  readonly messageRef: MessageRef | undefined;

  constructor(
    readonly code: ResponseCodeValue,
    message: string,
    readonly extras: EnvelopeExtras = {},
    /** HTTP headers the answer carries (a rate limit's Retry-After). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.messageRef = messageRefOf(message);
  }
}

export function refuse(
  code: ResponseCodeValue,
  message: string,
  extras?: EnvelopeExtras,
  headers?: Record<string, string>,
): never {
  throw new ApiError(code, message, extras, headers);
}

import type { ResponseCodeValue } from '@agler/contract/constants';
import type { CallMeta } from '@agler/contract/invoke';
import { messageRefOf, textOf } from '@agler/contract/messageKeys';
import type { Message, MessageRef } from '@agler/contract/messageKeys';

/**
 * Fields the contract adds to a refusal's envelope beside code, data and
 * message: invoke's `call` when the interface answered with an error status.
 */
export type EnvelopeExtras = { call?: CallMeta };

/**
 * A refusal the contract defines: an envelope code and its message (from
 * contract/messages.ts). The domain throws it; the app's one error handler
 * turns it into the answer.
 */
export class ApiError extends Error {
  /** The message's key and values, which the envelope sends beside its text. */
  readonly messageRef: MessageRef | undefined;

  constructor(
    readonly code: ResponseCodeValue,
    message: Message,
    readonly extras: EnvelopeExtras = {},
    /** HTTP headers the answer carries (a rate limit's Retry-After). */
    readonly headers: Record<string, string> = {},
  ) {
    super(textOf(message));
    this.name = 'ApiError';
    this.messageRef = messageRefOf(message);
  }
}

export function refuse(
  code: ResponseCodeValue,
  message: Message,
  extras?: EnvelopeExtras,
  headers?: Record<string, string>,
): never {
  throw new ApiError(code, message, extras, headers);
}

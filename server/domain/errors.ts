import type { ResponseCodeValue } from '@agler/contract/constants';

/**
 * A refusal the contract defines: an envelope code and its message (from
 * contract/messages.ts). The domain throws it; the app's one error handler
 * turns it into the answer.
 */
export class ApiError extends Error {
  constructor(
    readonly code: ResponseCodeValue,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function refuse(code: ResponseCodeValue, message: string): never {
  throw new ApiError(code, message);
}

import { ApiError } from '@/requestConfig';

/** The envelope code of a failed request, when the server answered one. */
export function errorCodeOf(error: unknown): number | undefined {
  return error instanceof ApiError ? error.code : undefined;
}

/** Whether a failed request answered the envelope code `code`. */
export function hasErrorCode(error: unknown, code: number): boolean {
  return errorCodeOf(error) === code;
}

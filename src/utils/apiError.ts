import { ResponseCode } from '@/constants';
import { ApiError, handleRequestError } from '@/requestConfig';

/** The envelope code of a failed request, when the server answered one. */
export function errorCodeOf(error: unknown): number | undefined {
  return error instanceof ApiError ? error.code : undefined;
}

/** Whether a failed request answered the envelope code `code`. */
export function hasErrorCode(error: unknown, code: number): boolean {
  return errorCodeOf(error) === code;
}

/**
 * For requests made with `skipErrorHandler`, whose page shows errors itself:
 * a lost session must still return to login, as every other request does.
 * True when the error was that and has been handled.
 */
export function handleLostSession(error: unknown): boolean {
  if (!hasErrorCode(error, ResponseCode.NOT_LOGIN)) return false;
  handleRequestError(error);
  return true;
}

import { ResponseCode } from '@/constants';
import { ApiError, handleRequestError } from '@/requestConfig';

/** The envelope code of a failed request, when the server answered one. */
export function errorCodeOf(error: unknown): number | undefined {
  return error instanceof ApiError ? error.code : undefined;
}

/**
 * For requests made with `skipErrorHandler`, whose page shows errors itself:
 * a lost session must still return to login, as every other request does.
 * True when the error was that and has been handled.
 */
export function handleLostSession(error: unknown): boolean {
  if (errorCodeOf(error) !== ResponseCode.NOT_LOGIN) return false;
  handleRequestError(error);
  return true;
}

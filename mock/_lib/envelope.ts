import { ResponseCode } from '@agler/contract/constants';
import { MESSAGES } from '@agler/contract/messages';
import type { Envelope } from '@agler/contract/types';

/**
 * The answers of the mock domains, built without HTTP so that the domains can
 * be tested as plain functions; mock/_lib/http.ts writes them out.
 */

export type { Envelope };

export const success = <T>(data: T): Envelope<T> => ({
  code: ResponseCode.SUCCESS,
  data,
  message: MESSAGES.ok,
});

export const failure = (code: number, message: string): Envelope<null> => ({ code, data: null, message });

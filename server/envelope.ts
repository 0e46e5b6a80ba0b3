import { ResponseCode } from '@agler/contract/constants';
import { MESSAGES } from '@agler/contract/messages';
import type { Envelope } from '@agler/contract/types';

/** The answer of every /api endpoint; ids inside `data` are already decimal texts. */
export function ok<T>(data: T): Envelope<T> {
  return { code: ResponseCode.SUCCESS, data, message: MESSAGES.ok };
}

export function failure(code: number, message: string): Envelope<null> {
  return { code, data: null, message };
}

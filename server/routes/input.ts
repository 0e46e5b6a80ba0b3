import { ResponseCode } from '@agler/contract/constants';
import type { Parsed } from '@agler/contract/queries';
import { refuse } from '../domain/errors';

/** What a contract parser read of a request, or the refusal in the contract's words. */
export function valid<T>(parsed: Parsed<T>): T {
  if (!parsed.ok) refuse(ResponseCode.PARAMS_ERROR, parsed.message);
  return parsed.value;
}

import type { FastifyInstance } from 'fastify';
import { ResponseCode } from '@agler/contract/constants';
import type { KeyPairVO } from '@agler/contract/types';
import { call } from './app';

/**
 * A new key pair for the session's user (`POST /api/user/key/regenerate`): the
 * only answer that holds the secret, which a test needs to sign gateway calls.
 */
export async function keyPairOf(app: FastifyInstance, cookie: string): Promise<KeyPairVO> {
  const answer = await call<KeyPairVO>(app, {
    method: 'POST',
    url: '/api/user/key/regenerate',
    payload: {},
    cookie,
  });
  if (answer.code !== ResponseCode.SUCCESS) throw new Error(`no key pair: ${answer.code} ${answer.message}`);
  return answer.data;
}

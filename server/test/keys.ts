import type { FastifyInstance } from 'fastify';
import { ResponseCode } from '@agler/contract/constants';
import type { KeyPairVO } from '@agler/contract/types';
import { call } from './app';
import { send } from './process';

const REGENERATE = '/api/user/key/regenerate';

/**
 * A new key pair for the session's user (`POST /api/user/key/regenerate`): the
 * only answer that holds the secret, which a test needs to sign gateway calls.
 * `server` is an app the test injects into, or the URL of a server process.
 */
export async function keyPairOf(server: FastifyInstance | string, cookie: string): Promise<KeyPairVO> {
  const answer =
    typeof server === 'string'
      ? (await send<KeyPairVO>(`${server}${REGENERATE}`, { body: {}, cookie })).envelope
      : await call<KeyPairVO>(server, { method: 'POST', url: REGENERATE, payload: {}, cookie });
  if (answer.code !== ResponseCode.SUCCESS) throw new Error(`no key pair: ${answer.code} ${answer.message}`);
  return answer.data;
}

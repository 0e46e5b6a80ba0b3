import { createHash, createHmac } from 'node:crypto';
import { canonicalRequest } from '@agler/contract/signature';

/** The four headers of a signed gateway call, as a program computes them (contract/signature.ts). */
export function signedHeaders(
  pair: { accessKey: string; secretKey: string },
  method: string,
  pathAndQuery: string,
  options: { body?: string; timestamp: number; nonce: string },
): Record<string, string> {
  const [path, query = ''] = pathAndQuery.split(/\?(.*)/s);
  const timestamp = String(options.timestamp);
  const canonical = canonicalRequest({
    method,
    path,
    query,
    timestamp,
    nonce: options.nonce,
    bodySha256: createHash('sha256')
      .update(options.body ?? '', 'utf8')
      .digest('hex'),
  });
  return {
    accessKey: pair.accessKey,
    timestamp,
    nonce: options.nonce,
    sign: createHmac('sha256', pair.secretKey).update(canonical, 'utf8').digest('hex'),
  };
}

let counter = 0;
/** A nonce no other call of this process uses. */
export const freshNonce = () => `nonce_${process.pid}_${Date.now().toString(36)}_${(counter += 1)}`;

/**
 * @jest-environment node
 */
import crypto from 'node:crypto';
import { newWebhookSecret, signWebhook } from '../domain/webhookSignature';
import { bodyDigest, forwardHeaders, forwardPayload } from './forwardSignature';

const call = {
  requestId: 'req_1',
  timestampSeconds: 1_700_000_000,
  method: 'post',
  pathWithQuery: '/api/name?x=1&y=%E4%B8%AD',
  body: '{"a":1}',
  userId: '42',
  keyId: 'ak_1',
};

test('the payload names the method, the path with its query and the body by its SHA-256', () => {
  expect(bodyDigest('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  expect(forwardPayload(call)).toBe(
    `POST./api/name?x=1&y=%E4%B8%AD.${crypto.createHash('sha256').update('{"a":1}').digest('hex')}`,
  );
});

test('a verifier that recomputes the HMAC from the headers and the request accepts it, and refuses any change', () => {
  const secret = newWebhookSecret();
  const headers = forwardHeaders([secret], call);
  const verify = (request: typeof call) => {
    const expected = signWebhook(
      secret,
      headers['agler-request-id'],
      Number(headers['agler-timestamp']),
      forwardPayload(request),
    );
    return headers['agler-signature'].split(' ').includes(expected);
  };
  expect(verify(call)).toBe(true);
  expect(verify({ ...call, method: 'GET' })).toBe(false);
  expect(verify({ ...call, pathWithQuery: '/api/name?x=2&y=%E4%B8%AD' })).toBe(false);
  expect(verify({ ...call, body: '{"a":2}' })).toBe(false);
  expect(headers).toMatchObject({
    'agler-user-id': '42',
    'agler-key-id': 'ak_1',
    'agler-timestamp': '1700000000',
  });
});

test('during a rotation both secrets sign, the current one first; a call with no key has no key header', () => {
  const [current, previous] = [newWebhookSecret(), newWebhookSecret()];
  const { keyId: _, ...online } = call;
  const headers = forwardHeaders([current, previous], online);
  const [first, second] = headers['agler-signature'].split(' ');
  expect(first).toBe(signWebhook(current, 'req_1', 1_700_000_000, forwardPayload(online)));
  expect(second).toBe(signWebhook(previous, 'req_1', 1_700_000_000, forwardPayload(online)));
  expect(headers).not.toHaveProperty('agler-key-id');
});

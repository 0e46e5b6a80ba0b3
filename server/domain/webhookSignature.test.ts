/**
 * @jest-environment node
 */
import { newWebhookSecret, signWebhook, webhookHeaders } from './webhookSignature';

test("signs as the Standard Webhooks specification's own example", () => {
  expect(
    signWebhook(
      'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      'msg_p5jXN8AQM9LWM0D4loKWxJek',
      1614265330,
      '{"test": 2432232314}',
    ),
  ).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
});

test('a new secret is whsec_ and 32 random bytes in base64, never twice the same', () => {
  const secret = newWebhookSecret();
  expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
  expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);
  expect(newWebhookSecret()).not.toBe(secret);
});

test('during a rotation each secret signs, space-separated, the current one first', () => {
  const [a, b] = [newWebhookSecret(), newWebhookSecret()];
  const headers = webhookHeaders([a, b], 'msg_1', 1700000000, '{}');
  expect(headers['webhook-signature']).toBe(
    `${signWebhook(a, 'msg_1', 1700000000, '{}')} ${signWebhook(b, 'msg_1', 1700000000, '{}')}`,
  );
  expect(headers['webhook-id']).toBe('msg_1');
  expect(headers['webhook-timestamp']).toBe('1700000000');
});

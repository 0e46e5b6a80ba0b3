import crypto from 'node:crypto';
import type http from 'node:http';
import { listen } from './listener';

/**
 * A webhook receiver on 127.0.0.1 for the server's tests, the contract suite and the browser
 * suite. It checks each delivery as the Standard Webhooks specification tells a receiver to,
 * written apart from the server's signing (server/domain/webhookSignature.ts) so that a test never
 * checks the server with its own code: the key is the base64 after `whsec_`, the signed text
 * `id.timestamp.body`, and one of the space-separated `v1,` signatures must match.
 */

export type Received = { id: string; timestamp: number; body: string; signatures: string[] };

export function verifies(secret: string, message: Received): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = crypto
    .createHmac('sha256', key)
    .update(`${message.id}.${message.timestamp}.${message.body}`)
    .digest();
  return message.signatures.some((signature) => {
    const [version, value] = signature.split(',');
    const given = Buffer.from(value ?? '', 'base64');
    return version === 'v1' && given.length === expected.length && crypto.timingSafeEqual(given, expected);
  });
}

export type WebhookReceiver = {
  port: number;
  /** Every delivery that reached it, in order; tests may empty it. */
  received: Received[];
  /** The status it answers the next deliveries with. */
  answerStatus: number;
  /** How long it waits before answering, in milliseconds (a slow receiver). */
  answerDelayMs: number;
  /** Waits, bounded (20 s), until at least `count` deliveries have reached it; answers how many did. */
  receivedAtLeast: (count: number) => Promise<number>;
  close: () => Promise<void>;
};

/** Listens on `port` (one a server allows by INVOKE_ALLOW_HOSTS), or on a free one when it is 0. */
export async function webhookReceiver(port = 0): Promise<WebhookReceiver> {
  const receiver: WebhookReceiver = {
    port: 0,
    received: [],
    answerStatus: 204,
    answerDelayMs: 0,
    receivedAtLeast: async (count) => {
      for (let i = 0; i < 100 && receiver.received.length < count; i += 1)
        await new Promise((resolve) => {
          setTimeout(resolve, 200);
        });
      return receiver.received.length;
    },
    close: async () => undefined,
  };
  const listener = await listen((req: http.IncomingMessage, res: http.ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      receiver.received.push({
        id: String(req.headers['webhook-id']),
        timestamp: Number(req.headers['webhook-timestamp']),
        body: Buffer.concat(chunks).toString('utf8'),
        signatures: String(req.headers['webhook-signature'] ?? '').split(' '),
      });
      const status = receiver.answerStatus;
      setTimeout(() => res.writeHead(status).end(), receiver.answerDelayMs);
    });
  }, port);
  receiver.port = listener.port;
  receiver.close = listener.close;
  return receiver;
}

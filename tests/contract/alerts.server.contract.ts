import crypto from 'crypto';
import http from 'http';
import type { Page } from '@agler/contract/types';
import { expectSuccess } from './client';
import { API, createInterface, demoInterface, specSessions } from './interfaces';

/**
 * Webhook deliveries to a real receiver, for targets that make real calls: it
 * listens on the port the target allows (CONTRACT_UPSTREAM_PORT, in its
 * INVOKE_ALLOW_HOSTS, so plain http is accepted for it) and checks every
 * delivery as the Standard Webhooks specification tells a receiver to.
 */

type Received = { id: string; timestamp: string; body: string; signature: string };

const spec = specSessions();
let server: http.Server;
let port: number;
const received: Received[] = [];
let answerStatus = 204;

function verifies(secret: string, message: Received): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = crypto
    .createHmac('sha256', key)
    .update(`${message.id}.${message.timestamp}.${message.body}`)
    .digest();
  return message.signature.split(' ').some((entry) => {
    const [version, value = ''] = entry.split(',');
    const given = Buffer.from(value, 'base64');
    return version === 'v1' && given.length === expected.length && crypto.timingSafeEqual(given, expected);
  });
}

/** Waits, bounded, for the receiver to have been sent `count` deliveries (the worker polls every few seconds). */
async function receivedAtLeast(count: number) {
  for (let i = 0; i < 100 && received.length < count; i += 1)
    await new Promise((r) => {
      setTimeout(r, 200);
    });
  expect(received.length).toBeGreaterThanOrEqual(count);
}

beforeAll(async () => {
  port = Number(process.env.CONTRACT_UPSTREAM_PORT);
  if (!port)
    throw new Error('CONTRACT_UPSTREAM_PORT is not set: the target must allow 127.0.0.1 on that port');
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    req.on('end', () => {
      received.push({
        id: String(req.headers['webhook-id']),
        timestamp: String(req.headers['webhook-timestamp']),
        body,
        signature: String(req.headers['webhook-signature']),
      });
      res.statusCode = answerStatus;
      res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
});

afterAll(async () => {
  await spec.user.post('/api/user/webhook/delete');
  server.closeAllConnections();
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
  });
});

/** An online copy of the demo Echo interface, called once by the user. */
async function calledInterface(): Promise<string> {
  const echo = await demoInterface(spec.user, 'Echo');
  const id = await createInterface(spec.admin, {
    online: true,
    overrides: {
      url: echo.url,
      method: echo.method,
      requestParams: '',
      requestHeader: '',
      responseHeader: '',
    },
  });
  spec.created.push(id);
  expectSuccess(await spec.user.post(API.invoke, { id, userRequestParams: '' }));
  return id;
}

test('plain http to the allowed host: a ping at once, then an alert by the worker, both signed', async () => {
  const saved = expectSuccess(
    await spec.user.post<{ secret: string }>('/api/user/webhook', {
      url: `http://127.0.0.1:${port}/hook`,
      kinds: ['interface_offline'],
    }),
  );

  const ping = expectSuccess(
    await spec.user.post<{ id: string; delivered: boolean; status: number }>('/api/user/webhook/test'),
  );
  expect(ping).toMatchObject({ delivered: true, status: 204 });
  expect(received).toHaveLength(1);
  expect(received[0].id).toBe(ping.id);
  expect(verifies(saved.secret, received[0])).toBe(true);
  expect(Math.abs(Number(received[0].timestamp) - Date.now() / 1000)).toBeLessThan(300);
  expect(JSON.parse(received[0].body)).toMatchObject({ type: 'ping' });

  const id = await calledInterface();
  expectSuccess(await spec.admin.post(API.offline, { id }));
  await receivedAtLeast(2);
  const alert = received[1];
  expect(verifies(saved.secret, alert)).toBe(true);
  expect(JSON.parse(alert.body)).toMatchObject({
    type: 'alert.interface_offline',
    data: { kind: 'interface_offline', interfaceInfoId: id },
  });
});

test('a receiver that fails is logged and left to retry; resend sends the same message again', async () => {
  answerStatus = 500;
  const id = await calledInterface();
  expectSuccess(await spec.admin.post(API.offline, { id }));
  await receivedAtLeast(3);

  type Delivery = {
    id: string;
    eventType: string;
    state: string;
    tries: number;
    nextTryTime?: string;
    attempts: { status?: number; failure?: string }[];
  };
  const page = expectSuccess(await spec.user.get<Page<Delivery>>('/api/user/webhook/deliveries'));
  const failing = page.records.find((d) => d.id === received[2].id)!;
  expect(failing).toMatchObject({ eventType: 'alert.interface_offline', state: 'pending', tries: 1 });
  expect(failing.nextTryTime).toEqual(expect.any(String));
  expect(failing.attempts[0]).toMatchObject({ status: 500, failure: 'httpError' });

  answerStatus = 204;
  expect(expectSuccess(await spec.user.post('/api/user/webhook/resend', { id: failing.id }))).toBe(true);
  await receivedAtLeast(4);
  expect(received[3].id).toBe(failing.id);
  // The try is logged once the receiver has answered: a moment after it got the request.
  let state = '';
  for (let i = 0; i < 50 && state !== 'delivered'; i += 1) {
    const after = expectSuccess(await spec.user.get<Page<Delivery>>('/api/user/webhook/deliveries'));
    state = after.records.find((d) => d.id === failing.id)?.state ?? '';
    if (state !== 'delivered')
      await new Promise((r) => {
        setTimeout(r, 200);
      });
  }
  expect(state).toBe('delivered');
});

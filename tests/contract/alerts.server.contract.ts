import { ALERT_MESSAGES, WEBHOOK_TIMEOUT_S } from '@agler/contract/alerts';
import type { Page } from '@agler/contract/types';
import { ResponseCode } from '@agler/contract/constants';
import { expectRefusal, expectSuccess, registeredUser } from './client';
import { verifies, webhookReceiver } from '../../server/test/webhookReceiver';
import type { WebhookReceiver } from '../../server/test/webhookReceiver';
import { API, createInterface, demoInterface, specSessions } from './interfaces';

/**
 * Webhook deliveries to a real receiver, for targets that make real calls: it
 * listens on the port the target allows (CONTRACT_UPSTREAM_PORT, in its
 * INVOKE_ALLOW_HOSTS, so plain http is accepted for it) and checks every
 * delivery as the Standard Webhooks specification tells a receiver to.
 */

const spec = specSessions();
let receiver: WebhookReceiver;

/** Waits, bounded, for the receiver to have been sent `count` deliveries (the worker polls every few seconds). */
async function receivedAtLeast(count: number) {
  expect(await receiver.receivedAtLeast(count)).toBeGreaterThanOrEqual(count);
}

beforeAll(async () => {
  const port = Number(process.env.CONTRACT_UPSTREAM_PORT);
  if (!port)
    throw new Error('CONTRACT_UPSTREAM_PORT is not set: the target must allow 127.0.0.1 on that port');
  receiver = await webhookReceiver(port);
});

afterAll(async () => {
  await spec.user.post('/api/user/webhook/delete');
  await receiver.close();
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
      url: `http://127.0.0.1:${receiver.port}/hook`,
      kinds: ['interface_offline'],
    }),
  );

  const ping = expectSuccess(
    await spec.user.post<{ id: string; delivered: boolean; status: number }>('/api/user/webhook/test'),
  );
  expect(ping).toMatchObject({ delivered: true, status: 204, failure: null });
  expect(receiver.received).toHaveLength(1);
  expect(receiver.received[0].id).toBe(ping.id);
  expect(verifies(saved.secret, receiver.received[0])).toBe(true);
  expect(Math.abs(receiver.received[0].timestamp - Date.now() / 1000)).toBeLessThan(300);
  expect(JSON.parse(receiver.received[0].body)).toMatchObject({ type: 'ping', data: {} });

  const id = await calledInterface();
  expectSuccess(await spec.admin.post(API.offline, { id }));
  await receivedAtLeast(2);
  const alert = receiver.received[1];
  expect(verifies(saved.secret, alert)).toBe(true);
  expect(JSON.parse(alert.body)).toMatchObject({
    type: 'alert.interface_offline',
    data: { kind: 'interface_offline', interfaceInfoId: id },
  });
});

test('a receiver that fails is logged and left to retry; resend sends the same message again', async () => {
  receiver.answerStatus = 500;
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
  // The try is logged once the receiver has answered: a moment after it got the request.
  const failingId = receiver.received[2].id;
  let failing: Delivery | undefined;
  for (let i = 0; i < 50 && !failing?.attempts.length; i += 1) {
    if (i > 0)
      await new Promise((r) => {
        setTimeout(r, 200);
      });
    const page = expectSuccess(await spec.user.get<Page<Delivery>>('/api/user/webhook/deliveries'));
    failing = page.records.find((d) => d.id === failingId);
  }
  if (!failing) throw new Error(`delivery ${failingId} is not listed`);
  expect(failing).toMatchObject({ eventType: 'alert.interface_offline', state: 'pending', tries: 1 });
  expect(failing.nextTryTime).toEqual(expect.any(String));
  expect(failing.attempts[0]).toMatchObject({ status: 500, failure: 'httpError' });
  // Another user sees none of these deliveries and cannot resend one.
  const { client: stranger } = await registeredUser('hook_other');
  expect(expectSuccess(await stranger.get('/api/user/webhook'))).toBeNull();
  expect(expectSuccess(await stranger.get<Page<Delivery>>('/api/user/webhook/deliveries')).total).toBe(0);
  expectRefusal(
    await stranger.post('/api/user/webhook/resend', { id: failingId }),
    ResponseCode.NOT_FOUND,
    ALERT_MESSAGES.deliveryNotFound,
  );

  receiver.answerStatus = 204;
  expect(expectSuccess(await spec.user.post('/api/user/webhook/resend', { id: failingId }))).toBe(true);
  await receivedAtLeast(4);
  expect(receiver.received[3].id).toBe(failingId);
  let state = '';
  for (let i = 0; i < 50 && state !== 'delivered'; i += 1) {
    const after = expectSuccess(await spec.user.get<Page<Delivery>>('/api/user/webhook/deliveries'));
    state = after.records.find((d) => d.id === failingId)?.state ?? '';
    if (state !== 'delivered')
      await new Promise((r) => {
        setTimeout(r, 200);
      });
  }
  expect(state).toBe('delivered');
});

test('test sends go one at a time: the others, meanwhile, are refused with 42900 and Retry-After', async () => {
  receiver.answerDelayMs = 500;
  const before = receiver.received.length;
  try {
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => spec.user.post('/api/user/webhook/test')),
    );
    const refused = answers.filter((answer) => answer.body.code !== 0);
    expect(answers.length - refused.length).toBeLessThanOrEqual(1);
    // A send refused for the minute's limit (a server already up may have had sends this minute) waits less.
    const busy = refused.filter((answer) => answer.body.message === ALERT_MESSAGES.webhookTestBusy);
    if (busy.length === refused.length) expect(answers.length - refused.length).toBe(1);
    for (const answer of refused) {
      expectRefusal(answer, ResponseCode.QUOTA_EXHAUSTED, /测试发送/);
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    }
    for (const answer of busy) expect(answer.headers.get('retry-after')).toBe(String(WEBHOOK_TIMEOUT_S));
    expect(receiver.received.length - before).toBe(answers.length - refused.length);
  } finally {
    receiver.answerDelayMs = 0;
  }
});

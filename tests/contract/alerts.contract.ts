import { ALERT_MESSAGES } from '@agler/contract/alerts';
import { ResponseCode } from '@agler/contract/constants';
import { MESSAGES } from '@agler/contract/messages';
import type { Page } from '@agler/contract/types';
import { Client, expectRefusal, expectSuccess, refusal, uniqueName } from './client';
import { API, createInterface, demoInterface, specSessions } from './interfaces';

/**
 * Alerts and the webhook's settings: the bell's endpoints, an alert made to
 * happen through the API (an admin taking offline an interface the user
 * called), what another user can and cannot touch, and bad input. Nothing is
 * delivered here: the only webhook set takes a kind its user is never alerted
 * of (deliveries to a receiver are in alerts.server.contract.ts).
 */

type AlertVO = {
  id: string;
  kind: string;
  interfaceInfoId?: string;
  subjectId?: string | null;
  data: Record<string, unknown>;
  read: boolean;
};
type AlertPage = Page<AlertVO> & { unread: number };
const ALERTS = {
  list: '/api/alert/list',
  unread: '/api/alert/unread',
  read: '/api/alert/read',
  readAll: '/api/alert/read/all',
  webhook: '/api/user/webhook',
  test: '/api/user/webhook/test',
  deliveries: '/api/user/webhook/deliveries',
  resend: '/api/user/webhook/resend',
  rotate: '/api/user/webhook/secret/rotate',
  remove: '/api/user/webhook/delete',
} as const;

const spec = specSessions();
let other: Client;
/** A kind `other`, who has no keys, is never alerted of: nothing is queued, so nothing leaves this machine. */
const KINDS = ['key_expiring'];

beforeAll(async () => {
  other = new Client();
  const account = uniqueName('alerts').replace(/\W+/g, '_').slice(0, 30);
  expectSuccess(
    await other.post('/api/user/register', {
      userAccount: account,
      userPassword: 'alerts-pw-123',
      checkPassword: 'alerts-pw-123',
    }),
  );
});

describe('alerts', () => {
  let offlineAlert: AlertVO;

  test('taking offline an interface the user called puts an unread alert in their bell, naming it', async () => {
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
    const before = expectSuccess(await spec.user.get<number>(ALERTS.unread));

    expect(expectSuccess(await spec.admin.post(API.offline, { id }))).toBe(true);

    const page = expectSuccess(await spec.user.get<AlertPage>(ALERTS.list, { unread: 'true' }));
    const found = page.records.find((a) => a.kind === 'interface_offline' && a.interfaceInfoId === id);
    expect(found).toMatchObject({
      read: false,
      data: { interfaceName: expect.stringContaining('契约测试') },
    });
    expect(expectSuccess(await spec.user.get<number>(ALERTS.unread))).toBe(before + 1);
    offlineAlert = found!;
    // The other user never called it.
    const theirs = expectSuccess(await other.get<AlertPage>(ALERTS.list));
    expect(theirs.records.some((a) => a.interfaceInfoId === id)).toBe(false);
  });

  test('another user can neither see nor mark it', async () => {
    const refused = await other.post(ALERTS.read, { id: offlineAlert.id });
    expectRefusal(refused, ResponseCode.NOT_FOUND, ALERT_MESSAGES.alertNotFound);
    expect(refused.body).toEqual(refusal(ResponseCode.NOT_FOUND, ALERT_MESSAGES.alertNotFound));
    const mine = expectSuccess(await spec.user.get<AlertPage>(ALERTS.list));
    expect(mine.records.find((a) => a.id === offlineAlert.id)?.read).toBe(false);
  });

  test('mark one read, then all', async () => {
    expect(expectSuccess(await spec.user.post(ALERTS.read, { id: offlineAlert.id }))).toBe(true);
    const page = expectSuccess(await spec.user.get<AlertPage>(ALERTS.list));
    expect(page.records.find((a) => a.id === offlineAlert.id)?.read).toBe(true);
    expectSuccess(await spec.user.post(ALERTS.readAll));
    expect(expectSuccess(await spec.user.get<number>(ALERTS.unread))).toBe(0);
  });

  test("an admin refusing the user's subscription alerts them, naming the plan and the reply", async () => {
    const id = await createInterface(spec.admin, { online: true });
    spec.created.push(id);
    const name = uniqueName('提醒套餐');
    const planId = expectSuccess(
      await spec.admin.post<string>('/api/plan/add', {
        name,
        interfaceIds: [id],
        quota: 100,
        period: 'month',
        approval: true,
        overage: 'block',
        visibility: 'public',
      }),
    );
    const asked = expectSuccess(await spec.user.post<{ id: string }>('/api/subscription/add', { planId }));

    expectSuccess(
      await spec.admin.post('/api/subscription/review', {
        id: asked.id,
        approve: false,
        reply: '请先说明用途',
      }),
    );
    expectSuccess(await spec.admin.post('/api/plan/retire', { id: planId }));

    const page = expectSuccess(await spec.user.get<AlertPage>(ALERTS.list, { unread: 'true' }));
    expect(page.records.filter((a) => a.kind === 'subscription' && a.subjectId === asked.id)).toEqual([
      expect.objectContaining({
        interfaceInfoId: null,
        data: { event: 'refused', planId, planName: name, reason: '请先说明用途' },
      }),
    ]);
  });

  test('bad input and no session are refused, saying what is wrong', async () => {
    for (const pageSize of ['0', '500'])
      expectRefusal(
        await spec.user.get(ALERTS.list, { pageSize }),
        ResponseCode.PARAMS_ERROR,
        ALERT_MESSAGES.badPageSize,
      );
    expectRefusal(
      await spec.user.get(ALERTS.list, { current: 'x' }),
      ResponseCode.PARAMS_ERROR,
      ALERT_MESSAGES.badCurrent,
    );
    expectRefusal(
      await spec.user.get(ALERTS.list, { unread: 'maybe' }),
      ResponseCode.PARAMS_ERROR,
      ALERT_MESSAGES.badUnread,
    );
    expectRefusal(
      await spec.user.post(ALERTS.read, { id: 'abc' }),
      ResponseCode.PARAMS_ERROR,
      MESSAGES.badId,
    );
    expectRefusal(
      await spec.user.post(ALERTS.read, '[1]'),
      ResponseCode.PARAMS_ERROR,
      MESSAGES.bodyNotObject,
    );
    expectRefusal(await new Client().get(ALERTS.unread), ResponseCode.NOT_LOGIN, MESSAGES.notLogin);
    expectRefusal(await new Client().post(ALERTS.readAll), ResponseCode.NOT_LOGIN, MESSAGES.notLogin);
  });
});

describe('webhook settings', () => {
  test('without a webhook: null, no deliveries, and test, rotate and delete say so', async () => {
    expect(expectSuccess(await other.get(ALERTS.webhook))).toBeNull();
    expect(expectSuccess(await other.get<Page<unknown>>(ALERTS.deliveries))).toMatchObject({
      total: 0,
      records: [],
    });
    for (const path of [ALERTS.test, ALERTS.rotate, ALERTS.remove])
      expectRefusal(await other.post(path), ResponseCode.NOT_FOUND, ALERT_MESSAGES.webhookNotSet);
  });

  test('bad addresses and kinds are refused with the contract’s messages', async () => {
    const cases: [unknown, string][] = [
      [{ kinds: KINDS }, ALERT_MESSAGES.webhookUrlRequired],
      [{ url: 'ftp://hooks.example.com/', kinds: KINDS }, ALERT_MESSAGES.webhookUrlInvalid],
      [{ url: 'https://me:pw@hooks.example.com/', kinds: KINDS }, ALERT_MESSAGES.webhookUrlInvalid],
      [{ url: 'http://hooks.example.com/', kinds: KINDS }, ALERT_MESSAGES.webhookHttpNotAllowed],
      [{ url: 'https://169.254.169.254/latest', kinds: KINDS }, ALERT_MESSAGES.webhookAddressRefused],
      [{ url: 'https://10.0.0.5/x', kinds: KINDS }, ALERT_MESSAGES.webhookAddressRefused],
      [{ url: 'https://127.0.0.1:1/', kinds: KINDS }, ALERT_MESSAGES.webhookAddressRefused],
      [{ url: 'https://hooks.example.com/', kinds: ['everything'] }, ALERT_MESSAGES.webhookKindsInvalid],
      [{ url: 'https://hooks.example.com/', kinds: 'quota_80' }, ALERT_MESSAGES.webhookKindsInvalid],
      [{ url: 'https://hooks.example.com/' }, ALERT_MESSAGES.webhookKindsRequired],
      [{ url: 'https://hooks.example.com/', kinds: [] }, ALERT_MESSAGES.webhookKindsRequired],
      [
        { url: 'https://hooks.example.com/', kinds: Array<string>(1000).fill('quota_80') },
        ALERT_MESSAGES.webhookKindsRepeated,
      ],
    ];
    for (const [body, message] of cases)
      expectRefusal(await other.post(ALERTS.webhook, body), ResponseCode.PARAMS_ERROR, message);
    expect(expectSuccess(await other.get(ALERTS.webhook))).toBeNull();
  });

  test('a save shows the secret once; a read never; each user has their own', async () => {
    const url = 'https://hooks.example.com/agler';
    const created = expectSuccess(
      await other.post<{ secret?: string; url: string }>(ALERTS.webhook, { url, kinds: KINDS }),
    );
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    // A later save changes the kinds (to another its user is never alerted of) and shows no secret.
    const kinds = [...KINDS, 'quota_request'];
    const again = expectSuccess(await other.post<{ secret?: string }>(ALERTS.webhook, { url, kinds }));
    expect(again.secret).toBeUndefined();
    const read = await other.get(ALERTS.webhook);
    expect(read.body.data).toMatchObject({ url, kinds });
    expect(read.text).not.toContain('whsec_');
    expect(expectSuccess(await spec.user.get(ALERTS.webhook))).toBeNull();

    const rotated = expectSuccess(
      await other.post<{ secret: string; previousSecretUntil: string }>(ALERTS.rotate),
    );
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(created.secret);
    expect(expectSuccess(await other.post(ALERTS.remove))).toBe(true);
    expect(expectSuccess(await other.get(ALERTS.webhook))).toBeNull();
  });

  test('a delivery id that is not one, or someone else’s, is refused', async () => {
    expectRefusal(
      await other.post(ALERTS.resend, { id: 'msg_1' }),
      ResponseCode.PARAMS_ERROR,
      MESSAGES.badId,
    );
    expectRefusal(
      await other.post(ALERTS.resend, { id: `msg_${'0'.repeat(32)}` }),
      ResponseCode.NOT_FOUND,
      ALERT_MESSAGES.deliveryNotFound,
    );
    expectRefusal(
      await other.get(ALERTS.deliveries, { pageSize: '0' }),
      ResponseCode.PARAMS_ERROR,
      ALERT_MESSAGES.badPageSize,
    );
    expectRefusal(await new Client().get(ALERTS.webhook), ResponseCode.NOT_LOGIN, MESSAGES.notLogin);
  });
});

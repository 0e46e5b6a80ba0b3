import {
  ALERT_KINDS,
  ALERT_MESSAGES,
  isExpiringSoon,
  KEY_EXPIRY_NOTICE_MS,
  parseAlertListQuery,
  parseWebhookInput,
  planCrossing,
  quotaCrossing,
  WEBHOOK_MAX_TRIES,
  WEBHOOK_RETRY_DELAYS_S,
} from './alerts';

describe('quotaCrossing', () => {
  test('only the call that reaches 80 % used raises quota_80', () => {
    // 100 calls: the 80th call leaves 20.
    expect(quotaCrossing(21, 100)).toBeUndefined();
    expect(quotaCrossing(20, 100)).toBe('quota_80');
    expect(quotaCrossing(19, 100)).toBeUndefined();
  });

  test('the call that spends the last unit raises quota_100, and nothing after it', () => {
    expect(quotaCrossing(1, 100)).toBeUndefined();
    expect(quotaCrossing(0, 100)).toBe('quota_100');
  });

  test('a quota too small to pass 80 % alone raises quota_100 once, not both', () => {
    expect(quotaCrossing(0, 1)).toBe('quota_100');
    // 3 calls: 80 % is the 3rd call, which also spends the last.
    expect([2, 1, 0].map((left) => quotaCrossing(left, 3))).toEqual([undefined, undefined, 'quota_100']);
  });

  test('a threshold is crossed when several units at once step over it', () => {
    expect(quotaCrossing(18, 100, 5)).toBe('quota_80');
    expect(quotaCrossing(24, 100, 3)).toBeUndefined();
  });

  test('no quota, or nonsense, raises nothing', () => {
    expect(quotaCrossing(0, 0)).toBeUndefined();
    expect(quotaCrossing(-1, 10)).toBeUndefined();
  });
});

describe('planCrossing', () => {
  const allow = { quota: 10, overage: 'allow' } as const;

  test('the first call past the quota of a plan that allows overage raises plan_overage, and no other', () => {
    expect([9, 10, 11, 12].map((used) => planCrossing({ ...allow, used }))).toEqual([
      undefined,
      'quota_100',
      'plan_overage',
      undefined,
    ]);
  });

  test('a plan that blocks overage never raises it; its thresholds are the quota’s', () => {
    expect(planCrossing({ quota: 10, used: 8, overage: 'block' })).toBe('quota_80');
    expect(planCrossing({ quota: 10, used: 11, overage: 'block' })).toBeUndefined();
  });
});

test('a key is announced within 7 days of its expiry, not after it', () => {
  const now = 1_000_000_000_000;
  expect(isExpiringSoon(now + KEY_EXPIRY_NOTICE_MS, now)).toBe(true);
  expect(isExpiringSoon(now + KEY_EXPIRY_NOTICE_MS + 1, now)).toBe(false);
  expect(isExpiringSoon(now, now)).toBe(false);
});

test('the retry schedule makes at least 5 tries over about an hour', () => {
  const totalS = WEBHOOK_RETRY_DELAYS_S.reduce((sum, s) => sum + s, 0);
  expect(WEBHOOK_MAX_TRIES).toBeGreaterThanOrEqual(5);
  expect(totalS).toBeGreaterThanOrEqual(55 * 60);
  expect(totalS).toBeLessThanOrEqual(90 * 60);
});

describe('parseWebhookInput', () => {
  test('keeps a trimmed address and the kinds, in their order', () => {
    expect(
      parseWebhookInput({
        url: ' https://hooks.example.com/agler ',
        kinds: ['quota_100', 'quota_80'],
      }),
    ).toEqual({
      ok: true,
      value: { url: 'https://hooks.example.com/agler', kinds: ['quota_80', 'quota_100'] },
    });
  });

  test.each([
    [{}, ALERT_MESSAGES.webhookUrlRequired],
    [{ url: 12 }, ALERT_MESSAGES.webhookUrlRequired],
    [{ url: 'ftp://example.com/' }, ALERT_MESSAGES.webhookUrlInvalid],
    [{ url: 'not a url' }, ALERT_MESSAGES.webhookUrlInvalid],
    [{ url: 'https://user:pw@example.com/' }, ALERT_MESSAGES.webhookUrlInvalid],
    [{ url: `https://example.com/${'a'.repeat(600)}` }, ALERT_MESSAGES.webhookUrlInvalid],
    [{ url: 'https://example.com/\u0000' }, ALERT_MESSAGES.webhookUrlInvalid],
    [{ url: 'https://example.com/', kinds: 'quota_80' }, ALERT_MESSAGES.webhookKindsInvalid],
    [{ url: 'https://example.com/', kinds: ['quota_50'] }, ALERT_MESSAGES.webhookKindsInvalid],
    [{ url: 'https://example.com/' }, ALERT_MESSAGES.webhookKindsRequired],
    [{ url: 'https://example.com/', kinds: null }, ALERT_MESSAGES.webhookKindsRequired],
    [{ url: 'https://example.com/', kinds: [] }, ALERT_MESSAGES.webhookKindsRequired],
    [{ url: 'https://example.com/', kinds: ['quota_80', 'quota_80'] }, ALERT_MESSAGES.webhookKindsRepeated],
    [
      { url: 'https://example.com/', kinds: [...ALERT_KINDS, 'quota_80'] },
      ALERT_MESSAGES.webhookKindsRepeated,
    ],
  ])('refuses %j', (body, message) => {
    expect(parseWebhookInput(body as Record<string, unknown>)).toEqual({ ok: false, message });
  });

  test('refuses a thousand repeats of one kind at the second', () => {
    const kinds = Array<string>(1000).fill('quota_80');
    expect(parseWebhookInput({ url: 'https://example.com/', kinds })).toEqual({
      ok: false,
      message: ALERT_MESSAGES.webhookKindsRepeated,
    });
  });
});

test('the alert list reads a page and the unread filter, refusing anything else', () => {
  expect(parseAlertListQuery({})).toEqual({
    ok: true,
    value: { current: 1, pageSize: 20, unreadOnly: false },
  });
  expect(parseAlertListQuery({ current: '2', pageSize: '5', unread: 'true' })).toEqual({
    ok: true,
    value: { current: 2, pageSize: 5, unreadOnly: true },
  });
  expect(parseAlertListQuery({ pageSize: '51' })).toEqual({ ok: false, message: ALERT_MESSAGES.badPageSize });
  expect(parseAlertListQuery({ current: '0' })).toEqual({ ok: false, message: ALERT_MESSAGES.badCurrent });
  expect(parseAlertListQuery({ unread: 'yes' })).toEqual({ ok: false, message: ALERT_MESSAGES.badUnread });
});

import { describeAlert } from './describe';

describe('a key about to expire', () => {
  test('given an expiry day, it reads as the last day the key works', () => {
    // The day 2026-12-03 was chosen: the key stops at the midnight after it.
    const alert = {
      kind: 'key_expiring',
      data: { keyName: '生产', expiresAt: new Date(2026, 11, 4).getTime() },
    };
    expect(describeAlert(alert)).toEqual({
      text: '密钥「生产」将在 2026-12-03 结束时过期',
      href: '/account/center',
    });
  });

  test('expiring at another time, it reads as that time', () => {
    const alert = {
      kind: 'key_expiring',
      data: { keyName: '测试', expiresAt: new Date(2026, 11, 4, 15, 30).getTime() },
    };
    expect(describeAlert(alert).text).toBe('密钥「测试」将于 2026-12-04 15:30 过期');
  });
});

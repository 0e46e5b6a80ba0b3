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

describe('plans and subscriptions', () => {
  const plan = { planId: '5', planName: '企业' };
  // The end of a period: local midnight.
  const endsAt = new Date(2026, 11, 1).getTime();

  test.each([
    [{ ...plan, event: 'approved' }, '你订阅套餐「企业」的申请已通过'],
    [{ ...plan, event: 'refused', reason: '请先说明用途' }, '你订阅套餐「企业」的申请未通过：请先说明用途'],
    [{ ...plan, event: 'approved', fromPlanName: '专业' }, '你从「专业」切换到套餐「企业」的申请已通过'],
    [{ ...plan, event: 'refused', fromPlanName: '专业' }, '你从「专业」切换到套餐「企业」的申请未通过'],
    [
      { ...plan, event: 'ending', cause: 'retired', endsAt },
      '套餐「企业」已停用，你的订阅将于 2026-12-01 00:00 结束',
    ],
    [
      { ...plan, event: 'ended', cause: 'retired', endsAt },
      '套餐「企业」已停用，你的订阅已于 2026-12-01 00:00 结束',
    ],
    [
      { ...plan, event: 'ended', cause: 'cancelled', endsAt },
      '你已取消的套餐「企业」订阅已于 2026-12-01 00:00 结束',
    ],
    [{ ...plan, event: 'ended', cause: 'admin', endsAt }, '你的套餐「企业」订阅已被管理员结束'],
  ] as const)('a subscription %o reads “%s”, linking to the usage page', (data, text) => {
    expect(describeAlert({ kind: 'subscription', data })).toEqual({ text, href: '/account/usage' });
  });

  test('the overage begun names the plan and its quota', () => {
    expect(
      describeAlert({
        kind: 'plan_overage',
        interfaceInfoId: '7',
        data: { ...plan, totalNum: 1000, interfaceName: 'BMI' },
      }),
    ).toEqual({ text: '套餐「企业」本周期的 1000 次调用已用完，此后的调用计为超额', href: '/account/usage' });
  });
});

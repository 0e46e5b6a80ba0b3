import type { PlanFields } from '../plans';
import { interfaceIdOf } from './accounts';

/**
 * The demo's plans (docs/plans.md): three tiers over the same few
 * interfaces, so that a subscriber may switch between them. 免费 is their
 * default plan; the demo user holds 专业. The interfaces are ones no other
 * demo scenario charges by its quota.
 */

/** A plan of the demo: its fields but the interfaces (all of DEMO_PLAN_INTERFACES) and the visibility (public). */
export type DemoPlan = Omit<PlanFields, 'interfaceIds' | 'visibility'>;

/** 手机号归属地, Currency Exchange, BMI 计算 and 汉字转拼音. */
export const DEMO_PLAN_INTERFACES: readonly string[] = [15, 16, 17, 19].map(interfaceIdOf);

export const DEMO_PLANS: readonly DemoPlan[] = [
  {
    name: '免费',
    description: '每月 1,000 次调用，第一次调用时自动开通。',
    quota: 1_000,
    period: 'month',
    rateLimit: null,
    rateBurst: null,
    approval: false,
    overage: 'block',
    priceLabel: '免费',
    isDefault: true,
  },
  {
    name: '专业',
    description: '每月 100,000 次调用，每秒最多 10 次。',
    quota: 100_000,
    period: 'month',
    rateLimit: 10,
    rateBurst: 10,
    approval: false,
    overage: 'block',
    priceLabel: '¥99/月',
    isDefault: false,
  },
  {
    name: '企业',
    description: '每月 10,000,000 次调用，超出部分照常放行；开通需管理员审批。',
    quota: 10_000_000,
    period: 'month',
    rateLimit: null,
    rateBurst: null,
    approval: true,
    overage: 'allow',
    priceLabel: '联系销售',
    isDefault: false,
  },
];

/** The plan the demo user holds. */
export const DEMO_USER_PLAN = '专业';

import { DEMO_PLANS } from '@agler/contract/demo/plans';

/** The interface whose page the plan tests show, and the other interfaces of its plans. */
export const INTERFACE_ID = '1800000000000000015';
const INTERFACE_IDS = [INTERFACE_ID, '1800000000000000016', '1800000000000000017', '1800000000000000019'];

/** A demo plan (免费, 专业, 企业) as the API answers it. */
function planVO(index: number): API.PlanVO {
  const plan = DEMO_PLANS[index];
  return {
    ...plan,
    id: `190000000000000000${index + 1}`,
    interfaceIds: INTERFACE_IDS,
    visibility: 'public',
    retired: false,
    retireTime: null,
    subscribers: 1,
    createTime: '2026-11-01 09:00:00',
    updateTime: '2026-11-01 09:00:00',
  };
}

export const FREE = planVO(0);
export const PRO = planVO(1);
export const ENTERPRISE = planVO(2);

/** The caller's active subscription to `plan`, 1,234 calls into November. */
export function held(plan: API.PlanVO): API.SubscriptionVO {
  return {
    id: '1950000000000000001',
    planId: plan.id,
    planName: plan.name,
    userId: '1790000000000000003',
    userName: '普通用户',
    status: 'active',
    requestedPlanId: null,
    requestedPlanName: null,
    period: plan.period,
    periodStart: '2026-11-01 00:00:00',
    periodEnd: '2026-12-01 00:00:00',
    used: 1234,
    quota: plan.quota,
    overage: plan.overage,
    cancelAtPeriodEnd: false,
    reason: '',
    reply: null,
    createTime: '2026-11-01 09:00:00',
    interfaceIds: plan.interfaceIds,
  };
}

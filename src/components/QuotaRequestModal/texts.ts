import { QUOTA_REQUEST_LIMITS } from '@/constants';
import { localized } from '@/locales';

/** The request for more calls, from the interface page and 我的用量, and the requests' states. */
export const QUOTA_REQUEST_TEXTS = localized('quotaRequest', {
  open: '申请额度',
  title: (name: string) => `申请「${name}」的调用额度`,
  hint: '管理员批准后，剩余次数和总次数都会增加申请的次数。每个接口同时只能有一个待处理的申请。',
  amount: '申请次数',
  amountPlaceholder: `1 到 ${QUOTA_REQUEST_LIMITS.amountMax}`,
  amountRequired: '请输入申请次数',
  reason: '理由',
  reasonPlaceholder: '说明用途和预计用量，便于管理员审批',
  submit: '提交申请',
  cancel: '取消',
  sent: '申请已提交，管理员处理后会通知你',
  status: { pending: '待处理', approved: '已批准', refused: '已拒绝' },
  /** An interface the user's active subscription covers. */
  coveredHint: (plan: string, periodEnd: string) =>
    `该接口的调用计入你的套餐「${plan}」，本周期到 ${periodEnd} 结束。可以申请本周期加量，或升级到包含相同接口的套餐。`,
  choice: '申请内容',
  choiceTopup: '本周期加量',
  choicePlan: '升级套餐',
  plan: '套餐',
  planPlaceholder: '选择包含相同接口的套餐',
  noPlans: '没有可升级的套餐',
  planRequired: '请选择套餐',
  planOption: (name: string, quota: string, period: 'day' | 'month', price: string) =>
    `${name}（每${period === 'day' ? '天' : '月'} ${quota} 次${price ? `，${price}` : ''}）`,
  /** What a request asked for, in the lists of requests. */
  askedPlan: (plan: string) => `升级到套餐「${plan}」`,
  askedTopup: (amount: string) => `本周期加量 ${amount} 次`,
} as const);

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
} as const);

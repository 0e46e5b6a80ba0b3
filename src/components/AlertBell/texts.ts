import { localized } from '@/locales';

/** What the header's bell and its list say; an alert's own text is built from its kind and data. */
export const ALERT_TEXTS = localized('alerts', {
  /** The button's name, with how many are unread. */
  trigger: (unread: number) => (unread > 0 ? `提醒（${unread} 条未读）` : '提醒'),
  title: '提醒',
  readAll: '全部标为已读',
  markRead: '标为已读',
  /** Before an unread alert's text, for screen readers (the dot says it to the eye). */
  unread: '未读：',
  empty: '暂无提醒',
  loadFailed: '提醒加载失败',
  more: '加载更多',
  settings: '通知设置',
  /** The texts of the kinds; a name the alert lacks reads as this. */
  someInterface: '某个接口',
  someKey: '一个密钥',
  quota80: (name: string, left: number, total: number) =>
    `「${name}」的调用次数已用 80%（剩余 ${left}/${total}）`,
  quota100: (name: string) => `「${name}」的调用次数已用完`,
  keyExpiring: (key: string, date: string) => `密钥「${key}」将于 ${date} 过期`,
  keyLastDay: (key: string, day: string) => `密钥「${key}」将在 ${day} 结束时过期`,
  interfaceOffline: (name: string) => `你近期调用过的接口「${name}」已下线`,
  interfaceDeprecated: (name: string) => `你近期调用过的接口「${name}」已被标记为弃用`,
  quotaApproved: (name: string, amount: number) => `你对「${name}」的额度申请已通过（增加 ${amount} 次）`,
  quotaRefused: (name: string, reason: string) =>
    `你对「${name}」的额度申请未通过${reason ? `：${reason}` : ''}`,
  somePlan: '某个套餐',
  planOverage: (plan: string, quota: number) =>
    `套餐「${plan}」本周期的 ${quota} 次调用已用完，此后的调用计为超额`,
  subscriptionApproved: (plan: string) => `你订阅套餐「${plan}」的申请已通过`,
  subscriptionRefused: (plan: string, reason: string) =>
    `你订阅套餐「${plan}」的申请未通过${reason ? `：${reason}` : ''}`,
  switchApproved: (from: string, plan: string) => `你从「${from}」切换到套餐「${plan}」的申请已通过`,
  switchRefused: (from: string, plan: string, reason: string) =>
    `你从「${from}」切换到套餐「${plan}」的申请未通过${reason ? `：${reason}` : ''}`,
  planRetiring: (plan: string, time: string) => `套餐「${plan}」已停用，你的订阅将于 ${time} 结束`,
  subscriptionEnding: (plan: string, time: string) => `你的套餐「${plan}」订阅将于 ${time} 结束`,
  endedByAdmin: (plan: string) => `你的套餐「${plan}」订阅已被管理员结束`,
  endedCancelled: (plan: string, time: string) => `你已取消的套餐「${plan}」订阅已于 ${time} 结束`,
  endedRetired: (plan: string, time: string) => `套餐「${plan}」已停用，你的订阅已于 ${time} 结束`,
} as const);

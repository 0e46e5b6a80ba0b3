import { CALL_LOG_LIMIT } from '@/constants';
import { localized, pageEnglishOf } from '@/locales';
import { usage as english } from './texts.en';

// Its English comes with the page, not in the English chunk that every page in English downloads.
pageEnglishOf('usage', english);

/** Every text of 我的用量. */
export const USAGE_TEXTS = localized('usage', {
  pageTitle: '我的用量',
  /** An admin reading another user's usage. */
  pageTitleOf: (name: string) => `${name} 的用量`,
  retry: '重试',
  loadFailed: '用量加载失败',

  range: {
    label: '时间范围',
    last: (days: number) => `近 ${days} 天`,
    custom: '自定义范围',
    startDate: '开始日期',
    endDate: '结束日期',
  },
  interfaceFilter: '接口',
  allInterfaces: '全部接口',

  figures: {
    calls: '调用次数',
    errors: '失败次数',
    successRate: '成功率',
    p95: 'P95 耗时',
    ms: (value: string) => `${value} ms`,
    none: '-',
  },

  chart: {
    title: '每日调用',
    label: '每日调用次数与失败次数',
    ok: '成功',
    errors: '失败',
    date: '日期',
    calls: '调用次数',
    empty: '这段时间没有调用',
  },

  quotas: {
    title: '额度',
    name: '接口',
    calls: '范围内调用',
    left: '剩余 / 总次数',
    burn: '近 7 天日均',
    runsOut: '预计用完',
    never: '不会用完',
    today: '今天',
    usedUp: '已用完',
    perDay: (value: string) => `${value} 次/天`,
    unlimited: '管理员调用不受额度限制',
    /** An interface a live subscription covers: its calls count against the plan, not this quota. */
    coveredBy: (plan: string) => `由套餐 ${plan} 计费`,
    askMore: '申请额度',
    /** The button's name for a screen reader: its visible text first, then which interface. */
    askMoreOf: (name: string) => `申请额度：${name}`,
    empty: '还没有调用过接口',
    offline: '已下线',
    /** Which calls take a unit (contract/charge.ts): why calls can be more than the units used. */
    chargeRule: '平台拒绝、接口未应答或返回 5xx 的调用不计次；接口应答 2xx–4xx 的调用计一次。',
  },

  calls: {
    title: `最近 ${CALL_LOG_LIMIT} 次调用`,
    /** How far back the log goes (CALL_LOG_RETENTION_DAYS on the server). */
    retention: (days: number) => `单次调用记录保留 ${days} 天`,
    time: '时间',
    /** Which key made the call: its name and the access key's last characters. */
    key: '密钥',
    keyOf: (name: string, tail: string) => `${name} · …${tail}`,
    /** A call from the console's 在线调用, which no key signs. */
    onlineCall: '在线调用',
    keyRevoked: '已吊销',
    keyRevokedInCsv: (label: string) => `${label}（已吊销）`,
    keyGone: '已删除的密钥',
    interface: '接口',
    status: 'HTTP 状态',
    latency: '耗时（ms）',
    bytes: '大小（字节）',
    statusFilter: '状态类别',
    statusAll: '全部状态',
    /** The filter for calls without a status: never answered, or from before statuses were recorded. */
    statusNone: '无状态码',
    noAnswer: '无响应',
    /** A successful call from before statuses were recorded. */
    unrecorded: '成功',
    unrecordedHint: '开始记录状态码之前的成功调用，状态码未知',
    gone: '已删除的接口',
    empty: '没有符合条件的调用',
    exportCsv: '导出 CSV',
    exporting: '正在导出…',
    exportFailed: '导出失败',
    csvHeader: ['时间', '密钥', '接口', '接口 ID', 'HTTP 状态', '耗时（ms）', '大小（字节）'],
    csvFileName: (date: string) => `最近调用_${date}.csv`,
  },

  subscriptions: {
    title: '我的套餐',
    /** An admin reading another user's subscriptions. */
    titleOf: (name: string) => `${name} 的套餐`,
    loadFailed: '套餐加载失败',
    view: '显示范围',
    live: '当前',
    all: '全部',
    plan: '套餐',
    status: '状态',
    period: '本周期',
    used: '已用 / 额度',
    overage: '超额',
    resetAt: '重置时间',
    reply: '答复',
    actions: '操作',
    statuses: { pending: '待审批', active: '生效中', refused: '已拒绝', ended: '已结束' },
    /** A pending subscription has no period until an admin approves it. */
    awaitingReview: '待审批',
    perPeriod: { day: '次/天', month: '次/月' },
    quotaOf: (quota: string, unit: string) => `额度 ${quota} ${unit}`,
    /** A plan of overage `block`: nothing past the quota goes through. */
    noOverage: '不可超额',
    endsAt: (time: string) => `将于 ${time} 结束`,
    /** A cancelled subscription: its period ends and no other starts. */
    noReset: '不再重置',
    switchWaiting: (plan: string) => `切换到 ${plan} 待审批`,
    relative: {
      minutes: (n: number) => `${n} 分钟后`,
      hours: (n: number) => `${n} 小时后`,
      days: (n: number) => `${n} 天后`,
    },
    cancel: '取消订阅',
    /** The button's name for a screen reader: its visible text first, then which plan. */
    cancelOf: (plan: string) => `取消订阅：${plan}`,
    cancelPendingConfirm: (plan: string) => `取消「${plan}」的订阅申请？申请将立即结束。`,
    cancelActiveConfirm: (plan: string, time: string) =>
      `取消「${plan}」？订阅将于本周期结束时（${time}）结束，在此之前仍按套餐计次。`,
    confirm: '取消订阅',
    keep: '保留',
    cancelledPending: (plan: string) => `已取消「${plan}」的订阅申请`,
    cancelledActive: (plan: string, time: string) => `「${plan}」将于 ${time} 结束`,
    empty: '还没有订阅套餐，',
    emptyAll: '还没有订阅过套餐，',
    browse: '去接口广场看看',
  },

  requests: {
    title: '我的额度申请',
    /** An admin reading another user's requests. */
    titleOf: (name: string) => `${name} 的额度申请`,
    interface: '接口',
    amount: '申请内容',
    reason: '理由',
    status: '状态',
    answer: '答复',
    createTime: '申请时间',
    empty: '还没有额度申请',
  },
} as const);

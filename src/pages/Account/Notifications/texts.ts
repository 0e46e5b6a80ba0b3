import type { AlertKind, WebhookDeliveryState } from '@agler/contract/alerts';
import { localized, pageEnglishOf } from '@/locales';
import { notifications as english } from './texts.en';

// Its English comes with the page, not in the English chunk that every page in English downloads.
pageEnglishOf('notifications', english);

/** Every text of 通知设置. */
export const NOTIFICATION_TEXTS = localized('notifications', {
  pageTitle: '通知设置',
  intro:
    '提醒总会出现在页头的铃铛里；设置 Webhook 后，选中的种类还会以 HTTP POST 发送到你的地址（Standard Webhooks 签名）。',
  webhook: {
    title: 'Webhook',
    url: '地址',
    urlPlaceholder: 'https://example.com/agler-webhook',
    urlExtra: '只能使用 https:// 地址。',
    kinds: '发送的提醒',
    save: '保存',
    saved: 'Webhook 已保存',
    loadFailed: 'Webhook 加载失败',
    none: '尚未设置 Webhook',
    test: '发送测试',
    testDelivered: (status: number, ms: number) => `测试已送达：HTTP ${status}，${ms} ms`,
    testFailed: (reason: string) => `测试未送达：${reason}`,
    rotate: '轮换密钥',
    rotateConfirm: '生成新的签名密钥？旧密钥在 24 小时内仍会一同签名，请在此期间更新接收端。',
    remove: '删除 Webhook',
    removeConfirm: '删除后不再发送任何提醒，排队中的投递也会失败。确定删除？',
    removed: 'Webhook 已删除',
    previousUntil: (time: string) => `旧密钥仍同时签名，直到 ${time}`,
    secretTitle: '签名密钥',
    secretWarning: '密钥只显示这一次，请立即复制并保存到接收端；之后只能轮换出新的密钥。',
    copy: '复制',
    copied: '已复制',
    done: '我已保存',
    verifyHint:
      '接收端用此密钥校验 webhook-signature：对 “webhook-id.webhook-timestamp.请求体” 计算 HMAC-SHA256。',
  },
  kinds: {
    quota_80: '额度已用 80%',
    quota_100: '额度已用完',
    key_expiring: '密钥 7 天内过期',
    interface_offline: '调用过的接口下线',
    interface_deprecated: '调用过的接口弃用',
    quota_request: '额度申请有了结果',
    plan_overage: '套餐开始超额',
    subscription: '套餐订阅的审批与结束',
  } satisfies Record<AlertKind, string>,
  deliveries: {
    title: '投递记录',
    intro: (delays: string, tries: number) =>
      `失败的投递会在 ${delays} 后依次重试，共 ${tries} 次，每次都记录在下面。`,
    seconds: (n: number) => `${n} 秒`,
    minutes: (n: number) => `${n} 分钟`,
    listSep: '、',
    time: '创建时间',
    event: '事件',
    ping: '测试',
    state: '状态',
    tries: '尝试次数',
    nextTry: '下次重试',
    actions: '操作',
    resend: '重新发送',
    resent: '已重新排队发送',
    attempts: '每次尝试',
    attemptTime: '时间',
    status: 'HTTP 状态',
    duration: '耗时',
    failure: '结果',
    ok: '成功',
    noAnswer: '无应答',
    empty: '还没有投递',
  },
  states: { pending: '等待重试', delivered: '已送达', failed: '失败' } satisfies Record<
    WebhookDeliveryState,
    string
  >,
  failures: {
    httpError: 'HTTP 错误状态',
    timeout: '超时',
    unreachable: '无法连接',
    refused: '地址被拒绝（内部网络）',
    redirect: '重定向（不跟随）',
    tooLarge: '应答过大',
    scheme: '地址无效',
    noWebhook: 'Webhook 已删除',
  } as Record<string, string>,
});

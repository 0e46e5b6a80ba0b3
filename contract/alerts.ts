import { DAY_MS } from './dates';
import { parseId } from './ids';
import type { Id } from './ids';
import { keyedMessages } from './messageKeys';
import { MESSAGES } from './messages';
import { queryOf, textsOf } from './queries';
import type { components } from './openapi';
import type { Parsed } from './queries';
import { textFault } from './text';

/**
 * Alerts: what the platform tells a user about their own use (a quota nearly
 * or wholly used, a key about to expire, an interface they call going away,
 * an answer to a quota request, a plan's overage begun, a subscription
 * approved, refused or ending), in the console's bell and, for the kinds they
 * choose, by webhook (the Standard Webhooks specification). The rules both
 * sides share are here; the server's are in server/domain/alerts.ts and
 * server/domain/webhooks.ts.
 */

export const ALERT_KINDS = [
  'quota_80',
  'quota_100',
  'key_expiring',
  'interface_offline',
  'interface_deprecated',
  'quota_request',
  'plan_overage',
  'subscription',
] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

export const isAlertKind = (value: unknown): value is AlertKind =>
  typeof value === 'string' && (ALERT_KINDS as readonly string[]).includes(value);

/** What an alert says beyond its kind; each kind fills the fields it needs. */
export type AlertData = components['schemas']['AlertData'];

/** The share of a quota used at which `quota_80` is raised. */
export const QUOTA_WARNING_SHARE = 0.8;

/**
 * The quota alert one call raises, from what is left right after it took its
 * `taken` units: only the call that crosses a threshold raises it, so the
 * check costs nothing on the other calls. Crossing both at once (a quota of
 * one, say) raises `quota_100` alone.
 */
export function quotaCrossing(leftNum: number, totalNum: number, taken = 1): AlertKind | undefined {
  if (!(totalNum > 0) || taken < 1 || leftNum < 0) return undefined;
  const before = leftNum + taken;
  if (leftNum === 0 && before > 0) return 'quota_100';
  const warnAtLeft = totalNum - Math.ceil(totalNum * QUOTA_WARNING_SHARE);
  return leftNum <= warnAtLeft && before > warnAtLeft ? 'quota_80' : undefined;
}

/** The dedupe key of a quota alert: one per user, interface and kind until the quota is raised. */
export const quotaDedupeKey = (kind: 'quota_80' | 'quota_100', interfaceInfoId: Id) =>
  `${kind}:${interfaceInfoId}`;

/**
 * The alert a call charged to a subscription raises, from the subscription
 * as the call left it (`used` counts this call): `quota_80` and `quota_100`
 * as quotaCrossing says, and `plan_overage` on the first call past the quota
 * of a plan that lets overage through.
 */
export function planCrossing(plan: {
  quota: number;
  used: number;
  overage: 'block' | 'allow';
}): 'quota_80' | 'quota_100' | 'plan_overage' | undefined {
  if (plan.overage === 'allow' && plan.quota > 0 && plan.used === plan.quota + 1) return 'plan_overage';
  const kind = quotaCrossing(plan.quota - plan.used, plan.quota);
  return kind === 'quota_80' || kind === 'quota_100' ? kind : undefined;
}

/** The dedupe key of a subscription's quota or overage alert: one per subscription, period and kind. */
export const planDedupeKey = (
  kind: 'quota_80' | 'quota_100' | 'plan_overage',
  subscriptionId: string,
  periodEnd: number,
) => `${kind}:subscription:${subscriptionId}:${periodEnd}`;

/**
 * What a `subscription` alert tells (its `event`): a pending subscription or
 * a requested switch approved or refused, the subscription ending with its
 * period (its plan was retired), or ended.
 */
export const SUBSCRIPTION_EVENTS = ['approved', 'refused', 'ending', 'ended'] as const;
export type SubscriptionEvent = (typeof SUBSCRIPTION_EVENTS)[number];

/** Why a subscription ends (`cause`): its holder cancelled it, its plan was retired, or an admin ended it. */
export const SUBSCRIPTION_END_CAUSES = ['cancelled', 'retired', 'admin'] as const;
export type SubscriptionEndCause = (typeof SUBSCRIPTION_END_CAUSES)[number];

/** A key expiring within this long is announced (once per key and expiry). */
export const KEY_EXPIRY_NOTICE_MS = 7 * DAY_MS;

/** Whether a key expiring at `expiresAt` is to be announced at `now`: not yet expired, and within the notice. */
export const isExpiringSoon = (expiresAt: number, now: number) =>
  expiresAt > now && expiresAt - now <= KEY_EXPIRY_NOTICE_MS;

/** An interface taken offline or deprecated alerts the users who called it within this many days. */
export const INTERFACE_ALERT_DAYS = 30;

export const ALERT_PAGE_SIZE = { default: 20, max: 50 } as const;

/** How often the console asks for the unread count (and whenever the window regains focus). */
export const ALERT_POLL_MS = 60_000;

export const WEBHOOK_URL_MAX = 512;

/**
 * `POST /api/user/webhook/test` per user: one send at a time, and at most
 * perMinute within any minute, so the test cannot turn the platform into a
 * sender of requests at someone else's address.
 */
export const WEBHOOK_TEST_LIMIT = { perMinute: 5 } as const;

export const ALERT_MESSAGES = keyedMessages('alerts', {
  badCurrent: '参数 current 应为不小于 1 的整数',
  badPageSize: `参数 pageSize 应为 1 到 ${ALERT_PAGE_SIZE.max} 的整数`,
  badUnread: '参数 unread 只能是 true 或 false',
  alertNotFound: '提醒不存在',
  webhookUrlRequired: 'Webhook 地址不能为空',
  webhookUrlInvalid: `Webhook 地址应为 https:// 开头的完整地址，不含用户名和密码，不超过 ${WEBHOOK_URL_MAX} 个字符`,
  webhookHttpNotAllowed: 'Webhook 只能使用 https:// 地址',
  webhookAddressRefused: 'Webhook 地址指向内部网络，不能使用',
  webhookKindsInvalid: `参数 kinds 应为提醒种类的数组（${ALERT_KINDS.join('、')}）`,
  webhookKindsRequired: '参数 kinds 至少应选择一种提醒',
  webhookKindsRepeated: '参数 kinds 中的提醒种类不能重复',
  webhookTestBusy: '上一次测试发送还在进行，请等它完成后再试',
  webhookTestLimited: `测试发送过于频繁：每分钟最多 ${WEBHOOK_TEST_LIMIT.perMinute} 次，请稍后再试`,
  webhookNotSet: '尚未设置 Webhook 地址',
  deliveryNotFound: '投递记录不存在',
} as const);

// ---------------------------------------------------------------- webhooks

/** The event type of the test delivery; an alert's is `alert.<kind>`. */
export const PING_EVENT = 'ping';
export const alertEventType = (kind: AlertKind) => `alert.${kind}`;

/**
 * Seconds after a failed try before the next one: with the first try, six
 * tries over some 61 minutes; a delivery that fails them all is marked failed
 * and can be sent again from the page.
 */
export const WEBHOOK_RETRY_DELAYS_S = [10, 60, 5 * 60, 15 * 60, 40 * 60] as const;
export const WEBHOOK_MAX_TRIES = WEBHOOK_RETRY_DELAYS_S.length + 1;

/** Seconds a receiver has to answer one try. */
export const WEBHOOK_TIMEOUT_S = 5;

/** After a rotation the old secret signs too (a second signature) for this long, so receivers can switch. */
export const WEBHOOK_SECRET_GRACE_S = 24 * 60 * 60;

export const WEBHOOK_DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryState = (typeof WEBHOOK_DELIVERY_STATES)[number];

export type WebhookInput = { url: string; kinds: AlertKind[] };

/**
 * A webhook's address as given: http or https, absolute, no user name or
 * password, at most WEBHOOK_URL_MAX characters. Whether plain http is allowed
 * for its host is the server's (INVOKE_ALLOW_HOSTS); so is the address check.
 */
export function webhookUrlError(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.trim()) return ALERT_MESSAGES.webhookUrlRequired;
  const text = value.trim();
  if (text.length > WEBHOOK_URL_MAX || textFault(text)) return ALERT_MESSAGES.webhookUrlInvalid;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return ALERT_MESSAGES.webhookUrlInvalid;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return ALERT_MESSAGES.webhookUrlInvalid;
  if (url.username || url.password || !url.hostname) return ALERT_MESSAGES.webhookUrlInvalid;
  return undefined;
}

/**
 * The kinds a webhook takes: at least one, each a known kind, none twice (so
 * never more than ALERT_KINDS holds). The check stops at the first fault, so
 * a long list costs no more than a short one.
 */
export function webhookKindsError(value: unknown): string | undefined {
  if (value === undefined || value === null) return ALERT_MESSAGES.webhookKindsRequired;
  if (!Array.isArray(value)) return ALERT_MESSAGES.webhookKindsInvalid;
  if (value.length === 0) return ALERT_MESSAGES.webhookKindsRequired;
  const seen = new Set<AlertKind>();
  for (const kind of value) {
    if (!isAlertKind(kind)) return ALERT_MESSAGES.webhookKindsInvalid;
    if (seen.has(kind)) return ALERT_MESSAGES.webhookKindsRepeated;
    seen.add(kind);
  }
  return undefined;
}

/** `POST /api/user/webhook`'s body: `{url, kinds}`; kinds in ALERT_KINDS' order. */
export function parseWebhookInput(body: Record<string, unknown>): Parsed<WebhookInput> {
  const urlError = webhookUrlError(body.url);
  if (urlError) return { ok: false, message: urlError };
  const kindsError = webhookKindsError(body.kinds);
  if (kindsError) return { ok: false, message: kindsError };
  const chosen = new Set(body.kinds as AlertKind[]);
  return {
    ok: true,
    value: { url: (body.url as string).trim(), kinds: ALERT_KINDS.filter((kind) => chosen.has(kind)) },
  };
}

// ---------------------------------------------------------------- list queries

export type AlertListQuery = { current: number; pageSize: number; unreadOnly: boolean };

function pageOf(query: Record<string, unknown>): Parsed<{ current: number; pageSize: number }> {
  const texts = textsOf(query, ['current', 'pageSize'] as const);
  if (!texts.ok) return texts;
  const { current = '1', pageSize = String(ALERT_PAGE_SIZE.default) } = texts.value;
  if (!/^\d{1,9}$/.test(current) || Number(current) < 1)
    return { ok: false, message: ALERT_MESSAGES.badCurrent };
  if (!/^\d{1,3}$/.test(pageSize) || Number(pageSize) < 1 || Number(pageSize) > ALERT_PAGE_SIZE.max)
    return { ok: false, message: ALERT_MESSAGES.badPageSize };
  return { ok: true, value: { current: Number(current), pageSize: Number(pageSize) } };
}

/** `GET /api/alert/list`'s query: `current`, `pageSize`, `unread=true` for the unread ones only. */
export function parseAlertListQuery(input: unknown): Parsed<AlertListQuery> {
  const query = queryOf(input);
  const page = pageOf(query);
  if (!page.ok) return page;
  const texts = textsOf(query, ['unread'] as const);
  if (!texts.ok) return texts;
  const { unread } = texts.value;
  if (unread !== undefined && unread !== '' && unread !== 'true' && unread !== 'false')
    return { ok: false, message: ALERT_MESSAGES.badUnread };
  return { ok: true, value: { ...page.value, unreadOnly: unread === 'true' } };
}

/** `GET /api/user/webhook/deliveries`' query: a page. */
export const parseDeliveryListQuery = (input: unknown) => pageOf(queryOf(input));

/** The `id` of a body that names one alert (an id) or one delivery (`msg_…`). */
export function parseAlertId(body: Record<string, unknown>): Parsed<Id> {
  const id = parseId(body.id);
  return id === undefined ? { ok: false, message: MESSAGES.badId } : { ok: true, value: id };
}

const DELIVERY_ID = /^msg_[0-9a-f]{32}$/;

export function parseDeliveryId(body: Record<string, unknown>): Parsed<string> {
  return typeof body.id === 'string' && DELIVERY_ID.test(body.id)
    ? { ok: true, value: body.id }
    : { ok: false, message: MESSAGES.badId };
}

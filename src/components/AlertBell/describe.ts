import dayjs from 'dayjs';
import type { AlertData, AlertKind } from '@agler/contract/alerts';
import { ALERT_TEXTS } from './texts';

/** Where an alert leads: the page of what it is about. */
export const ALERT_PATHS = {
  usage: '/account/usage',
  keys: '/account/center',
  notifications: '/account/notifications',
  interface: (id: string) => `/interface_info/${id}`,
} as const;

type AlertLike = { kind: AlertKind | string; interfaceInfoId?: string | null; data?: AlertData };

/**
 * When a key stops. A key given an expiry day stops at the midnight after it: that reads as the
 * last day it works, as its owner chose it, not as the next day's 00:00.
 */
function expiryText(key: string, expiresAt?: number): string {
  if (!expiresAt) return ALERT_TEXTS.keyExpiring(key, '');
  const at = dayjs(expiresAt);
  return at.isSame(at.startOf('day'))
    ? ALERT_TEXTS.keyLastDay(key, at.subtract(1, 'day').format('YYYY-MM-DD'))
    : ALERT_TEXTS.keyExpiring(key, at.format('YYYY-MM-DD HH:mm'));
}

/** When a subscription ends or ended, to the minute (a period ends at midnight). */
const timeOf = (ms?: number) => (ms ? dayjs(ms).format('YYYY-MM-DD HH:mm') : '');

/** A `subscription` alert's sentence: what happened to which plan (contract/alerts.ts SUBSCRIPTION_EVENTS). */
function subscriptionText(data: AlertData): string {
  const plan = data.planName || ALERT_TEXTS.somePlan;
  const reason = data.reason ?? '';
  const at = timeOf(data.endsAt);
  switch (data.event) {
    case 'approved':
      return data.fromPlanName
        ? ALERT_TEXTS.switchApproved(data.fromPlanName, plan)
        : ALERT_TEXTS.subscriptionApproved(plan);
    case 'refused':
      return data.fromPlanName
        ? ALERT_TEXTS.switchRefused(data.fromPlanName, plan, reason)
        : ALERT_TEXTS.subscriptionRefused(plan, reason);
    case 'ending':
      return data.cause === 'retired'
        ? ALERT_TEXTS.planRetiring(plan, at)
        : ALERT_TEXTS.subscriptionEnding(plan, at);
    default:
      if (data.cause === 'cancelled') return ALERT_TEXTS.endedCancelled(plan, at);
      if (data.cause === 'retired') return ALERT_TEXTS.endedRetired(plan, at);
      return ALERT_TEXTS.endedByAdmin(plan);
  }
}

/** An alert's sentence in the page's language, and the page it links to. */
export function describeAlert(alert: AlertLike): { text: string; href: string } {
  const data = alert.data ?? {};
  const name = data.interfaceName || ALERT_TEXTS.someInterface;
  switch (alert.kind) {
    case 'quota_80':
      return {
        text: ALERT_TEXTS.quota80(name, data.leftNum ?? 0, data.totalNum ?? 0),
        href: ALERT_PATHS.usage,
      };
    case 'quota_100':
      return { text: ALERT_TEXTS.quota100(name), href: ALERT_PATHS.usage };
    case 'key_expiring':
      return {
        text: expiryText(data.keyName || ALERT_TEXTS.someKey, data.expiresAt),
        href: ALERT_PATHS.keys,
      };
    case 'interface_offline':
      // An offline interface's page is not found for users: their usage names it.
      return { text: ALERT_TEXTS.interfaceOffline(name), href: ALERT_PATHS.usage };
    case 'interface_deprecated':
      return {
        text: ALERT_TEXTS.interfaceDeprecated(name),
        href: alert.interfaceInfoId ? ALERT_PATHS.interface(alert.interfaceInfoId) : ALERT_PATHS.usage,
      };
    // Both lead to 我的用量, where the user's subscriptions are listed with their period and use.
    case 'plan_overage':
      return {
        text: ALERT_TEXTS.planOverage(data.planName || ALERT_TEXTS.somePlan, data.totalNum ?? 0),
        href: ALERT_PATHS.usage,
      };
    case 'subscription':
      return { text: subscriptionText(data), href: ALERT_PATHS.usage };
    default:
      return {
        text: data.approved
          ? ALERT_TEXTS.quotaApproved(name, data.amount ?? 0)
          : ALERT_TEXTS.quotaRefused(name, data.reason ?? ''),
        href: ALERT_PATHS.usage,
      };
  }
}

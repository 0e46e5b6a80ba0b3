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
    default:
      return {
        text: data.approved
          ? ALERT_TEXTS.quotaApproved(name, data.amount ?? 0)
          : ALERT_TEXTS.quotaRefused(name, data.reason ?? ''),
        href: ALERT_PATHS.usage,
      };
  }
}

import type { Translation } from '@/locales';
import type { ALERT_TEXTS } from './texts';

export const alerts: Translation<typeof ALERT_TEXTS> = {
  trigger: (unread) => (unread > 0 ? `Alerts (${unread} unread)` : 'Alerts'),
  title: 'Alerts',
  readAll: 'Mark all as read',
  markRead: 'Mark as read',
  unread: 'Unread: ',
  empty: 'No alerts',
  loadFailed: 'Could not load the alerts',
  more: 'Load more',
  settings: 'Notification settings',
  someInterface: 'an interface',
  someKey: 'a key',
  quota80: (name, left, total) => `80% of the calls of “${name}” are used (${left}/${total} left)`,
  quota100: (name) => `All the calls of “${name}” are used`,
  keyExpiring: (key, date) => `Key “${key}” expires on ${date}`,
  keyLastDay: (key, day) => `Key “${key}” expires at the end of ${day}`,
  interfaceOffline: (name) => `“${name}”, which you called recently, has been taken offline`,
  interfaceDeprecated: (name) => `“${name}”, which you called recently, has been deprecated`,
  quotaApproved: (name, amount) => `Your request for more calls of “${name}” was approved (+${amount})`,
  quotaRefused: (name, reason) =>
    `Your request for more calls of “${name}” was refused${reason ? `: ${reason}` : ''}`,
};

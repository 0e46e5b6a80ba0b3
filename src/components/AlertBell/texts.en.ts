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
  somePlan: 'a plan',
  planOverage: (plan, quota) =>
    `The ${quota} calls of plan “${plan}” for this period are used: further calls count as overage`,
  subscriptionApproved: (plan) => `Your subscription to plan “${plan}” was approved`,
  subscriptionRefused: (plan, reason) =>
    `Your subscription to plan “${plan}” was refused${reason ? `: ${reason}` : ''}`,
  switchApproved: (from, plan) => `Your switch from “${from}” to plan “${plan}” was approved`,
  switchRefused: (from, plan, reason) =>
    `Your switch from “${from}” to plan “${plan}” was refused${reason ? `: ${reason}` : ''}`,
  planRetiring: (plan, time) => `Plan “${plan}” has been retired: your subscription ends at ${time}`,
  subscriptionEnding: (plan, time) => `Your subscription to plan “${plan}” ends at ${time}`,
  endedByAdmin: (plan) => `An admin ended your subscription to plan “${plan}”`,
  endedCancelled: (plan, time) => `Your cancelled subscription to plan “${plan}” ended at ${time}`,
  endedRetired: (plan, time) => `Plan “${plan}” was retired: your subscription ended at ${time}`,
};

import { CALL_LOG_LIMIT } from '@/constants';
import type { Translation } from '@/locales';
import type { USAGE_TEXTS } from './texts';

export const usage: Translation<typeof USAGE_TEXTS> = {
  pageTitle: 'My usage',
  pageTitleOf: (name) => `Usage of ${name}`,
  retry: 'Retry',
  loadFailed: 'Could not load the usage',

  range: {
    label: 'Time range',
    last: (days) => `Last ${days} days`,
    custom: 'Custom range',
    startDate: 'Start date',
    endDate: 'End date',
  },
  interfaceFilter: 'Interface',
  allInterfaces: 'All interfaces',

  figures: {
    calls: 'Calls',
    errors: 'Errors',
    successRate: 'Success rate',
    p95: 'P95 latency',
    ms: (value) => `${value} ms`,
    none: '-',
  },

  chart: {
    title: 'Calls per day',
    label: 'Calls and errors per day',
    ok: 'Succeeded',
    errors: 'Failed',
    date: 'Date',
    calls: 'Calls',
    empty: 'No calls in this range',
  },

  quotas: {
    title: 'Quotas',
    name: 'Interface',
    calls: 'Calls in range',
    left: 'Left / total',
    burn: '7-day average',
    runsOut: 'Runs out',
    never: 'Not at this pace',
    today: 'Today',
    usedUp: 'Used up',
    perDay: (value) => `${value} / day`,
    unlimited: "Admins' calls are not limited",
    askMore: 'Ask for more',
    askMoreOf: (name) => `Ask for more: ${name}`,
    empty: 'No interfaces called yet',
    offline: 'Offline',
  },

  calls: {
    title: `Last ${CALL_LOG_LIMIT} calls`,
    retention: (days) => `Individual calls are kept for ${days} days`,
    time: 'Time',
    interface: 'Interface',
    status: 'HTTP status',
    latency: 'Latency (ms)',
    bytes: 'Size (bytes)',
    statusFilter: 'Status class',
    statusAll: 'All statuses',
    statusNone: 'No status code',
    noAnswer: 'No answer',
    unrecorded: 'Succeeded',
    unrecordedHint: 'A successful call from before status codes were recorded: its status is unknown',
    gone: 'Deleted interface',
    empty: 'No calls match',
    exportCsv: 'Export CSV',
    exporting: 'Exporting…',
    exportFailed: 'Export failed',
    csvHeader: ['Time', 'Interface', 'Interface ID', 'HTTP status', 'Latency (ms)', 'Size (bytes)'],
    csvFileName: (date) => `recent-calls_${date}.csv`,
  },

  requests: {
    title: 'My quota requests',
    titleOf: (name) => `Quota requests of ${name}`,
    interface: 'Interface',
    amount: 'Amount',
    reason: 'Reason',
    status: 'Status',
    answer: 'Answer',
    createTime: 'Asked at',
    empty: 'No quota requests yet',
  },
};

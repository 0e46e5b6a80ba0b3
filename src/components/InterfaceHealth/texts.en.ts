import { formatNumber } from '@/locales';
import type { Translation } from '@/locales';
import type { HEALTH_TEXTS } from './texts';

export const interfaceHealth: Translation<typeof HEALTH_TEXTS> = {
  states: {
    healthy: 'Healthy',
    degraded: 'Degraded',
    down: 'Down',
    unknown: 'No data',
  },
  label: 'Last 24 hours:',
  rate: (rate) => `Success ${rate}`,
  p50: (latency) => `p50 ${latency}`,
  p95: (latency) => `p95 ${latency}`,
  calls: (calls) => `${formatNumber(calls)} ${calls === 1 ? 'call' : 'calls'} in the last 24 hours`,
  noCalls: 'No calls in the last 24 hours',
};

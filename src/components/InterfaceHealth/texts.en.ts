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
  figures: (rate, p50, p95) => `Success ${rate} · p50 ${p50} · p95 ${p95}`,
  calls: (calls) => `${formatNumber(calls)} ${calls === 1 ? 'call' : 'calls'} in the last 24 hours`,
  noCalls: 'No calls in the last 24 hours',
};

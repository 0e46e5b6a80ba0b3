import { formatNumber, localized } from '@/locales';

/** An interface's health over the last day, on the catalogue's cards and the interface page. */
export const HEALTH_TEXTS = localized('interfaceHealth', {
  states: {
    healthy: '正常',
    degraded: '降级',
    down: '故障',
    unknown: '暂无数据',
  },
  /** Said before the state to screen readers, which see no layout. */
  label: '近 24 小时：',
  /** The figures, each kept whole on its line. */
  rate: (rate: string) => `成功率 ${rate}`,
  p50: (latency: string) => `p50 ${latency}`,
  p95: (latency: string) => `p95 ${latency}`,
  calls: (calls: number) => `近 24 小时 ${formatNumber(calls)} 次调用`,
  noCalls: '近 24 小时没有调用',
} as const);

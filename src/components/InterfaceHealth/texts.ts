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
  figures: (rate: string, p50: string, p95: string) => `成功率 ${rate} · p50 ${p50} · p95 ${p95}`,
  calls: (calls: number) => `近 24 小时 ${formatNumber(calls)} 次调用`,
  noCalls: '近 24 小时没有调用',
} as const);

import { formatNumber } from '@/locales';
import { ANALYSIS_TEXTS } from './texts';

/** How the page writes counts and changes of a rate; rates and latencies are written by @/utils/format. */

/** A count with the digit grouping of the page's language. */
export function formatCount(value: number): string {
  return formatNumber(value);
}

/** A change of a rate, in percentage points. */
export function formatPointChange(change: number): string {
  return `${change < 0 ? '-' : '+'}${Math.abs(change * 100).toFixed(1)} ${ANALYSIS_TEXTS.figures.pointUnit}`;
}

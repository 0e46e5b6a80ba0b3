import { INTERFACE_STATUS } from '@/constants';
import { csvText } from '@/utils/csv';
import { formatRate } from '@/utils/format';
import { formatShare } from './shares';
import { ANALYSIS_TEXTS } from './texts';

/**
 * The usage table as CSV (src/utils/csv.ts): counts and latencies are plain
 * numbers (no digit grouping) so a spreadsheet can add them up; rates and
 * shares are the figures the page shows.
 */

const C = ANALYSIS_TEXTS.csv;

/** The table's rows in its column order, each with the share the server gave it, as the page shows it. */
export function usageCsv(rows: readonly API.InterfaceUsage[]): string {
  return csvText([
    C.header,
    ...rows.map((row) => [
      row.name,
      row.method,
      row.deleted ? C.deleted : row.status === INTERFACE_STATUS.OFFLINE ? C.offline : C.online,
      row.calls,
      row.errors,
      formatRate(row.successRate),
      row.avgLatency,
      row.p95Latency,
      formatShare(row.share),
      row.lastCallTime,
    ]),
  ]);
}

export function usageCsvFileName(startDate: string, endDate: string): string {
  return C.fileName(startDate, endDate);
}

import { INTERFACE_STATUS } from '@/constants';
import { formatRate } from './format';
import { formatShare } from './shares';
import { ANALYSIS_TEXTS } from './texts';

/**
 * The usage table as CSV (RFC 4180): a byte order mark so that Excel reads
 * the Chinese names as UTF-8, CRLF line ends, and fields quoted when they
 * hold a comma, a quote, a line break or outer spaces. Counts and latencies
 * are plain numbers (no digit grouping) so a spreadsheet can add them up;
 * rates and shares are the figures the page shows.
 */

const BOM = '\uFEFF';
const EOL = '\r\n';

/**
 * A text a spreadsheet would take as a formula (=, +, -, @, or a tab or CR
 * in front) is kept as text by a leading apostrophe: names are typed by
 * people, and a cell must never run what they typed.
 */
function neutralized(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

export function csvField(value: string | number): string {
  const text = typeof value === 'number' ? String(value) : neutralized(value);
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvText(rows: readonly (readonly (string | number)[])[]): string {
  return BOM + rows.map((row) => row.map(csvField).join(',')).join(EOL) + EOL;
}

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

import { csvText } from '@/utils/csv';
import { USAGE_TEXTS } from './texts';

const T = USAGE_TEXTS.calls;

/** The call log as CSV: counts as plain numbers, a call never answered with an empty status. */
export function callsCsv(records: readonly API.CallLogEntry[]): string {
  return csvText([
    T.csvHeader,
    ...records.map((call) => [
      call.time,
      call.interfaceName ?? T.gone,
      String(call.interfaceInfoId),
      call.status === null || call.status === undefined ? T.noAnswer : call.status,
      call.latency,
      call.bytes,
    ]),
  ]);
}

import { csvText } from '@/utils/csv';
import { callKeyLabel } from './callKey';
import { USAGE_TEXTS } from './texts';

const T = USAGE_TEXTS.calls;

/**
 * The call log as CSV: counts as plain numbers; a call without a status says whether it was
 * answered; its key as the table names it, saying when the key has been revoked since.
 */
export function callsCsv(records: readonly API.CallLogEntry[]): string {
  return csvText([
    T.csvHeader,
    ...records.map((call) => [
      call.time,
      call.keyRevoked ? T.keyRevokedInCsv(callKeyLabel(call)) : callKeyLabel(call),
      call.interfaceName ?? T.gone,
      String(call.interfaceInfoId),
      call.status ?? (call.statusClass === 'unrecorded' ? T.unrecorded : T.noAnswer),
      call.latency,
      call.bytes,
    ]),
  ]);
}

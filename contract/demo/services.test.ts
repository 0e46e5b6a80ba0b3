import type { InterfaceInfo } from '../types';
import { runService, SERVICE_TEXTS } from './services';

/** The demo's timestamp service reads a date as the platform's own input is read: strictly. */

const record = { id: '1', requestParams: null } as unknown as InterfaceInfo;
const env = { digest: () => '' };
const convert = (timestamp: unknown) => runService('timestamp', { timestamp }, record, env);

describe('the timestamp service', () => {
  it('reads a Beijing time', () => {
    expect(convert('2026-01-01 08:00:00')).toMatchObject({
      success: true,
      data: { iso: '2026-01-01T00:00:00.000Z' },
    });
  });

  it.each(['2026-01-01 25:00:00', '2026-01-01 24:00:00', '2026-02-30', '2026-01-01 10:60:00'])(
    'refuses %j instead of moving it',
    (text) => {
      expect(convert(text)).toMatchObject({ success: false, message: SERVICE_TEXTS.badDate('timestamp') });
    },
  );
});

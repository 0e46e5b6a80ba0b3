/**
 * @jest-environment ./server/test/zoneEnvironment.ts
 */
import { parseDate, parseLocalTime } from './dates';

/** The strict parser in zones whose clocks jump: a day still starts, a skipped time is refused. */

afterEach(() => setTimeZone(undefined));

describe('a day whose midnight the zone skips', () => {
  it('starts at the first hour it has', () => {
    // Chile moves its clocks at midnight: 2026-09-06 starts at 01:00 (UTC-3).
    setTimeZone('America/Santiago');
    expect(parseDate('2026-09-06')).toBe(Date.UTC(2026, 8, 6, 4));
    expect(parseLocalTime('2026-09-06 00:30:00')).toBeUndefined();
    expect(parseLocalTime('2026-09-06 01:00:00')).toBe(Date.UTC(2026, 8, 6, 4));
  });

  it('refuses a time a spring-forward leaves out, instead of moving it an hour', () => {
    setTimeZone('America/New_York');
    expect(parseLocalTime('2026-03-08 02:30:00')).toBeUndefined();
    expect(parseLocalTime('2026-03-08 03:30:00')).toBe(Date.UTC(2026, 2, 8, 7, 30));
  });
});

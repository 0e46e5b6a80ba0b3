/**
 * @jest-environment ./server/test/zoneEnvironment.ts
 */
import { periodAt, PERIOD_WINDOW_SECONDS } from './periods';

/** A plan's periods in the process's own time zone, set here per test. */

afterEach(() => setTimeZone(undefined));

describe('a day', () => {
  it('runs from local midnight to the next in a zone without daylight saving', () => {
    setTimeZone('Asia/Shanghai');
    // 2026-05-10 15:30 in Shanghai (UTC+8).
    const at = Date.UTC(2026, 4, 10, 7, 30);
    expect(periodAt('day', at)).toEqual({ start: Date.UTC(2026, 4, 9, 16), end: Date.UTC(2026, 4, 10, 16) });
  });

  it('holds its own first instant and not its end', () => {
    setTimeZone('Asia/Shanghai');
    const midnight = Date.UTC(2026, 4, 9, 16);
    expect(periodAt('day', midnight).start).toBe(midnight);
    expect(periodAt('day', midnight - 1).end).toBe(midnight);
  });

  it('is 23 hours long when the clocks spring forward and 25 when they fall back', () => {
    setTimeZone('America/New_York');
    const spring = periodAt('day', Date.UTC(2026, 2, 8, 17));
    expect(spring).toEqual({ start: Date.UTC(2026, 2, 8, 5), end: Date.UTC(2026, 2, 9, 4) });
    const autumn = periodAt('day', Date.UTC(2026, 10, 1, 17));
    expect(autumn.end - autumn.start).toBe(25 * 3_600_000);
  });
});

describe('a month', () => {
  it('runs from the first of the month to the first of the next', () => {
    setTimeZone('Asia/Shanghai');
    // 2026-01-31 23:59:59.999 in Shanghai: still January.
    expect(periodAt('month', Date.UTC(2026, 0, 31, 15, 59, 59, 999))).toEqual({
      start: Date.UTC(2025, 11, 31, 16),
      end: Date.UTC(2026, 0, 31, 16),
    });
    // One ms later February begins, 28 days long in 2026.
    const february = periodAt('month', Date.UTC(2026, 0, 31, 16));
    expect(february).toEqual({ start: Date.UTC(2026, 0, 31, 16), end: Date.UTC(2026, 1, 28, 16) });
  });

  it('turns the year from December to January', () => {
    setTimeZone('UTC');
    expect(periodAt('month', Date.UTC(2026, 11, 31, 23, 59))).toEqual({
      start: Date.UTC(2026, 11, 1),
      end: Date.UTC(2027, 0, 1),
    });
  });

  it('is counted in local time across a daylight-saving change', () => {
    setTimeZone('America/New_York');
    expect(periodAt('month', Date.UTC(2026, 2, 15))).toEqual({
      start: Date.UTC(2026, 2, 1, 5),
      end: Date.UTC(2026, 3, 1, 4),
    });
  });
});

it('states the windows of the RateLimit-Policy header', () => {
  expect(PERIOD_WINDOW_SECONDS).toEqual({ day: 86_400, month: 2_592_000 });
});

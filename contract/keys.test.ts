import { keyExpiryOf, keyLastDay } from './keys';
import { formatTime } from './dates';

describe('keyLastDay', () => {
  it('reads the midnight a chosen day became as that day', () => {
    expect(keyLastDay('2026-12-04 00:00:00')).toBe('2026-12-03');
    expect(keyLastDay('2027-01-01 00:00:00')).toBe('2026-12-31');
    expect(keyLastDay('2028-03-01 00:00:00')).toBe('2028-02-29');
  });

  it('gives the day the form was sent, through the expiry the server stores', () => {
    const now = new Date(2026, 10, 28, 12).getTime();
    const parsed = keyExpiryOf('2026-12-03', now);
    expect(parsed.ok && formatTime(parsed.value!)).toBe('2026-12-04 00:00:00');
    expect(parsed.ok && keyLastDay(formatTime(parsed.value!))).toBe('2026-12-03');
  });

  it('leaves an expiry at another time of day to be shown as a time', () => {
    expect(keyLastDay('2026-12-04 13:30:00')).toBeUndefined();
    expect(keyLastDay('2026-12-04T00:00:00Z')).toBeUndefined();
    expect(keyLastDay('')).toBeUndefined();
  });
});

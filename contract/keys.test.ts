import { formatTime } from './dates';
import { keyExpiryLatest, keyExpiryOf, keyLastDay } from './keys';
import { MESSAGES } from './messages';

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

describe('keyExpiryOf', () => {
  const now = new Date(2026, 10, 28, 12).getTime();

  it('takes a day or a time up to KEY_LIMITS.expiryMaxYears years ahead', () => {
    expect(keyExpiryOf('2036-11-27', now)).toEqual({ ok: true, value: new Date(2036, 10, 28).getTime() });
    expect(keyExpiryOf('2036-11-28 12:00:00', now)).toEqual({ ok: true, value: keyExpiryLatest(now) });
    expect(keyExpiryOf(null, now)).toEqual({ ok: true, value: null });
  });

  it('refuses a time the column could hold but no key should have, naming the field', () => {
    for (const text of ['9999-12-31', '2036-11-28', '2036-11-28 12:00:01']) {
      expect(keyExpiryOf(text, now)).toEqual({ ok: false, message: MESSAGES.keyExpiryTooFar });
    }
    expect(MESSAGES.keyExpiryTooFar).toContain('expiresAt');
  });

  it('refuses impossible times and undocumented forms instead of moving them', () => {
    for (const text of [
      '2027-01-01 25:00:00',
      '2027-01-01 24:00:00',
      '2027-01-01 10:60:00',
      '2027-01-01 10:00:60',
      '2027-02-29',
      '2027-01-01T10:00:00',
      '2027-01-01T10:00:00Z',
      '2027-01-01T10:00:00+08:00',
      '2027-01-01 10:00:00Z',
      7,
    ]) {
      expect(keyExpiryOf(text, now)).toEqual({ ok: false, message: MESSAGES.keyExpiryInvalid });
    }
  });
});

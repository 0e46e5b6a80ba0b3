import { parseDate } from './dates';
import {
  deprecationValue,
  firstSunsetDate,
  lifecycleVerdict,
  parseLifecycle,
  sunsetDateError,
  sunsetValue,
} from './lifecycle';
import { LIFECYCLE_MESSAGES } from './messages';

const MARKED = Date.UTC(2026, 10, 1, 8, 30, 15);
const SUNSET = '2026-12-31';
const sunsetStart = parseDate(SUNSET)!;
const successor = 'https://open.example.com/gateway/1800000000000100002';

const fields = { deprecated: true, deprecatedAt: MARKED, sunsetDate: SUNSET, replacementId: '1800000000000100002' };

describe('lifecycleVerdict', () => {
  test('an interface that is not deprecated gets nothing, whatever its dates', () => {
    const verdict = lifecycleVerdict({ ...fields, deprecated: false }, sunsetStart + 1, successor);

    expect(verdict).toEqual({ headers: {}, gone: false });
  });

  test('before the sunset: Deprecation as a structured-field date, Sunset as an HTTP-date, Link to the successor', () => {
    const verdict = lifecycleVerdict(fields, sunsetStart - 1, successor);

    expect(verdict.gone).toBe(false);
    expect(verdict.headers).toEqual({
      Deprecation: `@${Math.floor(MARKED / 1000)}`,
      Sunset: new Date(sunsetStart).toUTCString(),
      Link: `<${successor}>; rel="successor-version"`,
    });
    expect(verdict.headers.Deprecation).toMatch(/^@\d+$/);
    expect(verdict.headers.Sunset).toMatch(/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
  });

  test('from the start of the sunset date on it is gone, and the message names the replacement', () => {
    const verdict = lifecycleVerdict(fields, sunsetStart, successor);

    expect(verdict.gone).toBe(true);
    expect(verdict.message).toEqual(LIFECYCLE_MESSAGES.goneWithReplacement(SUNSET, successor));
    expect(verdict.headers.Link).toContain(successor);
  });

  test('without a replacement there is no Link and the 410 names none', () => {
    const verdict = lifecycleVerdict({ ...fields, replacementId: null }, sunsetStart + 1000, successor);

    expect(verdict.headers).not.toHaveProperty('Link');
    expect(verdict.message).toEqual(LIFECYCLE_MESSAGES.gone(SUNSET));
  });

  test('without a sunset date it is deprecated for ever and never gone', () => {
    const verdict = lifecycleVerdict({ ...fields, sunsetDate: null }, sunsetStart * 2, successor);

    expect(verdict.gone).toBe(false);
    expect(verdict.headers).not.toHaveProperty('Sunset');
  });

  test('a deprecation without its time is dated now', () => {
    const verdict = lifecycleVerdict({ ...fields, deprecatedAt: null }, MARKED + 5000);

    expect(verdict.headers.Deprecation).toBe(deprecationValue(MARKED + 5000));
    expect(verdict.headers).not.toHaveProperty('Link');
  });

  test('the values are those of the RFCs: whole seconds, and GMT', () => {
    expect(deprecationValue(1_700_000_000_999)).toBe('@1700000000');
    expect(sunsetValue(Date.UTC(2026, 0, 2, 3, 4, 5))).toBe('Fri, 02 Jan 2026 03:04:05 GMT');
  });
});

describe('parseLifecycle', () => {
  test('takes each field only when present, and clears with null or an empty text', () => {
    expect(parseLifecycle({})).toEqual({ ok: true, value: {} });
    expect(parseLifecycle({ deprecated: true, sunsetDate: SUNSET, replacementId: '12' })).toEqual({
      ok: true,
      value: { deprecated: true, sunsetDate: SUNSET, replacementId: '12' },
    });
    expect(parseLifecycle({ sunsetDate: '', replacementId: null })).toEqual({
      ok: true,
      value: { sunsetDate: null, replacementId: null },
    });
  });

  test.each([
    [{ deprecated: 'yes' }, LIFECYCLE_MESSAGES.badDeprecated],
    [{ sunsetDate: '2026-02-30' }, LIFECYCLE_MESSAGES.badSunsetDate],
    [{ sunsetDate: '31/12/2026' }, LIFECYCLE_MESSAGES.badSunsetDate],
    [{ sunsetDate: 20261231 }, LIFECYCLE_MESSAGES.badSunsetDate],
    [{ replacementId: 'abc' }, LIFECYCLE_MESSAGES.badReplacement],
    [{ replacementId: '7' }, LIFECYCLE_MESSAGES.selfReplacement],
  ])('refuses %j', (body, message) => {
    expect(parseLifecycle(body, '7')).toEqual({ ok: false, message });
  });
});

describe('sunsetDateError', () => {
  const marked = new Date(2026, 10, 1, 23, 59, 59).getTime();

  test('the first sunset is the day after the deprecation, so Sunset comes after Deprecation', () => {
    expect(firstSunsetDate(marked)).toBe('2026-11-02');
    expect(sunsetDateError('2026-11-02', marked)).toBeUndefined();
    expect(parseDate('2026-11-02')!).toBeGreaterThan(marked);
  });

  test.each(['2026-11-01', '2026-10-31', '2025-12-31'])('refuses %s, naming the day of the deprecation', (day) => {
    expect(sunsetDateError(day, marked)).toEqual(LIFECYCLE_MESSAGES.sunsetTooEarly('2026-11-01'));
  });
});

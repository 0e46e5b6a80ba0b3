import dayjs from 'dayjs';
import {
  DEFAULT_TOP_LIMIT,
  isDisabledDay,
  presetRange,
  queryFor,
  rangeFromQuery,
  topLimitFromQuery,
} from './range';

const today = dayjs('2026-11-22T15:00:00');
const q = (text: string) => new URLSearchParams(text);

describe('the range in the URL query', () => {
  it('reads the last 7, 30 or 90 days, today included', () => {
    expect(rangeFromQuery(q('range=7'), today)).toEqual({
      kind: 'preset',
      days: 7,
      startDate: '2026-11-16',
      endDate: '2026-11-22',
    });
    expect(rangeFromQuery(q('range=90'), today)).toMatchObject({
      startDate: '2026-08-25',
      endDate: '2026-11-22',
    });
  });

  it('falls back to the last 30 days for a missing or unknown range', () => {
    expect(rangeFromQuery(q(''), today)).toMatchObject({ kind: 'preset', days: 30, startDate: '2026-10-24' });
    expect(rangeFromQuery(q('range=12'), today)).toMatchObject({ kind: 'preset', days: 30 });
  });

  it('reads a chosen range and refuses impossible or too long ones', () => {
    expect(rangeFromQuery(q('start=2026-01-01&end=2026-01-31'), today)).toEqual({
      kind: 'custom',
      startDate: '2026-01-01',
      endDate: '2026-01-31',
    });
    expect(rangeFromQuery(q('start=2026-01-01&end=2026-01-01&range=7'), today)).toMatchObject({
      kind: 'custom',
    });
    for (const bad of [
      'start=2026-02-30&end=2026-03-01',
      'start=2026-03-02&end=2026-03-01',
      'start=2025-01-01&end=2026-01-02',
      'start=x&end=y',
      'start=2026-01-01',
    ]) {
      expect(rangeFromQuery(q(bad), today)).toMatchObject({ kind: 'preset', days: 30 });
    }
    expect(rangeFromQuery(q('start=2025-01-01&end=2026-01-01'), today)).toMatchObject({ kind: 'custom' });
  });

  it('reads the size of the top list, 5 by default', () => {
    expect(topLimitFromQuery(q('top=20'))).toBe(20);
    expect(topLimitFromQuery(q('top=7'))).toBe(DEFAULT_TOP_LIMIT);
    expect(topLimitFromQuery(q(''))).toBe(5);
  });

  it('writes only what differs from the defaults, and reads back what it wrote', () => {
    expect(queryFor(presetRange(30, today), 5).toString()).toBe('');
    expect(queryFor(presetRange(7, today), 10).toString()).toBe('range=7&top=10');
    const custom = { kind: 'custom' as const, startDate: '2026-03-01', endDate: '2026-03-09' };
    const written = queryFor(custom, 3);
    expect(written.toString()).toBe('start=2026-03-01&end=2026-03-09&top=3');
    expect(rangeFromQuery(written, today)).toEqual(custom);
    expect(topLimitFromQuery(written)).toBe(3);
  });
});

describe('days the picker offers', () => {
  it('offers no day after today and no span over 366 days', () => {
    expect(isDisabledDay(dayjs('2026-11-23'), null, today)).toBe(true);
    expect(isDisabledDay(dayjs('2026-11-22'), null, today)).toBe(false);
    expect(isDisabledDay(dayjs('2025-01-01'), dayjs('2026-01-01'), today)).toBe(false);
    expect(isDisabledDay(dayjs('2024-12-31'), dayjs('2026-01-01'), today)).toBe(true);
  });
});

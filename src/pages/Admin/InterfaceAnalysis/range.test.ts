import dayjs from 'dayjs';
import {
  callerFromQuery,
  DEFAULT_TOP_LIMIT,
  isDisabledDay,
  presetRange,
  queryFor,
  rangeFromQuery,
  readRangeQuery,
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
      'start=2025-01-01&end=2026-01-02',
      'start=x&end=y',
      'start=2026-01-01',
    ]) {
      expect(rangeFromQuery(q(bad), today)).toMatchObject({ kind: 'preset', days: 30 });
    }
    expect(rangeFromQuery(q('start=2025-01-01&end=2026-01-01'), today)).toMatchObject({ kind: 'custom' });
  });

  it('takes a start after the end the other way round, and says so', () => {
    expect(readRangeQuery(q('start=2026-03-10&end=2026-03-01'), today)).toEqual({
      range: { kind: 'custom', startDate: '2026-03-01', endDate: '2026-03-10' },
      problem: 'reversed',
    });
    // Read back from the corrected URL, the range is what was shown, with nothing left to say.
    const corrected = queryFor(readRangeQuery(q('start=2026-03-10&end=2026-03-01'), today).range, 5);
    expect(corrected.toString()).toBe('start=2026-03-01&end=2026-03-10');
    expect(readRangeQuery(corrected, today)).toEqual({
      range: { kind: 'custom', startDate: '2026-03-01', endDate: '2026-03-10' },
    });
  });

  it('says why a range in the query is not shown as written', () => {
    const problem = (text: string) => readRangeQuery(q(text), today).problem;
    expect(problem('')).toBeUndefined();
    expect(problem('range=7')).toBeUndefined();
    expect(problem('start=2026-01-01&end=2026-01-31')).toBeUndefined();
    expect(problem('start=2026-01-01&end=2026-01-01')).toBeUndefined();
    expect(problem('start=2026-02-30&end=2026-03-01')).toBe('invalid');
    expect(problem('start=2026-01-01')).toBe('invalid');
    expect(problem('end=2026-01-01')).toBe('invalid');
    expect(problem('range=12')).toBe('invalid');
    expect(problem('start=2025-01-01&end=2026-01-02')).toBe('tooLong');
    // Reversed and too long: the days asked for cannot be shown either way round.
    expect(readRangeQuery(q('start=2026-01-02&end=2025-01-01'), today)).toEqual({
      range: presetRange(30, today),
      problem: 'tooLong',
    });
    // A broken range with a preset beside it falls back to that preset.
    expect(readRangeQuery(q('start=x&end=y&range=7'), today)).toEqual({
      range: presetRange(7, today),
      problem: 'invalid',
    });
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

  it('keeps the open callers beside the range, and reads only an id from it', () => {
    const written = queryFor(presetRange(7, today), 5, '1800000000000100001');
    expect(written.toString()).toBe('range=7&caller=1800000000000100001');
    expect(callerFromQuery(written)).toBe('1800000000000100001');
    expect(callerFromQuery(q('caller=abc'))).toBeUndefined();
    expect(callerFromQuery(q(''))).toBeUndefined();
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

import dayjs from 'dayjs';
import {
  dateTimeFieldsOf,
  daysInMonth,
  formatTime,
  parseDate,
  parseLocalTime,
  parseTime,
  TIME_FORMAT,
} from './dates';
import { parseLifecycle } from './lifecycle';
import { LIFECYCLE_MESSAGES, MESSAGES } from './messages';
import { parseOverviewQuery } from './queries';

describe('formatTime', () => {
  it('writes what dayjs writes, across months, hours and leap days', () => {
    const times = [
      0,
      Date.UTC(2024, 1, 29, 23, 59, 59),
      Date.UTC(2026, 2, 29, 1, 30, 0),
      Date.UTC(2026, 9, 25, 0, 59, 1),
      new Date(2026, 11, 31, 23, 0, 9).getTime(),
      new Date(2026, 0, 1, 0, 0, 0).getTime(),
    ];
    for (let i = 0; i < 200; i += 1) times.push(Date.UTC(2000, 0, 1) + i * 7_654_321_987);
    for (const ms of times) expect(formatTime(ms)).toBe(dayjs(ms).format(TIME_FORMAT));
  });

  it('pads every field to its width', () => {
    expect(formatTime(new Date(2026, 0, 2, 3, 4, 5).getTime())).toBe('2026-01-02 03:04:05');
    expect(formatTime(new Date(2026, 10, 22, 13, 14, 15).getTime())).toBe('2026-11-22 13:14:15');
  });

  it('reads back as the same second', () => {
    const ms = new Date(2026, 5, 7, 8, 9, 10).getTime();
    expect(parseTime(formatTime(ms + 999))).toBe(ms);
  });
});

describe('the strict input parser', () => {
  it('reads the two documented forms, each field in its range', () => {
    expect(dateTimeFieldsOf('2024-02-29')).toEqual({
      year: 2024,
      month: 2,
      day: 29,
      hour: 0,
      minute: 0,
      second: 0,
    });
    expect(dateTimeFieldsOf('2026-12-31 23:59:59')).toEqual({
      year: 2026,
      month: 12,
      day: 31,
      hour: 23,
      minute: 59,
      second: 59,
    });
    expect(parseDate('2026-03-01')).toBe(new Date(2026, 2, 1).getTime());
    expect(parseLocalTime('2026-03-01 08:09:10')).toBe(new Date(2026, 2, 1, 8, 9, 10).getTime());
    expect(parseDate('2000-02-29')).toBeDefined();
  });

  it.each([
    '2026-01-01 25:00:00',
    '2026-01-01 24:00:00',
    '2026-01-01 23:60:00',
    '2026-01-01 23:59:60',
    '2026-00-10',
    '2026-13-01',
    '2026-02-29',
    '1900-02-29',
    '2026-04-31',
    '2026-01-00',
    '2026-01-01T10:00:00',
    '2026-01-01T10:00:00Z',
    '2026-01-01 10:00:00+08:00',
    '2026-01-01 10:00:00.000',
    '2026-01-01 10:00',
    '2026-1-1',
    '+02026-01-01',
    '1969-12-31',
    ' 2026-01-01',
    '2026-01-01\n',
  ])('refuses %j', (text) => {
    expect(dateTimeFieldsOf(text)).toBeUndefined();
    expect(parseDate(text)).toBeUndefined();
    expect(parseLocalTime(text)).toBeUndefined();
  });

  it('keeps each form to where it is allowed', () => {
    expect(parseDate('2026-01-01 00:00:00')).toBeUndefined();
    expect(parseLocalTime('2026-01-01')).toBeUndefined();
    expect(parseDate(20260101)).toBeUndefined();
  });

  it('knows the leap years', () => {
    expect([1900, 2000, 2024, 2026].map((year) => daysInMonth(year, 2))).toEqual([28, 29, 29, 28]);
  });
});

describe('every date read from input', () => {
  it.each(['2026-02-30', '2026-01-01T00:00:00Z', '2026-13-01'])('refuses %j, naming the field', (text) => {
    expect(parseOverviewQuery({ startDate: text, endDate: '2026-01-02' })).toEqual({
      ok: false,
      message: MESSAGES.dateInvalid('startDate'),
    });
    expect(parseLifecycle({ sunsetDate: text })).toEqual({
      ok: false,
      message: LIFECYCLE_MESSAGES.badSunsetDate,
    });
  });
});

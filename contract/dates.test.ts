import dayjs from 'dayjs';
import { formatTime, parseTime, TIME_FORMAT } from './dates';

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

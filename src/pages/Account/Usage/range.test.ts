import { lastDaysRange, presetOf } from './range';

const NOW = new Date(2026, 10, 20, 15, 30).getTime();

describe('the usage page ranges', () => {
  it('counts today as the last of the days', () => {
    expect(lastDaysRange(7, NOW)).toEqual({ startDate: '2026-11-14', endDate: '2026-11-20' });
    expect(lastDaysRange(1, NOW)).toEqual({ startDate: '2026-11-20', endDate: '2026-11-20' });
  });

  it('knows a preset again, and a range of its own as none', () => {
    expect(presetOf({ startDate: '2026-10-22', endDate: '2026-11-20' }, NOW)).toBe(30);
    expect(presetOf({ startDate: '2026-10-22', endDate: '2026-11-19' }, NOW)).toBeUndefined();
  });
});

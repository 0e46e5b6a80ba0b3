import { formatCount, formatPointChange } from './format';

describe('formatting', () => {
  it('groups counts', () => {
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCount(0)).toBe('0');
  });

  it('writes a change of a rate in percentage points with its sign', () => {
    expect(formatPointChange(-0.0012)).toBe('-0.1 个百分点');
  });
});

import { comparisonGap } from './comparison';

describe('comparisonGap: when a key figure has nothing to be compared with', () => {
  it('compares when both periods have calls', () => {
    expect(comparisonGap(1600, 1000, 'count')).toBeUndefined();
    expect(comparisonGap(1600, 1000, 'perCall')).toBeUndefined();
  });

  it('says the previous period has no data when none of its calls is on record', () => {
    expect(comparisonGap(1600, 0, 'count')).toBe('noPrevious');
    expect(comparisonGap(1600, 0, 'perCall')).toBe('noPrevious');
    expect(comparisonGap(0, 0, 'perCall')).toBe('noPrevious');
  });

  it('compares counts of a range without calls (a fall to none), but not its rates or latencies', () => {
    expect(comparisonGap(0, 1000, 'count')).toBeUndefined();
    expect(comparisonGap(0, 1000, 'perCall')).toBe('noCurrent');
  });
});

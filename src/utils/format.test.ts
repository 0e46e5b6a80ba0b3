import {
  formatErrorRate,
  formatLatency,
  formatRate,
  formatSignedLatency,
  formatSignedPercent,
  relativeChange,
} from './format';

describe('formatting', () => {
  it('never rounds a rate with failures up to 100%', () => {
    expect(formatRate(0.99996)).toBe('99.9%');
    expect(formatRate(1)).toBe('100.0%');
    expect(formatRate(0.9626)).toBe('96.2%');
    expect(formatRate(0)).toBe('0.0%');
  });

  it('never rounds an error rate with failures down to 0%, and is exact on whole tenths', () => {
    expect(formatErrorRate(1, 2000)).toBe('0.1%');
    expect(formatErrorRate(7, 100)).toBe('7.0%');
    expect(formatErrorRate(1, 3)).toBe('33.4%');
    expect(formatErrorRate(0, 5)).toBe('0.0%');
    expect(formatErrorRate(0, 0)).toBe('0.0%');
    expect(formatErrorRate(5, 5)).toBe('100.0%');
  });

  it('writes latencies in ms below a second and in seconds above', () => {
    expect(formatLatency(86.4)).toBe('86 ms');
    expect(formatLatency(1280)).toBe('1.28 s');
    expect(formatLatency(15_000)).toBe('15.0 s');
  });

  it('writes changes against the previous period with their sign', () => {
    expect(relativeChange(110, 100)).toBeCloseTo(0.1);
    expect(relativeChange(5, 0)).toBeUndefined();
    expect(formatSignedPercent(0.0842)).toBe('+8.4%');
    expect(formatSignedPercent(-0.25)).toBe('-25%');
    expect(formatSignedLatency(-1280)).toBe('-1.28 s');
    expect(formatSignedLatency(40)).toBe('+40 ms');
  });
});

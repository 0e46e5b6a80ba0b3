import { compareIds, parseId } from './ids';

describe('parseId', () => {
  it('keeps a 64-bit id as its exact decimal text', () => {
    expect(parseId('1800000000000000001')).toBe('1800000000000000001');
    expect(parseId('9223372036854775807')).toBe('9223372036854775807');
    expect(parseId(42)).toBe('42');
  });

  it('refuses what is no positive 64-bit integer', () => {
    for (const bad of ['', '0', '-1', '1.5', '1e3', ' 1', '9223372036854775808', '123456789012345678901', null, undefined, {}, []]) {
      expect(parseId(bad)).toBeUndefined();
    }
  });

  it('refuses a number that was already rounded (beyond 2^53)', () => {
    expect(parseId(1800000000000000001)).toBeUndefined();
  });
});

describe('compareIds', () => {
  it('orders decimal texts by value, not as text', () => {
    expect(compareIds('9', '10')).toBeLessThan(0);
    expect(compareIds('1800000000000000002', '1800000000000000001')).toBeGreaterThan(0);
    expect(compareIds('7', '7')).toBe(0);
  });
});

/**
 * @jest-environment node
 */
import { compareNames, mergeRanks } from './nameOrder';

const ranked = (...pairs: [string, number][]) => pairs.map(([name, rank]) => ({ name, rank }));

describe('mergeRanks', () => {
  it('places new names between their neighbours, in collation order', () => {
    const existing = ranked(['接口2', 0], ['接口10', 1024]);
    const sorted = ['接口1', '接口3', '接口4', '接口11'].sort(compareNames);
    const ranks = mergeRanks(existing, sorted)!;
    expect(ranks[0]).toBeLessThan(0);
    expect(ranks[1]).toBeGreaterThan(0);
    expect(ranks[2]).toBeGreaterThan(ranks[1]);
    expect(ranks[2]).toBeLessThan(1024);
    expect(ranks[3]).toBeGreaterThan(1024);
  });

  it('gives equal names one rank: a new name equal to a ranked one takes its rank', () => {
    const ranks = mergeRanks(ranked(['b', 0], ['d', 1024]), ['a', 'a', 'c', 'c', 'd', 'e'])!;
    expect(ranks[0]).toBe(ranks[1]);
    expect(ranks[2]).toBe(ranks[3]);
    expect(ranks[2]).toBeGreaterThan(0);
    expect(ranks[2]).toBeLessThan(1024);
    expect(ranks[4]).toBe(1024);
    expect(ranks[5]).toBeGreaterThan(1024);
  });

  it('ranks names in an empty catalogue from 0', () => {
    expect(mergeRanks([], ['a', 'b', 'b'])).toEqual([0, 1024, 1024]);
  });

  it('answers nothing when a gap has no number left for its names', () => {
    const next = 1 + Number.EPSILON;
    expect(mergeRanks(ranked(['a', 1], ['c', next]), ['b'])).toBeUndefined();
  });
});

import { latencyBucket, nearestRank, totalsOf } from './analysis';

describe('latencyBucket', () => {
  it('keeps a latency below 1 s and rounds one from 1 s down to three significant digits', () => {
    expect([0, 1, 99, 100, 999].map(latencyBucket)).toEqual([0, 1, 99, 100, 999]);
    expect([1000, 1009, 1010, 1234, 9999].map(latencyBucket)).toEqual([1000, 1000, 1010, 1230, 9990]);
    expect([10_000, 25_678, 99_999, 123_456_789].map(latencyBucket)).toEqual([
      10_000, 25_600, 99_900, 123_000_000,
    ]);
  });

  it('keeps the order of latencies and is at most 1 % below them', () => {
    // One assertion over the whole sweep: an expect per latency made this test take a minute.
    const wrong: string[] = [];
    let previous = -1;
    for (let ms = 0; ms < 200_000 && wrong.length < 5; ms += 1) {
      const bucket = latencyBucket(ms);
      if (bucket < previous || bucket > ms || ms - bucket > ms / 100) wrong.push(`${ms} → ${bucket}`);
      previous = bucket;
    }
    expect(wrong).toEqual([]);
  });
});

describe('nearestRank', () => {
  it('is the rank PostgreSQL percentile_disc picks', () => {
    expect([1, 2, 19, 20, 21, 100, 101].map((n) => nearestRank(n))).toEqual([1, 2, 19, 19, 20, 95, 96]);
    expect(nearestRank(10, 0.5)).toBe(5);
  });
});

describe('totalsOf', () => {
  it('is all zeros without calls', () => {
    expect(totalsOf(0, 0, 0, 0, 0)).toEqual({
      totalCalls: 0,
      successCalls: 0,
      errorCalls: 0,
      successRate: 0,
      avgLatency: 0,
      p95Latency: 0,
      interfacesCalled: 0,
    });
  });
});

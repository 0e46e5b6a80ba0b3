/** How the console writes rates, latencies and changes, the same on every page. */

/**
 * A rate as a percentage with one decimal, rounded down, so a rate with any
 * failure never reads as 100%.
 */
export function formatRate(rate: number): string {
  return `${(Math.floor(rate * 1000) / 10).toFixed(1)}%`;
}

/**
 * `errors` of `calls` as a percentage with one decimal, rounded up, so a
 * caller with any failure never reads as 0.0%. From the counts, not a rate:
 * 7 of 100 is 7.0%, where 0.07 × 1000 would round up to 7.1%.
 */
export function formatErrorRate(errors: number, calls: number): string {
  return calls ? `${(Math.ceil((errors * 1000) / calls) / 10).toFixed(1)}%` : '0.0%';
}

/** Milliseconds below a second, seconds above: two decimals below ten seconds, one from there on. */
export function formatLatency(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
}

/** A change as a signed fraction of the previous value; undefined without a previous value. */
export function relativeChange(current: number, previous: number): number | undefined {
  if (!previous) return undefined;
  return (current - previous) / previous;
}

export function formatSignedPercent(change: number): string {
  const percent = Math.abs(change * 100);
  return `${change < 0 ? '-' : '+'}${percent < 10 ? percent.toFixed(1) : Math.round(percent)}%`;
}

export function formatSignedLatency(change: number): string {
  return `${change < 0 ? '-' : '+'}${formatLatency(Math.abs(change))}`;
}

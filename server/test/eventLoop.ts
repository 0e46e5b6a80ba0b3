/** The longest the event loop waited between 10 ms ticks while `work` ran, with what it answered. */
export async function longestWait<T>(work: () => Promise<T>): Promise<{ value: T; waitedMs: number }> {
  let last = performance.now();
  let waitedMs = 0;
  const probe = setInterval(() => {
    const now = performance.now();
    waitedMs = Math.max(waitedMs, now - last);
    last = now;
  }, 10);
  try {
    return { value: await work(), waitedMs };
  } finally {
    clearInterval(probe);
  }
}

import { HEALTH_THRESHOLDS, healthOf, healthStateOf } from './interfaceHealth';

const { degradedP95Ms, degradedSuccessRate, downMinCalls, downSuccessRate } = HEALTH_THRESHOLDS;

describe('healthStateOf', () => {
  test.each([
    ['no calls', 0, 0, 0, 'unknown'],
    ['every call fine', 100, 1, 120, 'healthy'],
    ['exactly the degraded success rate', 100, degradedSuccessRate, 120, 'healthy'],
    ['just below it', 100, degradedSuccessRate - 0.01, 120, 'degraded'],
    ['exactly the degraded p95', 100, 1, degradedP95Ms, 'healthy'],
    ['a slower p95', 100, 1, degradedP95Ms + 1, 'degraded'],
    ['exactly the down success rate', 100, downSuccessRate, 120, 'degraded'],
    ['below it', 100, downSuccessRate - 0.01, 120, 'down'],
    ['no success among enough calls', downMinCalls, 0, 120, 'down'],
    ['no success among too few calls', downMinCalls - 1, 0, 120, 'degraded'],
  ])('%s', (_name, calls, rate, p95, state) => {
    expect(healthStateOf(calls, rate, p95)).toBe(state);
  });
});

test('healthOf counts the success rate, 0 without calls', () => {
  expect(healthOf(4, 1, 10, 20)).toEqual({ calls: 4, successRate: 0.75, p50: 10, p95: 20, state: 'degraded' });
  expect(healthOf(0, 0, 0, 0)).toEqual({ calls: 0, successRate: 0, p50: 0, p95: 0, state: 'unknown' });
});

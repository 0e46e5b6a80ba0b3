import { parseQuotaChange } from './accounts';
import { MESSAGES } from './messages';
import {
  effectiveLimits,
  parseInterfaceLimits,
  parseRateOverride,
  rateBurstError,
  rateLimitError,
} from './rateLimit';

describe('an interface’s limits', () => {
  test('a limit is an integer from 0 to 100000; a burst is at least the limit', () => {
    expect(rateLimitError(0)).toBeUndefined();
    expect(rateLimitError(100_000)).toBeUndefined();
    for (const bad of [-1, 1.5, '3', null, undefined, 100_001])
      expect(rateLimitError(bad)).toBe(MESSAGES.badRateLimit);
    expect(rateBurstError(10, 10)).toBeUndefined();
    expect(rateBurstError(10, 9)).toBe(MESSAGES.badRateBurst);
    expect(rateBurstError(10, null)).toBe(MESSAGES.badRateBurst);
  });

  test('an add without limits has none; a burst left out equals the limit; no limit keeps no burst', () => {
    expect(parseInterfaceLimits({})).toEqual({ ok: true, value: { rateLimit: 0, rateBurst: 0 } });
    expect(parseInterfaceLimits({ rateLimit: 5 })).toEqual({
      ok: true,
      value: { rateLimit: 5, rateBurst: 5 },
    });
    expect(parseInterfaceLimits({ rateLimit: 0, rateBurst: 9 })).toEqual({
      ok: true,
      value: { rateLimit: 0, rateBurst: 0 },
    });
    expect(parseInterfaceLimits({ rateLimit: 5, rateBurst: 4 })).toEqual({
      ok: false,
      message: MESSAGES.badRateBurst,
    });
  });

  test('an update keeps what it leaves out, and a burst alone is judged against the stored limit', () => {
    const current = { rateLimit: 5, rateBurst: 8 };
    expect(parseInterfaceLimits({}, current)).toEqual({ ok: true, value: current });
    expect(parseInterfaceLimits({ rateLimit: 6 }, current)).toEqual({
      ok: true,
      value: { rateLimit: 6, rateBurst: 6 },
    });
    expect(parseInterfaceLimits({ rateBurst: 9 }, current)).toEqual({
      ok: true,
      value: { rateLimit: 5, rateBurst: 9 },
    });
    expect(parseInterfaceLimits({ rateBurst: 4 }, current)).toEqual({
      ok: false,
      message: MESSAGES.badRateBurst,
    });
  });
});

describe('a user’s override', () => {
  test('null goes back to the interface’s; a burst needs a limit', () => {
    expect(parseRateOverride({})).toEqual({ ok: true, value: undefined });
    expect(parseRateOverride({ rateLimit: null })).toEqual({
      ok: true,
      value: { rateLimit: null, rateBurst: null },
    });
    expect(parseRateOverride({ rateLimit: 2 })).toEqual({ ok: true, value: { rateLimit: 2, rateBurst: 2 } });
    expect(parseRateOverride({ rateLimit: 2, rateBurst: 3 })).toEqual({
      ok: true,
      value: { rateLimit: 2, rateBurst: 3 },
    });
    expect(parseRateOverride({ rateBurst: 3 })).toEqual({ ok: false, message: MESSAGES.burstWithoutLimit });
    expect(parseRateOverride({ rateLimit: null, rateBurst: 3 })).toEqual({
      ok: false,
      message: MESSAGES.burstWithoutLimit,
    });
    expect(parseRateOverride({ rateLimit: 3, rateBurst: 2 })).toEqual({
      ok: false,
      message: MESSAGES.badRateBurst,
    });
  });

  test('beats the interface’s limits; 0 is no limit for that user', () => {
    const own = { rateLimit: 10, rateBurst: 20 };
    expect(effectiveLimits(own, undefined)).toEqual(own);
    expect(effectiveLimits(own, { rateLimit: null, rateBurst: null })).toEqual(own);
    expect(effectiveLimits(own, { rateLimit: 1, rateBurst: 2 })).toEqual({ rateLimit: 1, rateBurst: 2 });
    expect(effectiveLimits(own, { rateLimit: 0, rateBurst: 0 })).toEqual({ rateLimit: 0, rateBurst: 0 });
  });

  test('parseQuotaChange: leftNum may be left out when the limits change, and only then', () => {
    const ids = { userId: '1', interfaceInfoId: '2' };
    expect(parseQuotaChange({ ...ids, leftNum: 5 })).toEqual({
      ok: true,
      value: { ...ids, leftNum: 5, rate: undefined },
    });
    expect(parseQuotaChange({ ...ids, rateLimit: 3 })).toEqual({
      ok: true,
      value: { ...ids, rate: { rateLimit: 3, rateBurst: 3 } },
    });
    expect(parseQuotaChange(ids)).toEqual({ ok: false, message: MESSAGES.badLeftNum });
    expect(parseQuotaChange({ ...ids, leftNum: -1, rateLimit: 3 })).toEqual({
      ok: false,
      message: MESSAGES.badLeftNum,
    });
  });
});

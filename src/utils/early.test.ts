import { EARLY_MAX_AGE_MS, startEarly, takeEarly } from './early';

afterEach(() => jest.restoreAllMocks());

describe('answers asked for early', () => {
  it('asks at once, and hands the answer over once, to its key only', async () => {
    const ask = jest.fn().mockResolvedValue('page 1');
    startEarly('catalogue a', ask);
    expect(ask).toHaveBeenCalledTimes(1);
    expect(takeEarly('catalogue b')).toBeUndefined();
    await expect(takeEarly('catalogue a')).resolves.toBe('page 1');
    expect(takeEarly('catalogue a')).toBeUndefined();
  });

  it('is not taken once it is older than its limit', () => {
    const now = jest.spyOn(Date, 'now').mockReturnValue(1_000_000);
    startEarly('interface 1', () => Promise.resolve('old'));
    now.mockReturnValue(1_000_000 + EARLY_MAX_AGE_MS + 1);
    expect(takeEarly('interface 1')).toBeUndefined();
    startEarly('interface 1', () => Promise.resolve('fresh'));
    now.mockReturnValue(1_000_000 + 2 * EARLY_MAX_AGE_MS + 1);
    expect(takeEarly('interface 1')).toBeDefined();
  });

  it('hands a failure over to the page, which reports it', async () => {
    const failure = new Error('network');
    startEarly('interface 2', () => Promise.reject(failure));
    await expect(takeEarly('interface 2')).rejects.toBe(failure);
  });
});

import { act, render, renderHook, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { arrivedEarly, EARLY_MAX_AGE_MS, startEarly, takeEarly, useArrived } from './early';
import { useEarlyRequest } from './useEarlyRequest';

afterEach(() => jest.restoreAllMocks());

/** Starts an early answer under `key` that comes when the returned function is called with it. */
function startPending(key: string): (value: string) => void {
  let answer!: (value: string) => void;
  startEarly(
    key,
    () =>
      new Promise<string>((resolve) => {
        answer = resolve;
      }),
  );
  return answer;
}

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

describe('an answer that has come before the page renders', () => {
  it('is there once it has come, not while it is on its way', async () => {
    const answer = startPending('catalogue c');
    expect(arrivedEarly('catalogue c')).toBeUndefined();
    answer('page 1');
    await Promise.resolve();
    expect(arrivedEarly('catalogue c')).toEqual({ value: 'page 1' });
  });

  it("leaves a failure to the page's request, which reports it", async () => {
    const failure = new Error('network');
    startEarly('interface 3', () => Promise.reject(failure));
    await Promise.resolve();
    expect(arrivedEarly('interface 3')).toBeUndefined();
    await expect(takeEarly('interface 3')).rejects.toBe(failure);
  });

  it('is not there once it is older than its limit', async () => {
    const now = jest.spyOn(Date, 'now').mockReturnValue(2_000_000);
    startEarly('interface 4', () => Promise.resolve('old'));
    await Promise.resolve();
    now.mockReturnValue(2_000_000 + EARLY_MAX_AGE_MS + 1);
    expect(arrivedEarly('interface 4')).toBeUndefined();
  });

  it("is current for the page's first key only, and never again once the key has changed", async () => {
    startEarly('catalogue d', () => Promise.resolve('page 1'));
    await Promise.resolve();
    const { result, rerender } = renderHook(({ key }) => useArrived<string>(key), {
      initialProps: { key: 'catalogue d' },
    });
    expect(result.current).toMatchObject({ arrived: { key: 'catalogue d', value: 'page 1' }, current: true });
    // Taken once the page is on the screen.
    expect(arrivedEarly('catalogue d')).toBeUndefined();
    expect(takeEarly('catalogue d')).toBeUndefined();
    rerender({ key: 'catalogue e' });
    expect(result.current.current).toBe(false);
    rerender({ key: 'catalogue d' });
    expect(result.current).toMatchObject({ arrived: { key: 'catalogue d', value: 'page 1' }, current: false });
  });

  it('is no longer current once the page leaves it, as after a change of key', async () => {
    startEarly('analysis a', () => Promise.resolve('overview'));
    await Promise.resolve();
    const { result } = renderHook(() => useArrived<string>('analysis a'));
    expect(result.current.current).toBe(true);
    act(() => result.current.leave());
    expect(result.current).toMatchObject({ arrived: { key: 'analysis a', value: 'overview' }, current: false });
  });

  it('stays for the next render when React throws a render away', async () => {
    startEarly('catalogue g', () => Promise.resolve('page 1'));
    await Promise.resolve();
    let suspend = true;
    const never = new Promise<void>(() => {});
    const seen: Array<string | undefined> = [];
    function Page() {
      const { arrived } = useArrived<string>('catalogue g');
      seen.push(arrived?.value);
      if (suspend) throw never;
      return null;
    }
    const { rerender } = render(
      <Suspense fallback={null}>
        <Page />
      </Suspense>,
    );
    suspend = false;
    rerender(
      <Suspense fallback={null}>
        <Page key="again" />
      </Suspense>,
    );
    expect(seen.at(-1)).toBe('page 1');
  });

  it('is nothing to a page whose answer has not come', () => {
    startEarly('catalogue f', () => new Promise<string>(() => {}));
    const { result } = renderHook(() => useArrived<string>('catalogue f'));
    expect(result.current).toMatchObject({ arrived: undefined, current: false });
  });
});

describe("a page's request with an early answer", () => {
  const unpack = (answer: string) => `shown: ${answer}`;
  const useList = (key: string, ask: () => Promise<string>) =>
    useEarlyRequest(key, ask, unpack, { refreshDeps: [key] });

  it('renders an answer that came before its first render in that render, asking nothing', async () => {
    startEarly('list a', () => Promise.resolve('page 1'));
    await Promise.resolve();
    const ask = jest.fn().mockResolvedValue('asked');
    const seen: Array<string | undefined> = [];
    const { result } = renderHook(() => {
      const request = useList('list a', ask);
      seen.push(request.data);
      return request;
    });
    expect(seen[0]).toBe('shown: page 1');
    expect(result.current).toMatchObject({ data: 'shown: page 1', loading: false });
    await act(() => Promise.resolve());
    expect(ask).not.toHaveBeenCalled();
  });

  it('takes an answer still on its way instead of asking', async () => {
    const answer = startPending('list b');
    const ask = jest.fn().mockResolvedValue('asked');
    const { result } = renderHook(() => useList('list b', ask));
    expect(result.current.data).toBeUndefined();
    act(() => answer('page 1'));
    await waitFor(() => expect(result.current.data).toBe('shown: page 1'));
    expect(ask).not.toHaveBeenCalled();
  });

  it('asks afresh on refresh, and when its key changes', async () => {
    startEarly('list c', () => Promise.resolve('page 1'));
    await Promise.resolve();
    const ask = jest.fn().mockResolvedValueOnce('again').mockResolvedValueOnce('page 2');
    const { result, rerender } = renderHook(({ key }) => useList(key, ask), { initialProps: { key: 'list c' } });
    act(() => result.current.refresh());
    await waitFor(() => expect(result.current.data).toBe('shown: again'));
    rerender({ key: 'list d' });
    await waitFor(() => expect(result.current.data).toBe('shown: page 2'));
    expect(ask).toHaveBeenCalledTimes(2);
  });

  it('gives a failure to the page, without the data of the first answer', async () => {
    startEarly('list e', () => Promise.resolve('page 1'));
    await Promise.resolve();
    const failure = new Error('network');
    const ask = jest.fn().mockRejectedValue(failure);
    const { result } = renderHook(() => useList('list e', ask));
    act(() => result.current.refresh());
    await waitFor(() => expect(result.current.error).toBe(failure));
    expect(result.current.data).toBeUndefined();
  });
});

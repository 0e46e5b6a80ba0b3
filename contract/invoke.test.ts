import {
  HISTORY_PARAMS_MAX_BYTES,
  RESPONSE_HEADERS_MAX,
  historyEntryOf,
  historyParamsOf,
  responseHeadersOf,
} from './invoke';

describe('responseHeadersOf', () => {
  it('lower-cases names, joins several values and keeps the order received', () => {
    expect(
      responseHeadersOf({
        'Content-Type': 'application/json; charset=utf-8',
        Vary: ['Accept', 'Origin'],
        'X-Request-Id': 'abc',
        'content-length': 42,
        'x-missing': undefined,
      }),
    ).toEqual({
      'content-type': 'application/json; charset=utf-8',
      vary: 'Accept, Origin',
      'x-request-id': 'abc',
      'content-length': '42',
    });
    expect(Object.keys(responseHeadersOf({ b: '1', a: '2', c: '3' }))).toEqual(['b', 'a', 'c']);
  });

  it('leaves out cookies, hop-by-hop headers and those the Connection header names', () => {
    const headers = responseHeadersOf({
      'set-cookie': ['a=1', 'b=2'],
      connection: 'keep-alive, X-Trace-Hop',
      'keep-alive': 'timeout=5',
      'transfer-encoding': 'chunked',
      upgrade: 'h2c',
      'x-trace-hop': 'secret route',
      date: 'Fri, 20 Nov 2026 07:30:00 GMT',
    });
    expect(headers).toEqual({ date: 'Fri, 20 Nov 2026 07:30:00 GMT' });
  });

  it('answers at most 50 headers and 8 KB of names and values, skipping one that does not fit', () => {
    const many: Record<string, string> = {};
    for (let i = 0; i < 80; i += 1) many[`x-h${i}`] = 'v';
    const counted = responseHeadersOf(many);
    expect(Object.keys(counted)).toHaveLength(RESPONSE_HEADERS_MAX.count);
    expect(counted['x-h49']).toBe('v');
    expect(counted['x-h50']).toBeUndefined();

    const big = 'y'.repeat(5000);
    const sized = responseHeadersOf({ 'x-a': big, 'x-b': big, 'x-c': 'small' });
    expect(Object.keys(sized)).toEqual(['x-a', 'x-c']);
  });
});

describe('historyParamsOf', () => {
  it('keeps a text up to the limit in UTF-8 bytes and marks a longer one instead of keeping it', () => {
    expect(historyParamsOf('{"city":"北京"}')).toEqual({ params: '{"city":"北京"}', paramsTruncated: false });
    const atLimit = `"${'a'.repeat(HISTORY_PARAMS_MAX_BYTES - 2)}"`;
    expect(historyParamsOf(atLimit)).toEqual({ params: atLimit, paramsTruncated: false });
    // 1366 characters of three bytes each: short in characters, over the limit in bytes.
    expect(historyParamsOf(`"${'北'.repeat(1366)}"`)).toEqual({ params: null, paramsTruncated: true });
    expect(historyParamsOf(null)).toEqual({ params: null, paramsTruncated: false });
  });
});

describe('historyEntryOf', () => {
  it('writes the time in ISO 8601 and says paramsTruncated only when it is true', () => {
    const call = {
      status: 200,
      success: true,
      durationMs: 12,
      bytes: 34,
      params: '{}',
      paramsTruncated: false,
    };
    const time = Date.UTC(2026, 10, 20, 7, 30, 1, 250);
    expect(historyEntryOf({ ...call, time })).toEqual({
      time: '2026-11-20T07:30:01.250Z',
      status: 200,
      success: true,
      durationMs: 12,
      bytes: 34,
      params: '{}',
    });
    expect(
      historyEntryOf({ ...call, time: new Date(time), params: null, paramsTruncated: true }),
    ).toMatchObject({
      params: null,
      paramsTruncated: true,
    });
  });
});

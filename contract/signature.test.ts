import { canonicalQuery, canonicalRequest, EMPTY_BODY_SHA256, NONCE_PATTERN } from './signature';

describe('the gateway signature’s canonical text', () => {
  test('six lines: method, path, sorted query, timestamp, nonce, body hash', () => {
    expect(
      canonicalRequest({
        method: 'get',
        path: '/gateway/1800000000000000001',
        query: 'unit=c&city=%E5%8C%97%E4%BA%AC',
        timestamp: '1790000000',
        nonce: 'n0nce_abc-123',
        bodySha256: EMPTY_BODY_SHA256.toUpperCase(),
      }),
    ).toBe(
      [
        'GET',
        '/gateway/1800000000000000001',
        'city=%E5%8C%97%E4%BA%AC&unit=c',
        '1790000000',
        'n0nce_abc-123',
        EMPTY_BODY_SHA256,
      ].join('\n'),
    );
  });

  test('the query: by name then value, encoded with encodeURIComponent, empty when none', () => {
    expect(canonicalQuery(new URLSearchParams('b=2&a=2&a=10&a+b=x%20y&c=%7E!'))).toBe(
      'a=10&a=2&a%20b=x%20y&b=2&c=~!',
    );
    expect(canonicalQuery([])).toBe('');
    expect(canonicalRequest({ method: 'POST', path: '/p', query: '', timestamp: '1', nonce: 'x', bodySha256: 'AB' })).toBe(
      'POST\n/p\n\n1\nx\nab',
    );
  });

  test('order by code point, as UTF-8 bytes and Python order it (not UTF-16 units)', () => {
    // U+FF5E (a BMP character) sorts before U+1F600 by code point; UTF-16 units put the emoji's surrogate (U+D83D) first.
    expect(canonicalQuery([['\u{1F600}', '1'], ['\uFF5E', '2']])).toBe(
      `${encodeURIComponent('\uFF5E')}=2&${encodeURIComponent('\u{1F600}')}=1`,
    );
  });

  test('nonces: 8 to 64 of A-Z a-z 0-9 _ -', () => {
    expect(NONCE_PATTERN.test('abcd_-12')).toBe(true);
    expect(NONCE_PATTERN.test('a'.repeat(64))).toBe(true);
    expect(NONCE_PATTERN.test('short')).toBe(false);
    expect(NONCE_PATTERN.test('a'.repeat(65))).toBe(false);
    expect(NONCE_PATTERN.test('has space')).toBe(false);
  });
});

import { tokenizeJson } from './jsonTokens';

const kinds = (text: string) => tokenizeJson(text).map((t) => [t.kind, t.text]);

describe('tokenizeJson', () => {
  it('tells keys from string values, and colours numbers and literals', () => {
    expect(kinds('{"city": "北京", "temp": -3.5e2, "ok": true, "x": null}')).toEqual([
      ['punctuation', '{'],
      ['key', '"city"'],
      ['punctuation', ': '],
      ['string', '"北京"'],
      ['punctuation', ', '],
      ['key', '"temp"'],
      ['punctuation', ': '],
      ['number', '-3.5e2'],
      ['punctuation', ', '],
      ['key', '"ok"'],
      ['punctuation', ': '],
      ['literal', 'true'],
      ['punctuation', ', '],
      ['key', '"x"'],
      ['punctuation', ': '],
      ['literal', 'null'],
      ['punctuation', '}'],
    ]);
  });

  it('keeps ids beyond 2^53 digit for digit', () => {
    expect(kinds('[12345678901234567890]')).toEqual([
      ['punctuation', '['],
      ['number', '12345678901234567890'],
      ['punctuation', ']'],
    ]);
  });

  it('reads escaped quotes inside strings, and a string that only looks like a key', () => {
    expect(kinds('["a \\" b", "k:"]')).toEqual([
      ['punctuation', '['],
      ['string', '"a \\" b"'],
      ['punctuation', ', '],
      ['string', '"k:"'],
      ['punctuation', ']'],
    ]);
  });

  it('gives back every character of any text, JSON or not', () => {
    for (const text of ['{\n  "a": [1, 2]\n}', '<html>not json</html>', '{"open": "no end', '', 'truest']) {
      expect(tokenizeJson(text).map((t) => t.text).join('')).toBe(text);
    }
    expect(kinds('truest')).toEqual([['plain', 'truest']]);
  });
});

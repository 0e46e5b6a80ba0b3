import { shortId, splitUrl } from './display';

describe('shortId', () => {
  it('keeps the last six digits of a 19-digit id, as text', () => {
    expect(shortId('1800000000000123457')).toBe('…123457');
  });

  it('leaves short ids whole', () => {
    expect(shortId('1234567')).toBe('1234567');
    expect(shortId(42)).toBe('42');
  });

  it('never goes through a number (the digits beyond 2^53 stay)', () => {
    expect(shortId('9007199254740993999')).toBe('…993999');
  });
});

describe('splitUrl', () => {
  it('separates the origin from the path and query', () => {
    expect(splitUrl('https://api.agler.dev/v1/weather?city=1')).toEqual({
      origin: 'https://api.agler.dev',
      rest: '/v1/weather?city=1',
    });
  });

  it('keeps a port with the origin and a bare host with an empty rest', () => {
    expect(splitUrl('http://127.0.0.1:8080/a')).toEqual({ origin: 'http://127.0.0.1:8080', rest: '/a' });
    expect(splitUrl('https://api.agler.dev')).toEqual({ origin: 'https://api.agler.dev', rest: '' });
  });

  it('keeps text that is not a url as it is', () => {
    expect(splitUrl('not a url')).toEqual({ origin: '', rest: 'not a url' });
  });
});

import { compareNames, textFault, utf8Bytes } from './text';

describe('textFault', () => {
  test.each([
    ['NUL', 'a\u0000b', 'control'],
    ['another C0 control', '\u001b[31m', 'control'],
    ['DEL', 'a\u007f', 'control'],
    ['a C1 control', 'a\u0085', 'control'],
    ['a tab in one line', 'a\tb', 'control'],
    ['a line break in one line', 'a\nb', 'control'],
    ['a lone high surrogate', 'a\ud83d', 'loneSurrogate'],
    ['a lone low surrogate', '\ude00a', 'loneSurrogate'],
    ['a pair the wrong way round', '\ude00\ud83d', 'loneSurrogate'],
    ['a right-to-left override', '天气\u202e查询', 'bidi'],
  ])('%s is refused', (_, text, fault) => {
    expect(textFault(text)).toBe(fault);
  });

  test.each(['', 'Agler接口', '👍🏽 ok', '\u00a0no-break space', 'é'])('%j passes', (text) => {
    expect(textFault(text)).toBeUndefined();
  });

  test('line breaks and bidirectional controls pass only where a field allows them; controls never do', () => {
    expect(textFault('a\r\n\tb', { lineBreaks: true })).toBeUndefined();
    expect(textFault('a\u202eb', { directionMarks: true })).toBeUndefined();
    expect(textFault('a\u0000b', { lineBreaks: true, directionMarks: true })).toBe('control');
    expect(textFault('a\ud800b', { lineBreaks: true, directionMarks: true })).toBe('loneSurrogate');
  });
});

describe('utf8Bytes', () => {
  test.each([
    '',
    'x-request-id',
    'application/json; charset=utf-8',
    'é',
    '接口',
    'Agler接口 🚀 ok',
    '👍🏽',
    '\u07ff\u0800\uffff',
    'lone \ud83d high',
    'lone \ude80 low',
    '\ud83d',
    'end with high \ud83d',
    '\ude80\ud83d reversed pair',
  ])('%j counts as many bytes as an encoder writes', (text) => {
    expect(utf8Bytes(text)).toBe(new TextEncoder().encode(text).length);
  });
});

describe('compareNames', () => {
  test('orders Chinese names by pinyin and numbers by value', () => {
    expect(['天气查询', '接口 10', '接口 2', '百度翻译'].sort(compareNames)).toEqual([
      '百度翻译',
      '接口 2',
      '接口 10',
      '天气查询',
    ]);
  });

  test('builds its collator at the first comparison, not when the module loads', () => {
    const Collator = jest.spyOn(Intl, 'Collator');
    try {
      jest.isolateModules(() => {
        const { compareNames: isolated } = jest.requireActual<typeof import('./text')>('./text');
        expect(Collator).not.toHaveBeenCalled();
        expect(isolated('a', 'b')).toBeLessThan(0);
        expect(isolated('b', 'a')).toBeGreaterThan(0);
        expect(Collator).toHaveBeenCalledTimes(1);
      });
    } finally {
      Collator.mockRestore();
    }
  });
});

import { compareNames, utf8Bytes } from './text';

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

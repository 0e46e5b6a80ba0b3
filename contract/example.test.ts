import { buildExample, exampleText } from './example';

const param = (name: string, type: string, required = true) => ({ name, type, required, description: '' });

describe('buildExample', () => {
  it('fills well-known names with real-looking values', () => {
    expect(buildExample([param('city', 'string'), param('ip', 'string'), param('phone', 'string')])).toEqual({
      city: '北京',
      ip: '8.8.8.8',
      phone: '13800138000',
    });
  });

  it('recognises names by fragment', () => {
    expect(buildExample([param('homeCity', 'string'), param('callbackUrl', 'string'), param('userId', 'string')])).toEqual({
      homeCity: '北京',
      callbackUrl: 'https://example.com',
      userId: '1',
    });
  });

  it('falls back to the value of the type', () => {
    expect(
      buildExample([param('foo', 'string'), param('bar', 'number'), param('baz', 'integer'), param('on', 'boolean'), param('o', 'object'), param('a', 'array')]),
    ).toEqual({ foo: '示例', bar: 1, baz: 1, on: true, o: {}, a: [] });
  });

  it('keeps the declared type when a hint has another one', () => {
    expect(buildExample([param('city', 'integer'), param('days', 'string'), param('days2', 'integer')])).toEqual({
      city: 1,
      days: '3',
      days2: 1,
    });
    expect(buildExample([param('days', 'integer')])).toEqual({ days: 3 });
  });

  it('prefers the example a description gives', () => {
    const described = (name: string, type: string, description: string) => ({ name, type, required: true, description });
    expect(
      buildExample([
        described('from', 'string', '源货币代码，如 USD'),
        described('city', 'string', '城市名，如 上海、广州'),
        described('word', 'string', 'An English word, e.g. apple'),
        described('n', 'integer', '数量，例如 5'),
        described('length', 'integer', '长度，8 到 64，默认 16'),
        described('gender', 'string', '性别：male、female 或 any（默认）'),
        described('id', 'string', '用户 id，如 10086'),
        described('html', 'string', '待转义的文本，如 `<b>粗体</b>`'),
      ]),
    ).toEqual({ from: 'USD', city: '上海', word: 'apple', n: 5, length: 16, gender: 'male', id: '10086', html: '<b>粗体</b>' });
  });

  it('includes optional parameters', () => {
    expect(Object.keys(buildExample([param('city', 'string'), param('unit', 'string', false)]))).toEqual(['city', 'unit']);
  });
});

describe('exampleText', () => {
  it('pretty-prints the example of a parameter list', () => {
    expect(exampleText('[{"name":"city","type":"string","required":true}]')).toBe('{\n  "city": "北京"\n}');
  });

  it('reuses a hand-written JSON object and gives {} for anything else', () => {
    expect(exampleText('{"city":"上海"}')).toBe('{\n  "city": "上海"\n}');
    expect(exampleText('city=北京')).toBe('{}');
    expect(exampleText('')).toBe('{}');
    expect(exampleText(undefined)).toBe('{}');
  });
});

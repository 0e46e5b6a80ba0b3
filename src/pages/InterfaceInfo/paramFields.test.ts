import type { RequestParam } from '@agler/contract/requestParams';
import { enumOptionsOf, fieldProblem, fieldsOf, formProblemOf, formValuesOf, kindOfType, withFieldValue } from './paramFields';

const param = (name: string, type: string, required: boolean, description = ''): RequestParam => ({ name, type, required, description });

describe('kindOfType', () => {
  it('reads the usual spellings of each type, and any other word as text', () => {
    expect(kindOfType('string')).toBe('string');
    expect(kindOfType(' Integer ')).toBe('integer');
    expect(kindOfType('long')).toBe('integer');
    expect(kindOfType('double')).toBe('number');
    expect(kindOfType('bool')).toBe('boolean');
    expect(kindOfType('object')).toBe('object');
    expect(kindOfType('string[]')).toBe('array');
    expect(kindOfType('list')).toBe('array');
    expect(kindOfType('file')).toBe('string');
  });
});

describe('enumOptionsOf', () => {
  it('reads values with labels and the default after a colon', () => {
    expect(enumOptionsOf('温度单位：c 摄氏度（默认）或 f 华氏度')).toEqual([
      { value: 'c', label: 'c 摄氏度', isDefault: true },
      { value: 'f', label: 'f 华氏度', isDefault: false },
    ]);
    expect(enumOptionsOf('性别：male、female 或 any（默认）').map((o) => o.value)).toEqual(['male', 'female', 'any']);
  });

  it('reads a description that is only the list, in Chinese or English', () => {
    expect(enumOptionsOf('shipped、completed 或 cancelled').map((o) => o.value)).toEqual(['shipped', 'completed', 'cancelled']);
    expect(enumOptionsOf('md5, sha1 or sha256 (default)')).toEqual([
      { value: 'md5', label: 'md5', isDefault: false },
      { value: 'sha1', label: 'sha1', isDefault: false },
      { value: 'sha256', label: 'sha256', isDefault: true },
    ]);
    expect(enumOptionsOf('USD/EUR/CNY').map((o) => o.value)).toEqual(['USD', 'EUR', 'CNY']);
  });

  it('finds no enum in prose, examples, ranges or single values', () => {
    expect(enumOptionsOf('城市名，如 北京、上海')).toEqual([]);
    expect(enumOptionsOf('IPv4 地址，如 8.8.8.8')).toEqual([]);
    expect(enumOptionsOf('Name or email')).toEqual([]);
    expect(enumOptionsOf('Name language, e.g. en')).toEqual([]);
    expect(enumOptionsOf('日期 yyyy-MM-dd，默认今天')).toEqual([]);
    expect(enumOptionsOf('格式：yyyy-MM-dd')).toEqual([]);
    expect(enumOptionsOf('待转义的文本，如 <b>粗体</b>')).toEqual([]);
    expect(enumOptionsOf('a、a')).toEqual([]);
    expect(enumOptionsOf('')).toEqual([]);
  });
});

describe('fieldsOf', () => {
  it('gives each parameter its kind, required mark, help and example', () => {
    const fields = fieldsOf([
      param('city', 'string', true, '城市名，如 北京、上海'),
      param('unit', 'string', false, '温度单位：c 摄氏度（默认）或 f 华氏度'),
      param('days', 'integer', false, '天数，1 到 7，默认 3'),
      param('tone', 'boolean', false, '是否带声调'),
      param('filter', 'object', false, '筛选条件'),
    ]);
    expect(fields.map((f) => [f.name, f.kind, f.required, f.placeholder])).toEqual([
      ['city', 'string', true, '北京'],
      ['unit', 'enum', false, 'c'],
      ['days', 'integer', false, '3'],
      ['tone', 'boolean', false, ''],
      ['filter', 'object', false, '{}'],
    ]);
    expect(fields[0].description).toBe('城市名，如 北京、上海');
  });

  it('only makes enums of text parameters', () => {
    expect(fieldsOf([param('level', 'integer', false, '级别：1、2 或 3')])[0].kind).toBe('integer');
  });
});

const FIELDS = fieldsOf([
  param('city', 'string', true),
  param('days', 'integer', false),
  param('ratio', 'number', false),
  param('tone', 'boolean', false),
  param('filter', 'object', false),
  param('tags', 'array', false),
]);
const field = (name: string) => FIELDS.find((f) => f.name === name)!;

describe('formValuesOf', () => {
  it('shows each declared parameter as text, exact numbers and pretty JSON', () => {
    const text = '{"city":"北京","days":12345678901234567890,"ratio":1.50,"tone":false,"filter":{"id":9007199254740993},"extra":1}';
    expect(formValuesOf(text, FIELDS)).toEqual({
      city: '北京',
      days: '12345678901234567890',
      ratio: '1.50',
      tone: 'false',
      filter: '{\n  "id": 9007199254740993\n}',
      tags: undefined,
    });
  });

  it('reads empty text as no parameters, and cannot show what is not a JSON object', () => {
    expect(formValuesOf('  ', FIELDS)).toEqual({ city: undefined, days: undefined, ratio: undefined, tone: undefined, filter: undefined, tags: undefined });
    expect(formValuesOf('[1]', FIELDS)).toBeUndefined();
    expect(formValuesOf('{"city":', FIELDS)).toBeUndefined();
    expect(formProblemOf('[1]')).toBe('参数需要是一个 JSON 对象');
    expect(formProblemOf('{"city":')).toMatch(/^JSON 格式错误/);
    expect(formProblemOf('')).toBeUndefined();
  });
});

describe('fieldProblem', () => {
  it('checks each type, leaving empty values to the required rule', () => {
    expect(fieldProblem(field('days'), '3')).toBeUndefined();
    expect(fieldProblem(field('days'), '3.5')).toBe('days 需要是整数');
    expect(fieldProblem(field('ratio'), '-0.5e3')).toBeUndefined();
    expect(fieldProblem(field('ratio'), 'abc')).toBe('ratio 需要是数字');
    expect(fieldProblem(field('tone'), 'yes')).toBe('tone 需要是 true 或 false');
    expect(fieldProblem(field('filter'), '[]')).toBe('filter 需要是 JSON 对象');
    expect(fieldProblem(field('tags'), '{}')).toBe('tags 需要是 JSON 数组');
    expect(fieldProblem(field('filter'), '{"a":')).toMatch(/^JSON 格式错误/);
    expect(fieldProblem(field('days'), undefined)).toBeUndefined();
    expect(fieldProblem(field('days'), '')).toBeUndefined();
  });
});

describe('withFieldValue', () => {
  it('writes the edited parameter with its type and keeps every other key exactly', () => {
    const text = '{"city":"北京","id":12345678901234567890,"extra":{"n":1.10}}';
    expect(withFieldValue(text, field('days'), '98765432109876543210')).toBe(
      '{\n  "city": "北京",\n  "id": 12345678901234567890,\n  "extra": {\n    "n": 1.10\n  },\n  "days": 98765432109876543210\n}',
    );
    expect(JSON.parse(withFieldValue(text, field('tone'), 'true')).tone).toBe(true);
    expect(JSON.parse(withFieldValue(text, field('tags'), '["a", 2]')).tags).toEqual(['a', 2]);
    expect(JSON.parse(withFieldValue(text, field('city'), '上海')).city).toBe('上海');
  });

  it('leaves an emptied parameter out', () => {
    expect(withFieldValue('{"city":"北京","days":3}', field('days'), undefined)).toBe('{\n  "city": "北京"\n}');
    expect(withFieldValue('{"city":"北京"}', field('city'), '')).toBe('{}');
    expect(withFieldValue('', field('city'), '北京')).toBe('{\n  "city": "北京"\n}');
  });

  it('puts a parameter that was not there in its documented place, among keys of the user’s own too', () => {
    const declared = ['city', 'days', 'unit'];
    expect(withFieldValue('{"unit":"c"}', field('city'), '上海', declared)).toBe('{\n  "city": "上海",\n  "unit": "c"\n}');
    expect(withFieldValue('{"city":"北京","extra":1,"unit":"c"}', field('days'), '3', declared)).toBe(
      '{\n  "city": "北京",\n  "extra": 1,\n  "days": 3,\n  "unit": "c"\n}',
    );
    // A parameter the documented order does not name goes last.
    expect(withFieldValue('{"unit":"c","extra":1}', field('ratio'), '1.5', declared)).toBe(
      '{\n  "unit": "c",\n  "extra": 1,\n  "ratio": 1.5\n}',
    );
    // One already there keeps its place.
    expect(withFieldValue('{"unit":"c","city":"北京"}', field('city'), '上海', declared)).toBe(
      '{\n  "unit": "c",\n  "city": "上海"\n}',
    );
  });

  it('keeps the text while the value is not of its type, or the text is not an object', () => {
    expect(withFieldValue('{"days":3}', field('days'), '3.5')).toBe('{"days":3}');
    expect(withFieldValue('{"days":3}', field('filter'), '{"a":')).toBe('{"days":3}');
    expect(withFieldValue('[1]', field('city'), '北京')).toBe('[1]');
  });
});

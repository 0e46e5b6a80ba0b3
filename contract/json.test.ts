import { checkJson, formatJson } from './json';
import { textOf } from './messageKeys';

/** checkJson's message as its text. */
const checked = (...args: Parameters<typeof checkJson>) => {
  const message = checkJson(...args);
  return message && textOf(message);
};

describe('checkJson', () => {
  it('accepts valid JSON of any kind', () => {
    expect(checked('{"a":1}')).toBeUndefined();
    expect(checked('[1, 2]')).toBeUndefined();
    expect(checked('"text"')).toBeUndefined();
  });

  it('asks for JSON when empty, unless empty is allowed', () => {
    expect(checked('')).toBe('请输入 JSON');
    expect(checked('   ', { allowEmpty: true })).toBeUndefined();
    expect(checked(undefined, { allowEmpty: true })).toBeUndefined();
  });

  it('names the line and column of the problem', () => {
    expect(checked('{\n  "a": 1,\n  "b": }')).toBe('JSON 格式错误（第 3 行第 8 列）：缺少值');
  });

  it('refuses what JSON does not allow: comments, trailing commas, single quotes', () => {
    expect(checked('{"a": 1 // note\n}')).toBe('JSON 格式错误（第 1 行第 9 列）：JSON 不支持注释');
    expect(checked('[1, 2,]')).toBe('JSON 格式错误（第 1 行第 7 列）：缺少值');
    expect(checked("{'a': 1}")).toMatch(/^JSON 格式错误（第 1 行第 2 列）/);
  });

  it('points at the end for unfinished text', () => {
    expect(checked('{"a": [1, 2')).toMatch(/^JSON 格式错误（第 1 行第 12 列）/);
  });
});

describe('formatJson', () => {
  it('pretty-prints valid JSON with two spaces', () => {
    expect(formatJson('{"a":[1,{"b":true}]}')).toBe('{\n  "a": [\n    1,\n    {\n      "b": true\n    }\n  ]\n}');
  });

  it('gives undefined for invalid JSON', () => {
    expect(formatJson('{a:1}')).toBeUndefined();
  });
});

import { checkInterfaceField, isAbsoluteHttpUrl, validateInterface } from './interfaceValidation';
import { textOf } from './messageKeys';

/** The check's message as its text. */
const checked = (...args: Parameters<typeof checkInterfaceField>) => {
  const message = checkInterfaceField(...args);
  return message && textOf(message);
};

/** The first problem, its message as its text. */
const validated = (...args: Parameters<typeof validateInterface>) => {
  const error = validateInterface(...args);
  return error && { ...error, message: textOf(error.message) };
};

const valid = {
  name: '天气查询',
  description: '按城市查询天气',
  url: 'https://api.example.com/weather?city=beijing',
  method: 'GET',
  requestParams: '[{"name":"city","type":"string","required":true,"description":"城市"}]',
  requestHeader: '{"Content-Type":"application/json"}',
  responseHeader: '',
};

describe('checkInterfaceField', () => {
  it('requires a name, at most 50 characters, ignoring surrounding spaces', () => {
    expect(checked('name', '')).toBe('请输入接口名称');
    expect(checked('name', '   ')).toBe('请输入接口名称');
    expect(checked('name', undefined)).toBe('请输入接口名称');
    expect(checked('name', 'a'.repeat(50))).toBeUndefined();
    expect(checked('name', ` ${'a'.repeat(50)} `)).toBeUndefined();
    expect(checked('name', 'a'.repeat(51))).toBe('接口名称不能超过 50 个字符');
  });

  it('allows an empty description of at most 256 characters', () => {
    expect(checked('description', '')).toBeUndefined();
    expect(checked('description', null)).toBeUndefined();
    expect(checked('description', '说'.repeat(256))).toBeUndefined();
    expect(checked('description', '说'.repeat(257))).toBe('接口描述不能超过 256 个字符');
  });

  it('requires an absolute http(s) url of at most 512 characters', () => {
    expect(checked('url', '')).toBe('请输入接口地址');
    expect(checked('url', 'http://localhost:8123/api/name')).toBeUndefined();
    const message = '接口地址必须是以 http:// 或 https:// 开头的完整地址';
    for (const bad of [
      'api.example.com/x',
      '/api/x',
      'ftp://example.com',
      'http:/example.com',
      'http://',
      'https://exa mple.com',
      'javascript:alert(1)',
    ]) {
      expect(checked('url', bad)).toBe(message);
    }
    const long = `https://example.com/${'a'.repeat(512 - 20)}`;
    expect(long).toHaveLength(512);
    expect(checked('url', long)).toBeUndefined();
    expect(checked('url', `${long}b`)).toBe('接口地址不能超过 512 个字符');
  });

  it('accepts only the five methods, in capitals', () => {
    for (const method of ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'])
      expect(checked('method', method)).toBeUndefined();
    expect(checked('method', 'get')).toBe('请求方法必须是 GET、POST、PUT、DELETE、PATCH 之一');
    expect(checked('method', 'HEAD')).toBe('请求方法必须是 GET、POST、PUT、DELETE、PATCH 之一');
    expect(checked('method', undefined)).toBe('请输入请求方法');
  });

  it('accepts empty or valid JSON and names the field of invalid JSON', () => {
    expect(checked('requestParams', '')).toBeUndefined();
    expect(checked('requestHeader', '{"a": 1}')).toBeUndefined();
    expect(checked('responseHeader', '[]')).toBeUndefined();
    expect(checked('requestParams', '[{"name": }]')).toBe(
      '请求参数：JSON 格式错误（第 1 行第 11 列）：缺少值',
    );
    expect(checked('requestHeader', "{'a': 1}")).toMatch(/^请求头：JSON 格式错误/);
    expect(checked('responseHeader', '{"a": 1,}')).toMatch(/^响应头：JSON 格式错误/);
  });

  it('refuses values that are not text', () => {
    expect(checked('name', 42)).toBe('接口名称必须是文本');
    expect(checked('requestParams', [{ name: 'a' }])).toBe('请求参数必须是文本');
  });
});

describe('isAbsoluteHttpUrl', () => {
  it('needs a scheme and a host', () => {
    expect(isAbsoluteHttpUrl('HTTPS://Example.com')).toBe(true);
    expect(isAbsoluteHttpUrl('https://example.com:8080/a?b=1#c')).toBe(true);
    expect(isAbsoluteHttpUrl('https://:80')).toBe(false);
    expect(isAbsoluteHttpUrl('example.com')).toBe(false);
  });
});

describe('validateInterface', () => {
  it('accepts a valid interface', () => {
    expect(validated(valid)).toBeUndefined();
  });

  it('reports the first problem with the field it belongs to', () => {
    expect(validated({ ...valid, url: 'nope', requestHeader: '{' })).toEqual({
      field: 'url',
      message: '接口地址必须是以 http:// 或 https:// 开头的完整地址',
    });
    expect(validated({ ...valid, responseHeader: '{' })?.field).toBe('responseHeader');
  });

  it('needs every required field of a new interface', () => {
    expect(validated({})).toEqual({ field: 'name', message: '请输入接口名称' });
    expect(validated({ name: 'x', url: 'https://a.b' })).toEqual({
      field: 'method',
      message: '请输入请求方法',
    });
  });

  it('checks only the given fields of a partial update, but those fully', () => {
    expect(validated({ description: '新描述' }, { partial: true })).toBeUndefined();
    expect(validated({ name: '' }, { partial: true })).toEqual({
      field: 'name',
      message: '请输入接口名称',
    });
    expect(validated({ name: null }, { partial: true })?.field).toBe('name');
  });

  it('refuses a body that is not an object', () => {
    expect(validated(null)?.message).toBe('请求体必须是 JSON 对象');
    expect(validated([valid])?.message).toBe('请求体必须是 JSON 对象');
  });
});

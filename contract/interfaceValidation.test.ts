import { checkInterfaceField, isAbsoluteHttpUrl, validateInterface } from './interfaceValidation';

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
    expect(checkInterfaceField('name', '')).toBe('请输入接口名称');
    expect(checkInterfaceField('name', '   ')).toBe('请输入接口名称');
    expect(checkInterfaceField('name', undefined)).toBe('请输入接口名称');
    expect(checkInterfaceField('name', 'a'.repeat(50))).toBeUndefined();
    expect(checkInterfaceField('name', ` ${'a'.repeat(50)} `)).toBeUndefined();
    expect(checkInterfaceField('name', 'a'.repeat(51))).toBe('接口名称不能超过 50 个字符');
  });

  it('allows an empty description of at most 256 characters', () => {
    expect(checkInterfaceField('description', '')).toBeUndefined();
    expect(checkInterfaceField('description', null)).toBeUndefined();
    expect(checkInterfaceField('description', '说'.repeat(256))).toBeUndefined();
    expect(checkInterfaceField('description', '说'.repeat(257))).toBe('接口描述不能超过 256 个字符');
  });

  it('requires an absolute http(s) url of at most 512 characters', () => {
    expect(checkInterfaceField('url', '')).toBe('请输入接口地址');
    expect(checkInterfaceField('url', 'http://localhost:8123/api/name')).toBeUndefined();
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
      expect(checkInterfaceField('url', bad)).toBe(message);
    }
    const long = `https://example.com/${'a'.repeat(512 - 20)}`;
    expect(long).toHaveLength(512);
    expect(checkInterfaceField('url', long)).toBeUndefined();
    expect(checkInterfaceField('url', `${long}b`)).toBe('接口地址不能超过 512 个字符');
  });

  it('accepts only the five methods, in capitals', () => {
    for (const method of ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'])
      expect(checkInterfaceField('method', method)).toBeUndefined();
    expect(checkInterfaceField('method', 'get')).toBe('请求方法必须是 GET、POST、PUT、DELETE、PATCH 之一');
    expect(checkInterfaceField('method', 'HEAD')).toBe('请求方法必须是 GET、POST、PUT、DELETE、PATCH 之一');
    expect(checkInterfaceField('method', undefined)).toBe('请输入请求方法');
  });

  it('accepts empty or valid JSON and names the field of invalid JSON', () => {
    expect(checkInterfaceField('requestParams', '')).toBeUndefined();
    expect(checkInterfaceField('requestHeader', '{"a": 1}')).toBeUndefined();
    expect(checkInterfaceField('responseHeader', '[]')).toBeUndefined();
    expect(checkInterfaceField('requestParams', '[{"name": }]')).toBe(
      '请求参数：JSON 格式错误（第 1 行第 11 列）：缺少值',
    );
    expect(checkInterfaceField('requestHeader', "{'a': 1}")).toMatch(/^请求头：JSON 格式错误/);
    expect(checkInterfaceField('responseHeader', '{"a": 1,}')).toMatch(/^响应头：JSON 格式错误/);
  });

  it('refuses values that are not text', () => {
    expect(checkInterfaceField('name', 42)).toBe('接口名称必须是文本');
    expect(checkInterfaceField('requestParams', [{ name: 'a' }])).toBe('请求参数必须是文本');
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
    expect(validateInterface(valid)).toBeUndefined();
  });

  it('reports the first problem with the field it belongs to', () => {
    expect(validateInterface({ ...valid, url: 'nope', requestHeader: '{' })).toEqual({
      field: 'url',
      message: '接口地址必须是以 http:// 或 https:// 开头的完整地址',
    });
    expect(validateInterface({ ...valid, responseHeader: '{' })?.field).toBe('responseHeader');
  });

  it('needs every required field of a new interface', () => {
    expect(validateInterface({})).toEqual({ field: 'name', message: '请输入接口名称' });
    expect(validateInterface({ name: 'x', url: 'https://a.b' })).toEqual({
      field: 'method',
      message: '请输入请求方法',
    });
  });

  it('checks only the given fields of a partial update, but those fully', () => {
    expect(validateInterface({ description: '新描述' }, { partial: true })).toBeUndefined();
    expect(validateInterface({ name: '' }, { partial: true })).toEqual({
      field: 'name',
      message: '请输入接口名称',
    });
    expect(validateInterface({ name: null }, { partial: true })?.field).toBe('name');
  });

  it('refuses a body that is not an object', () => {
    expect(validateInterface(null)?.message).toBe('请求体必须是 JSON 对象');
    expect(validateInterface([valid])?.message).toBe('请求体必须是 JSON 对象');
  });
});

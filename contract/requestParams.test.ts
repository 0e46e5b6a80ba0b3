import { paramsFromQuery, paramsToQuery, parseRequestParams, requestParamList, serializeRequestParams } from './requestParams';

describe('parseRequestParams', () => {
  it('reads a list of parameter descriptions', () => {
    const text = '[{"name":"city","type":"string","required":true,"description":"城市名"},{"name":"days","type":"integer"}]';
    expect(parseRequestParams(text)).toEqual({
      kind: 'list',
      params: [
        { name: 'city', type: 'string', required: true, description: '城市名' },
        { name: 'days', type: 'integer', required: false, description: '' },
      ],
    });
  });

  it('treats empty text and an empty list as no parameters', () => {
    expect(parseRequestParams(undefined)).toEqual({ kind: 'empty' });
    expect(parseRequestParams('  \n')).toEqual({ kind: 'empty' });
    expect(parseRequestParams('[]')).toEqual({ kind: 'empty' });
  });

  it('is lenient with hand-written entries', () => {
    const parsed = parseRequestParams('[{"name":" ip ","required":"是","desc":"地址"},{"name":"n","type":"number","required":1}]');
    expect(parsed).toEqual({
      kind: 'list',
      params: [
        { name: 'ip', type: 'string', required: true, description: '地址' },
        { name: 'n', type: 'number', required: true, description: '' },
      ],
    });
  });

  it('keeps anything that is not such a list as raw text', () => {
    expect(parseRequestParams('city=北京')).toEqual({ kind: 'raw', text: 'city=北京' });
    expect(parseRequestParams('{"city":"北京"}')).toEqual({ kind: 'raw', text: '{"city":"北京"}' });
    expect(parseRequestParams('[{"type":"string"}]')).toEqual({ kind: 'raw', text: '[{"type":"string"}]' });
    expect(parseRequestParams('["city"]')).toEqual({ kind: 'raw', text: '["city"]' });
  });
});

describe('requestParamList', () => {
  it('gives the list, an empty list, or undefined for raw text', () => {
    expect(requestParamList('[{"name":"a"}]')).toHaveLength(1);
    expect(requestParamList('')).toEqual([]);
    expect(requestParamList('not json')).toBeUndefined();
  });
});

describe('serializeRequestParams', () => {
  it('writes the contract form and reads back the same rows', () => {
    const rows = [
      { name: 'city', type: 'string', required: true, description: '城市名' },
      { name: 'lang', type: 'string', required: false, description: '' },
    ];
    const text = serializeRequestParams(rows);
    expect(text).toBe(
      '[{"name":"city","type":"string","required":true,"description":"城市名"},{"name":"lang","type":"string","required":false,"description":""}]',
    );
    expect(requestParamList(text)).toEqual(rows);
  });

  it('drops rows without a name and gives empty text for no rows', () => {
    expect(serializeRequestParams([{ name: '', type: 'string' }])).toBe('');
    expect(serializeRequestParams([{ name: 'a' }, { type: 'number' }])).toBe(
      '[{"name":"a","type":"string","required":false,"description":""}]',
    );
  });

  it('pretty-prints on request', () => {
    expect(serializeRequestParams([{ name: 'a' }], { pretty: true })).toContain('\n  {\n    "name": "a"');
  });
});

describe('parameters in a query string', () => {
  const declared = [
    { name: 'city', type: 'string', required: true, description: '' },
    { name: 'count', type: 'integer', required: false, description: '' },
    { name: 'ratio', type: 'number', required: false, description: '' },
    { name: 'strict', type: 'boolean', required: false, description: '' },
    { name: 'filter', type: 'object', required: false, description: '' },
    { name: 'tags', type: 'array', required: false, description: '' },
  ];

  it('travels and comes back typed', () => {
    const params = { city: '北京', count: 5, ratio: 0.5, strict: false, filter: { a: 1 }, tags: ['x', 'y'], gone: null };
    const query = paramsToQuery(params);
    expect(query.toString()).toBe('city=%E5%8C%97%E4%BA%AC&count=5&ratio=0.5&strict=false&filter=%7B%22a%22%3A1%7D&tags=%5B%22x%22%2C%22y%22%5D');
    const { gone: _gone, ...rest } = params;
    expect(paramsFromQuery(new URLSearchParams(query.toString()), declared)).toEqual(rest);
  });

  it('keeps what is not of the declared type as text, and undeclared ones as text', () => {
    expect(paramsFromQuery(new URLSearchParams('count=many&strict=yes&filter={&extra=1'), declared)).toEqual({
      count: 'many',
      strict: 'yes',
      filter: '{',
      extra: '1',
    });
  });

  it('has no parameters for anything but an object', () => {
    expect(paramsToQuery([1, 2]).toString()).toBe('');
    expect(paramsToQuery('text').toString()).toBe('');
  });
});

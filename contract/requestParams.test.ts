import { parseRequestParams, requestParamList, serializeRequestParams } from './requestParams';

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

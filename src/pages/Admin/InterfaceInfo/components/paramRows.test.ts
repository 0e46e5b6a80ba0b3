import { emptyParamRow, paramRowsFromJson, paramRowsToJson } from './paramRows';

describe('paramRowsFromJson', () => {
  it('reads no rows from empty text or an empty array', () => {
    expect(paramRowsFromJson('')).toEqual({ ok: true, rows: [] });
    expect(paramRowsFromJson('  \n')).toEqual({ ok: true, rows: [] });
    expect(paramRowsFromJson(undefined)).toEqual({ ok: true, rows: [] });
    expect(paramRowsFromJson('[]')).toEqual({ ok: true, rows: [] });
  });

  it('reads each parameter as a row, filling absent columns', () => {
    expect(
      paramRowsFromJson(
        '[{"name":"city","type":"string","required":true,"description":"城市"},{"name":"days"}]',
      ),
    ).toEqual({
      ok: true,
      rows: [
        { name: 'city', type: 'string', required: true, description: '城市' },
        { name: 'days', type: '', required: false, description: '' },
      ],
    });
  });

  it('keeps keys the table has no column for', () => {
    const result = paramRowsFromJson('[{"name":"q","example":"北京","enum":["a","b"]}]');
    expect(result).toEqual({
      ok: true,
      rows: [
        {
          name: 'q',
          type: '',
          required: false,
          description: '',
          extra: { example: '北京', enum: ['a', 'b'] },
        },
      ],
    });
  });

  it('says why a text cannot be rows', () => {
    expect(paramRowsFromJson('[{')).toEqual({ ok: false, reason: expect.stringMatching(/^JSON 格式错误/) });
    expect(paramRowsFromJson('{"name":"q"}')).toEqual({ ok: false, reason: '请求参数不是数组' });
    expect(paramRowsFromJson('[{"name":"q"}, 3]')).toEqual({ ok: false, reason: '第 2 项不是对象' });
    expect(paramRowsFromJson('[{"name":1}]')).toEqual({ ok: false, reason: '第 1 项的 name 应为文本' });
    expect(paramRowsFromJson('[{"required":"yes"}]')).toEqual({
      ok: false,
      reason: '第 1 项的 required 应为布尔值',
    });
  });
});

describe('paramRowsToJson', () => {
  it('writes no rows as empty text', () => {
    expect(paramRowsToJson([])).toBe('');
  });

  it('writes rows as an indented array in column order, extra keys after', () => {
    const text = paramRowsToJson([
      { name: 'q', type: 'string', required: true, description: '关键词', extra: { example: 'x' } },
    ]);
    expect(text).toBe(
      '[\n  {\n    "name": "q",\n    "type": "string",\n    "required": true,\n    "description": "关键词",\n    "example": "x"\n  }\n]',
    );
  });

  it('round-trips: rows → JSON → the same rows', () => {
    const rows = [
      { name: 'city', type: 'string', required: true, description: '城市' },
      { ...emptyParamRow(), extra: { default: 3 } },
    ];
    expect(paramRowsFromJson(paramRowsToJson(rows))).toEqual({ ok: true, rows });
  });
});

import { csvField, csvText } from './csv';

describe('CSV text', () => {
  it('quotes fields with commas, quotes, line breaks or outer spaces, doubling the quotes inside', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('HTML 转义 <b>"粗体"</b>')).toBe('"HTML 转义 <b>""粗体""</b>"');
    expect(csvField('两行\n名称')).toBe('"两行\n名称"');
    expect(csvField(' 空格')).toBe('" 空格"');
    expect(csvField('plain')).toBe('plain');
    expect(csvField(12)).toBe('12');
    expect(
      csvText([
        ['a', 'b,c'],
        [1, 2],
      ]),
    ).toBe('\uFEFFa,"b,c"\r\n1,2\r\n');
  });

  it('keeps a name that looks like a formula as text', () => {
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('-2')).toBe("'-2");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
  });
});

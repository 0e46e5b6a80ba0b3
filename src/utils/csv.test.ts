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

  it('quotes a field holding the separator of other locales, or a tab', () => {
    expect(csvField('a;b')).toBe('"a;b"');
    expect(csvField('a\tb')).toBe('"a\tb"');
  });

  it('keeps a name that looks like a formula as text', () => {
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('-2-3')).toBe("'-2-3");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
  });

  it('neutralises a formula wherever a cell could start inside a field', () => {
    expect(csvField("a;=1+cmd|' /C calc'!A0")).toBe(`"a;'=1+cmd|' /C calc'!A0"`);
    expect(csvField('a,=1+1')).toBe(`"a,'=1+1"`);
    expect(csvField('a; =1+1')).toBe(`"a; '=1+1"`);
    expect(csvField('a\n@SUM(A1)')).toBe(`"a\n'@SUM(A1)"`);
    expect(csvField('a\r\n-1+1')).toBe(`"a\r\n'-1+1"`);
    expect(csvField('a;+1;-2;@3')).toBe(`"a;'+1;'-2;'@3"`);
    expect(csvField('a;"=1"')).toBe(`"a;""'=1"""`);
    expect(csvField('\t=1')).toBe(`"'\t=1"`);
    expect(csvField('a;\t=1')).toBe(`"a;'\t'=1"`);
    expect(csvField('ok;fine')).toBe('"ok;fine"');
  });

  it('keeps the numbers the app writes as numbers', () => {
    expect(csvField(-5)).toBe('-5');
    expect(csvField(-0.25)).toBe('-0.25');
    expect(csvField('-5')).toBe('-5');
    expect(csvText([['名称', -5, '12.5']])).toBe('\uFEFF名称,-5,12.5\r\n');
  });

  /** The cells a spreadsheet splitting on `sep` would see in a line, read even by one that ignores the quotes. */
  const cellsOf = (line: string, sep: string) => line.split(sep).map((cell) => cell.replace(/^[ "]+/, ''));

  it.each([
    "a;=1+cmd|' /C calc'!A0",
    '=cmd|"/C calc"!A0',
    'x,@SUM(1+1)*cmd|"/C calc"!A0',
    'x;;-2+3+cmd|"/C calc"!A0',
    'x\r\n+1;\t=2',
    'x; "=1+2"',
  ])('leaves no cell of %j starting with a formula, whichever separator reads it', (hostile) => {
    const lines = csvText([
      ['名称', '次数'],
      [hostile, -5],
    ])
      .slice(1)
      .split(/\r\n|\n|\r/);
    const cells = [',', ';', '\t'].flatMap((sep) => lines.flatMap((line) => cellsOf(line, sep)));
    // The count written by the app stays the number it is.
    expect(cells.filter((cell) => /^[=+\-@\t]/.test(cell) && cell !== '-5')).toEqual([]);
  });
});

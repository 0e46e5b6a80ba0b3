import { columnsWidth } from './tableWidth';

describe('columnsWidth', () => {
  it('adds the shown columns’ number widths to the extra width', () => {
    const columns = [{ width: 120 }, { width: 80, hideInTable: true }, {}, { width: '30%' }, { width: 100 }];
    expect(columnsWidth(columns)).toBe(220);
    expect(columnsWidth(columns, 48)).toBe(268);
  });
});

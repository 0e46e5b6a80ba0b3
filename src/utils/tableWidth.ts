/** A column as antd and ProComponents declare it: only its width and whether it is shown count here. */
type SizedColumn = { width?: string | number; hideInTable?: boolean };

/**
 * The width a table's shown columns ask for, plus `extra` (a selection column, a name's least
 * width): the table's `scroll.x`, so a screen narrower than that scrolls the table inside itself
 * instead of the page. Columns without a number width count as 0.
 */
export function columnsWidth(columns: readonly SizedColumn[], extra = 0): number {
  return columns.reduce((sum, column) => sum + (column.hideInTable ? 0 : Number(column.width) || 0), extra);
}

/**
 * Tables as CSV (RFC 4180): a byte order mark so that Excel reads
 * the Chinese names as UTF-8, CRLF line ends, and fields quoted when they
 * hold a comma, a quote, a line break or outer spaces.
 */

const BOM = '\uFEFF';
const EOL = '\r\n';

/**
 * A text a spreadsheet would take as a formula (=, +, -, @, or a tab or CR
 * in front) is kept as text by a leading apostrophe: names are typed by
 * people, and a cell must never run what they typed.
 */
function neutralized(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

export function csvField(value: string | number): string {
  const text = typeof value === 'number' ? String(value) : neutralized(value);
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvText(rows: readonly (readonly (string | number)[])[]): string {
  return BOM + rows.map((row) => row.map(csvField).join(',')).join(EOL) + EOL;
}

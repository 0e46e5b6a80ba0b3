/**
 * Tables as CSV (RFC 4180): a byte order mark so that Excel reads
 * the Chinese names as UTF-8, CRLF line ends, and fields quoted when they
 * hold a separator (`,`, or the `;` of spreadsheets in locales with a
 * decimal comma), a tab, a quote, a line break or outer spaces.
 */

const BOM = '\uFEFF';
const EOL = '\r\n';

/** What makes a spreadsheet read a cell as a formula when it comes first. */
const TRIGGER = '[=+\\-@\\t\\r]';
/**
 * A trigger at the start of the text, or after a `;`, a `,`, a tab or a line
 * break (with spaces or quotes between): where a reader splitting on another
 * separator, or ignoring the quotes, would start a cell.
 */
const CELL_STARTS = new RegExp(`(^|[;,\\t\\r\\n])([ "]*)(?=${TRIGGER})`, 'g');
/** A number as the app writes one (String of a number): a spreadsheet reads it as that number, and nothing runs. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;
const NEEDS_QUOTES = /[",;\t\r\n]|^\s|\s$/;

/**
 * A text a spreadsheet would take as a formula is kept as text by an
 * apostrophe in front of the trigger, at every place a cell may start: names
 * arrive from imported documents, and a cell must never run what they hold.
 */
function neutralized(text: string): string {
  return PLAIN_NUMBER.test(text) ? text : text.replace(CELL_STARTS, "$1$2'");
}

export function csvField(value: string | number): string {
  const text = typeof value === 'number' ? String(value) : neutralized(value);
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvText(rows: readonly (readonly (string | number)[])[]): string {
  return BOM + rows.map((row) => row.map(csvField).join(',')).join(EOL) + EOL;
}

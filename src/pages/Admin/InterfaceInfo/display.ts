/** How many of an id's last digits the table shows: enough to tell the rows of a page apart. */
export const SHORT_ID_DIGITS = 6;

/**
 * An id shortened to its last digits after an ellipsis. Ids are 64-bit: they stay text, never
 * a number, so the digits are the server's.
 */
export function shortId(id: string | number, digits = SHORT_ID_DIGITS): string {
  const text = String(id);
  return text.length > digits + 1 ? `…${text.slice(-digits)}` : text;
}

/**
 * A url as its origin (scheme and host, the same on most rows) and the rest (path and query,
 * what tells rows apart). Taken from the text as stored, not re-encoded through URL().
 */
export function splitUrl(url: string): { origin: string; rest: string } {
  const match = /^([a-z][a-z0-9+.-]*:\/\/[^/?#]*)(.*)$/i.exec(url);
  if (!match) return { origin: '', rest: url };
  return { origin: match[1], rest: match[2] };
}

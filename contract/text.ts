/**
 * Characters no text field accepts: C0 and C1 controls (line breaks and tabs
 * only where a field is multi-line) and the Unicode bidirectional controls,
 * which can make a name show reversed or disguise what follows it (U+202E).
 */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
// eslint-disable-next-line no-control-regex
const LINE_BREAKS_AND_TABS = /[\t\n\r]/;
const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

export const UNSAFE_CHARACTERS_TEXT = '不能包含控制字符或文字方向控制字符';

export function hasUnsafeCharacters(text: string, options: { multiline?: boolean } = {}): boolean {
  return CONTROL.test(text) || BIDI.test(text) || (!options.multiline && LINE_BREAKS_AND_TABS.test(text));
}

/**
 * A text's length in UTF-8 bytes, counted without encoding it (the answer's
 * headers are measured on every invoke). A lone surrogate counts as the
 * three bytes of U+FFFD, which is what an encoder writes for it.
 */
export function utf8Bytes(text: string): number {
  let bytes = text.length;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (c < 0x80) continue;
    if (c < 0x800) bytes += 1;
    else if (c >= 0xd800 && c <= 0xdbff && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      // A pair: 4 bytes for its two units.
      bytes += 2;
      i += 1;
    } else bytes += 2;
  }
  return bytes;
}

/**
 * Names as every list orders them: Chinese (pinyin) order, numbers by value. The mocks sort by it;
 * the server keeps each name's position in it (server/domain/nameOrder.ts), as PGlite has no
 * Chinese collation data. The collator is made at the first comparison, not when the module
 * loads: a Chinese collator takes about 10 ms to build, and every page of the console loads this
 * module.
 */
let nameCollator: Intl.Collator | undefined;
export const compareNames = (a: string, b: string) =>
  (nameCollator ??= new Intl.Collator('zh-CN', { numeric: true })).compare(a, b);

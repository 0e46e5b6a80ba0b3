/**
 * What a text that is stored or searched may not hold, one check for every
 * field and parameter: C0 and C1 controls (PostgreSQL refuses NUL in text),
 * lone surrogates (an encoder would silently replace them), and, where a
 * text is shown as a name, the Unicode bidirectional controls, which can
 * make it show reversed or disguise what follows it (U+202E).
 */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
// eslint-disable-next-line no-control-regex
const LINE_BREAKS_AND_TABS = /[\t\n\r]/;
const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

export type TextFault = 'control' | 'loneSurrogate' | 'bidi';

/** What a field lets through beyond the check's default: tabs and line breaks, bidirectional controls. */
export type TextAllowance = { lineBreaks?: boolean; directionMarks?: boolean };

function hasLoneSurrogate(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (c < 0xd800 || c > 0xdfff) continue;
    if (c <= 0xdbff && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) i += 1;
    else return true;
  }
  return false;
}

/** The first thing `text` may not hold, or undefined when it is fine. */
export function textFault(text: string, allow: TextAllowance = {}): TextFault | undefined {
  if (CONTROL.test(text) || (!allow.lineBreaks && LINE_BREAKS_AND_TABS.test(text))) return 'control';
  if (hasLoneSurrogate(text)) return 'loneSurrogate';
  if (!allow.directionMarks && BIDI.test(text)) return 'bidi';
  return undefined;
}

/** Whether a text shown as a name (one line unless `multiline`) fails textFault. */
export function hasUnsafeCharacters(text: string, options: { multiline?: boolean } = {}): boolean {
  return textFault(text, { lineBreaks: options.multiline }) !== undefined;
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
 * Names as every list orders them: Chinese (pinyin) order, numbers by value. The server keeps
 * each name's position in it (server/domain/nameOrder.ts), as PGlite has no Chinese collation
 * data. The collator is made at the first comparison, not when the module loads: a Chinese
 * collator is slow to build, and every page of the console loads this module.
 */
let nameCollator: Intl.Collator | undefined;
export const compareNames = (a: string, b: string) =>
  (nameCollator ??= new Intl.Collator('zh-CN', { numeric: true })).compare(a, b);

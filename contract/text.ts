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

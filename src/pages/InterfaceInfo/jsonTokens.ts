/**
 * Splits JSON text into the pieces a highlighter colours. It reads the text
 * as written, so numbers keep every digit, and never fails: what is not JSON
 * comes out as plain pieces. Joining the pieces' texts gives the input back.
 */

export type TokenKind = 'key' | 'string' | 'number' | 'literal' | 'punctuation' | 'plain';

export type JsonToken = { kind: TokenKind; text: string };

const PATTERN = /("(?:[^"\\\n]|\\.)*")(\s*:)?|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)|(true|false|null)\b|([{}[\],:])|(\s+)|([^"\s{}[\],:]+|")/g;

export function tokenizeJson(text: string): JsonToken[] {
  const tokens: JsonToken[] = [];
  const push = (kind: TokenKind, piece: string) => {
    const last = tokens[tokens.length - 1];
    // Runs of uncoloured pieces become one, so the view renders fewer nodes.
    if (last && last.kind === kind && (kind === 'plain' || kind === 'punctuation')) last.text += piece;
    else tokens.push({ kind, text: piece });
  };
  for (const match of text.matchAll(PATTERN)) {
    const [, string, colon, number, literal, punctuation, space, other] = match;
    if (string !== undefined) {
      push(colon ? 'key' : 'string', string);
      if (colon) push('punctuation', colon);
    } else if (number !== undefined) push('number', number);
    else if (literal !== undefined) push('literal', literal);
    else if (punctuation !== undefined) push('punctuation', punctuation);
    else if (space !== undefined) push('punctuation', space);
    else push('plain', other);
  }
  return tokens;
}

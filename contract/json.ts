import { parse, printParseErrorCode } from 'jsonc-parser';
import type { ParseError } from 'jsonc-parser';
import { isInteger, isSafeNumber, parse as parseLossless, stringify as stringifyLossless } from 'lossless-json';
import { keyedMessages } from './messageKeys';
import type { Message } from './messageKeys';

/**
 * JSON as the contract reads and writes it: line/column messages for people,
 * a nesting limit so no input can exhaust a parser's stack, and numbers kept
 * exactly (ids beyond 2^53 stay decimal text instead of being rounded).
 */

/** Deeper nesting than this is refused before any parser sees it. */
export const JSON_MAX_DEPTH = 64;

/** What each parse error means, in the words a user reads. */
const ERROR_TEXTS: Record<string, string> = keyedMessages('jsonErrors', {
  InvalidSymbol: '无效的字符',
  InvalidNumberFormat: '数字格式不正确',
  PropertyNameExpected: '缺少属性名（属性名需用双引号）',
  ValueExpected: '缺少值',
  ColonExpected: '缺少冒号',
  CommaExpected: '缺少逗号',
  CloseBraceExpected: '缺少右花括号 }',
  CloseBracketExpected: '缺少右方括号 ]',
  EndOfFileExpected: '多余的内容',
  InvalidCommentToken: 'JSON 不支持注释',
  UnexpectedEndOfComment: 'JSON 不支持注释',
  UnexpectedEndOfString: '字符串缺少结尾的双引号',
  UnexpectedEndOfNumber: '数字不完整',
  InvalidUnicode: '无效的 Unicode 转义',
  InvalidEscapeCharacter: '无效的转义字符',
  InvalidCharacter: '字符串中有无效的字符',
});

export const JSON_TEXTS = keyedMessages('json', {
  invalid: (line: number, column: number, detail: string) => `JSON 格式错误（第 ${line} 行第 ${column} 列）：${detail}`,
  empty: '请输入 JSON',
  unknown: '无法解析的内容',
  tooDeep: `JSON 嵌套不能超过 ${JSON_MAX_DEPTH} 层`,
} as const, { invalid: [2] });

/**
 * Whether arrays and objects nest deeper than `max` in a JSON text. Counted
 * in one pass without parsing (brackets inside strings do not count), so it
 * is safe on any input.
 */
export function exceedsJsonDepth(text: string, max = JSON_MAX_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \\ */) i += 1;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 /* [ */ || c === 123 /* { */) {
      depth += 1;
      if (depth > max) return true;
    } else if (c === 93 /* ] */ || c === 125 /* } */) depth -= 1;
  }
  return false;
}

/** Whether arrays and objects nest deeper than `max` in a parsed value; a loop, so no depth overflows it. */
export function exceedsValueDepth(value: unknown, max = JSON_MAX_DEPTH): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (typeof item !== 'object' || item === null) continue;
    if (depth > max) return true;
    for (const child of Object.values(item)) stack.push([child, depth + 1]);
  }
  return false;
}

/** An integer beyond 2^53 stays its decimal text; every other number becomes a number. */
function exactNumber(text: string): number | string {
  return isInteger(text) && !isSafeNumber(text) ? text : Number(text);
}

export class JsonDepthError extends SyntaxError {
  constructor() {
    super(JSON_TEXTS.tooDeep);
    this.name = 'JsonDepthError';
  }
}

type ReviverContext = { source?: string };

/** Whether this runtime's JSON.parse gives a reviver the source text of a number (Chrome 114+, Node 21+). */
const HAS_SOURCE_TEXT = (() => {
  let seen: string | undefined;
  JSON.parse('1', ((_key: string, value: unknown, context?: ReviverContext) => {
    seen = context?.source;
    return value;
  }) as (key: string, value: unknown) => unknown);
  return seen === '1';
})();

function keepBigInts(_key: string, value: unknown, context?: ReviverContext): unknown {
  if (typeof value === 'number' && !Number.isSafeInteger(value) && context?.source && isInteger(context.source)) {
    return context.source;
  }
  return value;
}

/**
 * JSON.parse that keeps integers beyond 2^53 exactly, as their decimal text,
 * and refuses nesting deeper than `maxDepth` (JsonDepthError). Uses the
 * native parser where it offers the source text, lossless-json elsewhere.
 * Throws a SyntaxError for text that is not JSON.
 */
export function parseJsonExact(text: string, options: { maxDepth?: number } = {}): unknown {
  if (exceedsJsonDepth(text, options.maxDepth)) throw new JsonDepthError();
  if (HAS_SOURCE_TEXT) return JSON.parse(text, keepBigInts as (key: string, value: unknown) => unknown);
  return parseLossless(text, null, exactNumber);
}

function lineAndColumn(text: string, offset: number) {
  const lines = text.slice(0, offset).split('\n');
  return { line: lines.length, column: lines[lines.length - 1].length + 1 };
}

/**
 * Checks a JSON text: undefined when it is valid (or empty and `allowEmpty`),
 * otherwise a message naming the line and column of the first problem.
 */
export function checkJson(text: string | undefined, options: { allowEmpty?: boolean } = {}): Message | undefined {
  if (!text || !text.trim()) return options.allowEmpty ? undefined : JSON_TEXTS.empty;
  if (exceedsJsonDepth(text)) return JSON_TEXTS.tooDeep;
  const errors: ParseError[] = [];
  parse(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  if (errors.length === 0) return undefined;
  const [first] = errors;
  const { line, column } = lineAndColumn(text, first.offset);
  return JSON_TEXTS.invalid(line, column, ERROR_TEXTS[printParseErrorCode(first.error)] ?? JSON_TEXTS.unknown);
}

/**
 * The text pretty-printed with two spaces, or undefined when it is not valid
 * JSON. Every number is written as it was (no id is rounded).
 */
export function formatJson(text: string): string | undefined {
  if (checkJson(text) !== undefined) return undefined;
  return stringifyLossless(parseLossless(text), null, 2);
}

/** Pretty JSON text of a text, or the text itself when it is not JSON. */
export function formatJsonText(text: string): string {
  return formatJson(text) ?? text;
}

import { parse, printParseErrorCode } from 'jsonc-parser';
import type { ParseError } from 'jsonc-parser';

/** What each parse error means, in the words a user reads. */
const ERROR_TEXTS: Record<string, string> = {
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
};

export const JSON_TEXTS = {
  invalid: (line: number, column: number, detail: string) => `JSON 格式错误（第 ${line} 行第 ${column} 列）：${detail}`,
  empty: '请输入 JSON',
  unknown: '无法解析的内容',
} as const;

function lineAndColumn(text: string, offset: number) {
  const lines = text.slice(0, offset).split('\n');
  return { line: lines.length, column: lines[lines.length - 1].length + 1 };
}

/**
 * Checks a JSON text: undefined when it is valid (or empty and `allowEmpty`),
 * otherwise a message naming the line and column of the first problem.
 */
export function checkJson(text: string | undefined, options: { allowEmpty?: boolean } = {}): string | undefined {
  if (!text || !text.trim()) return options.allowEmpty ? undefined : JSON_TEXTS.empty;
  const errors: ParseError[] = [];
  parse(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  if (errors.length === 0) return undefined;
  const [first] = errors;
  const { line, column } = lineAndColumn(text, first.offset);
  return JSON_TEXTS.invalid(line, column, ERROR_TEXTS[printParseErrorCode(first.error)] ?? JSON_TEXTS.unknown);
}

/** The text pretty-printed with two spaces, or undefined when it is not valid JSON. */
export function formatJson(text: string): string | undefined {
  if (checkJson(text) !== undefined) return undefined;
  return JSON.stringify(JSON.parse(text), null, 2);
}

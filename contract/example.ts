import type { RequestParam } from './requestParams';
import { parseRequestParams } from './requestParams';

/**
 * Example values by parameter name, the way API documentation usually fills
 * them in: a real city for `city`, a public address for `ip`, and so on.
 * Exact (case-insensitive) names first, then name fragments.
 */
const EXACT_HINTS: Record<string, unknown> = {
  city: '北京',
  ip: '8.8.8.8',
  phone: '13800138000',
  mobile: '13800138000',
  email: 'user@example.com',
  url: 'https://example.com',
  link: 'https://example.com',
  content: 'https://agler.dev',
  text: '你好，世界',
  q: '你好',
  keyword: '接口',
  word: 'hello',
  to: 'en',
  from: 'auto',
  lang: 'zh',
  locale: 'zh-CN',
  hex: '#1890ff',
  color: '#1890ff',
  date: '2026-01-01',
  startdate: '2026-01-01',
  enddate: '2026-01-31',
  timestamp: 1767225600,
  idnumber: '11010519491231002X',
  number: 'SF1234567890',
  password: 'Agler@2026',
  username: '张三',
  nickname: '小张',
  name: '张三',
  gender: 'male',
  algorithm: 'sha256',
  action: 'encode',
  unit: 'c',
  style: 'identicon',
  format: 'csv',
  json: '{"hello":"world"}',
  status: 'shipped',
  message: 'hello',
  currency: 'USD',
  amount: 100,
  height: 170,
  weight: 65,
  days: 3,
  size: 128,
  min: 1,
  max: 100,
  seed: 42,
  current: 1,
  page: 1,
  pagesize: 10,
  limit: 10,
};

const FRAGMENT_HINTS: [RegExp, unknown][] = [
  [/city/i, '北京'],
  [/(^|_)ip$|ip(addr|address)/i, '8.8.8.8'],
  [/phone|mobile/i, '13800138000'],
  [/email|mail/i, 'user@example.com'],
  [/url|link|href/i, 'https://example.com'],
  [/date/i, '2026-01-01'],
  [/time/i, '2026-01-01 08:00:00'],
  [/password|pwd/i, 'Agler@2026'],
  [/name/i, '张三'],
  [/id$/i, '1'],
];

/** "城市名，如 北京、上海", "a word, e.g. `hello`", "默认 16": the example or default a description gives (a code span's text). */
const DESCRIBED_EXAMPLE = /(?:例如|比如|如|e\.g\.|for example)[\s:：]*`?([^\s，,。；;、）)`]+)/i;
const DESCRIBED_DEFAULT = /(?:默认|default)[\s:：为是]*([\w.#+-]+)/i;

function describedExample(description: string): string | number | undefined {
  const found = DESCRIBED_EXAMPLE.exec(description)?.[1] ?? DESCRIBED_DEFAULT.exec(description)?.[1];
  if (!found) return undefined;
  return /^-?\d+(\.\d+)?$/.test(found) ? Number(found) : found;
}

function exampleFor(param: RequestParam): unknown {
  const type = param.type.toLowerCase();
  if (type === 'object') return {};
  if (type === 'array') return [];
  if (type === 'boolean') return true;
  const key = param.name.toLowerCase();
  let hint: unknown = describedExample(param.description);
  if (hint === undefined) hint = EXACT_HINTS[key];
  if (hint === undefined) hint = FRAGMENT_HINTS.find(([re]) => re.test(param.name))?.[1];
  const numeric = type === 'number' || type === 'integer' || type === 'int' || type === 'long' || type === 'double';
  if (numeric) return typeof hint === 'number' ? hint : 1;
  if (type === 'string') return typeof hint === 'string' || typeof hint === 'number' ? String(hint) : '示例';
  return hint ?? '示例';
}

/** An example parameter object: every listed parameter with a sensible value of its type. */
export function buildExample(params: readonly RequestParam[]): Record<string, unknown> {
  const example: Record<string, unknown> = {};
  for (const param of params) example[param.name] = exampleFor(param);
  return example;
}

/**
 * The text that prefills the call editor for an interface's `requestParams`:
 * an example built from its parameter list, the text itself when it is a JSON
 * object written by hand, otherwise an empty object.
 */
export function exampleText(requestParams: string | undefined): string {
  const parsed = parseRequestParams(requestParams);
  if (parsed.kind === 'list') return JSON.stringify(buildExample(parsed.params), null, 2);
  if (parsed.kind === 'raw') {
    try {
      const value = JSON.parse(parsed.text);
      if (value && typeof value === 'object' && !Array.isArray(value)) return JSON.stringify(value, null, 2);
    } catch {
      // not JSON: nothing to reuse
    }
  }
  return '{}';
}

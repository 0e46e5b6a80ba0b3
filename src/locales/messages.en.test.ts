import { checkInterfaceField, INTERFACE_VALIDATION_TEXTS } from '@agler/contract/interfaceValidation';
import { ALERT_MESSAGES } from '@agler/contract/alerts';
import { checkJson, JSON_TEXTS } from '@agler/contract/json';
import { MESSAGES } from '@agler/contract/messages';
import { UPSTREAM_MESSAGES } from '@agler/contract/upstream';
import { startLanguage } from '@/locales';
import { messages as ENGLISH } from '@/locales/messages.en';
import type { ArgKind } from '@/locales/messages';
import { knowAlertMessages, MESSAGE_ARGS, MESSAGE_TABLES, translateMessage } from '@/locales/messages';
import { loadEnglish } from '@/testing/english';

// Given by the bell and 通知设置, which ask for alerts.
knowAlertMessages(ALERT_MESSAGES);

beforeAll(() => startLanguage('en-US', loadEnglish));

const CJK = /[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]/;

type Table = keyof typeof MESSAGE_TABLES;
type AnyMessage = (...args: unknown[]) => string;
const TABLES = Object.keys(MESSAGE_TABLES) as Table[];

/** Messages a `message` argument carries in practice: checkJson's, as a JSON field's problem. */
const NESTED = [JSON_TEXTS.tooDeep, checkJson('{"a" 1}') as string, checkJson('[1, 2') as string];

/** Sample values of an argument, in Chinese and as the English message receives them. */
function samplesOf(kind: ArgKind): { chinese: unknown; english: unknown }[] {
  if (typeof kind === 'object' && 'oneOf' in kind) return kind.oneOf.map((v) => ({ chinese: v, english: v }));
  if (typeof kind === 'object' && 'number' in kind) return [{ chinese: 15 * kind.number.per, english: 15 * kind.number.per }];
  if (kind === 'word') return [{ chinese: 'startDate', english: 'startDate' }];
  if (kind === 'text') return ['', 'Bad gateway: upstream down'].map((v) => ({ chinese: v, english: v }));
  return NESTED.map((v) => ({ chinese: v, english: translateMessage(v) }));
}

function callsOf(kinds: readonly ArgKind[]) {
  let calls: { chinese: unknown[]; english: unknown[] }[] = [{ chinese: [], english: [] }];
  for (const kind of kinds) {
    calls = calls.flatMap((call) =>
      samplesOf(kind).map((s) => ({ chinese: [...call.chinese, s.chinese], english: [...call.english, s.english] })),
    );
  }
  return calls;
}

describe('every message of the contract has its English', () => {
  it.each(TABLES)('%s: every text as it is', (table) => {
    const chinese = MESSAGE_TABLES[table] as Record<string, unknown>;
    const english = ENGLISH[table] as Record<string, unknown>;
    const texts = Object.entries(chinese).filter(([, value]) => typeof value === 'string') as [string, string][];
    // A table of messages built from values only (text) is checked by the next test.
    expect(Object.keys(chinese).length).toBeGreaterThan(0);
    for (const [key, text] of texts) {
      const shown = translateMessage(text);
      expect({ key, shown }).toEqual({ key, shown: english[key] });
      expect({ key, shown }).not.toEqual({ key, shown: expect.stringMatching(CJK) });
    }
  });

  it.each(TABLES)('%s: every message built from values, recognised by its pattern', (table) => {
    const chinese = MESSAGE_TABLES[table] as Record<string, unknown>;
    const english = ENGLISH[table] as Record<string, unknown>;
    const args = MESSAGE_ARGS[table] as Record<string, readonly ArgKind[]>;
    for (const [key, value] of Object.entries(chinese)) {
      if (typeof value !== 'function') continue;
      // A message built from values needs its arguments described, or it could not be recognised.
      expect({ key, described: Boolean(args[key]) }).toEqual({ key, described: true });
      for (const call of callsOf(args[key])) {
        const text = (value as AnyMessage)(...call.chinese);
        const shown = translateMessage(text);
        expect({ key, text, shown }).toEqual({ key, text, shown: (english[key] as AnyMessage)(...call.english) });
        expect({ key, shown }).not.toEqual({ key, shown: expect.stringMatching(CJK) });
      }
    }
  });

  it('says the same in English where two tables say the same in Chinese', () => {
    const englishOf = new Map<string, Set<string>>();
    for (const table of TABLES) {
      for (const [key, text] of Object.entries(MESSAGE_TABLES[table])) {
        if (typeof text !== 'string') continue;
        const english = (ENGLISH[table] as Record<string, unknown>)[key] as string;
        englishOf.set(text, (englishOf.get(text) ?? new Set()).add(english));
      }
    }
    const differing = [...englishOf].filter(([, english]) => english.size > 1);
    expect(differing).toEqual([]);
  });

  it("translates checkJson's details of every kind of broken JSON", () => {
    const broken = [
      ...['{"a" 1}', '{"a": }', '{"a":1,}', '{a: 1}', '[1 2]', '{"a": 1', '[1, 2', '{} {}', '{} x', '// c\n{}', '/* c'],
      ...['"abc', '"\\u12"', '"\\q"', '"a\u0001"', '-', '1.e', '01', '1e', '@'],
    ];
    for (const text of broken) {
      const error = checkJson(text) as string;
      expect(error).toMatch(CJK);
      expect({ text, shown: translateMessage(error) }).not.toEqual({ text, shown: expect.stringMatching(CJK) });
    }
  });
});

describe('translateMessage on an English page', () => {
  it('gives the English of a message as it is', () => {
    expect(translateMessage(MESSAGES.accountTaken)).toBe('This account is already registered');
    expect(translateMessage(MESSAGES.passwordLength)).toBe('The password must be 8 to 256 characters long');
    expect(translateMessage(UPSTREAM_MESSAGES.refused)).toMatch(/^The target address is not allowed/);
  });

  it('gives the English of a message built from values, with the values it was built from', () => {
    expect(translateMessage(MESSAGES.signatureMissing('X-Sign'))).toBe('The request header X-Sign is missing');
    expect(translateMessage(MESSAGES.methodNotAllowed('POST'))).toBe('This interface accepts only POST requests');
    expect(translateMessage(INTERFACE_VALIDATION_TEXTS.tooLong('name', 50))).toBe('Interface name cannot be longer than 50 characters');
    expect(translateMessage(UPSTREAM_MESSAGES.timeout(10000))).toBe('The interface did not answer within 10 seconds; the call timed out');
    expect(translateMessage(UPSTREAM_MESSAGES.httpError(502, ''))).toBe('The interface answered with the error status HTTP 502');
    expect(translateMessage(UPSTREAM_MESSAGES.httpError(502, '服务繁忙'))).toBe(
      'The interface answered with the error status HTTP 502: 服务繁忙',
    );
  });

  it("translates a message inside a message: a JSON field's line and column problem", () => {
    expect(translateMessage(checkInterfaceField('requestParams', '{"a" 1}') as string)).toBe(
      'Request parameters: Invalid JSON (line 1, column 6): colon expected',
    );
  });

  it('leaves any other text as it is', () => {
    for (const text of ['', '服务器开小差了', 'Something else', '缺少请求头', '参数  应为文本 多余', `${MESSAGES.notLogin}。`]) {
      expect(translateMessage(text)).toBe(text);
    }
  });
});

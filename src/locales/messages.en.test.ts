import { ALERT_MESSAGES } from '@agler/contract/alerts';
import { checkInterfaceField, INTERFACE_FIELD_LABELS, INTERFACE_FIELDS, INTERFACE_VALIDATION_TEXTS, JSON_FIELDS } from '@agler/contract/interfaceValidation';
import { checkJson, JSON_TEXTS } from '@agler/contract/json';
import { messageRefOf, messageTables, textOf } from '@agler/contract/messageKeys';
import type { Keyed, Message } from '@agler/contract/messageKeys';
import { IMPORT_MESSAGES, LIFECYCLE_MESSAGES, MESSAGES, TEXT_MESSAGES } from '@agler/contract/messages';
import { UPSTREAM_MESSAGES } from '@agler/contract/upstream';
import { startLanguage } from '@/locales';
import { messages as ENGLISH } from '@/locales/messages.en';
import { translateMessage } from '@/locales/messages';
import { loadEnglish } from '@/testing/english';

beforeAll(() => startLanguage('en-US', loadEnglish));

const CJK = /[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]/;

type AnyMessage = (...args: unknown[]) => Keyed;
/** Every table the contract registers, by the modules imported above. */
const TABLES = [...messageTables().entries()];
const englishTable = (table: string) => (ENGLISH as unknown as Record<string, Record<string, unknown> | undefined>)[table] ?? {};

const FAULTS = ['control', 'loneSurrogate', 'bidi'] as const;
/** The labels the contract names a field by in a text check's refusal. */
const TEXT_LABELS = ['账号', '昵称', '头像地址', '理由', ...Object.values(INTERFACE_FIELD_LABELS)];
/** Messages a message carries inside it in practice: checkJson's, as a JSON field's problem. */
const NESTED = () => [JSON_TEXTS.tooDeep, checkJson('{"a" 1}') as Message, checkJson('[1, 2') as Message];

/** The values each message built from values is tried with, every kind of value it takes. */
const SAMPLES: Record<string, () => unknown[][]> = {
  'api.signatureMissing': () => [['X-Sign']],
  'api.methodNotAllowed': () => [['POST']],
  'api.notText': () => [['name']],
  'api.dateRequired': () => [['startDate']],
  'api.dateInvalid': () => [['endDate']],
  'api.idParamInvalid': () => [['interfaceInfoId']],
  'api.tooManyIds': () => [['ids', 50]],
  'api.unknownDemo': () => [['GET', '/demo/nothing']],
  'interfaceFields.required': () => INTERFACE_FIELDS.map((field) => [field]),
  'interfaceFields.notText': () => INTERFACE_FIELDS.map((field) => [field]),
  'interfaceFields.tooLong': () => INTERFACE_FIELDS.map((field) => [field, 50]),
  'interfaceFields.json': () => JSON_FIELDS.flatMap((field) => NESTED().map((detail) => [field, detail])),
  'interfaceFields.unsafeCharacters': () => INTERFACE_FIELDS.map((field) => [field]),
  'json.invalid': () => [[3, 7, JSON_TEXTS.unknown]],
  'upstream.timeout': () => [[10000], [1500]],
  'upstream.redirect': () => [[302]],
  'upstream.httpError': () => [[502, ''], [503, 'Service down']],
  'text.param': () => FAULTS.map((fault) => ['name', fault]),
  'text.field': () => TEXT_LABELS.flatMap((label) => FAULTS.map((fault) => [label, fault])),
  'lifecycle.sunsetTooEarly': () => [['2026-01-02']],
  'lifecycle.gone': () => [['2026-01-02']],
  'lifecycle.goneWithReplacement': () => [['2026-01-02', 'Weather v2']],
  'import.documentTooLarge': () => [[5]],
  'import.unsupportedVersion': () => [['1.2']],
  'import.fetchFailed': () => [[UPSTREAM_MESSAGES.unreachable], [UPSTREAM_MESSAGES.timeout(10000)]],
  'import.fetchStatus': () => [[404]],
  'import.tooManyOperations': () => [[500]],
  'import.externalRef': () => [['other.yaml#/Pet']],
  'import.badRef': () => [['#/components/schemas/Missing']],
  'import.tooDeep': () => [[64]],
  'import.tooExpanded': () => [[100000]],
  'import.tooSlow': () => [[5]],
  'plans.defaultTaken': () => [['Free']],
  'plans.covered': () => [['Pro']],
  'plans.alreadyOnPlan': () => [['Pro']],
  'upstreamSettings.listInvalid': () => [['headers'], ['query']],
  'upstreamSettings.headerNameInvalid': () => [['headers[0].name']],
  'upstreamSettings.headerNameReserved': () => [['headers[1].name']],
  'upstreamSettings.queryNameInvalid': () => [['query[0].name']],
  'upstreamSettings.nameRepeated': () => [['query[1].name']],
  'upstreamSettings.valueInvalid': () => [['headers[0].value']],
  'upstreamSettings.badTimeout': () => [[10000]],
  'import.tooMuchMemory': () => [[64]],
  'import.methodUnsupported': () => [['TRACE']],
  'import.duplicate': () => [[3]],
  'import.nameTruncated': () => [[100]],
  'import.descriptionTruncated': () => [[1000]],
};

describe('every message of the contract has its English', () => {
  it('registers the tables the English is written for, and no other', () => {
    expect(TABLES.map(([table]) => table).sort()).toEqual(Object.keys(ENGLISH).sort());
    for (const [table, messages] of TABLES) {
      expect({ table, keys: Object.keys(englishTable(table)).sort() }).toEqual({ table, keys: Object.keys(messages).sort() });
    }
  });

  it.each(TABLES)('%s: every fixed text, by its key', (table, messages) => {
    for (const [name, text] of Object.entries(messages)) {
      if (typeof text !== 'string') continue;
      const english = englishTable(table)[name];
      expect({ name, english: typeof english }).toEqual({ name, english: 'string' });
      const shown = translateMessage('', { messageKey: `${table}.${name}` });
      expect({ name, shown }).toEqual({ name, shown: english });
      expect({ name, shown }).not.toEqual({ name, shown: expect.stringMatching(CJK) });
      // A text the console itself was given (a check's refusal) is found by its key too.
      expect({ name, shown: translateMessage(text) }).not.toEqual({ name, shown: expect.stringMatching(CJK) });
    }
  });

  it.each(TABLES)('%s: every message built from values, by its key and values', (table, messages) => {
    for (const [name, message] of Object.entries(messages)) {
      if (typeof message !== 'function') continue;
      const key = `${table}.${name}`;
      expect({ key, english: typeof englishTable(table)[name], samples: Boolean(SAMPLES[key]) }).toEqual({
        key,
        english: 'function',
        samples: true,
      });
      for (const args of SAMPLES[key]()) {
        const built = (message as unknown as AnyMessage)(...args);
        const { text } = built;
        const ref = messageRefOf(built);
        expect({ text, key: ref?.messageKey }).toEqual({ text, key });
        // What the server sends goes through JSON.
        const shown = translateMessage('', JSON.parse(JSON.stringify(ref)));
        expect({ text, shown }).not.toEqual({ text, shown: '' });
        expect({ text, shown }).not.toEqual({ text, shown: expect.stringMatching(CJK) });
        expect(translateMessage(built)).toBe(shown);
      }
    }
  });

  it('says the same in English where two tables say the same in Chinese', () => {
    const englishOf = new Map<string, Set<string>>();
    for (const [table, messages] of TABLES) {
      for (const [name, text] of Object.entries(messages)) {
        if (typeof text !== 'string') continue;
        englishOf.set(text, (englishOf.get(text) ?? new Set()).add(englishTable(table)[name] as string));
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
      const error = checkJson(text) as Message;
      expect(textOf(error)).toMatch(CJK);
      expect({ text, shown: translateMessage(error) }).not.toEqual({ text, shown: expect.stringMatching(CJK) });
    }
  });
});

describe('translateMessage on an English page', () => {
  it("gives the English of the key an answer names, whatever its text", () => {
    expect(translateMessage(MESSAGES.accountTaken, { messageKey: 'api.accountTaken' })).toBe('This account is already registered');
    expect(translateMessage('账号已被注册了', { messageKey: 'api.accountTaken' })).toBe('This account is already registered');
    expect(translateMessage('', { messageKey: 'alerts.webhookNotSet' })).toBe('No webhook is set');
  });

  it('gives the English of a message built from values, with the values the answer names', () => {
    expect(translateMessage('', { messageKey: 'api.signatureMissing', messageArgs: ['X-Sign'] })).toBe('The request header X-Sign is missing');
    expect(translateMessage('', { messageKey: 'upstream.timeout', messageArgs: [10000] })).toBe(
      'The interface did not answer within 10 seconds; the call timed out',
    );
    expect(translateMessage('', { messageKey: 'upstream.httpError', messageArgs: [502, '服务繁忙'] })).toBe(
      'The interface answered with the error status HTTP 502: 服务繁忙',
    );
    expect(translateMessage(LIFECYCLE_MESSAGES.goneWithReplacement('2026-01-02', '天气'))).toBe(
      'This interface stopped on 2026-01-02; use 天气 instead',
    );
  });

  it("translates a message inside a message: a JSON field's line and column problem", () => {
    const text = checkInterfaceField('requestParams', '{"a" 1}') as Message;
    expect(messageRefOf(text)).toEqual({
      messageKey: 'interfaceFields.json',
      messageArgs: ['requestParams', { messageKey: 'json.invalid', messageArgs: [1, 6, { messageKey: 'jsonErrors.ColonExpected' }] }],
    });
    expect(translateMessage(text)).toBe('Request parameters: Invalid JSON (line 1, column 6): colon expected');
    expect(translateMessage(IMPORT_MESSAGES.fetchFailed(UPSTREAM_MESSAGES.unreachable))).toBe(
      'Could not fetch the document: Cannot connect to the interface server; no answer came',
    );
  });

  it('shows the text as sent for a key it does not know, or values the message cannot take', () => {
    for (const ref of [
      { messageKey: 'api.noSuchMessage' },
      { messageKey: 'noSuchTable.ok' },
      { messageKey: 'accountTaken' },
      { messageKey: 'api.constructor' },
      { messageKey: '__proto__.toString' },
      { messageKey: 'interfaceFields.json', messageArgs: ['requestParams', { messageKey: 'json.nothing' }] },
      { messageKey: 'interfaceFields.json', messageArgs: ['requestParams', null] },
      { messageKey: 7 },
    ]) {
      expect(translateMessage('服务器这样说', ref as never)).toBe('服务器这样说');
    }
  });

  it('leaves any other text as it is when the answer names no key', () => {
    for (const text of ['', '服务器开小差了', 'Something else', '缺少请求头', '参数  应为文本 多余', `${MESSAGES.notLogin}。`]) {
      expect(translateMessage(text)).toBe(text);
    }
  });

  it('still knows the texts of a server that sends no key, when they are fixed', () => {
    expect(translateMessage(MESSAGES.passwordLength)).toBe('The password must be 8 to 256 characters long');
    expect(translateMessage(ALERT_MESSAGES.deliveryNotFound)).toBe('Delivery not found');
    // A built text alone names no key: its values are not read back out of it.
    expect(translateMessage(TEXT_MESSAGES.param('name', 'bidi').text)).toBe(TEXT_MESSAGES.param('name', 'bidi').text);
  });

  it('gives the English of a message a check built here, by the key it carries, however long ago it was built', () => {
    const early = INTERFACE_VALIDATION_TEXTS.tooLong('name', 50);
    for (let i = 0; i < 1500; i += 1) TEXT_MESSAGES.param(`p${i}`, 'bidi');
    expect(translateMessage(early)).toBe('Interface name cannot be longer than 50 characters');
    expect(translateMessage(TEXT_MESSAGES.param('name', 'bidi'))).toBe('Parameter name must not contain text-direction control characters');
  });
});

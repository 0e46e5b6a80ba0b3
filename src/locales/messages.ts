import {
  INTERFACE_FIELD_LABELS,
  INTERFACE_FIELDS,
  INTERFACE_VALIDATION_TEXTS,
  JSON_FIELDS,
} from '@agler/contract/interfaceValidation';
import { JSON_TEXTS } from '@agler/contract/json';
import type { ALERT_MESSAGES } from '@agler/contract/alerts';
import { IMPORT_MESSAGES, LIFECYCLE_MESSAGES, MESSAGES, TEXT_MESSAGES } from '@agler/contract/messages';
import { UPSTREAM_MESSAGES } from '@agler/contract/upstream';
import { currentLang, DEFAULT_LANG, localized } from './index';
import type { Translation } from './index';

/**
 * The contract's messages (what the API answers in `message`, and the field checks the forms run
 * with the contract's own rules) in the page's language. The server answers in Chinese, as the
 * contract says; an English page shows the English of every message it knows. Code that compares
 * a message with a contract value compares the server's text, before it is translated.
 */

/**
 * The contract's tables of messages, each translated by the table of the same name in messages.en.ts.
 * The alerts' table is given by the parts that ask for alerts (knowAlertMessages): this module is in
 * the entry chunk, and contract/alerts.ts would bring its parsers there.
 */
const CHINESE = {
  api: MESSAGES,
  interfaceFields: INTERFACE_VALIDATION_TEXTS,
  json: JSON_TEXTS,
  upstream: UPSTREAM_MESSAGES,
  text: TEXT_MESSAGES,
  lifecycle: LIFECYCLE_MESSAGES,
  import: IMPORT_MESSAGES,
} as const;
type Chinese = typeof CHINESE & { alerts: typeof ALERT_MESSAGES };

/**
 * The English of the contract's messages. `jsonErrors` is the English of checkJson's parse-error
 * details, keyed by their Chinese: contract/json.ts keeps that table to itself.
 */
export type MessagesEnglish = { [T in keyof Chinese]: Translation<Chinese[T]> } & {
  jsonErrors: Readonly<Record<string, string>>;
};

/**
 * What an argument of a message built from values is, so that the message can be recognised in a
 * text: a word (a parameter's or a header's name, a method), any text kept as written, a contract
 * message of its own (translated in turn), a number (`per`: the message writes it divided by
 * that), or one of a few values each of which the message writes its own way.
 */
export type ArgKind =
  | 'word'
  | 'text'
  | 'message'
  | { readonly number: { readonly per: number } }
  | { readonly oneOf: readonly string[] };

const NUMBER: ArgKind = { number: { per: 1 } };
const TEXT_FAULT: ArgKind = { oneOf: ['control', 'loneSurrogate', 'bidi'] };
/** The labels the contract names a field by in a text check's refusal. */
export const TEXT_FIELD_LABELS = ['账号', '昵称', '头像地址', '理由', ...Object.values(INTERFACE_FIELD_LABELS)] as const;

type FunctionKeys<T> = { [K in keyof T]: T[K] extends (...args: never[]) => string ? K : never }[keyof T];
type ArgKinds<F> = F extends (...args: infer A) => string ? { readonly [I in keyof A]: ArgKind } : never;

/** Every message of the contract that is built from values, with what its arguments are. */
export const MESSAGE_ARGS: { [T in keyof Chinese]: { [K in FunctionKeys<Chinese[T]>]: ArgKinds<Chinese[T][K]> } } = {
  api: {
    signatureMissing: ['word'],
    methodNotAllowed: ['word'],
    notText: ['word'],
    dateRequired: ['word'],
    dateInvalid: ['word'],
    idParamInvalid: ['word'],
    tooManyIds: ['word', NUMBER],
    unknownDemo: ['word', 'text'],
  },
  interfaceFields: {
    required: [{ oneOf: INTERFACE_FIELDS }],
    notText: [{ oneOf: INTERFACE_FIELDS }],
    tooLong: [{ oneOf: INTERFACE_FIELDS }, NUMBER],
    json: [{ oneOf: JSON_FIELDS }, 'message'],
    unsafeCharacters: [{ oneOf: INTERFACE_FIELDS }],
  },
  json: { invalid: [NUMBER, NUMBER, 'message'] },
  upstream: {
    timeout: [{ number: { per: 1000 } }],
    redirect: [NUMBER],
    httpError: [NUMBER, 'text'],
  },
  text: {
    param: ['word', TEXT_FAULT],
    field: [{ oneOf: TEXT_FIELD_LABELS }, TEXT_FAULT],
  },
  alerts: {},
  lifecycle: { gone: ['word'], goneWithReplacement: ['word', 'word'], sunsetTooEarly: ['word'] },
  import: {
    documentTooLarge: [NUMBER],
    unsupportedVersion: ['word'],
    fetchFailed: ['message'],
    fetchStatus: [NUMBER],
    tooManyOperations: [NUMBER],
    tooDeep: [NUMBER],
    tooExpanded: [NUMBER],
    tooSlow: [NUMBER],
    tooMuchMemory: [NUMBER],
    externalRef: ['text'],
    badRef: ['text'],
    methodUnsupported: ['word'],
    duplicate: [NUMBER],
    nameTruncated: [NUMBER],
    descriptionTruncated: [NUMBER],
  },
};

const tables: Partial<Chinese> = { ...CHINESE };

type AnyMessage = (...args: unknown[]) => string;
type Pattern = { regex: RegExp; args: (match: RegExpExecArray) => unknown[]; english: AnyMessage };
type Index = { exact: Map<string, string>; patterns: Pattern[] };

/** Built at the first message translated, from the tables known then. */
let index: Index | undefined;

/** The alerts' messages, translated from now on (AlertBell and 通知设置 give them). */
export function knowAlertMessages(alerts: typeof ALERT_MESSAGES): void {
  if (tables.alerts === alerts) return;
  tables.alerts = alerts;
  index = undefined;
}

/** The contract's messages as tables, for the test that every one of them has its English (the alerts' once given). */
export const MESSAGE_TABLES = tables as Chinese;

/** Filled with MessagesEnglish when the English chunk loads (src/locales/en.ts); empty on a Chinese page. */
const english = localized('messages', {} as Partial<MessagesEnglish>);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const GROUPS = {
  word: '\\S+',
  text: '[\\s\\S]+',
  message: '[\\s\\S]+',
  number: '-?\\d+(?:\\.\\d+)?',
} as const;

/** Every way of calling a message's function for its pattern: the values of `oneOf` arguments, and empty text. */
function callsOf(kinds: readonly ArgKind[]): (string | number | undefined)[][] {
  let calls: (string | number | undefined)[][] = [[]];
  for (const kind of kinds) {
    const choices: (string | undefined)[] =
      typeof kind === 'object' && 'oneOf' in kind ? [...kind.oneOf] : kind === 'text' ? [undefined, ''] : [undefined];
    calls = calls.flatMap((call) => choices.map((choice) => [...call, choice]));
  }
  return calls;
}

/**
 * The patterns of a message built from values, read off the function itself: it is called with a
 * marker for each free argument, and the markers in what it writes become the groups that give
 * the arguments back. A marker the message does not write leaves no pattern (the test of the
 * English finds that message untranslated).
 */
function patternsOf(chinese: AnyMessage, english: AnyMessage, kinds: readonly ArgKind[]): Pattern[] {
  return callsOf(kinds).flatMap((fixed) => {
    const markers = kinds.map((kind, i) => {
      if (fixed[i] !== undefined) return undefined;
      if (typeof kind === 'object' && 'number' in kind) {
        const shown = 987650 + i;
        return { value: shown * kind.number.per, text: String(shown), group: GROUPS.number };
      }
      const text = `\uE000${i}\uE001`;
      return { value: text, text, group: GROUPS[kind as 'word' | 'text' | 'message'] };
    });
    const written = chinese(...markers.map((marker, i) => marker?.value ?? fixed[i]));
    let source = escapeRegExp(written);
    for (const [i, marker] of markers.entries()) {
      if (!marker) continue;
      const at = source.indexOf(marker.text);
      if (at < 0) return [];
      source = `${source.slice(0, at)}(?<a${i}>${marker.group})${source.slice(at + marker.text.length)}`;
    }
    const args = (match: RegExpExecArray) =>
      kinds.map((kind, i) => {
        if (fixed[i] !== undefined) return fixed[i];
        const group = match.groups?.[`a${i}`] ?? '';
        if (typeof kind === 'object' && 'number' in kind) return Number(group) * kind.number.per;
        // eslint-disable-next-line @typescript-eslint/no-use-before-define
        return kind === 'message' ? translateMessage(group) : group;
      });
    return [{ regex: new RegExp(`^${source}$`), args, english }];
  });
}

function buildIndex(loaded: MessagesEnglish): Index {
  const exact = new Map<string, string>(Object.entries(loaded.jsonErrors));
  const patterns: Pattern[] = [];
  for (const table of Object.keys(tables) as (keyof Chinese)[]) {
    const chineseTable = tables[table] as Record<string, unknown>;
    const englishTable = loaded[table] as Record<string, unknown>;
    const argTable = MESSAGE_ARGS[table] as Record<string, readonly ArgKind[]>;
    for (const [key, chinese] of Object.entries(chineseTable)) {
      const translation = englishTable[key];
      if (typeof chinese === 'string' && typeof translation === 'string') {
        if (!exact.has(chinese)) exact.set(chinese, translation);
      } else if (typeof chinese === 'function' && typeof translation === 'function' && argTable[key]) {
        patterns.push(...patternsOf(chinese as AnyMessage, translation as AnyMessage, argTable[key]));
      }
    }
  }
  return { exact, patterns };
}

/**
 * A message of the contract in the page's language: on an English page, the English of a message
 * the contract writes (as it is, or built from values); any other text, and every text on a
 * Chinese page, unchanged.
 */
export function translateMessage(text: string): string {
  if (currentLang() === DEFAULT_LANG || !english.api) return text;
  index ??= buildIndex(english as MessagesEnglish);
  const known = index.exact.get(text);
  if (known !== undefined) return known;
  for (const pattern of index.patterns) {
    const match = pattern.regex.exec(text);
    if (match) return pattern.english(...pattern.args(match));
  }
  return text;
}

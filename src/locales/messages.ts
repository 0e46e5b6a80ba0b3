import type { ALERT_MESSAGES } from '@agler/contract/alerts';
import type { INTERFACE_VALIDATION_TEXTS } from '@agler/contract/interfaceValidation';
import type { JSON_TEXTS } from '@agler/contract/json';
import { messageRefOf, textOf } from '@agler/contract/messageKeys';
import type { Keyed, Message, MessageArg, MessageRef } from '@agler/contract/messageKeys';
import type { IMPORT_MESSAGES, LIFECYCLE_MESSAGES, MESSAGES, PLAN_MESSAGES, TEXT_MESSAGES } from '@agler/contract/messages';
import type { UPSTREAM_SETTINGS_MESSAGES } from '@agler/contract/interfaceUpstream';
import type { UPSTREAM_MESSAGES } from '@agler/contract/upstream';
import { currentLang, DEFAULT_LANG, localized } from './index';
import type { Translation } from './index';

/**
 * The contract's messages (what the API answers in `message`, and the field checks the forms run
 * with the contract's own rules) in the page's language. The server answers in Chinese, as the
 * contract says, and names the message by its key and values beside it; an English page shows the
 * English of that key. Code that compares a message with a contract value compares the server's
 * text, before it is translated.
 */

/** The contract's tables of messages by the name their keys begin with (contract/messageKeys.ts). */
type Chinese = {
  api: typeof MESSAGES;
  interfaceFields: typeof INTERFACE_VALIDATION_TEXTS;
  json: typeof JSON_TEXTS;
  upstream: typeof UPSTREAM_MESSAGES;
  upstreamSettings: typeof UPSTREAM_SETTINGS_MESSAGES;
  text: typeof TEXT_MESSAGES;
  alerts: typeof ALERT_MESSAGES;
  lifecycle: typeof LIFECYCLE_MESSAGES;
  import: typeof IMPORT_MESSAGES;
  plans: typeof PLAN_MESSAGES;
};

/**
 * A table's English: a text for each fixed text, and for each message built from values a function
 * that writes it as text (a message among its values comes already in English).
 */
type EnglishTable<T> = {
  -readonly [K in keyof T]: T[K] extends (...args: infer A) => Keyed
    ? (...args: { [I in keyof A]: Exclude<A[I], Keyed> }) => string
    : Translation<T[K]>;
};

/**
 * The English of the contract's messages, table by table and key by key. `jsonErrors` is the
 * English of checkJson's parse-error details, by jsonc-parser's name of the error: contract/json.ts
 * keeps their Chinese to itself.
 */
export type MessagesEnglish = { [T in keyof Chinese]: EnglishTable<Chinese[T]> } & {
  jsonErrors: Readonly<Record<string, string>>;
};

type AnyMessage = string | ((...args: MessageArg[]) => string);
type EnglishTables = Readonly<Record<string, Readonly<Record<string, AnyMessage>> | undefined>>;

/** Filled with MessagesEnglish when the English chunk loads (src/locales/en.ts); empty on a Chinese page. */
const english = localized('messages', {} as Partial<MessagesEnglish>);

const own = (table: object, name: string) => Object.prototype.hasOwnProperty.call(table, name);

/** How deep messages in messages go at most: the contract nests them two deep. */
const NESTING_MAX = 4;

/** The English of a message by its key, with its values (a message among them in English too); undefined when a key or a value is not known. */
function englishOf(ref: MessageRef, depth = 0): string | undefined {
  if (depth > NESTING_MAX || typeof ref?.messageKey !== 'string') return undefined;
  const dot = ref.messageKey.indexOf('.');
  const [table, name] = [ref.messageKey.slice(0, dot), ref.messageKey.slice(dot + 1)];
  const tables = english as EnglishTables;
  if (dot < 0 || !own(tables, table) || !own(tables[table] ?? {}, name)) return undefined;
  const message = tables[table]?.[name];
  if (typeof message === 'string') return message;
  if (typeof message !== 'function') return undefined;
  const args: MessageArg[] = [];
  for (const arg of Array.isArray(ref.messageArgs) ? ref.messageArgs : []) {
    const value = typeof arg === 'object' ? englishOf(arg, depth + 1) : arg;
    if (value === undefined) return undefined;
    args.push(value);
  }
  try {
    return message(...args);
  } catch {
    // Values the message cannot take (a server of another version): it is shown as sent.
    return undefined;
  }
}

/** The key and values an envelope names its message by, when it has them in their shape. */
export function messageRefIn(envelope: unknown): MessageRef | undefined {
  const { messageKey, messageArgs } = (envelope ?? {}) as Partial<Record<keyof MessageRef, unknown>>;
  if (typeof messageKey !== 'string') return undefined;
  return Array.isArray(messageArgs) ? { messageKey, messageArgs: messageArgs as MessageArg[] } : { messageKey };
}

/**
 * A message of the contract in the page's language: on an English page, the English of the
 * message `ref` names (the envelope's key and values), or else of the message itself (a check's
 * built message by its key and values, a fixed text by its key); any other text, and every
 * message on a Chinese page, as its text.
 */
export function translateMessage(message: Message, ref: MessageRef | undefined = messageRefOf(message)): string {
  const text = textOf(message);
  if (currentLang() === DEFAULT_LANG || !english.api || !ref) return text;
  return englishOf(ref) ?? text;
}

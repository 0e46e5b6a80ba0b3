/**
 * The contract's messages by key: each table of messages is registered under
 * a name, so every message is also `table.name` with the values it was built
 * from. The server sends that beside the Chinese text (the envelope's
 * `messageKey` and `messageArgs`), and a client says it in its own language by
 * key instead of reading the text.
 */

/** A value a message was built from: as given, or a message of its own (a JSON field's line/column problem). */
export type MessageArg = string | number | MessageRef;

/** A message by its key and the values it was built from; the envelope's own fields, so it spreads into one. */
export type MessageRef = { messageKey: string; messageArgs?: MessageArg[] };

/** A message built from values: its text, with the key and values it was built from, so it goes on with them. */
export type Keyed = {
  readonly text: string;
  readonly messageKey: string;
  readonly messageArgs: MessageArg[];
};

/** A message of the contract as code hands it on: a fixed text, or one built from values. */
export type Message = string | Keyed;

type Entry = string | ((...args: never[]) => string);
type MessageTable = Readonly<Record<string, Entry>>;

/** A table as its users see it: fixed texts as written, and functions that hand back their text with its key and values. */
export type KeyedTable<T extends MessageTable> = {
  readonly [K in keyof T]: T[K] extends (...args: infer A) => string ? (...args: A) => Keyed : T[K];
};

type RegisteredTable = Readonly<Record<string, string | ((...args: never[]) => Keyed)>>;

/** Every registered table by its name. */
const tables = new Map<string, RegisteredTable>();

/** The key of each fixed text; where two tables say the same, the first (their translations are the same, a test says so). */
const fixed = new Map<string, MessageRef>();

/** The text of a message. */
export const textOf = (message: Message): string => (typeof message === 'string' ? message : message.text);

/** The key and values of a message: a built one's own, a fixed text's by its key; undefined for a text the contract did not write. */
export function messageRefOf(message: Message): MessageRef | undefined {
  if (typeof message === 'string') return fixed.get(message);
  return { messageKey: message.messageKey, messageArgs: message.messageArgs };
}

function argOf(value: unknown, nested: boolean): MessageArg {
  if (typeof value === 'number') return value;
  if (typeof value === 'string') return (nested ? fixed.get(value) : undefined) ?? value;
  if (typeof value === 'object' && value !== null && 'messageKey' in value)
    return messageRefOf(value as Keyed)!;
  return String(value);
}

/**
 * A table of messages under its name, as it was written, but with its
 * functions handing back a Keyed message. A built message given as a value is
 * sent by its own key; `nested` names, per function, the arguments that may be
 * a fixed text of the contract, which then goes by its key too.
 */
export function keyedMessages<T extends MessageTable>(
  table: string,
  messages: T,
  nested: { readonly [K in keyof T]?: readonly number[] } = {},
): KeyedTable<T> {
  const keyed: Record<string, string | ((...args: never[]) => Keyed)> = {};
  for (const [name, message] of Object.entries(messages)) {
    const messageKey = `${table}.${name}`;
    if (typeof message === 'string') {
      if (!fixed.has(message)) fixed.set(message, { messageKey });
      keyed[name] = message;
      continue;
    }
    const inner: readonly number[] = nested[name] ?? [];
    keyed[name] = (...args: never[]): Keyed =>
      // Its text when written into a string, so a template never shows "[object Object]"; not a field, so JSON and
      // structuredClone carry only the data.
      Object.defineProperty(
        {
          text: (message as (...values: unknown[]) => string)(...args),
          messageKey,
          messageArgs: (args as unknown[]).map((value, i) => argOf(value, inner.includes(i))),
        },
        'toString',
        {
          value(this: Keyed) {
            return this.text;
          },
        },
      );
  }
  tables.set(table, keyed);
  return keyed as KeyedTable<T>;
}

/** The registered tables by name (those of the modules loaded so far), for the test that each has its translation. */
export function messageTables(): ReadonlyMap<string, RegisteredTable> {
  return tables;
}

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

type Message = string | ((...args: never[]) => string);
type MessageTable = Readonly<Record<string, Message>>;

/** Every registered table by its name. */
const tables = new Map<string, MessageTable>();

/** The key of each fixed text; where two tables say the same, the first (their translations are the same, a test says so). */
const fixed = new Map<string, MessageRef>();

/**
 * The texts built most recently, with the values they were built from: a
 * text is looked up right after it is built (when it is refused or shown), so
 * a short memory is enough, and a text forgotten is still shown as it is.
 */
const built = new Map<string, MessageRef>();
const BUILT_KEPT = 1000;

function remember(text: string, ref: MessageRef): void {
  built.delete(text);
  built.set(text, ref);
  if (built.size > BUILT_KEPT) built.delete(built.keys().next().value as string);
}

/** The key and values of a text the contract wrote (fixed, or built a moment ago); undefined for any other text. */
export function messageRefOf(text: string): MessageRef | undefined {
  return fixed.get(text) ?? built.get(text);
}

const argOf = (value: unknown): MessageArg => (typeof value === 'number' || typeof value === 'string' ? value : String(value));

/**
 * A table of messages under its name, as it was written: its functions also
 * remember what they build. `nested` names, per function, the arguments that
 * are messages of the contract themselves, sent by their own key.
 */
export function keyedMessages<T extends MessageTable>(
  table: string,
  messages: T,
  nested: { readonly [K in keyof T]?: readonly number[] } = {},
): T {
  const keyed: Record<string, Message> = {};
  for (const [name, message] of Object.entries(messages)) {
    const messageKey = `${table}.${name}`;
    if (typeof message === 'string') {
      if (!fixed.has(message)) fixed.set(message, { messageKey });
      keyed[name] = message;
      continue;
    }
    const inner: readonly number[] = nested[name] ?? [];
    keyed[name] = (...args: never[]) => {
      const text = (message as (...values: unknown[]) => string)(...args);
      const messageArgs = (args as unknown[]).map((value, i) =>
        inner.includes(i) && typeof value === 'string' ? (messageRefOf(value) ?? value) : argOf(value),
      );
      remember(text, { messageKey, messageArgs });
      return text;
    };
  }
  tables.set(table, keyed);
  return keyed as T;
}

/** The registered tables by name (those of the modules loaded so far), for the test that each has its translation. */
export function messageTables(): ReadonlyMap<string, MessageTable> {
  return tables;
}

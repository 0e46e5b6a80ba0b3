type ReviverContext = { source?: string };

/**
 * JSON.parse that keeps integers beyond 2^53 exactly, as their decimal text.
 * Backends with 64-bit ids send such numbers; a plain parse would round them
 * and the app would then address another record. Needs the reviver's source
 * text (JSON.parse source text access); where a runtime lacks it, numbers are
 * parsed as usual.
 */
export function parseJsonKeepingBigInts(text: string): unknown {
  return JSON.parse(text, function revive(this: unknown, _key: string, value: unknown, context?: ReviverContext) {
    if (typeof value === 'number' && !Number.isSafeInteger(value) && context?.source && /^-?\d+$/.test(context.source)) {
      return context.source;
    }
    return value;
  } as (this: unknown, key: string, value: unknown) => unknown);
}

/** Pretty JSON text of a value, or the text itself when it is not JSON. */
export function formatJsonText(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

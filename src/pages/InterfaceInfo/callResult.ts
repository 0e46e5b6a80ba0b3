/** How a call ended, as the result panel shows it. */
export type CallResult =
  | { ok: true; data: unknown; ms: number }
  /** `code` and `envelope` are there when the server answered with an error envelope. */
  | { ok: false; message: string; code?: number; envelope?: { code: number; data: unknown; message: string }; ms: number };

const utf8 = new TextEncoder();

/** Bytes of a text in UTF-8, the encoding of every answer. */
export function byteLength(text: string): number {
  return utf8.encode(text).length;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** The value a result shows: the answer's data, or the error envelope. */
export function shownValue(result: CallResult): unknown {
  return result.ok ? result.data : result.envelope;
}

/** The value as JSON text, pretty or as it travels. */
export function answerText(value: unknown, pretty: boolean): string {
  if (value === undefined) return '';
  return JSON.stringify(value, null, pretty ? 2 : undefined);
}

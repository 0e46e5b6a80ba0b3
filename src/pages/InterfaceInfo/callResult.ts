/** How a call ended, as the result panel shows it. */
export type CallResult =
  | { ok: true; data: unknown; ms: number }
  /** `code` and `envelope` are there when the server answered with an error envelope. */
  | { ok: false; message: string; code?: number; envelope?: { code: number; data: unknown; message: string }; ms: number };

/** Bytes of a text in UTF-8, the encoding of every answer. */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    bytes += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
  }
  return bytes;
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

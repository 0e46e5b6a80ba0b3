import { checkJson } from '@agler/contract/json';
import { translateMessage } from '@/locales/messages';
import { ADMIN_INTERFACE_TEXTS } from '../texts';

const T = ADMIN_INTERFACE_TEXTS.params;

/**
 * The request-parameter list `[{ name, type, required, description }]` as rows
 * of a table, and back. The JSON text stays the field's one value: the rows are
 * a view of it, so the two can never disagree. Keys the table does not show are
 * carried along unchanged. Unlike the catalogue's lenient reader
 * (`@/utils/requestParams`, which shows whatever it can), an editor must write
 * back exactly what it read, so values it cannot show faithfully (a `required`
 * of "yes", a numeric name) send the admin to the JSON instead of being coerced.
 */

export type ParamRow = {
  name: string;
  type: string;
  required: boolean;
  description: string;
  /** Keys of the parameter that the table has no column for. */
  extra?: Record<string, unknown>;
};

export type ParamRowsResult = { ok: true; rows: ParamRow[] } | { ok: false; reason: string };

const TEXT_KEYS = ['name', 'type', 'description'] as const;
const SHOWN_KEYS = new Set<string>([...TEXT_KEYS, 'required']);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function rowOf(item: unknown, index: number): ParamRow | string {
  const row = index + 1;
  if (!isPlainObject(item)) return T.itemNotObject(row);
  for (const key of TEXT_KEYS) {
    if (item[key] !== undefined && typeof item[key] !== 'string') return T.badKey(row, key, T.kindText);
  }
  if (item.required !== undefined && typeof item.required !== 'boolean')
    return T.badKey(row, 'required', T.kindBoolean);
  const extraEntries = Object.entries(item).filter(([key]) => !SHOWN_KEYS.has(key));
  return {
    name: (item.name as string | undefined) ?? '',
    type: (item.type as string | undefined) ?? '',
    required: (item.required as boolean | undefined) ?? false,
    description: (item.description as string | undefined) ?? '',
    ...(extraEntries.length ? { extra: Object.fromEntries(extraEntries) } : {}),
  };
}

/** The rows a JSON text describes, or why it cannot be shown as rows (in the page's language). Empty text is no rows. */
export function paramRowsFromJson(text: string | undefined): ParamRowsResult {
  if (!text || !text.trim()) return { ok: true, rows: [] };
  const invalid = checkJson(text);
  if (invalid) return { ok: false, reason: translateMessage(invalid) };
  const value: unknown = JSON.parse(text);
  if (!Array.isArray(value)) return { ok: false, reason: T.notArray };
  const rows: ParamRow[] = [];
  for (const [index, item] of value.entries()) {
    const row = rowOf(item, index);
    if (typeof row === 'string') return { ok: false, reason: row };
    rows.push(row);
  }
  return { ok: true, rows };
}

/** The JSON text of rows, two-space indented; no rows is empty text (no parameters). */
export function paramRowsToJson(rows: ParamRow[]): string {
  if (rows.length === 0) return '';
  const items = rows.map(({ name, type, required, description, extra }) => ({
    name,
    type,
    required,
    description,
    ...extra,
  }));
  return JSON.stringify(items, null, 2);
}

export function emptyParamRow(): ParamRow {
  return { name: '', type: 'string', required: false, description: '' };
}

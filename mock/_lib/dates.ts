/**
 * Calendar days in the server's local time, the unit of the analysis ranges
 * (`yyyy-MM-dd`, as the console sends them). Local midnights are built with
 * the Date constructor, never by adding 24 h, so a day stays a day across a
 * daylight-saving change.
 */

export const DAY_MS = 24 * 60 * 60 * 1000;

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Local midnight of a `yyyy-MM-dd` text, or undefined when it is no real calendar day. */
export function parseDate(text: unknown): number | undefined {
  if (typeof text !== 'string') return undefined;
  const match = DATE_PATTERN.exec(text);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  if (year < 1970) return undefined;
  const date = new Date(year, month, day);
  if (date.getFullYear() !== year || date.getMonth() !== month || date.getDate() !== day) return undefined;
  return date.getTime();
}

export function formatDate(ms: number): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}

/** Local midnight of the day that holds `ms`, moved by `days` whole days. */
export function startOfDay(ms: number, days = 0): number {
  const d = new Date(ms);
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() + days).getTime();
}

/** A calendar day's number, independent of the time zone: days since 1970-01-01. */
export function dayNumberOf(ms: number): number {
  const d = new Date(ms);
  return Math.round(Date.UTC(d.getFullYear(), d.getMonth(), d.getDate()) / DAY_MS);
}

/** Whole calendar days from the day of `fromMs` to the day of `toMs`. */
export function daysBetween(fromMs: number, toMs: number): number {
  return dayNumberOf(toMs) - dayNumberOf(fromMs);
}

/** A time as the store writes it (`yyyy-MM-dd HH:mm:ss`, local) or ISO-8601, in epoch ms. */
export function parseTime(text: string | undefined): number | undefined {
  if (!text) return undefined;
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/.exec(text);
  if (match) {
    const [y, mo, d, h, mi, s] = match.slice(1).map(Number);
    return new Date(y, mo - 1, d, h, mi, s).getTime();
  }
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? undefined : ms;
}

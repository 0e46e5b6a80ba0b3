import dayjs from 'dayjs';

/**
 * Times and calendar days as the contract writes them. A time is
 * `yyyy-MM-dd HH:mm:ss` in local time (or ISO-8601 from other backends); a
 * day is `yyyy-MM-dd`, the unit of the analysis ranges. Days are moved with
 * dayjs's calendar arithmetic, never by adding 24 h, so a day stays a day
 * across a daylight-saving change.
 */

export const DAY_MS = 24 * 60 * 60 * 1000;
export const DATE_FORMAT = 'YYYY-MM-DD';
export const TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** Local midnight of a `yyyy-MM-dd` text, or undefined when it is no real calendar day. */
export function parseDate(text: unknown): number | undefined {
  if (typeof text !== 'string' || !DATE_PATTERN.test(text)) return undefined;
  const day = dayjs(text, DATE_FORMAT);
  if (!day.isValid() || day.format(DATE_FORMAT) !== text || day.year() < 1970) return undefined;
  return day.valueOf();
}

export function formatDate(ms: number): string {
  return dayjs(ms).format(DATE_FORMAT);
}

const pad = (n: number) => (n < 10 ? `0${n}` : String(n));

/**
 * The contract's text form of a time (`yyyy-MM-dd HH:mm:ss`, local). Written
 * with Date's getters rather than dayjs's format: the analysis writes one per
 * row, thousands per answer, and the format parser was most of its time.
 */
export function formatTime(ms: number): string {
  const d = new Date(ms);
  const year = d.getFullYear();
  const yyyy = year >= 1000 ? String(year) : String(year).padStart(4, '0');
  return `${yyyy}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** Local midnight of the day that holds `ms`, moved by `days` whole days. */
export function startOfDay(ms: number, days = 0): number {
  return dayjs(ms).startOf('day').add(days, 'day').valueOf();
}

/** A calendar day's number, independent of the time zone: days since 1970-01-01. */
export function dayNumberOf(ms: number): number {
  const d = dayjs(ms);
  return Math.round(Date.UTC(d.year(), d.month(), d.date()) / DAY_MS);
}

/** A time as the contract writes it (`yyyy-MM-dd HH:mm:ss`, local) or ISO-8601, in epoch ms. */
export function parseTime(text: string | undefined | null): number | undefined {
  if (!text) return undefined;
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/.exec(text);
  if (match) {
    const [y, mo, d, h, mi, s] = match.slice(1).map(Number);
    return new Date(y, mo - 1, d, h, mi, s).getTime();
  }
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? undefined : ms;
}

/** A time as a person reads it in a table, or `-` when there is none. */
export function displayTime(text: string | undefined | null): string {
  if (!text) return '-';
  const ms = parseTime(text);
  return ms === undefined ? text : formatTime(ms);
}

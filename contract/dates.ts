import dayjs from 'dayjs';

/**
 * Times and calendar days as the contract writes them. A time is
 * `yyyy-MM-dd HH:mm:ss` in local time (or ISO-8601 from other backends); a
 * day is `yyyy-MM-dd`, the unit of the analysis ranges. Days are moved with
 * dayjs's calendar arithmetic, never by adding 24 h, so a day stays a day
 * across a daylight-saving change.
 *
 * Input is read by one strict parser (dateTimeFieldsOf): only the two
 * documented forms, real ranges for every field, and a local time that the
 * server's zone actually has. A date library's lenient parsing would move
 * `25:00:00` or `02-30` to another moment and store something nobody asked for.
 */

export const DAY_MS = 24 * 60 * 60 * 1000;
export const DATE_FORMAT = 'YYYY-MM-DD';
export const TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** The years an input date may name: the epoch on, and four digits. */
export const DATE_YEARS = { min: 1970, max: 9999 } as const;

export type DateTimeFields = {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
};

const DATE_TEXT = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_TEXT = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** The days of a month (1 to 12) of a year, February's 29 in a leap year. */
export function daysInMonth(year: number, month: number): number {
  return month === 2 && isLeapYear(year) ? 29 : MONTH_DAYS[month - 1];
}

/**
 * The fields of `yyyy-MM-dd` (with `time: 'never'`), `yyyy-MM-dd HH:mm:ss`
 * (`time: 'always'`) or either (`time: 'optional'`, midnight for a day), each
 * in its range: month 1 to 12, day within its month (leap years counted),
 * hour 0 to 23, minute and second 0 to 59, year in DATE_YEARS. Anything else
 * (another separator, a zone, a fraction, `24:00:00`, `:60`) is undefined.
 */
export function dateTimeFieldsOf(
  text: unknown,
  time: 'never' | 'always' | 'optional' = 'optional',
): DateTimeFields | undefined {
  if (typeof text !== 'string') return undefined;
  const match = (time !== 'always' && DATE_TEXT.exec(text)) || (time !== 'never' && TIME_TEXT.exec(text));
  if (!match) return undefined;
  const [year, month, day, hour = 0, minute = 0, second = 0] = match.slice(1).map(Number);
  if (year < DATE_YEARS.min || year > DATE_YEARS.max || month < 1 || month > 12) return undefined;
  if (day < 1 || day > daysInMonth(year, month)) return undefined;
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  return { year, month, day, hour, minute, second };
}

/**
 * Epoch ms of local wall-clock fields, or undefined when the server's zone
 * skips that time (the hour a daylight-saving change leaves out): Date would
 * move it silently.
 */
export function localTimeOf(f: DateTimeFields): number | undefined {
  const d = new Date(f.year, f.month - 1, f.day, f.hour, f.minute, f.second);
  const same =
    d.getFullYear() === f.year &&
    d.getMonth() === f.month - 1 &&
    d.getDate() === f.day &&
    d.getHours() === f.hour &&
    d.getMinutes() === f.minute &&
    d.getSeconds() === f.second;
  return same ? d.getTime() : undefined;
}

/**
 * The start of a `yyyy-MM-dd` day (local midnight, or the first hour of a day
 * a daylight-saving change starts at 01:00), or undefined when it is no real
 * calendar day.
 */
export function parseDate(text: unknown): number | undefined {
  const f = dateTimeFieldsOf(text, 'never');
  if (!f) return undefined;
  const d = new Date(f.year, f.month - 1, f.day);
  return d.getDate() === f.day ? d.getTime() : undefined;
}

/** A time typed as input, strictly `yyyy-MM-dd HH:mm:ss` (local), in epoch ms; undefined for anything else. */
export function parseLocalTime(text: unknown): number | undefined {
  const fields = dateTimeFieldsOf(text, 'always');
  return fields && localTimeOf(fields);
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

/**
 * A time in an answer: the contract's form (`yyyy-MM-dd HH:mm:ss`, local) or
 * ISO-8601 from other backends, in epoch ms. For reading answers only; input
 * goes through parseDate or parseLocalTime.
 */
export function parseTime(text: string | undefined | null): number | undefined {
  if (!text) return undefined;
  const local = parseLocalTime(text.replace('T', ' '));
  if (local !== undefined) return local;
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? undefined : ms;
}

/** A time as a person reads it in a table, or `-` when there is none. */
export function displayTime(text: string | undefined | null): string {
  if (!text) return '-';
  const ms = parseTime(text);
  return ms === undefined ? text : formatTime(ms);
}

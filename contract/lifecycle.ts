import { formatDate, parseDate, startOfDay } from './dates';
import { parseId } from './ids';
import type { Id } from './ids';
import type { Message } from './messageKeys';
import { LIFECYCLE_MESSAGES } from './messages';
import type { Parsed } from './queries';

/**
 * An interface's retirement: an admin marks it deprecated, with a sunset date
 * and optionally the interface that replaces it. While it is deprecated every
 * answer of its gateway and 在线调用 carries
 *
 *   Deprecation: @<unix seconds>                        RFC 9745, when it was marked
 *   Sunset: <HTTP-date>                                 RFC 8594, the sunset date's start
 *   Link: <replacement URL>; rel="successor-version"    RFC 5829
 *
 * and from the sunset date on a call answers 410 Gone, naming the replacement.
 * The sunset date is a calendar day (`yyyy-MM-dd`); it starts at the server's
 * local midnight, as every day of the contract (contract/dates.ts). The sunset
 * date and the replacement have no effect while the interface is not deprecated.
 */

export type LifecycleFields = {
  deprecated: boolean;
  /** When it was marked deprecated, epoch ms; null when it is not (then `now` stands in). */
  deprecatedAt?: number | null;
  /** `yyyy-MM-dd`, or null for none. */
  sunsetDate: string | null;
  replacementId: Id | null;
};

export type LifecycleVerdict = {
  /** Headers to add to the answer (none when the interface is not deprecated). */
  headers: Record<string, string>;
  /** The sunset date has come: answer 410 Gone with `message`, count nothing. */
  gone: boolean;
  /** The 410's message (set when `gone`). */
  message?: Message;
};

/** The gateway path of an interface: the address a replacement is linked at. */
export const gatewayPathOf = (id: Id) => `/gateway/${id}`;

/** The instant a sunset date starts (local midnight), or undefined for none or a malformed one. */
export function sunsetInstant(sunsetDate: string | null | undefined): number | undefined {
  return sunsetDate ? parseDate(sunsetDate) : undefined;
}

/** RFC 9745's Deprecation value: a structured-field date, `@` and whole seconds since the epoch. */
export function deprecationValue(ms: number): string {
  return `@${Math.floor(ms / 1000)}`;
}

/** RFC 8594's Sunset value: an HTTP-date (IMF-fixdate, always GMT). */
export function sunsetValue(ms: number): string {
  return new Date(ms).toUTCString();
}

/**
 * The headers and the verdict for a call at `now` (epoch ms). `successor` is
 * the replacement's address as the caller should use it (its gateway URL for
 * the gateway, for example `${PUBLIC_URL}${gatewayPathOf(replacementId)}`);
 * without it there is no Link header and the 410 names no replacement.
 */
export function lifecycleVerdict(fields: LifecycleFields, now: number, successor?: string): LifecycleVerdict {
  if (!fields.deprecated) return { headers: {}, gone: false };
  const headers: Record<string, string> = { Deprecation: deprecationValue(fields.deprecatedAt ?? now) };
  const sunset = sunsetInstant(fields.sunsetDate);
  if (sunset !== undefined) headers.Sunset = sunsetValue(sunset);
  const link = successor && fields.replacementId ? successor : undefined;
  if (link) headers.Link = `<${link}>; rel="successor-version"`;
  if (sunset === undefined || now < sunset) return { headers, gone: false };
  return {
    headers,
    gone: true,
    message: link
      ? LIFECYCLE_MESSAGES.goneWithReplacement(fields.sunsetDate!, link)
      : LIFECYCLE_MESSAGES.gone(fields.sunsetDate!),
  };
}

export type LifecycleInput = {
  deprecated?: boolean;
  sunsetDate?: string | null;
  replacementId?: Id | null;
};

/**
 * The lifecycle fields of an add or update body, each only when present:
 * `deprecated` a boolean, `sunsetDate` a real `yyyy-MM-dd` day (null or ''
 * clears it), `replacementId` an interface's id other than `selfId` (null or
 * '' clears it). Whether the replacement exists is the server's to check.
 */
export function parseLifecycle(body: Record<string, unknown>, selfId?: Id): Parsed<LifecycleInput> {
  const value: LifecycleInput = {};
  if (body.deprecated !== undefined) {
    if (typeof body.deprecated !== 'boolean') return { ok: false, message: LIFECYCLE_MESSAGES.badDeprecated };
    value.deprecated = body.deprecated;
  }
  if (body.sunsetDate !== undefined) {
    if (body.sunsetDate === null || body.sunsetDate === '') value.sunsetDate = null;
    else if (parseDate(body.sunsetDate) === undefined)
      return { ok: false, message: LIFECYCLE_MESSAGES.badSunsetDate };
    else value.sunsetDate = body.sunsetDate as string;
  }
  if (body.replacementId !== undefined) {
    if (body.replacementId === null || body.replacementId === '') value.replacementId = null;
    else {
      const id = parseId(body.replacementId);
      if (!id) return { ok: false, message: LIFECYCLE_MESSAGES.badReplacement };
      if (selfId !== undefined && id === selfId)
        return { ok: false, message: LIFECYCLE_MESSAGES.selfReplacement };
      value.replacementId = id;
    }
  }
  return { ok: true, value };
}

/** The first day a deprecation made at `deprecatedAt` (epoch ms) may name as its sunset: the day after it. */
export function firstSunsetDate(deprecatedAt: number): string {
  return formatDate(startOfDay(deprecatedAt, 1));
}

/**
 * Why `sunsetDate` cannot stand with a deprecation made at `deprecatedAt`
 * (epoch ms), or undefined when it can: a sunset on the day of the deprecation
 * or before it would send a Sunset earlier than Deprecation, which RFC 9745 §4
 * forbids. `yyyy-MM-dd` days compare as text.
 */
export function sunsetDateError(sunsetDate: string, deprecatedAt: number): Message | undefined {
  return sunsetDate < firstSunsetDate(deprecatedAt)
    ? LIFECYCLE_MESSAGES.sunsetTooEarly(formatDate(deprecatedAt))
    : undefined;
}

/** How far back the callers told of a deprecation reach. */
export const NOTICE_WINDOW_DAYS = 30;

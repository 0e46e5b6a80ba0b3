import { parseId } from './ids';
import type { Id } from './ids';
import { INTERFACE_FIELDS, validateInterface } from './interfaceValidation';
import type { InterfaceField } from './interfaceValidation';
import { JsonDepthError, parseJsonExact } from './json';
import { parseLifecycle } from './lifecycle';
import type { LifecycleInput } from './lifecycle';
import { MESSAGES, TEXT_MESSAGES } from './messages';
import type { Parsed } from './queries';
import { parseInterfaceLimits } from './rateLimit';
import type { RateLimits } from './rateLimit';
import { textFault } from './text';

/**
 * The bodies of an interface's writes and calls (`POST /api/interfaceInfo/add`,
 * `update` and `invoke`) read into typed values, in the order the server
 * checks them. What needs the store (the interface itself, the stored rate
 * limit, the replacement) the server checks after these.
 */

export type InterfaceTexts = Record<InterfaceField, string>;

/** A field as stored: names and URLs without surrounding whitespace, absent texts empty. */
function storedValue(field: InterfaceField, value: unknown): string {
  const text = typeof value === 'string' ? value : '';
  return field === 'name' || field === 'url' ? text.trim() : text;
}

/** A limit parseInterfaceLimits let through: a number, or absent. */
const countOf = (value: unknown) => (typeof value === 'number' ? value : undefined);

export type NewInterface = { fields: InterfaceTexts; limits: RateLimits; lifecycle: LifecycleInput };

/** `POST /api/interfaceInfo/add`'s body: every field, the rate limits and the lifecycle. */
export function parseNewInterface(body: Record<string, unknown>): Parsed<NewInterface> {
  const error = validateInterface(body);
  if (error) return { ok: false, message: error.message };
  const limits = parseInterfaceLimits(body);
  if (!limits.ok) return limits;
  const lifecycle = parseLifecycle(body);
  if (!lifecycle.ok) return lifecycle;
  const fields = Object.fromEntries(
    INTERFACE_FIELDS.map((field) => [field, storedValue(field, body[field])]),
  ) as InterfaceTexts;
  return { ok: true, value: { fields, limits: limits.value, lifecycle: lifecycle.value } };
}

export type InterfaceChange = {
  id: Id;
  /** The fields present, as stored. */
  fields: Partial<InterfaceTexts>;
  /** The limits present, each valid alone; a burst below a stored limit is refused against the row. */
  limits: { rateLimit?: number; rateBurst?: number };
  lifecycle: LifecycleInput;
};

/** `POST /api/interfaceInfo/update`'s body: the id, then the fields present. */
export function parseInterfaceChange(body: Record<string, unknown>): Parsed<InterfaceChange> {
  const id = parseId(body.id);
  if (!id) return { ok: false, message: MESSAGES.badId };
  const error = validateInterface(body, { partial: true });
  if (error) return { ok: false, message: error.message };
  // Checked without the stored limits: what the body says alone.
  const limits = parseInterfaceLimits(body);
  if (!limits.ok) return limits;
  const lifecycle = parseLifecycle(body, id);
  if (!lifecycle.ok) return lifecycle;
  const fields: Partial<InterfaceTexts> = {};
  for (const field of INTERFACE_FIELDS) {
    if (body[field] !== undefined) fields[field] = storedValue(field, body[field]);
  }
  const limitsGiven = { rateLimit: countOf(body.rateLimit), rateBurst: countOf(body.rateBurst) };
  return { ok: true, value: { id, fields, limits: limitsGiven, lifecycle: lifecycle.value } };
}

/** `userRequestParams` of `POST /api/interfaceInfo/invoke`: a JSON text, empty or absent meaning none. */
export function parseCallParams(body: Record<string, unknown>): Parsed<unknown> {
  const raw = body.userRequestParams;
  if (raw === undefined || raw === null) return { ok: true, value: {} };
  if (typeof raw !== 'string') return { ok: false, message: MESSAGES.paramsNotText };
  // The call log keeps the text; JSON may span lines.
  const fault = textFault(raw, { lineBreaks: true, directionMarks: true });
  if (fault) return { ok: false, message: TEXT_MESSAGES.param('userRequestParams', fault) };
  if (!raw.trim()) return { ok: true, value: {} };
  try {
    return { ok: true, value: parseJsonExact(raw) };
  } catch (error) {
    return {
      ok: false,
      message: error instanceof JsonDepthError ? MESSAGES.paramsTooDeep : MESSAGES.paramsNotJson,
    };
  }
}

import {
  parseCredentialsChange,
  sameCredentialName,
  UPSTREAM_CONNECTIONS_MAX,
  UPSTREAM_RETRIES_MAX,
  UPSTREAM_TIMEOUT_MIN_MS,
} from '@agler/contract/interfaceUpstream';
import type { CredentialPlace, UpstreamCredentialHint } from '@agler/contract/interfaceUpstream';
import type { Message, MessageRef } from '@agler/contract/messageKeys';
import { messageRefOf } from '@agler/contract/messageKeys';
import { ApiError } from '@/requestConfig';

export type CredentialValues = { place: CredentialPlace; name: string; value: string };
export type LimitsValues = {
  timeoutMs: number | null;
  retries: number | null;
  maxConnections: number | null;
};
export type UpstreamField = keyof CredentialValues | keyof LimitsValues;

/** The form field each of the server's refusals of an upstream setting is about, by the message's key. */
const FIELD_OF_MESSAGE: Readonly<Record<string, UpstreamField>> = {
  'upstreamSettings.headerNameInvalid': 'name',
  'upstreamSettings.headerNameReserved': 'name',
  'upstreamSettings.queryNameInvalid': 'name',
  'upstreamSettings.nameRepeated': 'name',
  'upstreamSettings.valueInvalid': 'value',
  'upstreamSettings.badTimeout': 'timeoutMs',
  'upstreamSettings.badRetries': 'retries',
  'upstreamSettings.badMaxConnections': 'maxConnections',
};

/** The field a refusal of the server names, by its message's key; undefined when it names none. */
export function fieldOfUpstreamError(error: unknown): UpstreamField | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const ref: MessageRef | undefined = error.messageRef ?? messageRefOf(error.message);
  return ref ? FIELD_OF_MESSAGE[ref.messageKey] : undefined;
}

/** A stand-in that every place accepts as a name, so that a value is checked on its own. */
const ANY_NAME = 'x';

/**
 * The contract's refusal of a credential's name, or of its value: the same parser the server runs,
 * so the form and the server never disagree.
 */
export function credentialFault(
  id: string | number,
  place: CredentialPlace,
  part: 'name' | 'value',
  text: string,
): Message | undefined {
  const change = part === 'name' ? { name: text, value: null } : { name: ANY_NAME, value: text };
  const parsed = parseCredentialsChange({
    id: String(id),
    [place === 'header' ? 'headers' : 'query']: [change],
  });
  return parsed.ok ? undefined : parsed.message;
}

/** The credential already set under this name, if any (header names regardless of case). */
export const existingCredential = (
  credentials: readonly UpstreamCredentialHint[],
  place: CredentialPlace,
  name: string,
) => credentials.find((c) => c.in === place && sameCredentialName(place, c.name, name.trim()));

/** The body that sets one credential (a value) or removes it (null). */
export function credentialBody(
  id: string | number,
  place: CredentialPlace,
  name: string,
  value: string | null,
) {
  const change = [{ name, value }];
  return place === 'header' ? { id, headers: change } : { id, query: change };
}

/** A whole number in [min, max], or empty when that is allowed. */
export function wholeFault(value: unknown, min: number, max: number, optional: boolean): boolean {
  if (value === null || value === undefined || value === '') return !optional;
  return typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max;
}

export const LIMIT_BOUNDS = {
  timeoutMs: { min: UPSTREAM_TIMEOUT_MIN_MS, max: Number.MAX_SAFE_INTEGER },
  retries: { min: 0, max: UPSTREAM_RETRIES_MAX },
  maxConnections: { min: 1, max: UPSTREAM_CONNECTIONS_MAX },
} as const;

/** The limits form's values as the server keeps them: empty is null (the default), no retries is 0. */
export function limitsBodyOf(id: string | number, values: LimitsValues): API.UpstreamLimitsSetRequest {
  return {
    id,
    timeoutMs: values.timeoutMs ?? null,
    retries: values.retries ?? 0,
    maxConnections: values.maxConnections ?? null,
  };
}

/** The limits form's starting values. */
export const limitsValuesOf = (upstream: API.UpstreamVO): LimitsValues => ({
  timeoutMs: upstream.timeoutMs,
  retries: upstream.retries,
  maxConnections: upstream.maxConnections,
});

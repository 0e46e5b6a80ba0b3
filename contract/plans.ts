import { PAGE_SIZE_MAX, PLAN_LIMITS } from './constants';
import { parseId } from './ids';
import type { Id } from './ids';
import { MESSAGES, PLAN_MESSAGES } from './messages';
import type { components } from './openapi';
import { queryOf, textsOf } from './queries';
import type { Parsed } from './queries';
import { reasonOf } from './quotaRequests';
import { normalizeLimits, rateBurstError, rateLimitError } from './rateLimit';
import type { RateOverride } from './rateLimit';
import { textFault } from './text';

/**
 * Plans and subscriptions (docs/plans.md): a plan gives its subscribers a
 * quota per period over one or more interfaces; a subscription is one user's
 * hold on one plan. The server, the console's forms and the contract suite
 * share these words.
 */

/** How long a plan's quota lasts: from local midnight, or from the first of the month, in the server's time zone. */
export const PLAN_PERIODS = ['day', 'month'] as const;
export type PlanPeriod = (typeof PLAN_PERIODS)[number];

/** What a call past the period's quota meets: `block` refuses it (429/42900), `allow` lets it through as overage. */
export const PLAN_OVERAGES = ['block', 'allow'] as const;
export type PlanOverage = (typeof PLAN_OVERAGES)[number];

/** `public` plans are listed to every caller; `private` ones only to the admins and to those who hold them. */
export const PLAN_VISIBILITIES = ['public', 'private'] as const;
export type PlanVisibility = (typeof PLAN_VISIBILITIES)[number];

/**
 * A subscription's life: `pending` waits for an admin, `active` is charged
 * for calls, `refused` and `ended` are over. Pending and active ones are
 * live: a user holds at most one live subscription covering an interface.
 */
export const SUBSCRIPTION_STATUSES = ['pending', 'active', 'refused', 'ended'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
export const LIVE_SUBSCRIPTION_STATUSES: readonly SubscriptionStatus[] = ['pending', 'active'];

/**
 * What `GET /api/subscription/list` filters by: a status, or `live` for every
 * live one (a client reads what covers interfaces now in one list).
 */
export const SUBSCRIPTION_LIST_STATUSES = [...SUBSCRIPTION_STATUSES, 'live'] as const;
export type SubscriptionListStatus = (typeof SUBSCRIPTION_LIST_STATUSES)[number];

/**
 * Whether two lists name the same interfaces, in any order: the switch rule (docs/plans.md) lets an
 * active subscription move only to a plan over exactly the interfaces it covers.
 */
export function samePlanInterfaces(a: readonly Id[], b: readonly Id[]): boolean {
  const first = new Set(a);
  const second = new Set(b);
  return first.size === second.size && [...second].every((id) => first.has(id));
}

/** A plan as answered: ids as text, times as the contract writes them; `subscribers` counts its active subscriptions. */
export type PlanVO = Schemas['PlanVO'];
/** A subscription as answered, with its plan's period, quota and overage; `interfaceIds` are those its viewer may see. */
export type SubscriptionVO = Schemas['SubscriptionVO'];
type Schemas = components['schemas'];

const isOneOf = <T extends string>(values: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (values as readonly string[]).includes(value);

type Refusal = Extract<Parsed<never>, { ok: false }>;
const fail = (message: Refusal['message']): Refusal => ({ ok: false, message });

/** A plan's name: required, one line, at most nameMax characters. */
export function planNameOf(raw: unknown): Parsed<string> {
  if (raw !== undefined && raw !== null && typeof raw !== 'string') return fail(PLAN_MESSAGES.nameInvalid);
  const name = (raw ?? '').trim();
  if (!name) return fail(PLAN_MESSAGES.nameRequired);
  if ([...name].length > PLAN_LIMITS.nameMax) return fail(PLAN_MESSAGES.nameTooLong);
  if (textFault(name)) return fail(PLAN_MESSAGES.nameInvalid);
  return { ok: true, value: name };
}

/** An optional text: absent or null is empty; `lineBreaks` says whether it may span lines. */
function optionalText(raw: unknown, max: number, lineBreaks: boolean, message: Refusal['message']): Parsed<string> {
  if (raw === undefined || raw === null) return { ok: true, value: '' };
  if (typeof raw !== 'string') return fail(message);
  const text = raw.trim();
  if ([...text].length > max || textFault(text, { lineBreaks })) return fail(message);
  return { ok: true, value: text };
}

/** A plan's interfaces: 1 to interfacesMax distinct ids (a repeated id is refused, not merged). */
export function planInterfacesOf(raw: unknown): Parsed<Id[]> {
  if (!Array.isArray(raw) || raw.length === 0 || raw.length > PLAN_LIMITS.interfacesMax)
    return fail(PLAN_MESSAGES.interfacesInvalid);
  const ids: Id[] = [];
  for (const item of raw) {
    const id = parseId(item);
    if (!id || ids.includes(id)) return fail(PLAN_MESSAGES.interfacesInvalid);
    ids.push(id);
  }
  return { ok: true, value: ids };
}

/** Calls per period: a whole number from 1 to quotaMax. */
export function planQuotaOf(raw: unknown): Parsed<number> {
  return typeof raw === 'number' && Number.isInteger(raw) && raw >= 1 && raw <= PLAN_LIMITS.quotaMax
    ? { ok: true, value: raw }
    : fail(PLAN_MESSAGES.badQuota);
}

/** The subscribers' rate limit: none (null, the interface's) or a limit with its burst, by the rules of contract/rateLimit.ts. */
export function planLimitsOf(body: Record<string, unknown>): Parsed<RateOverride> {
  const { rateLimit, rateBurst } = body;
  if (rateLimit === undefined || rateLimit === null) {
    return rateBurst === undefined || rateBurst === null
      ? { ok: true, value: { rateLimit: null, rateBurst: null } }
      : fail(MESSAGES.burstWithoutLimit);
  }
  const limitMessage = rateLimitError(rateLimit);
  if (limitMessage) return fail(limitMessage);
  if (rateBurst === undefined || rateBurst === null)
    return { ok: true, value: normalizeLimits(rateLimit as number, undefined) };
  const burstMessage = rateBurstError(rateLimit, rateBurst);
  return burstMessage ? fail(burstMessage) : { ok: true, value: normalizeLimits(rateLimit as number, rateBurst as number) };
}

const booleanOf = (raw: unknown, message: Refusal['message']): Parsed<boolean> =>
  typeof raw === 'boolean' ? { ok: true, value: raw } : fail(message);

export type PlanFields = {
  name: string;
  description: string;
  interfaceIds: Id[];
  quota: number;
  period: PlanPeriod;
  rateLimit: number | null;
  rateBurst: number | null;
  approval: boolean;
  overage: PlanOverage;
  priceLabel: string;
  visibility: PlanVisibility;
  isDefault: boolean;
};

/** Each field's check, in the order the body is read; a field absent from an update is not checked. */
const FIELD_CHECKS: { [K in Exclude<keyof PlanFields, 'rateLimit' | 'rateBurst'>]: (raw: unknown) => Parsed<PlanFields[K]> } = {
  name: planNameOf,
  description: (raw) => optionalText(raw, PLAN_LIMITS.descriptionMax, true, PLAN_MESSAGES.descriptionInvalid),
  interfaceIds: planInterfacesOf,
  quota: planQuotaOf,
  period: (raw) => (isOneOf(PLAN_PERIODS, raw) ? { ok: true, value: raw } : fail(PLAN_MESSAGES.badPeriod)),
  approval: (raw) => booleanOf(raw, PLAN_MESSAGES.badApproval),
  overage: (raw) => (isOneOf(PLAN_OVERAGES, raw) ? { ok: true, value: raw } : fail(PLAN_MESSAGES.badOverage)),
  priceLabel: (raw) => optionalText(raw, PLAN_LIMITS.priceLabelMax, false, PLAN_MESSAGES.priceLabelInvalid),
  visibility: (raw) => (isOneOf(PLAN_VISIBILITIES, raw) ? { ok: true, value: raw } : fail(PLAN_MESSAGES.badVisibility)),
  isDefault: (raw) => booleanOf(raw, PLAN_MESSAGES.badIsDefault),
};

/** Fields an add may leave out, with what they are then. */
const ADD_DEFAULTS: Partial<Record<keyof typeof FIELD_CHECKS, unknown>> = {
  description: '',
  priceLabel: '',
  isDefault: false,
};

/** Reads the fields present in `body` (all of them when `partial` is false, the optional ones defaulted). */
function planFieldsOf(body: Record<string, unknown>, partial: boolean): Parsed<Partial<PlanFields>> {
  const fields: Record<string, unknown> = {};
  for (const [name, check] of Object.entries(FIELD_CHECKS) as [keyof typeof FIELD_CHECKS, (raw: unknown) => Parsed<unknown>][]) {
    let raw = body[name];
    if (raw === undefined) {
      if (partial) continue;
      if (name in ADD_DEFAULTS) raw = ADD_DEFAULTS[name];
    }
    const parsed = check(raw);
    if (!parsed.ok) return parsed;
    fields[name] = parsed.value;
  }
  if (!partial || body.rateLimit !== undefined || body.rateBurst !== undefined) {
    const limits = planLimitsOf(body);
    if (!limits.ok) return limits;
    Object.assign(fields, limits.value);
  }
  return { ok: true, value: fields as Partial<PlanFields> };
}

/** `POST /api/plan/add`'s body. */
export function parseNewPlan(body: Record<string, unknown>): Parsed<PlanFields> {
  return planFieldsOf(body, false) as Parsed<PlanFields>;
}

export type PlanChange = { id: Id; fields: Partial<PlanFields> };

/** `POST /api/plan/update`'s body: the id, then the fields present; `rateLimit: null` goes back to the interface's. */
export function parsePlanChange(body: Record<string, unknown>): Parsed<PlanChange> {
  const id = parseId(body.id);
  if (!id) return fail(MESSAGES.badId);
  const fields = planFieldsOf(body, true);
  return fields.ok ? { ok: true, value: { id, fields: fields.value } } : fields;
}

/** A body that names one plan or subscription by `id` (`/api/plan/retire`, `/api/subscription/cancel` and `/end`). */
export function parseIdBody(body: Record<string, unknown>): Parsed<Id> {
  const id = parseId(body.id);
  return id ? { ok: true, value: id } : fail(MESSAGES.badId);
}

/** `GET /api/plan/get`'s query. */
export function parsePlanQuery(input: unknown): Parsed<Id> {
  const texts = textsOf(queryOf(input), ['id'] as const);
  if (!texts.ok) return texts;
  const id = parseId(texts.value.id);
  return id ? { ok: true, value: id } : fail(MESSAGES.badId);
}

/** `GET /api/plan/list`'s query: optionally only the plans of one interface. */
export function parsePlanListQuery(input: unknown): Parsed<{ interfaceInfoId?: Id }> {
  const texts = textsOf(queryOf(input), ['interfaceInfoId'] as const);
  if (!texts.ok) return texts;
  const raw = texts.value.interfaceInfoId;
  if (raw === undefined || raw === '') return { ok: true, value: {} };
  const interfaceInfoId = parseId(raw);
  return interfaceInfoId
    ? { ok: true, value: { interfaceInfoId } }
    : fail(MESSAGES.idParamInvalid('interfaceInfoId'));
}

export type NewSubscription = { planId: Id; reason: string };

/** `POST /api/subscription/add`'s body: the plan, and optionally the caller's words for its reviewer. */
export function parseNewSubscription(body: Record<string, unknown>): Parsed<NewSubscription> {
  const planId = parseId(body.planId);
  if (!planId) return fail(PLAN_MESSAGES.badPlanId);
  const reason = reasonOf(body.reason, false);
  if (!reason.ok) return reason;
  return { ok: true, value: { planId, reason: reason.value ?? '' } };
}

export type SubscriptionAssignment = { userId: Id; planId: Id };

/** `POST /api/subscription/assign`'s body. */
export function parseSubscriptionAssignment(body: Record<string, unknown>): Parsed<SubscriptionAssignment> {
  const userId = parseId(body.userId);
  if (!userId) return fail(MESSAGES.userIdInvalid);
  const planId = parseId(body.planId);
  if (!planId) return fail(PLAN_MESSAGES.badPlanId);
  return { ok: true, value: { userId, planId } };
}

export type SubscriptionReview = { id: Id; approve: boolean; reply: string | null };

/** `POST /api/subscription/review`'s body: approve or refuse what waits, with an optional reply. */
export function parseSubscriptionReview(body: Record<string, unknown>): Parsed<SubscriptionReview> {
  const id = parseId(body.id);
  if (!id) return fail(MESSAGES.badId);
  if (typeof body.approve !== 'boolean') return fail(MESSAGES.badApprove);
  const reply = optionalText(body.reply, PLAN_LIMITS.reasonMax, true, PLAN_MESSAGES.replyInvalid);
  if (!reply.ok) return reply;
  return { ok: true, value: { id, approve: body.approve, reply: reply.value || null } };
}

export type SubscriptionListQuery = {
  current: number;
  pageSize: number;
  userId?: Id;
  planId?: Id;
  status?: SubscriptionListStatus;
};

const pageNumber = (text: string | undefined, fallback: number): number | undefined =>
  text === undefined || text === '' ? fallback : /^\d{1,9}$/.test(text) ? Number(text) : undefined;

/** `GET /api/subscription/list`'s query: newest first, optionally of one user, one plan, one status (or the live ones). */
export function parseSubscriptionListQuery(input: unknown): Parsed<SubscriptionListQuery> {
  const texts = textsOf(queryOf(input), ['current', 'pageSize', 'userId', 'planId', 'status'] as const);
  if (!texts.ok) return texts;
  const { current: currentText, pageSize: sizeText, userId: userText, planId: planText, status } = texts.value;
  const current = pageNumber(currentText, 1);
  if (current === undefined || current < 1) return fail(MESSAGES.badCurrent);
  const pageSize = pageNumber(sizeText, 10);
  if (pageSize === undefined || pageSize < 1 || pageSize > PAGE_SIZE_MAX) return fail(MESSAGES.badPageSize);
  const query: SubscriptionListQuery = { current, pageSize };
  if (userText !== undefined && userText !== '') {
    query.userId = parseId(userText);
    if (!query.userId) return fail(MESSAGES.userIdInvalid);
  }
  if (planText !== undefined && planText !== '') {
    query.planId = parseId(planText);
    if (!query.planId) return fail(PLAN_MESSAGES.badPlanId);
  }
  if (status !== undefined && status !== '') {
    if (!isOneOf(SUBSCRIPTION_LIST_STATUSES, status)) return fail(PLAN_MESSAGES.badStatus);
    query.status = status;
  }
  return { ok: true, value: query };
}

import { PAGE_SIZE_MAX, QUOTA_REQUEST_LIMITS } from './constants';
import { parseId } from './ids';
import type { Id } from './ids';
import type { Message } from './messageKeys';
import { MESSAGES, PLAN_MESSAGES, TEXT_MESSAGES } from './messages';
import { queryOf, textsOf } from './queries';
import type { components } from './openapi';
import type { Parsed } from './queries';
import { textFault } from './text';

/**
 * Requests for more calls: a user asks for `amount` more calls on an
 * interface with a reason; an admin approves (the quota rises by the amount)
 * or refuses with a reason. The console's forms check with these rules too.
 */

export const QUOTA_REQUEST_STATUS = { PENDING: 'pending', APPROVED: 'approved', REFUSED: 'refused' } as const;
export type QuotaRequestStatus = (typeof QUOTA_REQUEST_STATUS)[keyof typeof QUOTA_REQUEST_STATUS];
export const QUOTA_REQUEST_STATUSES: readonly QuotaRequestStatus[] = Object.values(QUOTA_REQUEST_STATUS);

/**
 * What a request asks for (docs/plans.md, "Asking for more"): `quota` raises the
 * interface's own quota; on an interface the user's active subscription covers,
 * `topup` adds calls to that subscription's current period and `plan` switches it
 * to another plan over the same interfaces.
 */
export const QUOTA_REQUEST_KINDS = ['quota', 'topup', 'plan'] as const;
export type QuotaRequestKind = (typeof QUOTA_REQUEST_KINDS)[number];

/** The label a reason's text fault names (src/locales translates it). */
export const REASON_LABEL = '理由';

/** A request as answered: ids as text, every field present, times as the contract writes them. */
export type QuotaRequestVO = Required<Omit<Schema, 'userId' | 'interfaceInfoId'>> & { userId: Id; interfaceInfoId: Id };
type Schema = components['schemas']['QuotaRequestVO'];

/** The check of `amount`: a whole number of calls, 1 to the most one request may ask. */
export function amountFault(amount: unknown): Message | undefined {
  return typeof amount === 'number' &&
    Number.isInteger(amount) &&
    amount >= 1 &&
    amount <= QUOTA_REQUEST_LIMITS.amountMax
    ? undefined
    : MESSAGES.badAmount;
}

/**
 * The check of a reason: text, trimmed, at most reasonMax characters, without
 * control characters (line breaks are fine); `required` says whether it may be empty.
 */
export function reasonOf(raw: unknown, required: boolean): Parsed<string | null> {
  if (raw === undefined || raw === null) {
    return required ? { ok: false, message: MESSAGES.reasonRequired } : { ok: true, value: null };
  }
  if (typeof raw !== 'string') return { ok: false, message: MESSAGES.reasonNotText };
  const reason = raw.trim();
  if (!reason) return required ? { ok: false, message: MESSAGES.reasonRequired } : { ok: true, value: null };
  if ([...reason].length > QUOTA_REQUEST_LIMITS.reasonMax)
    return { ok: false, message: MESSAGES.reasonTooLong };
  const fault = textFault(reason, { lineBreaks: true });
  if (fault) return { ok: false, message: TEXT_MESSAGES.field(REASON_LABEL, fault) };
  return { ok: true, value: reason };
}

/** A request: `planId` asks for that plan (and `amount` is 0), else `amount` more calls. */
export type NewQuotaRequest = { interfaceInfoId: Id; amount: number; planId: Id | null; reason: string };

/** `POST /api/quota/request`'s body: a plan's id, or an amount (not read beside a plan). */
export function parseNewQuotaRequest(body: Record<string, unknown>): Parsed<NewQuotaRequest> {
  const interfaceInfoId = parseId(body.interfaceInfoId);
  if (!interfaceInfoId) return { ok: false, message: MESSAGES.idParamInvalid('interfaceInfoId') };
  let planId: Id | null = null;
  if (body.planId !== undefined && body.planId !== null) {
    planId = parseId(body.planId) ?? null;
    if (!planId) return { ok: false, message: PLAN_MESSAGES.badPlanId };
  }
  const amountMessage = planId ? undefined : amountFault(body.amount);
  if (amountMessage) return { ok: false, message: amountMessage };
  const reason = reasonOf(body.reason, true);
  if (!reason.ok) return reason;
  return {
    ok: true,
    value: { interfaceInfoId, amount: planId ? 0 : (body.amount as number), planId, reason: reason.value! },
  };
}

export type QuotaReview = { id: string; approve: boolean; reason: string | null };

/** `POST /api/quota/request/review`'s body: a refusal needs its reason, an approval may have one. */
export function parseQuotaReview(body: Record<string, unknown>): Parsed<QuotaReview> {
  const id = parseId(body.id);
  if (!id) return { ok: false, message: MESSAGES.badId };
  if (typeof body.approve !== 'boolean') return { ok: false, message: MESSAGES.badApprove };
  const reason = reasonOf(body.reason, false);
  if (!reason.ok) return reason;
  if (!body.approve && reason.value === null) return { ok: false, message: MESSAGES.reviewReasonRequired };
  return { ok: true, value: { id, approve: body.approve, reason: reason.value } };
}

export type QuotaRequestListQuery = {
  current: number;
  pageSize: number;
  status?: QuotaRequestStatus;
  userId?: Id;
};

function pageNumber(text: string | undefined, fallback: number): number | undefined {
  if (text === undefined || text === '') return fallback;
  return /^\d{1,9}$/.test(text) ? Number(text) : undefined;
}

/** `GET /api/quota/request/list`'s query: newest first, optionally of one status and one user. */
export function parseQuotaRequestListQuery(input: unknown): Parsed<QuotaRequestListQuery> {
  const query = queryOf(input);
  const texts = textsOf(query, ['current', 'pageSize', 'status'] as const);
  if (!texts.ok) return texts;
  const current = pageNumber(texts.value.current, 1);
  if (current === undefined || current < 1) return { ok: false, message: MESSAGES.badCurrent };
  const pageSize = pageNumber(texts.value.pageSize, 10);
  if (pageSize === undefined || pageSize < 1 || pageSize > PAGE_SIZE_MAX)
    return { ok: false, message: MESSAGES.badPageSize };
  const status = texts.value.status || undefined;
  if (status !== undefined && !(QUOTA_REQUEST_STATUSES as readonly string[]).includes(status))
    return { ok: false, message: MESSAGES.badRequestStatus };
  let userId: Id | undefined;
  if (query.userId !== undefined && query.userId !== '') {
    userId = parseId(query.userId);
    if (!userId) return { ok: false, message: MESSAGES.userIdInvalid };
  }
  return { ok: true, value: { current, pageSize, status: status as QuotaRequestStatus | undefined, userId } };
}

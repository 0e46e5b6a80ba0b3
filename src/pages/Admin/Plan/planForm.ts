import { messageRefOf } from '@agler/contract/messageKeys';
import type { Message, MessageRef } from '@agler/contract/messageKeys';
import { parseNewPlan, parsePlanChange, planLimitsOf } from '@agler/contract/plans';
import type { PlanFields } from '@agler/contract/plans';
import type { InterfaceOption } from '@/components/InterfaceSelect';
import { ApiError } from '@/requestConfig';

export type { InterfaceOption };

/** The plan form's fields: the add request's, the interfaces with their names, the limits empty for none. */
export type PlanFormValues = Omit<API.PlanAddRequest, 'interfaceIds' | 'quota' | 'rateLimit' | 'rateBurst' | 'isDefault'> & {
  interfaceIds: InterfaceOption[];
  quota: number | null;
  rateLimit: number | null;
  rateBurst: number | null;
  isDefault: boolean;
};

export type PlanField = keyof PlanFormValues;

/** The form's starting values: the plan's own, or a public monthly plan with nothing chosen. */
export function planFormValuesOf(plan?: API.PlanVO, names?: ReadonlyMap<string, string>): PlanFormValues {
  return {
    name: plan?.name ?? '',
    description: plan?.description ?? '',
    interfaceIds: (plan?.interfaceIds ?? []).map((id) => ({ value: id, label: names?.get(id) ?? id })),
    quota: plan?.quota ?? null,
    period: plan?.period ?? 'month',
    rateLimit: plan?.rateLimit ?? null,
    rateBurst: plan?.rateBurst ?? null,
    approval: plan?.approval ?? false,
    overage: plan?.overage ?? 'block',
    priceLabel: plan?.priceLabel ?? '',
    visibility: plan?.visibility ?? 'public',
    isDefault: plan?.isDefault ?? false,
  };
}

/** An empty number field is null (the interface's limit, a burst equal to the limit). */
const numberOrNull = (value: unknown): number | null => (typeof value === 'number' ? value : null);

/** What is sent for an add, and for an update with the plan's id: every field, texts trimmed. */
export function planBodyOf(values: Partial<PlanFormValues>): API.PlanAddRequest {
  return {
    name: (values.name ?? '').trim(),
    description: (values.description ?? '').trim(),
    interfaceIds: (values.interfaceIds ?? []).map((option) => option.value),
    // Empty is no number, which the contract refuses as it refuses any other bad quota.
    quota: values.quota ?? Number.NaN,
    period: values.period ?? 'month',
    rateLimit: numberOrNull(values.rateLimit),
    rateBurst: numberOrNull(values.rateBurst),
    approval: values.approval ?? false,
    overage: values.overage ?? 'block',
    priceLabel: (values.priceLabel ?? '').trim(),
    visibility: values.visibility ?? 'public',
    isDefault: values.isDefault ?? false,
  };
}

/** An id the checks of one field are run with: parsePlanChange reads only the fields present. */
const PROBE_ID = '1';

type CheckedField = Exclude<keyof PlanFields, 'rateLimit' | 'rateBurst'>;

/** What the contract says is wrong with one field's value as the form would send it, or undefined. */
export function planFieldFault(field: CheckedField, values: Partial<PlanFormValues>): Message | undefined {
  const parsed = parsePlanChange({ id: PROBE_ID, [field]: planBodyOf(values)[field] });
  return parsed.ok ? undefined : parsed.message;
}

/** What the contract says is wrong with a rate limit (empty: the interfaces' own, which is fine). */
export function planLimitFault(rateLimit: unknown): Message | undefined {
  const parsed = planLimitsOf({ rateLimit: numberOrNull(rateLimit) });
  return parsed.ok ? undefined : parsed.message;
}

/** What the contract says is wrong with the burst beside the limit; a wrong limit is its own field's message. */
export function planBurstFault(values: Partial<PlanFormValues>): Message | undefined {
  if (planLimitFault(values.rateLimit)) return undefined;
  const { rateLimit, rateBurst } = planBodyOf(values);
  const parsed = planLimitsOf({ rateLimit, rateBurst });
  return parsed.ok ? undefined : parsed.message;
}

/** The whole body as the server will read it: what it would refuse first, or undefined. */
export function planBodyFault(values: Partial<PlanFormValues>): Message | undefined {
  const parsed = parseNewPlan(planBodyOf(values) as unknown as Record<string, unknown>);
  return parsed.ok ? undefined : parsed.message;
}

/** The form field each of the server's refusals of a plan is about, by the message's key. */
const FIELD_OF_MESSAGE: Readonly<Record<string, PlanField>> = {
  'plans.nameRequired': 'name',
  'plans.nameTooLong': 'name',
  'plans.nameInvalid': 'name',
  'plans.descriptionInvalid': 'description',
  'plans.interfacesInvalid': 'interfaceIds',
  'plans.interfaceNotFound': 'interfaceIds',
  'plans.interfacesLocked': 'interfaceIds',
  'plans.badQuota': 'quota',
  'plans.badPeriod': 'period',
  'plans.badApproval': 'approval',
  'plans.badOverage': 'overage',
  'plans.priceLabelInvalid': 'priceLabel',
  'plans.badVisibility': 'visibility',
  'plans.badIsDefault': 'isDefault',
  'plans.defaultNeedsPublic': 'isDefault',
  'plans.defaultTaken': 'isDefault',
  'api.badRateLimit': 'rateLimit',
  'api.badRateBurst': 'rateBurst',
  'api.burstWithoutLimit': 'rateBurst',
};

/** The field a refusal of the server names, by its message's key (or its text, for a fixed message); undefined when none. */
export function fieldOfError(error: unknown): PlanField | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const ref: MessageRef | undefined = error.messageRef ?? messageRefOf(error.message);
  return ref ? FIELD_OF_MESSAGE[ref.messageKey] : undefined;
}

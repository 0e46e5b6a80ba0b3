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

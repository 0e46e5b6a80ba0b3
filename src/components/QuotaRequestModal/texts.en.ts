import { QUOTA_REQUEST_LIMITS } from '@/constants';
import type { Translation } from '@/locales';
import type { QUOTA_REQUEST_TEXTS } from './texts';

export const quotaRequest: Translation<typeof QUOTA_REQUEST_TEXTS> = {
  open: 'Ask for more',
  title: (name) => `Ask for more calls of “${name}”`,
  hint: 'Once an admin approves, both the calls left and the total rise by the amount. Each interface can have one open request at a time.',
  amount: 'Amount',
  amountPlaceholder: `1 to ${QUOTA_REQUEST_LIMITS.amountMax}`,
  amountRequired: 'Enter an amount',
  reason: 'Reason',
  reasonPlaceholder: 'What the calls are for and how many you expect to make',
  submit: 'Send request',
  cancel: 'Cancel',
  sent: 'Request sent; you will be told when an admin answers it',
  status: { pending: 'Pending', approved: 'Approved', refused: 'Refused' },
  coveredHint: (plan, periodEnd) =>
    `Calls of this interface count against your plan “${plan}”, whose period ends at ${periodEnd}. Ask for more calls this period, or for a higher plan over the same interfaces.`,
  choice: 'Ask for',
  choiceTopup: 'More calls this period',
  choicePlan: 'A higher plan',
  plan: 'Plan',
  planPlaceholder: 'Choose a plan over the same interfaces',
  noPlans: 'No plan to move to',
  planRequired: 'Choose a plan',
  planOption: (name, quota, period, price) =>
    `${name} (${quota} calls a ${period}${price ? `, ${price}` : ''})`,
  askedPlan: (plan) => `Move to the plan “${plan}”`,
  askedTopup: (amount) => `${amount} more calls this period`,
};

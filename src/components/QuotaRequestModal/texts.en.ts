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
};

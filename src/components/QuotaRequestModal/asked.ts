import { formatNumber } from '@/locales';
import { QUOTA_REQUEST_TEXTS as T } from './texts';

/** What a request asked for, as the lists of requests show it: a number of calls, a top-up for the period, or a plan. */
export function askedOf(request: Pick<API.QuotaRequestVO, 'kind' | 'amount' | 'planName'>): string {
  if (request.kind === 'plan') return T.askedPlan(request.planName ?? '');
  if (request.kind === 'topup') return T.askedTopup(formatNumber(request.amount));
  return formatNumber(request.amount);
}

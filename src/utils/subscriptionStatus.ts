import type { BadgeProps } from 'antd';

/** A subscription's state as a colour of antd's status set, for a badge's dot or a tag, wherever a subscription is listed. */
export const SUBSCRIPTION_STATUS_COLORS: Record<
  API.SubscriptionVO['status'],
  NonNullable<BadgeProps['status']>
> = {
  pending: 'processing',
  active: 'success',
  refused: 'error',
  ended: 'default',
};

import type { BadgeProps } from 'antd';

/** A subscription's state as a badge's dot: its text stays in the text's own colour, readable in both themes. */
export const SUBSCRIPTION_BADGES: Record<API.SubscriptionVO['status'], NonNullable<BadgeProps['status']>> = {
  pending: 'processing',
  active: 'success',
  refused: 'error',
  ended: 'default',
};

import { Badge } from 'antd';
import { INTERFACE_STATUS } from '@/constants';
import { localized } from '@/locales';

export const STATUS_TEXTS = localized('status', {
  [INTERFACE_STATUS.ONLINE]: '已上线',
  [INTERFACE_STATUS.OFFLINE]: '已下线',
} as const);

type StatusBadgeProps = { status?: number };

/** An interface's status: online (success dot) or offline (default dot), with its text. */
export function StatusBadge({ status }: StatusBadgeProps) {
  const online = status === INTERFACE_STATUS.ONLINE;
  return (
    <Badge
      status={online ? 'success' : 'default'}
      text={online ? STATUS_TEXTS[INTERFACE_STATUS.ONLINE] : STATUS_TEXTS[INTERFACE_STATUS.OFFLINE]}
    />
  );
}

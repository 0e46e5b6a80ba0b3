import { Link } from '@umijs/max';
import { Button, Space, Typography } from 'antd';
import { useRequest } from 'ahooks';
import { QUOTA_REQUEST_TEXTS, QuotaRequestModal } from '@/components/QuotaRequestModal';
import { ACCOUNT_USAGE_PATH } from '@/constants';
import { formatNumber } from '@/locales';
import { listMyUsage } from '@/services/agler/user';
import { VIEW_TEXTS } from '../texts';

type MyQuotaProps = {
  interfaceId: string;
  interfaceName: string;
  /** Admins' calls take no quota: nothing to show or ask for. */
  unlimited: boolean;
  /** How many calls the page has made: each one read the quota again, as the gateway left it. */
  calls?: number;
};

/** What is left of the reader's quota on this interface, with 申请额度 beside it and which calls take from it. */
export function MyQuota({ interfaceId, interfaceName, unlimited, calls = 0 }: MyQuotaProps) {
  const { data, error, refresh } = useRequest(
    async () => (await listMyUsage({ skipErrorHandler: true })).data ?? [],
    { ready: !unlimited, refreshDeps: [calls], onError: () => undefined },
  );
  if (unlimited) return <Typography.Text type="secondary">{VIEW_TEXTS.quotaUnlimited}</Typography.Text>;
  if (error) return <Typography.Text type="secondary">{VIEW_TEXTS.quotaFailed}</Typography.Text>;
  if (!data) return null;
  const quota = data.find((row) => String(row.interfaceInfoId) === interfaceId);
  return (
    <Space direction="vertical" size={4}>
      <Space wrap size="small">
        <span>
          {quota
            ? VIEW_TEXTS.quotaLeft(formatNumber(quota.leftNum), formatNumber(quota.totalNum))
            : VIEW_TEXTS.quotaNotYet}
        </span>
        <QuotaRequestModal
          interfaceInfoId={interfaceId}
          interfaceName={interfaceName}
          trigger={
            <Button size="small" type="link">
              {QUOTA_REQUEST_TEXTS.open}
            </Button>
          }
          onSent={refresh}
        />
        <Link to={ACCOUNT_USAGE_PATH}>{VIEW_TEXTS.usageLink}</Link>
      </Space>
      <Typography.Text type="secondary">{VIEW_TEXTS.chargeRule}</Typography.Text>
    </Space>
  );
}

import { ProTable } from '@ant-design/pro-components';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { App, Badge, Drawer, Radio, Space, Tag, Typography } from 'antd';
import { createStyles } from 'antd-style';
import { useRef, useState } from 'react';
import { displayTime } from '@agler/contract/dates';
import { LIVE_SUBSCRIPTION_STATUSES } from '@agler/contract/plans';
import { ActionLink } from '@/components/ActionLink';
import { LazyPopconfirm } from '@/components/FirstUse';
import { PAGE_SIZE_MAX } from '@/constants';
import { formatNumber } from '@/locales';
import { handleRequestError } from '@/requestConfig';
import { endSubscription, listSubscriptions } from '@/services/agler/subscription';
import { columnsWidth } from '@/utils/tableWidth';
import { useFocusReturn } from '@/utils/useFocusReturn';
import { SUBSCRIPTION_STATUS_COLORS } from '@/utils/subscriptionStatus';
import { ADMIN_PLAN_TEXTS } from '../texts';

type Subscription = API.SubscriptionVO;
type StatusFilter = Subscription['status'] | 'all';

const DRAWER_WIDTH = 880;

const useStyles = createStyles(({ token }) => ({
  time: { whiteSpace: 'nowrap', color: token.colorTextSecondary },
}));

type SubscribersDrawerProps = {
  open: boolean;
  /** The plan whose subscribers are shown (kept while the drawer closes, so it does not go blank). */
  plan?: API.PlanVO;
  onClose: () => void;
  /** After a subscription was ended: the plan's count and the pending count are read again. */
  onChanged: () => void;
};

/** 订阅者: a plan's subscriptions, active ones first shown, each live one ended at once after a confirmation. */
export function SubscribersDrawer({ open, plan, onClose, onChanged }: SubscribersDrawerProps) {
  const T = ADMIN_PLAN_TEXTS.subscribers;
  const { styles } = useStyles();
  const { message } = App.useApp();
  const actionRef = useRef<ActionType>();
  const [status, setStatus] = useState<StatusFilter>('active');
  const [pendingId, setPendingId] = useState<string>();
  const shown = open && !!plan;
  useFocusReturn(shown);

  const end = async (subscription: Subscription) => {
    setPendingId(subscription.id);
    try {
      await endSubscription({ id: subscription.id }, { skipErrorHandler: true });
    } catch (error) {
      handleRequestError(error);
      actionRef.current?.reload();
      return;
    } finally {
      setPendingId(undefined);
    }
    message.success(T.ended(subscription.userName));
    actionRef.current?.reload();
    onChanged();
  };

  const columns: ProColumns<Subscription>[] = [
    { title: T.columns.user, dataIndex: 'userName', width: 140, ellipsis: true },
    {
      title: T.columns.status,
      dataIndex: 'status',
      width: 150,
      render: (_, subscription) => (
        <Space size={4} wrap>
          <Badge status={SUBSCRIPTION_STATUS_COLORS[subscription.status]} text={ADMIN_PLAN_TEXTS.status[subscription.status]} />
          {subscription.cancelAtPeriodEnd ? <Tag bordered={false}>{T.cancelAtPeriodEnd}</Tag> : null}
          {subscription.requestedPlanName ? (
            <Typography.Text type="secondary">{T.switchTo(subscription.requestedPlanName)}</Typography.Text>
          ) : null}
        </Space>
      ),
    },
    {
      title: T.columns.period,
      key: 'period',
      width: 190,
      render: (_, subscription) =>
        subscription.periodStart && subscription.periodEnd ? (
          <span className={styles.time}>
            {displayTime(subscription.periodStart)}
            <br />
            {displayTime(subscription.periodEnd)}
          </span>
        ) : (
          '-'
        ),
    },
    {
      title: T.columns.used,
      key: 'used',
      width: 150,
      align: 'right',
      render: (_, subscription) => `${formatNumber(subscription.used)} / ${formatNumber(subscription.quota)}`,
    },
    {
      title: T.columns.createTime,
      dataIndex: 'createTime',
      width: 110,
      render: (_, subscription) => <span className={styles.time}>{displayTime(subscription.createTime)}</span>,
    },
    {
      title: T.columns.actions,
      valueType: 'option',
      key: 'actions',
      width: 80,
      render: (_, subscription) =>
        LIVE_SUBSCRIPTION_STATUSES.includes(subscription.status)
          ? [
              <LazyPopconfirm
                key="end"
                title={T.endConfirm(subscription.userName)}
                description={T.endConfirmHint}
                okText={T.confirmEnd}
                okButtonProps={{ danger: true }}
                cancelText={T.cancel}
                // The focus goes to the harmless answer: Enter alone never ends a subscription.
                cancelButtonProps={{ autoFocus: true }}
                destroyOnHidden
                onConfirm={() => end(subscription)}
              >
                <ActionLink
                  type="danger"
                  aria-label={T.endLabel(subscription.userName)}
                  disabled={pendingId !== undefined}
                >
                  {T.end}
                </ActionLink>
              </LazyPopconfirm>,
            ]
          : [],
    },
  ];

  return (
    <Drawer
      open={shown}
      title={plan ? T.title(plan.name) : undefined}
      width={DRAWER_WIDTH}
      onClose={onClose}
      destroyOnHidden
    >
      {plan ? (
        <ProTable<Subscription>
          rowKey="id"
          actionRef={actionRef}
          columns={columns}
          search={false}
          scroll={{ x: columnsWidth(columns) }}
          options={{ reload: true, density: false, setting: false }}
          params={{ status, planId: plan.id }}
          pagination={{ defaultPageSize: 10, showSizeChanger: true, pageSizeOptions: [10, 20, PAGE_SIZE_MAX] }}
          locale={{ emptyText: T.empty }}
          headerTitle={
            <Radio.Group
              optionType="button"
              size="small"
              aria-label={T.filter}
              value={status}
              onChange={(e) => setStatus(e.target.value as StatusFilter)}
              options={[
                { value: 'active', label: ADMIN_PLAN_TEXTS.status.active },
                { value: 'pending', label: ADMIN_PLAN_TEXTS.status.pending },
                { value: 'ended', label: ADMIN_PLAN_TEXTS.status.ended },
                { value: 'all', label: T.all },
              ]}
            />
          }
          request={async ({ current = 1, pageSize = 10 }) => {
            const res = await listSubscriptions(
              { current, pageSize, planId: plan.id, status: status === 'all' ? undefined : status },
              { skipErrorHandler: true },
            );
            return { data: res.data?.records ?? [], total: res.data?.total ?? 0, success: true };
          }}
          onRequestError={handleRequestError}
        />
      ) : null}
    </Drawer>
  );
}

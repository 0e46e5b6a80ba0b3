import { Link } from '@umijs/max';
import { App, Button, Card, Empty, Progress, Radio, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { createStyles } from 'antd-style';
import { useRequest } from 'ahooks';
import dayjs from 'dayjs';
import { useState } from 'react';
import { LIVE_SUBSCRIPTION_STATUSES } from '@agler/contract/plans';
import { LazyPopconfirm } from '@/components/FirstUse';
import { LoadError } from '@/components/LoadError';
import { formatNumber } from '@/locales';
import { handleRequestError } from '@/requestConfig';
import { cancelSubscription, listSubscriptions } from '@/services/agler/subscription';
import { interfacePath } from '@/utils/interfacePath';
import { listLiveSubscriptions } from '@/utils/liveSubscriptions';
import { columnsWidth } from '@/utils/tableWidth';
import { SUBSCRIPTION_STATUS_COLORS } from '@/utils/subscriptionStatus';
import { USAGE_TEXTS } from '../texts';

const T = USAGE_TEXTS.subscriptions;

type Subscription = API.SubscriptionVO;
type View = 'live' | 'all';

const ALL_PAGE_SIZE = 10;
/** The plan's least width once the table scrolls, so its name and notes keep a readable line on a phone. */
const PLAN_MIN_WIDTH = 160;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const useStyles = createStyles(({ token }) => ({
  used: { display: 'flex', alignItems: 'center', gap: token.marginSM, minWidth: 170 },
  number: { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' },
  notes: { display: 'flex', flexWrap: 'wrap', gap: token.marginXXS, marginTop: token.marginXXS },
  empty: { color: token.colorTextSecondary },
}));

const isLive = (row: Subscription) => LIVE_SUBSCRIPTION_STATUSES.includes(row.status);

/** A user's live (pending or active) subscriptions, newest first. */
export function useLiveSubscriptions(userId: string | undefined) {
  return useRequest(async () => listLiveSubscriptions(userId), {
    ready: userId !== undefined,
    refreshDeps: [userId],
  });
}

/** Which live subscription's plan counts each interface's calls, by interface id. */
export function coveringPlans(live: readonly Subscription[] | undefined): Map<string, string> {
  const plans = new Map<string, string>();
  for (const row of live ?? []) {
    if (isLive(row)) for (const id of row.interfaceIds) plans.set(id, row.planName);
  }
  return plans;
}

/** `yyyy-MM-dd HH:mm`: a period's bounds fall on whole minutes. */
const minuteOf = (time: string) => time.slice(0, 16);

/** How long until a time, in the largest unit that still reads as a whole number. */
function untilText(time: string, now: number): string | undefined {
  const left = dayjs(time).valueOf() - now;
  if (!(left > 0)) return undefined;
  if (left < HOUR) return T.relative.minutes(Math.max(1, Math.ceil(left / MINUTE)));
  if (left < 2 * DAY) return T.relative.hours(Math.floor(left / HOUR));
  return T.relative.days(Math.floor(left / DAY));
}

/** The period's days: `periodEnd` is the first moment after it, so its last day is the one before. */
function periodText(row: Subscription): string | undefined {
  if (!row.periodStart || !row.periodEnd) return undefined;
  const first = row.periodStart.slice(0, 10);
  const last = dayjs(row.periodEnd).subtract(1, 'second').format('YYYY-MM-DD');
  return first === last ? first : `${first} – ${last}`;
}

type LiveRequest = ReturnType<typeof useLiveSubscriptions>;

type SubscriptionsProps = {
  userId: string;
  /** The list's title: the reader's own plans, or whose they are. */
  title: string;
  /** The reader's own subscriptions: they may cancel them. */
  own: boolean;
  /** The live subscriptions, loaded by the page, which also marks the interfaces they cover. */
  live: LiveRequest;
};

/** 我的套餐: the user's subscriptions with their period, calls used of the quota, overage and reset time; live ones first, ended ones on demand. */
export function Subscriptions({ userId, title, own, live }: SubscriptionsProps) {
  const { styles } = useStyles();
  const { message } = App.useApp();
  const [view, setView] = useState<View>('live');
  const [current, setCurrent] = useState(1);
  const [cancellingId, setCancellingId] = useState<string>();

  const all = useRequest(
    async () =>
      (await listSubscriptions({ userId, current, pageSize: ALL_PAGE_SIZE }, { skipErrorHandler: true }))
        .data,
    { ready: view === 'all', refreshDeps: [view, current, userId] },
  );

  const shown = view === 'live' ? live : all;
  const rows = (view === 'live' ? live.data : all.data?.records) ?? [];
  const now = Date.now();

  const cancel = async (row: Subscription) => {
    setCancellingId(row.id);
    try {
      await cancelSubscription({ id: row.id }, { skipErrorHandler: true });
    } catch (error) {
      // The server's own words say why; the row stays as it was.
      handleRequestError(error);
      return;
    } finally {
      setCancellingId(undefined);
    }
    message.success(
      row.status === 'pending' || !row.periodEnd
        ? T.cancelledPending(row.planName)
        : T.cancelledActive(row.planName, minuteOf(row.periodEnd)),
    );
    live.refresh();
    if (view === 'all') all.refresh();
  };

  const hasReply = rows.some((row) => row.reply);

  const columns: TableColumnsType<Subscription> = [
    {
      title: T.plan,
      key: 'plan',
      render: (_, row) => (
        <>
          {row.interfaceIds.length > 0 ? (
            <Link to={interfacePath(row.interfaceIds[0])}>{row.planName}</Link>
          ) : (
            row.planName
          )}
          {row.requestedPlanName || (row.cancelAtPeriodEnd && isLive(row)) ? (
            <div className={styles.notes}>
              {row.requestedPlanName ? (
                <Tag bordered={false} color="processing">
                  {T.switchWaiting(row.requestedPlanName)}
                </Tag>
              ) : null}
              {row.cancelAtPeriodEnd && isLive(row) && row.periodEnd ? (
                <Tag bordered={false} color="warning">
                  {T.endsAt(minuteOf(row.periodEnd))}
                </Tag>
              ) : null}
            </div>
          ) : null}
        </>
      ),
    },
    {
      title: T.status,
      dataIndex: 'status',
      width: 90,
      render: (_, row) => (
        <Tag bordered={false} color={SUBSCRIPTION_STATUS_COLORS[row.status]}>
          {T.statuses[row.status]}
        </Tag>
      ),
    },
    {
      title: T.period,
      key: 'period',
      width: 200,
      render: (_, row) => {
        if (row.status === 'pending')
          return <Typography.Text type="secondary">{T.awaitingReview}</Typography.Text>;
        const text = periodText(row);
        return text ? (
          <span className={styles.number}>{text}</span>
        ) : (
          <Typography.Text type="secondary">-</Typography.Text>
        );
      },
    },
    {
      title: T.used,
      key: 'used',
      width: 220,
      render: (_, row) => {
        const unit = T.perPeriod[row.period];
        if (row.status !== 'active')
          return (
            <Typography.Text type="secondary">{T.quotaOf(formatNumber(row.quota), unit)}</Typography.Text>
          );
        const text = `${formatNumber(row.used)} / ${formatNumber(row.quota)}`;
        return (
          <span className={styles.used}>
            <Progress
              percent={row.quota > 0 ? Math.min(100, (row.used / row.quota) * 100) : 0}
              showInfo={false}
              size="small"
              status={row.used < row.quota ? 'normal' : 'exception'}
              aria-label={text}
            />
            <span className={styles.number}>{text}</span>
          </span>
        );
      },
    },
    {
      title: T.overage,
      key: 'overage',
      align: 'right',
      width: 100,
      render: (_, row) => {
        if (row.overage !== 'allow') return <Typography.Text type="secondary">{T.noOverage}</Typography.Text>;
        const over = row.status === 'active' ? Math.max(0, row.used - row.quota) : 0;
        return (
          <Typography.Text className={styles.number} type={over > 0 ? 'warning' : undefined}>
            {formatNumber(over)}
          </Typography.Text>
        );
      },
    },
    {
      title: T.resetAt,
      key: 'resetAt',
      width: 150,
      render: (_, row) => {
        if (row.status !== 'active' || !row.periodEnd)
          return <Typography.Text type="secondary">-</Typography.Text>;
        const until = untilText(row.periodEnd, now);
        // A cancelled subscription does not start another period: the plan's column says when it stops.
        if (row.cancelAtPeriodEnd) return <Typography.Text type="secondary">{T.noReset}</Typography.Text>;
        return (
          <>
            <div className={styles.number}>{minuteOf(row.periodEnd)}</div>
            {until ? <Typography.Text type="secondary">{until}</Typography.Text> : null}
          </>
        );
      },
    },
    ...(hasReply
      ? [
          {
            title: T.reply,
            dataIndex: 'reply',
            width: 180,
            ellipsis: true,
            render: (_: unknown, row: Subscription) =>
              row.reply ?? <Typography.Text type="secondary">-</Typography.Text>,
          },
        ]
      : []),
    ...(own
      ? [
          {
            title: T.actions,
            key: 'actions',
            width: 110,
            render: (_: unknown, row: Subscription) =>
              row.status === 'pending' || (row.status === 'active' && !row.cancelAtPeriodEnd) ? (
                <LazyPopconfirm
                  title={
                    row.status === 'pending' || !row.periodEnd
                      ? T.cancelPendingConfirm(row.planName)
                      : T.cancelActiveConfirm(row.planName, minuteOf(row.periodEnd))
                  }
                  okText={T.confirm}
                  okButtonProps={{ danger: true }}
                  cancelText={T.keep}
                  destroyOnHidden
                  onConfirm={() => cancel(row)}
                >
                  <Button
                    type="link"
                    size="small"
                    danger
                    aria-label={T.cancelOf(row.planName)}
                    loading={cancellingId === row.id}
                    disabled={cancellingId !== undefined && cancellingId !== row.id}
                  >
                    {T.cancel}
                  </Button>
                </LazyPopconfirm>
              ) : null,
          },
        ]
      : []),
  ];

  const empty = (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={
        <span className={styles.empty}>
          {view === 'live' ? T.empty : T.emptyAll}
          {own ? <Link to="/">{T.browse}</Link> : null}
        </span>
      }
    />
  );

  return (
    <Card
      title={title}
      extra={
        // antd's group is a bare div: the wrapper gives the two choices their name.
        <div role="radiogroup" aria-label={T.view}>
          <Radio.Group
            optionType="button"
            size="small"
            value={view}
            onChange={(event) => {
              setView(event.target.value as View);
              setCurrent(1);
            }}
            options={[
              { label: T.live, value: 'live' },
              { label: T.all, value: 'all' },
            ]}
          />
        </div>
      }
    >
      {shown.error && !shown.loading ? (
        <LoadError message={T.loadFailed} error={shown.error} onRetry={() => shown.refresh()} />
      ) : (
        <Table<Subscription>
          rowKey="id"
          columns={columns}
          dataSource={rows}
          loading={shown.loading}
          size="middle"
          pagination={
            view === 'all'
              ? {
                  current,
                  pageSize: ALL_PAGE_SIZE,
                  total: all.data?.total ?? 0,
                  hideOnSinglePage: true,
                  showSizeChanger: false,
                  onChange: setCurrent,
                }
              : { pageSize: ALL_PAGE_SIZE, hideOnSinglePage: true, showSizeChanger: false }
          }
          scroll={{ x: columnsWidth(columns, PLAN_MIN_WIDTH) }}
          locale={{ emptyText: shown.loading ? ' ' : empty }}
        />
      )}
    </Card>
  );
}

import { PageContainer } from '@ant-design/pro-components';
import type { ActionType } from '@ant-design/pro-components';
import { useModel } from '@umijs/max';
import { Card, Col, DatePicker, Empty, Radio, Row, Select, Skeleton, Space, Statistic } from 'antd';
import { createStyles } from 'antd-style';
import { useRequest } from 'ahooks';
import dayjs from 'dayjs';
import { Suspense, useMemo, useRef, useState } from 'react';
import { DATE_FORMAT } from '@agler/contract/dates';
import { MAX_RANGE_DAYS } from '@/constants';
import { LoadError } from '@/components/LoadError';
import { formatNumber } from '@/locales';
import { useScreen } from '@/utils/media';
import { getMyUsageSummary, listMyDailyUsage as getMyDailyUsage } from '@/services/agler/usage';
import { CallLog } from './components/CallLog';
import { DailyChart } from './components/charts';
import { MyRequests } from './components/MyRequests';
import { QuotaTable } from './components/QuotaTable';
import { coveringPlans, Subscriptions, useLiveSubscriptions } from './components/Subscriptions';
import { lastDaysRange, presetOf, PRESET_DAYS } from './range';
import type { UsageRange } from './range';
import { USAGE_TEXTS as T } from './texts';

const CHART_HEIGHT = 260;

const useStyles = createStyles(({ token }) => ({
  controls: { marginBottom: token.margin },
  interfaceSelect: { minWidth: 200 },
  error: { marginBottom: token.margin },
}));

/** Whose usage the address names (`?userId=…&account=…&name=…`, from 用户管理); none: the reader's own. */
function subjectFromUrl(): { userId?: string; account?: string; name?: string } {
  const params = new URLSearchParams(window.location.search);
  return {
    userId: params.get('userId') || undefined,
    account: params.get('account') || undefined,
    name: params.get('name') || undefined,
  };
}

/** 我的用量: a user's calls per day, quotas and how fast they go, their last calls and their requests for more. */
export default function UsagePage() {
  const { styles } = useStyles();
  const { initialState } = useModel('@@initialState');
  const selfId = initialState?.loginUser?.id === undefined ? undefined : String(initialState.loginUser.id);
  const [subject] = useState(subjectFromUrl);
  const userId = subject.userId && subject.userId !== selfId ? subject.userId : undefined;
  const own = userId === undefined;
  const [range, setRange] = useState<UsageRange>(() => lastDaysRange(PRESET_DAYS[0]));
  const [interfaceId, setInterfaceId] = useState<string>();
  const requestsRef = useRef<ActionType>();
  const subscriptions = useLiveSubscriptions(userId ?? selfId);
  const covered = useMemo(() => coveringPlans(subscriptions.data), [subscriptions.data]);

  const summary = useRequest(
    async () => (await getMyUsageSummary({ ...range, userId }, { skipErrorHandler: true })).data,
    { refreshDeps: [range.startDate, range.endDate, userId] },
  );
  const daily = useRequest(
    async () =>
      (await getMyDailyUsage({ ...range, interfaceInfoId: interfaceId, userId }, { skipErrorHandler: true }))
        .data ?? [],
    { refreshDeps: [range.startDate, range.endDate, interfaceId, userId] },
  );

  const interfaces = useMemo(
    () =>
      (summary.data?.interfaces ?? []).map((row) => ({
        value: String(row.interfaceInfoId),
        label: row.name,
      })),
    [summary.data],
  );
  const figures = summary.data;
  const successRate =
    figures && figures.calls > 0 ? ((figures.calls - figures.errors) / figures.calls) * 100 : undefined;
  const preset = presetOf(range);
  // On a phone the three presets keep to one line: at the full size the English ones wrapped.
  const narrow = useScreen('xs');

  return (
    <PageContainer title={own ? T.pageTitle : T.pageTitleOf(subject.name ?? subject.account ?? userId!)}>
      <Space wrap className={styles.controls} role="group" aria-label={T.range.label}>
        <Radio.Group
          optionType="button"
          size={narrow ? 'small' : 'middle'}
          value={preset}
          onChange={(e) => setRange(lastDaysRange(e.target.value as number))}
          options={PRESET_DAYS.map((days) => ({ label: T.range.last(days), value: days }))}
        />
        <DatePicker.RangePicker
          allowClear={false}
          value={[dayjs(range.startDate), dayjs(range.endDate)]}
          format={DATE_FORMAT}
          placeholder={[T.range.startDate, T.range.endDate]}
          aria-label={T.range.custom}
          disabledDate={(day, info) =>
            day.isAfter(dayjs(), 'day') ||
            (info?.from !== undefined && Math.abs(day.diff(info.from, 'day')) >= MAX_RANGE_DAYS)
          }
          onChange={(dates) => {
            if (dates?.[0] && dates[1])
              setRange({ startDate: dates[0].format(DATE_FORMAT), endDate: dates[1].format(DATE_FORMAT) });
          }}
        />
        <Select
          className={styles.interfaceSelect}
          allowClear
          showSearch
          optionFilterProp="label"
          aria-label={T.interfaceFilter}
          placeholder={T.allInterfaces}
          value={interfaceId}
          options={interfaces}
          onChange={(value?: string) => setInterfaceId(value)}
        />
      </Space>
      {summary.error || daily.error ? (
        <LoadError
          className={styles.error}
          message={T.loadFailed}
          error={summary.error ?? daily.error}
          onRetry={() => {
            summary.refresh();
            daily.refresh();
          }}
        />
      ) : null}
      <Row gutter={[16, 16]}>
        {[
          {
            key: 'calls',
            title: T.figures.calls,
            value: figures ? formatNumber(figures.calls) : T.figures.none,
          },
          {
            key: 'errors',
            title: T.figures.errors,
            value: figures ? formatNumber(figures.errors) : T.figures.none,
          },
          {
            key: 'rate',
            title: T.figures.successRate,
            value: successRate === undefined ? T.figures.none : `${successRate.toFixed(1)}%`,
          },
          {
            key: 'p95',
            title: T.figures.p95,
            value:
              figures && figures.calls > 0 ? T.figures.ms(formatNumber(figures.p95Latency)) : T.figures.none,
          },
        ].map((figure) => (
          <Col key={figure.key} xs={12} md={6}>
            <Card size="small">
              <Statistic title={figure.title} value={figure.value} loading={summary.loading && !figures} />
            </Card>
          </Col>
        ))}
        <Col span={24}>
          <Card title={T.chart.title}>
            {!daily.data && <Skeleton active />}
            {/* A range without calls says so, instead of drawing bare axes. */}
            {daily.data && !daily.data.some((day) => day.calls > 0) && (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={T.chart.empty} />
            )}
            {daily.data?.some((day) => day.calls > 0) && (
              <Suspense fallback={<Skeleton active />}>
                <DailyChart daily={daily.data} height={CHART_HEIGHT} />
              </Suspense>
            )}
          </Card>
        </Col>
        {selfId ? (
          <Col span={24}>
            <Subscriptions
              userId={userId ?? selfId}
              title={
                own
                  ? T.subscriptions.title
                  : T.subscriptions.titleOf(subject.name ?? subject.account ?? userId!)
              }
              own={own}
              live={subscriptions}
            />
          </Col>
        ) : null}
        <Col span={24}>
          <QuotaTable
            summary={summary.data ?? undefined}
            loading={summary.loading}
            own={own}
            coveredBy={covered}
            onAsked={() => requestsRef.current?.reload()}
          />
        </Col>
        <Col span={24}>
          <CallLog userId={userId} interfaces={interfaces} retentionDays={summary.data?.callRetentionDays} />
        </Col>
        {selfId ? (
          <Col span={24}>
            <MyRequests
              userId={userId ?? selfId}
              title={own ? T.requests.title : T.requests.titleOf(subject.name ?? subject.account ?? userId!)}
              actionRef={requestsRef}
            />
          </Col>
        ) : null}
      </Row>
    </PageContainer>
  );
}

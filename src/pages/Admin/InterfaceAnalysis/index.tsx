import { PageContainer, ProCard } from '@ant-design/pro-components';
import { history, useSearchParams } from '@umijs/max';
import { Alert, Empty, Segmented, Skeleton, Spin } from 'antd';
import { createStyles } from 'antd-style';
import { Suspense, useEffect, useId, useMemo, useState } from 'react';
import { CallersDrawer } from './components/CallersDrawer';
import { ChartFigure } from './components/ChartFigure';
import { TopCharts, TrendChart } from './components/charts';
import { KeyFigures } from './components/KeyFigures';
import { PlanUsage } from './components/PlanUsage';
import { RangeControl } from './components/RangeControl';
import { TopTable, TrendTable } from './components/TextTables';
import { UsageTable } from './components/UsageTable';
import { interfacePath } from '@/utils/interfacePath';
import type { AnalysisRange, RangeProblem, TopLimit } from './range';
import {
  callerFromQuery,
  presetRange,
  queryFor,
  readRangeQuery,
  TOP_LIMITS,
  topLimitFromQuery,
} from './range';
import { tableShares } from './shares';
import { ANALYSIS_TEXTS } from './texts';
import { topView } from './topData';
import { useAnalysis, useCallers, usePlanUsage } from './useAnalysis';
import { LoadError } from '@/components/LoadError';
import { AfterFrame } from '@/utils/afterFrame';
import { useLoadingMark } from '@/utils/afterPage';
import { useScreen } from '@/utils/media';

const TREND_HEIGHT = 320;
const topHeight = (limit: TopLimit) => (limit <= 5 ? 280 : limit <= 10 ? 340 : 520);
const PIE_MAX_HEIGHT = 340;
/** The gap between the donut and the bars when they stand one under the other. */
const STACK_GAP = 16;

/** The top card's charts: side by side from a laptop's width on, one under the other below it. */
function topLayout(limit: TopLimit, stacked: boolean) {
  const barHeight = topHeight(limit);
  if (!stacked) return { barHeight, pieHeight: Math.min(barHeight, PIE_MAX_HEIGHT), height: barHeight };
  return { barHeight, pieHeight: PIE_MAX_HEIGHT, height: PIE_MAX_HEIGHT + STACK_GAP + barHeight };
}

const useStyles = createStyles(({ token }) => ({
  stack: { display: 'flex', flexDirection: 'column', gap: token.margin },
  hint: { color: token.colorTextTertiary, fontSize: token.fontSizeSM, fontWeight: 'normal' },
  empty: { padding: `${token.paddingXL}px 0` },
  // antd's node skeleton is an inline block sized by its content; a chart's placeholder spans the card.
  chartSkeleton: { '&&': { width: '100%' } },
  // On a phone a card's title, hint and controls take turns on the lines instead of squeezing the
  // title to a letter per line.
  card: {
    '& .ant-pro-card-header': { flexWrap: 'wrap', rowGap: token.marginXS },
    '& .ant-pro-card-title': { flex: '1 1 auto', minWidth: 0 },
    '& .ant-pro-core-label-tip': { flexWrap: 'wrap', rowGap: 2 },
    '& .ant-pro-core-label-tip-title': { whiteSpace: 'nowrap' },
  },
}));

/** A chart's place while its data or the chart library loads: a page skeleton (see afterPage.ts). */
function ChartSkeleton({ height }: { height: number }) {
  const { styles } = useStyles();
  useLoadingMark();
  return <Skeleton.Node active rootClassName={styles.chartSkeleton} style={{ width: '100%', height }} />;
}

export default function InterfaceAnalysisPage() {
  const { styles } = useStyles();
  const tableHeadingId = useId();
  const narrow = useScreen('xs');
  const wide = useScreen('lg');
  const [searchParams, setSearchParams] = useSearchParams();
  const { range } = readRangeQuery(searchParams);
  const limit = topLimitFromQuery(searchParams);
  const caller = callerFromQuery(searchParams);
  const { overview, top } = useAnalysis(range, limit);
  const callers = useCallers(caller, range);
  const planUsage = usePlanUsage();
  const topSize = topLayout(limit, !wide);

  // A range in the URL that cannot be shown as written: say what is shown instead, and make the
  // URL say it too (replacing the entry, so the back button does not return to the bad range).
  const [correction, setCorrection] = useState<{ problem: RangeProblem; shown: AnalysisRange }>();
  useEffect(() => {
    const reading = readRangeQuery(searchParams);
    if (!reading.problem) return;
    setCorrection({ problem: reading.problem, shown: reading.range });
    setSearchParams(queryFor(reading.range, topLimitFromQuery(searchParams), callerFromQuery(searchParams)), {
      replace: true,
    });
  }, [searchParams, setSearchParams]);

  // Every change of the view is a new history entry, so the back button undoes it.
  const show = (nextRange: AnalysisRange, nextLimit: TopLimit) => {
    setCorrection(undefined);
    setSearchParams(queryFor(nextRange, nextLimit));
  };
  // The open callers are a detail of the view, not a view of their own: opening and closing them replace the
  // entry, so the back button still goes to the previous range, while a copied link opens them again.
  const showCallers = (id: string | undefined) =>
    setSearchParams(queryFor(range, limit, id), { replace: true });
  const open = (id: string) => history.push(interfacePath(id));

  const data = overview.error ? undefined : overview.data;
  // The open callers' name: the clicked row's, which may be on any page of the table; opened from a
  // link, known only when the interface is among the overview's rows (the table's first page).
  const [opened, setOpened] = useState<{ id: string; name: string }>();
  const callerName =
    opened && opened.id === caller
      ? opened.name
      : data?.interfaces.find((row) => String(row.interfaceInfoId) === caller)?.name;
  const empty = data?.totalCalls === 0;
  // The table's shares are rounded once, by the server; the donut takes them, so both say the same.
  const shares = useMemo(() => (data ? tableShares(data.interfaces, data.totalCalls) : undefined), [data]);
  const topData = data && top.data && !top.error ? topView(top.data, data.totalCalls, shares) : undefined;

  const rangeControl = (
    <RangeControl
      range={range}
      onPreset={(days) => show(presetRange(days), limit)}
      onCustom={(startDate, endDate) => show({ kind: 'custom', startDate, endDate }, limit)}
      onRefresh={() => {
        overview.refresh();
        top.refresh();
        planUsage.refresh();
      }}
      refreshing={overview.loading || top.loading}
    />
  );

  const topCard = (
    <ProCard
      className={styles.card}
      title={ANALYSIS_TEXTS.top.title}
      subTitle={<span className={styles.hint}>{ANALYSIS_TEXTS.top.clickHint}</span>}
      extra={
        <Segmented<TopLimit>
          size={narrow ? 'small' : 'middle'}
          aria-label={ANALYSIS_TEXTS.top.limitLabel}
          value={limit}
          onChange={(value) => show(range, value)}
          options={TOP_LIMITS.map((n) => ({ label: ANALYSIS_TEXTS.top.limit(n), value: n }))}
        />
      }
      headerBordered
    >
      {top.error ? (
        <LoadError message={ANALYSIS_TEXTS.error.topTitle} error={top.error} onRetry={top.refresh} />
      ) : topData ? (
        <Spin spinning={top.loading}>
          <ChartFigure
            label={ANALYSIS_TEXTS.top.tableCaption(limit)}
            height={topSize.height}
            textEquivalent={<TopTable {...topData} limit={limit} />}
          >
            <Suspense fallback={<ChartSkeleton height={topSize.height} />}>
              <TopCharts
                {...topData}
                limit={limit}
                height={topSize.barHeight}
                pieHeight={topSize.pieHeight}
                onOpen={open}
                placeholder={<ChartSkeleton height={topSize.height} />}
              />
            </Suspense>
          </ChartFigure>
        </Spin>
      ) : (
        <ChartSkeleton height={topSize.height} />
      )}
    </ProCard>
  );

  let body;
  if (overview.error) {
    body = (
      <LoadError message={ANALYSIS_TEXTS.error.title} error={overview.error} onRetry={overview.refresh} />
    );
  } else if (empty) {
    body = (
      <ProCard>
        <Empty
          className={styles.empty}
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            <>
              <div>{ANALYSIS_TEXTS.empty.title}</div>
              <div className={styles.hint}>{ANALYSIS_TEXTS.empty.hint}</div>
            </>
          }
        />
      </ProCard>
    );
  } else {
    body = (
      <>
        <ProCard
          className={styles.card}
          title={ANALYSIS_TEXTS.trend.title}
          subTitle={<span className={styles.hint}>{ANALYSIS_TEXTS.trend.subtitle}</span>}
          headerBordered
        >
          {data ? (
            <ChartFigure
              label={ANALYSIS_TEXTS.trend.tableCaption}
              height={TREND_HEIGHT}
              textEquivalent={<TrendTable daily={data.daily} />}
            >
              <Suspense fallback={<ChartSkeleton height={TREND_HEIGHT} />}>
                <TrendChart daily={data.daily} height={TREND_HEIGHT} />
              </Suspense>
            </ChartFigure>
          ) : (
            <ChartSkeleton height={TREND_HEIGHT} />
          )}
        </ProCard>
        {topCard}
        <ProCard>
          {data ? (
            // Below the charts: made after the frame that shows them, not in the same task.
            <AfterFrame fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
              <UsageTable
                // Another range starts the table afresh, at its default view.
                key={`${data.startDate} ${data.endDate}`}
                rows={data.interfaces}
                total={data.interfacesCalled}
                startDate={data.startDate}
                endDate={data.endDate}
                onOpen={open}
                onCallers={(id, name) => {
                  setOpened({ id, name });
                  showCallers(id);
                }}
                headingId={tableHeadingId}
              />
            </AfterFrame>
          ) : (
            <Skeleton active paragraph={{ rows: 6 }} />
          )}
        </ProCard>
      </>
    );
  }

  return (
    <PageContainer content={ANALYSIS_TEXTS.intro} extra={rangeControl}>
      <Spin spinning={!!data && overview.loading} delay={200}>
        <div className={styles.stack}>
          {correction ? (
            <Alert
              type="warning"
              showIcon
              closable
              onClose={() => setCorrection(undefined)}
              message={ANALYSIS_TEXTS.correction[correction.problem](
                correction.shown.startDate,
                correction.shown.endDate,
              )}
            />
          ) : null}
          {overview.error ? null : <KeyFigures overview={data} loading={overview.loading} />}
          {body}
          <PlanUsage
            className={styles.card}
            data={planUsage.data}
            error={planUsage.error}
            onRetry={planUsage.refresh}
          />
        </div>
      </Spin>
      <CallersDrawer
        interfaceInfoId={caller}
        name={callerName}
        startDate={range.startDate}
        endDate={range.endDate}
        data={callers.data}
        loading={callers.loading}
        error={callers.error}
        onRetry={callers.refresh}
        onClose={() => showCallers(undefined)}
        retentionDays={data?.callRetentionDays}
      />
    </PageContainer>
  );
}

import { PageContainer, ProCard } from '@ant-design/pro-components';
import { history, useSearchParams } from '@umijs/max';
import { Alert, Button, Empty, Segmented, Skeleton, Spin } from 'antd';
import { createStyles } from 'antd-style';
import { Suspense, useId } from 'react';
import { errorText } from '@/requestConfig';
import { ChartFigure } from './components/ChartFigure';
import { TopCharts, TrendChart } from './components/charts';
import { KeyFigures } from './components/KeyFigures';
import { RangeControl } from './components/RangeControl';
import { TopTable, TrendTable } from './components/TextTables';
import { UsageTable } from './components/UsageTable';
import { interfacePath } from '@/utils/interfacePath';
import type { AnalysisRange, TopLimit } from './range';
import { presetRange, queryFor, rangeFromQuery, TOP_LIMITS, topLimitFromQuery } from './range';
import { ANALYSIS_TEXTS } from './texts';
import { topView } from './topData';
import { useAnalysis } from './useAnalysis';

const TREND_HEIGHT = 280;
const topHeight = (limit: TopLimit) => (limit <= 5 ? 280 : limit <= 10 ? 340 : 520);

const useStyles = createStyles(({ token }) => ({
  stack: { display: 'flex', flexDirection: 'column', gap: token.margin },
  hint: { color: token.colorTextTertiary, fontSize: token.fontSizeSM, fontWeight: 'normal' },
  empty: { padding: `${token.paddingXL}px 0` },
  // antd's node skeleton is an inline block sized by its content; a chart's placeholder spans the card.
  chartSkeleton: { '&&': { width: '100%' } },
}));

function ChartSkeleton({ height }: { height: number }) {
  const { styles } = useStyles();
  return <Skeleton.Node active rootClassName={styles.chartSkeleton} style={{ width: '100%', height }} />;
}

export default function InterfaceAnalysisPage() {
  const { styles } = useStyles();
  const tableHeadingId = useId();
  const [searchParams, setSearchParams] = useSearchParams();
  const range = rangeFromQuery(searchParams);
  const limit = topLimitFromQuery(searchParams);
  const { overview, top } = useAnalysis(range, limit);

  // Every change of the view is a new history entry, so the back button undoes it.
  const show = (nextRange: AnalysisRange, nextLimit: TopLimit) =>
    setSearchParams(queryFor(nextRange, nextLimit));
  const open = (id: string) => history.push(interfacePath(id));

  const data = overview.error ? undefined : overview.data;
  const empty = data?.totalCalls === 0;
  const topData = data && top.data && !top.error ? topView(top.data, data.totalCalls) : undefined;

  const rangeControl = (
    <RangeControl
      range={range}
      onPreset={(days) => show(presetRange(days), limit)}
      onCustom={(startDate, endDate) => show({ kind: 'custom', startDate, endDate }, limit)}
      onRefresh={() => {
        overview.refresh();
        top.refresh();
      }}
      refreshing={overview.loading || top.loading}
    />
  );

  const errorAlert = (title: string, error: Error, retry: () => void) => (
    <Alert
      type="error"
      showIcon
      message={title}
      description={errorText(error)}
      action={
        <Button size="small" danger onClick={retry}>
          {ANALYSIS_TEXTS.error.retry}
        </Button>
      }
    />
  );

  const topCard = (
    <ProCard
      title={ANALYSIS_TEXTS.top.title}
      subTitle={<span className={styles.hint}>{ANALYSIS_TEXTS.top.clickHint}</span>}
      extra={
        <Segmented<TopLimit>
          aria-label={ANALYSIS_TEXTS.top.limitLabel}
          value={limit}
          onChange={(value) => show(range, value)}
          options={TOP_LIMITS.map((n) => ({ label: ANALYSIS_TEXTS.top.limit(n), value: n }))}
        />
      }
      headerBordered
    >
      {top.error ? (
        errorAlert(ANALYSIS_TEXTS.error.topTitle, top.error, top.refresh)
      ) : topData ? (
        <Spin spinning={top.loading}>
          <ChartFigure
            label={ANALYSIS_TEXTS.top.tableCaption(limit)}
            height={topHeight(limit)}
            textEquivalent={<TopTable {...topData} limit={limit} />}
          >
            <Suspense fallback={<ChartSkeleton height={topHeight(limit)} />}>
              <TopCharts {...topData} limit={limit} height={topHeight(limit)} onOpen={open} />
            </Suspense>
          </ChartFigure>
        </Spin>
      ) : (
        <ChartSkeleton height={topHeight(limit)} />
      )}
    </ProCard>
  );

  let body;
  if (overview.error) {
    body = errorAlert(ANALYSIS_TEXTS.error.title, overview.error, overview.refresh);
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
            <UsageTable rows={data.interfaces} onOpen={open} headingId={tableHeadingId} />
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
          {overview.error ? null : <KeyFigures overview={data} loading={overview.loading} />}
          {body}
        </div>
      </Spin>
    </PageContainer>
  );
}

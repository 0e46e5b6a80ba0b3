import { ProCard } from '@ant-design/pro-components';
import { Skeleton, Table, Tag, theme } from 'antd';
import type { TableColumnsType } from 'antd';
import { createStyles } from 'antd-style';
import { useId, useMemo } from 'react';
import { formatCount } from '../format';
import { ANALYSIS_TEXTS } from '../texts';
import { LoadError } from '@/components/LoadError';
import { useScreen } from '@/utils/media';

const T = ANALYSIS_TEXTS.plans;
/** The plan column's width on a phone, where it stays put while the figures scroll past it. */
const NAME_WIDTH_NARROW = 120;
const NAME_MIN_WIDTH = 180;

const useStyles = createStyles(({ token }) => ({
  // The subtitle is a sentence: on a phone it wraps instead of widening the page.
  hint: { color: token.colorTextTertiary, fontSize: token.fontSizeSM, fontWeight: 'normal', whiteSpace: 'normal' },
  name: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: token.marginXXS },
  tag: { marginInlineEnd: 0 },
  calls: { display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: token.marginXS },
  bar: {
    flex: 1,
    height: 8,
    borderRadius: token.borderRadiusSM,
    background: token.colorFillTertiary,
    overflow: 'hidden',
  },
  barFill: { display: 'block', height: '100%' },
  callsText: { flex: 'none', whiteSpace: 'nowrap' },
  note: { marginTop: token.marginSM, color: token.colorTextTertiary, fontSize: token.fontSizeSM },
}));

type PlanUsageProps = {
  /** The plans' figures; undefined until the first answer. */
  data?: API.PlanUsage[];
  error?: Error;
  onRetry: () => void;
  className?: string;
};

/**
 * Each plan's subscribers, what waits for it, and its subscribers' calls
 * this period against their quotas together (a bar beside the figures; the
 * figures are the text). Not there when no plan exists.
 */
export function PlanUsage({ data, error, onRetry, className }: PlanUsageProps) {
  const { styles } = useStyles();
  const { token } = theme.useToken();
  const narrow = useScreen('xs');
  const headingId = useId();
  // A stable component, or the table would be rebuilt on every render.
  const tableComponents = useMemo(
    () => ({ table: (props: object) => <table {...props} aria-labelledby={headingId} /> }),
    [headingId],
  );
  if (data?.length === 0) return null;

  const columns: TableColumnsType<API.PlanUsage> = [
    {
      title: T.name,
      key: 'name',
      width: narrow ? NAME_WIDTH_NARROW : undefined,
      fixed: narrow ? 'left' : undefined,
      render: (_, row) => (
        <span className={styles.name}>
          {row.planName}
          <Tag className={styles.tag}>{T.period[row.period]}</Tag>
          {row.retired ? <Tag className={styles.tag}>{T.retired}</Tag> : null}
        </span>
      ),
    },
    { title: T.subscribers, dataIndex: 'subscribers', align: 'right', width: 90, render: formatCount },
    { title: T.pending, dataIndex: 'pending', align: 'right', width: 90, render: formatCount },
    {
      title: T.calls,
      key: 'calls',
      align: 'right',
      width: narrow ? 170 : 280,
      render: (_, row) => {
        const capacity = row.quota * row.subscribers;
        if (capacity === 0) return formatCount(row.callsThisPeriod);
        const full = row.callsThisPeriod >= capacity;
        return (
          <span className={styles.calls}>
            {narrow ? null : (
              <span className={styles.bar} aria-hidden>
                <span
                  className={styles.barFill}
                  style={{
                    width: `${Math.min(100, (row.callsThisPeriod * 100) / capacity)}%`,
                    background: full ? token.colorError : token.colorPrimary,
                  }}
                />
              </span>
            )}
            <span className={styles.callsText}>
              {T.ofCapacity(formatCount(row.callsThisPeriod), formatCount(capacity))}
            </span>
          </span>
        );
      },
    },
    { title: T.overage, dataIndex: 'overageThisPeriod', align: 'right', width: 100, render: formatCount },
    {
      title: T.atQuota,
      dataIndex: 'atQuotaThisPeriod',
      align: 'right',
      width: 130,
      render: (value: number) => (
        // Text in the warning colour's text shade: the plain warning colour is too light to read.
        <span style={{ color: value ? token.colorWarningText : undefined }}>{formatCount(value)}</span>
      ),
    },
  ];
  const tableWidth =
    (narrow ? NAME_WIDTH_NARROW : NAME_MIN_WIDTH) +
    columns.slice(1).reduce((sum, column) => sum + Number(column.width ?? 0), 0);

  let body;
  if (data) {
    body = (
      <>
        <Table<API.PlanUsage>
          rowKey="planId"
          columns={columns}
          dataSource={data}
          size="middle"
          pagination={false}
          // The columns' widths plus room for a name: narrower, the table scrolls inside its card.
          scroll={{ x: tableWidth }}
          components={tableComponents}
        />
        <div className={styles.note}>{T.note}</div>
      </>
    );
  } else if (error) {
    body = <LoadError message={T.error} error={error} onRetry={onRetry} />;
  } else {
    body = <Skeleton active paragraph={{ rows: 3 }} />;
  }

  return (
    <ProCard
      className={className}
      title={<span id={headingId}>{T.title}</span>}
      subTitle={<span className={styles.hint}>{T.subtitle}</span>}
      headerBordered
    >
      {body}
    </ProCard>
  );
}

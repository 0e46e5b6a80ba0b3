import { QuestionCircleOutlined } from '@ant-design/icons';
import { Drawer, Empty, Skeleton, Spin, Table, theme, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { createStyles } from 'antd-style';
import { useId, useMemo } from 'react';
import { STATUS_CLASSES } from '@agler/contract/callers';
import type { StatusClass } from '@agler/contract/callers';
import { formatCount } from '../format';
import { formatShare, shareTenths } from '../shares';
import { ANALYSIS_TEXTS } from '../texts';
import { LoadError } from '@/components/LoadError';
import { formatErrorRate } from '@/utils/format';
import { useFocusReturn } from '@/utils/useFocusReturn';
import { useScreen } from '@/utils/media';

const T = ANALYSIS_TEXTS.callers;
const DRAWER_WIDTH = 640;
/** Classes that are only shown when they hold calls: most interfaces never have any. */
const RARE: ReadonlySet<StatusClass> = new Set<StatusClass>(['other', 'unrecorded']);

const useStyles = createStyles(({ token }) => ({
  section: { marginTop: token.marginLG },
  heading: { margin: `0 0 ${token.marginXS}px`, fontSize: token.fontSize, fontWeight: 600 },
  note: { color: token.colorTextTertiary, fontSize: token.fontSizeSM, marginBottom: token.marginXS },
  retention: { marginTop: token.marginLG, color: token.colorTextTertiary, fontSize: token.fontSizeSM },
  user: { display: 'flex', flexDirection: 'column', minWidth: 0 },
  account: { color: token.colorTextTertiary, fontSize: token.fontSizeSM },
  classCell: { display: 'inline-flex', alignItems: 'center', gap: token.marginXXS },
  hint: { color: token.colorTextTertiary },
  share: { display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: token.marginXS },
  bar: {
    flex: 1,
    height: 8,
    borderRadius: token.borderRadiusSM,
    background: token.colorFillTertiary,
    overflow: 'hidden',
  },
  barFill: { display: 'block', height: '100%' },
  shareText: { flex: 'none', minWidth: 48 },
}));

type StatusRow = { key: StatusClass; calls: number; tenths: number };

type CallersDrawerProps = {
  /** The interface whose callers are open; none: closed. */
  interfaceInfoId?: string;
  /** Its name, when the page knows it. */
  name?: string;
  startDate: string;
  endDate: string;
  data?: API.InterfaceCallers;
  loading: boolean;
  error?: Error;
  onRetry: () => void;
  onClose: () => void;
  /** How many days single calls are kept (the overview's callRetentionDays): the callers are read from them. */
  retentionDays?: number;
};

/**
 * Who calls an interface most and what it answered: the top callers with
 * their calls, errors and error rate, and the calls by HTTP status class with
 * their shares (a bar beside each figure; the figures are the text).
 */
export function CallersDrawer({
  interfaceInfoId,
  name,
  startDate,
  endDate,
  data,
  loading,
  error,
  onRetry,
  onClose,
  retentionDays,
}: CallersDrawerProps) {
  const { styles } = useStyles();
  const { token } = theme.useToken();
  const narrow = useScreen('xs');
  const topId = useId();
  const open = interfaceInfoId !== undefined;
  useFocusReturn(open);
  const statusId = useId();
  // Stable components, or the tables would be rebuilt on every render.
  const topTable = useMemo(
    () => ({ table: (props: object) => <table {...props} aria-labelledby={topId} /> }),
    [topId],
  );
  const statusTable = useMemo(
    () => ({ table: (props: object) => <table {...props} aria-labelledby={statusId} /> }),
    [statusId],
  );
  // An answer for another interface or range is not shown while the right one loads.
  const current =
    data &&
    String(data.interfaceInfoId) === interfaceInfoId &&
    data.startDate === startDate &&
    data.endDate === endDate
      ? data
      : undefined;

  const barColor: Record<StatusClass, string> = {
    '2xx': token.colorSuccess,
    '3xx': token.colorWarning,
    '4xx': token.colorWarning,
    '5xx': token.colorError,
    other: token.colorTextTertiary,
    noAnswer: token.colorError,
    unrecorded: token.colorTextTertiary,
  };

  const callerColumns: TableColumnsType<API.CallerUsage> = [
    {
      title: T.user,
      key: 'user',
      render: (_, row) => (
        <span className={styles.user}>
          <Typography.Text ellipsis>
            {row.userName || row.userAccount || T.unknownUser(String(row.userId))}
          </Typography.Text>
          {row.userName && row.userAccount ? <span className={styles.account}>{row.userAccount}</span> : null}
        </span>
      ),
    },
    { title: T.calls, dataIndex: 'calls', align: 'right', width: 100, render: (v: number) => formatCount(v) },
    {
      title: T.errors,
      dataIndex: 'errors',
      align: 'right',
      width: 100,
      render: (v: number) => formatCount(v),
    },
    {
      title: T.errorRate,
      key: 'errorRate',
      align: 'right',
      width: 90,
      render: (_, row) => (
        // Text in the error colour's text shade: the plain error colour is too light to read.
        <span style={{ color: row.errors ? token.colorErrorText : undefined }}>
          {formatErrorRate(row.errors, row.calls)}
        </span>
      ),
    },
  ];

  const statusColumns: TableColumnsType<StatusRow> = [
    {
      title: T.statusClass,
      dataIndex: 'key',
      render: (key: StatusClass) => (
        <span className={styles.classCell}>
          {T.classes[key]}
          <Tooltip title={T.classHints[key]}>
            <QuestionCircleOutlined className={styles.hint} aria-label={T.classHints[key]} tabIndex={0} />
          </Tooltip>
        </span>
      ),
    },
    {
      title: T.statusCalls,
      dataIndex: 'calls',
      align: 'right',
      width: 100,
      render: (v: number) => formatCount(v),
    },
    {
      title: T.statusShare,
      dataIndex: 'tenths',
      align: 'right',
      width: narrow ? 90 : 200,
      // The bar draws the share beside its figure (the figure is what a screen reader reads).
      render: (tenths: number, row) => (
        <span className={styles.share}>
          {narrow ? null : (
            <span className={styles.bar} aria-hidden>
              <span
                className={styles.barFill}
                style={{ width: `${tenths / 10}%`, background: barColor[row.key] }}
              />
            </span>
          )}
          <span className={styles.shareText}>{formatShare(tenths)}</span>
        </span>
      ),
    },
  ];

  let body;
  if (error && !current) {
    body = <LoadError message={T.error} error={error} onRetry={onRetry} />;
  } else if (!current) {
    body = <Skeleton active paragraph={{ rows: 8 }} />;
  } else if (current.totalCalls === 0) {
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={T.empty} />;
  } else {
    const shown = STATUS_CLASSES.filter((key) => !RARE.has(key) || current.statusClasses[key] > 0);
    const tenths = shareTenths(shown.map((key) => current.statusClasses[key]));
    const statusRows = shown.map((key, i) => ({ key, calls: current.statusClasses[key], tenths: tenths[i] }));
    body = (
      <Spin spinning={loading}>
        <Typography.Paragraph type="secondary">
          {T.summary(
            current.startDate,
            current.endDate,
            formatCount(current.totalCalls),
            formatCount(current.errorCalls),
            formatCount(current.callerCount),
          )}
        </Typography.Paragraph>
        <section className={styles.section} aria-labelledby={topId}>
          <h3 id={topId} className={styles.heading}>
            {T.topTitle}
          </h3>
          {current.callerCount > current.callers.length ? (
            <div className={styles.note}>{T.topNote(current.callers.length, current.callerCount)}</div>
          ) : null}
          <Table<API.CallerUsage>
            rowKey={(row) => String(row.userId)}
            columns={callerColumns}
            dataSource={current.callers}
            size="small"
            pagination={false}
            components={topTable}
          />
        </section>
        <section className={styles.section} aria-labelledby={statusId}>
          <h3 id={statusId} className={styles.heading}>
            {T.statusTitle}
          </h3>
          <Table<StatusRow>
            rowKey="key"
            columns={statusColumns}
            dataSource={statusRows}
            size="small"
            pagination={false}
            components={statusTable}
          />
        </section>
      </Spin>
    );
  }

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={name ? T.title(name) : T.untitled}
      width={narrow ? '100%' : DRAWER_WIDTH}
      destroyOnHidden
    >
      {body}
      {retentionDays ? <div className={styles.retention}>{T.retention(retentionDays)}</div> : null}
    </Drawer>
  );
}

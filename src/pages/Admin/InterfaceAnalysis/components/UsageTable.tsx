import { DownloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Link } from '@umijs/max';
import { Button, Grid, Input, Table, Tag, theme, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { createStyles } from 'antd-style';
import { useMemo, useState } from 'react';
import { MethodTag } from '@/components/MethodTag';
import { INTERFACE_STATUS } from '@/constants';
import { usageCsv, usageCsvFileName } from '../csv';
import { downloadText } from '../download';
import { formatCount, formatLatency, formatRate } from '../format';
import { formatShare, tableShares } from '../shares';
import { ANALYSIS_TEXTS } from '../texts';
import { interfacePath } from '@/utils/interfacePath';

const T = ANALYSIS_TEXTS.table;
/** Below these the success rate is shown as a warning or an error. */
export const RATE_WARNING = 0.95;
export const RATE_ERROR = 0.9;
/** Above this the p95 latency is shown as a warning. */
export const SLOW_P95_MS = 1000;
/** The name column's width on a phone, where it stays put while the figures scroll past it. */
const NAME_WIDTH_NARROW = 150;
/** Below this width the table scrolls inside its card instead of squeezing the name column away. */
const NAME_MIN_WIDTH = 200;

const useStyles = createStyles(({ token }) => ({
  toolbar: {
    display: 'flex',
    flexWrap: 'wrap',
    justifyContent: 'space-between',
    alignItems: 'center',
    gap: token.marginSM,
    marginBottom: token.margin,
  },
  title: { margin: 0, fontSize: token.fontSizeLG, fontWeight: 600, color: token.colorTextHeading },
  tools: { display: 'flex', flex: '0 1 auto', gap: token.marginXS, minWidth: 0, maxWidth: '100%' },
  filter: { width: 240, minWidth: 0, flex: '0 1 240px' },
  name: { display: 'flex', alignItems: 'center', gap: token.marginXS, minWidth: 0 },
  nameLink: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minWidth: 0 },
  tag: { flex: 'none', marginInlineEnd: 0 },
  row: { cursor: 'pointer' },
}));

type UsageTableProps = {
  rows: API.InterfaceUsage[];
  /** the days the rows count, for the export's file name */
  startDate: string;
  endDate: string;
  onOpen: (id: string) => void;
  /** Opens an interface's callers (deleted ones too: their calls stay counted). */
  onCallers: (id: string) => void;
  /** The id of the heading that names the table. */
  headingId: string;
};

/**
 * Every interface called in the range, with its share of all calls; sortable
 * by each column, a row opens its interface, and the whole table downloads as
 * CSV. On a phone the name stays at the left while the figures scroll.
 */
export function UsageTable({ rows, startDate, endDate, onOpen, onCallers, headingId }: UsageTableProps) {
  const { styles } = useStyles();
  const { token } = theme.useToken();
  const narrow = !!Grid.useBreakpoint().xs;
  const [filter, setFilter] = useState('');
  // Shares of all the range's calls, whatever the filter shows: the same figures as the export.
  const shares = useMemo(() => tableShares(rows).shares, [rows]);
  const shareOf = (row: API.InterfaceUsage) => shares.get(String(row.interfaceInfoId)) ?? 0;

  const shown = useMemo(() => {
    const text = filter.trim().toLowerCase();
    return text ? rows.filter((row) => row.name.toLowerCase().includes(text)) : rows;
  }, [rows, filter]);

  // A stable component, or the table would be rebuilt on every render.
  const tableComponents = useMemo(
    () => ({ table: (props: object) => <table {...props} aria-labelledby={headingId} /> }),
    [headingId],
  );

  const rateColor = (rate: number) =>
    rate < RATE_ERROR ? token.colorError : rate < RATE_WARNING ? token.colorWarning : undefined;

  const columns: TableColumnsType<API.InterfaceUsage> = [
    {
      title: T.name,
      dataIndex: 'name',
      width: narrow ? NAME_WIDTH_NARROW : undefined,
      fixed: narrow ? 'left' : undefined,
      // Names are data, mostly Chinese, whatever the page's language: pinyin order (Latin letters A–Z).
      sorter: (a, b) => a.name.localeCompare(b.name, 'zh-CN'),
      render: (_, row) => (
        <span className={styles.name}>
          <MethodTag method={row.method} />
          {/* A deleted interface keeps its calls here under its name, but has no page to open. */}
          {row.deleted ? (
            <span className={styles.nameLink} title={row.name}>
              {row.name}
            </span>
          ) : (
            <Link
              className={styles.nameLink}
              to={interfacePath(row.interfaceInfoId)}
              title={row.name}
              onClick={(e) => e.stopPropagation()}
            >
              {row.name}
            </Link>
          )}
          {row.deleted ? (
            <Tag className={styles.tag} bordered={false}>
              {T.deleted}
            </Tag>
          ) : row.status === INTERFACE_STATUS.OFFLINE ? (
            <Tag className={styles.tag} bordered={false}>
              {T.offline}
            </Tag>
          ) : null}
        </span>
      ),
    },
    {
      title: T.calls,
      dataIndex: 'calls',
      align: 'right',
      width: 110,
      defaultSortOrder: 'descend',
      sorter: (a, b) => a.calls - b.calls,
      render: (value: number) => formatCount(value),
    },
    {
      title: T.errors,
      dataIndex: 'errors',
      align: 'right',
      width: 100,
      sorter: (a, b) => a.errors - b.errors,
      render: (value: number) => formatCount(value),
    },
    {
      title: T.successRate,
      dataIndex: 'successRate',
      align: 'right',
      width: 100,
      sorter: (a, b) => a.successRate - b.successRate,
      render: (value: number) => <span style={{ color: rateColor(value) }}>{formatRate(value)}</span>,
    },
    {
      title: T.avgLatency,
      dataIndex: 'avgLatency',
      align: 'right',
      width: 100,
      sorter: (a, b) => a.avgLatency - b.avgLatency,
      render: (value: number) => formatLatency(value),
    },
    {
      title: T.p95Latency,
      dataIndex: 'p95Latency',
      align: 'right',
      width: 100,
      sorter: (a, b) => a.p95Latency - b.p95Latency,
      render: (value: number) => (
        <span style={{ color: value > SLOW_P95_MS ? token.colorWarning : undefined }}>
          {formatLatency(value)}
        </span>
      ),
    },
    // After the latencies rather than beside the calls: the columns before it keep their places.
    {
      title: T.share,
      key: 'share',
      align: 'right',
      width: 80,
      sorter: (a, b) => a.calls - b.calls,
      render: (_, row) => formatShare(shareOf(row)),
    },
    {
      title: T.lastCallTime,
      dataIndex: 'lastCallTime',
      width: 170,
      sorter: (a, b) => a.lastCallTime.localeCompare(b.lastCallTime),
      render: (value: string) => <Typography.Text type="secondary">{value}</Typography.Text>,
    },
    {
      title: T.callers,
      key: 'callers',
      width: 80,
      render: (_, row) => (
        <Button
          type="link"
          size="small"
          aria-label={T.callersLabel(row.name)}
          onClick={(e) => {
            // The row itself opens the interface's page.
            e.stopPropagation();
            onCallers(String(row.interfaceInfoId));
          }}
        >
          {T.callersOpen}
        </Button>
      ),
    },
  ];

  const tableWidth =
    (narrow ? NAME_WIDTH_NARROW : NAME_MIN_WIDTH) +
    columns.slice(1).reduce((sum, column) => sum + Number(column.width ?? 0), 0);

  return (
    <>
      <div className={styles.toolbar}>
        <h3 id={headingId} className={styles.title}>
          {T.title}
        </h3>
        <div className={styles.tools}>
          <Input
            className={styles.filter}
            allowClear
            prefix={<SearchOutlined aria-hidden />}
            placeholder={T.filter}
            aria-label={T.filter}
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
          />
          <Tooltip title={T.exportHint(startDate, endDate)}>
            <Button
              icon={<DownloadOutlined aria-hidden />}
              onClick={() =>
                downloadText(usageCsv(rows), usageCsvFileName(startDate, endDate), 'text/csv;charset=utf-8')
              }
            >
              {T.export}
            </Button>
          </Tooltip>
        </div>
      </div>
      <Table<API.InterfaceUsage>
        rowKey={(row) => String(row.interfaceInfoId)}
        columns={columns}
        dataSource={shown}
        size="middle"
        // The columns' widths plus room for a name: narrower, the table scrolls inside its card.
        scroll={{ x: tableWidth }}
        showSorterTooltip={false}
        locale={{ emptyText: T.noMatch }}
        pagination={{
          defaultPageSize: 10,
          showSizeChanger: true,
          showTotal: (total) => T.total(total),
          hideOnSinglePage: false,
        }}
        onRow={(row) =>
          row.deleted ? {} : { className: styles.row, onClick: () => onOpen(String(row.interfaceInfoId)) }
        }
        components={tableComponents}
      />
    </>
  );
}

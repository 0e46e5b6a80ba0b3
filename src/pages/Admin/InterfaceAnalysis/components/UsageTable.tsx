import { DownloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Link } from '@umijs/max';
import { useDebounceFn, useRequest } from 'ahooks';
import { App, Button, Input, Table, Tag, theme, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { createStyles } from 'antd-style';
import { useMemo, useState } from 'react';
import type { UsageSortField } from '@agler/contract/constants';
import { LoadError } from '@/components/LoadError';
import { MethodTag } from '@/components/MethodTag';
import { INTERFACE_STATUS } from '@/constants';
import { errorText } from '@/requestConfig';
import { usageCsv, usageCsvFileName } from '../csv';
import { downloadText } from '@/utils/download';
import { formatLatency, formatRate } from '@/utils/format';
import { formatCount } from '../format';
import { formatShare } from '../shares';
import { ANALYSIS_TEXTS } from '../texts';
import { fetchAllUsage, useUsageRows } from '../useAnalysis';
import type { UsageView } from '../usageView';
import { DEFAULT_SORT, DEFAULT_USAGE_VIEW, USAGE_PAGE_SIZES } from '../usageView';
import { interfacePath } from '@/utils/interfacePath';
import { useScreen } from '@/utils/media';

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
/** The search asks the server once typing pauses this long, not at every key. */
const SEARCH_DEBOUNCE_MS = 300;

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
  /** The overview's first page (the most called interfaces): the default view's rows. */
  rows: API.InterfaceUsage[];
  /** How many interfaces the range has called: the default view's total. */
  total: number;
  /** the days the rows count: the range of the other views and of the export */
  startDate: string;
  endDate: string;
  onOpen: (id: string) => void;
  /** Opens an interface's callers (deleted ones too: their calls stay counted). */
  onCallers: (id: string, name: string) => void;
  /** The id of the heading that names the table. */
  headingId: string;
};

/**
 * Every interface called in the range, with its share of all calls, a page
 * at a time: the server sorts by any column, searches the names and pages
 * (see usageView.ts); a row opens its interface, and the whole table
 * downloads as CSV. On a phone the name stays at the left while the figures
 * scroll.
 */
export function UsageTable({
  rows,
  total,
  startDate,
  endDate,
  onOpen,
  onCallers,
  headingId,
}: UsageTableProps) {
  const { styles } = useStyles();
  const { token } = theme.useToken();
  const { message } = App.useApp();
  const narrow = useScreen('xs');
  const [view, setView] = useState<UsageView>(DEFAULT_USAGE_VIEW);
  const [filter, setFilter] = useState('');
  const usage = useUsageRows(startDate, endDate, view, { rows, total });

  // Another search starts from its first page; the same one (give or take outer spaces) changes nothing.
  const search = useDebounceFn(
    (text: string) =>
      setView((shown) => (shown.searchText === text ? shown : { ...shown, searchText: text, current: 1 })),
    { wait: SEARCH_DEBOUNCE_MS },
  );

  // The table shows a page; the export is of every row, which can be large, so it is asked for only when wanted.
  const exporting = useRequest(
    async () => {
      const all = await fetchAllUsage(startDate, endDate);
      downloadText(usageCsv(all), usageCsvFileName(startDate, endDate), 'text/csv;charset=utf-8');
    },
    { manual: true, onError: (error) => message.error(T.exportFailed(errorText(error))) },
  );

  // A stable component, or the table would be rebuilt on every render.
  const tableComponents = useMemo(
    () => ({ table: (props: object) => <table {...props} aria-labelledby={headingId} /> }),
    [headingId],
  );

  const sortOrderOf = (field: UsageSortField) => (view.sortField === field ? view.sortOrder : null);

  const rateColor = (rate: number) =>
    rate < RATE_ERROR ? token.colorError : rate < RATE_WARNING ? token.colorWarning : undefined;

  const columns: TableColumnsType<API.InterfaceUsage> = [
    {
      title: T.name,
      dataIndex: 'name',
      width: narrow ? NAME_WIDTH_NARROW : undefined,
      fixed: narrow ? 'left' : undefined,
      // Names are data, mostly Chinese, whatever the page's language: the server sorts them in pinyin order.
      sorter: true,
      sortOrder: sortOrderOf('name'),
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
      sorter: true,
      sortOrder: sortOrderOf('calls'),
      // The table opens most called first: a click turns that round, the next one back.
      sortDirections: ['descend', 'ascend'],
      render: (value: number) => formatCount(value),
    },
    {
      title: T.errors,
      dataIndex: 'errors',
      align: 'right',
      width: 100,
      sorter: true,
      sortOrder: sortOrderOf('errors'),
      render: (value: number) => formatCount(value),
    },
    {
      title: T.successRate,
      dataIndex: 'successRate',
      align: 'right',
      width: 100,
      sorter: true,
      sortOrder: sortOrderOf('successRate'),
      render: (value: number) => <span style={{ color: rateColor(value) }}>{formatRate(value)}</span>,
    },
    {
      title: T.avgLatency,
      dataIndex: 'avgLatency',
      align: 'right',
      width: 100,
      sorter: true,
      sortOrder: sortOrderOf('avgLatency'),
      render: (value: number) => formatLatency(value),
    },
    {
      title: T.p95Latency,
      dataIndex: 'p95Latency',
      align: 'right',
      width: 100,
      sorter: true,
      sortOrder: sortOrderOf('p95Latency'),
      render: (value: number) => (
        <span style={{ color: value > SLOW_P95_MS ? token.colorWarning : undefined }}>
          {formatLatency(value)}
        </span>
      ),
    },
    // After the latencies rather than beside the calls: the columns before it keep their places.
    {
      title: T.share,
      dataIndex: 'share',
      key: 'share',
      align: 'right',
      width: 80,
      sorter: true,
      sortOrder: sortOrderOf('share'),
      render: (value: number) => formatShare(value),
    },
    {
      title: T.lastCallTime,
      dataIndex: 'lastCallTime',
      width: 170,
      sorter: true,
      sortOrder: sortOrderOf('lastCallTime'),
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
            onCallers(String(row.interfaceInfoId), row.name);
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
            onChange={(e) => {
              setFilter(e.target.value);
              search.run(e.target.value.trim());
            }}
          />
          <Tooltip title={T.exportHint(startDate, endDate)}>
            <Button
              icon={<DownloadOutlined aria-hidden />}
              loading={exporting.loading}
              onClick={() => exporting.run()}
            >
              {T.export}
            </Button>
          </Tooltip>
        </div>
      </div>
      {usage.error ? (
        <LoadError message={T.error} error={usage.error} onRetry={usage.retry} />
      ) : (
        <Table<API.InterfaceUsage>
          rowKey={(row) => String(row.interfaceInfoId)}
          columns={columns}
          dataSource={usage.rows}
          loading={usage.loading}
          size="middle"
          // The columns' widths plus room for a name: narrower, the table scrolls inside its card.
          scroll={{ x: tableWidth }}
          showSorterTooltip={false}
          locale={view.searchText ? { emptyText: T.noMatch } : undefined}
          pagination={{
            current: view.current,
            pageSize: view.pageSize,
            total: usage.total,
            pageSizeOptions: [...USAGE_PAGE_SIZES],
            showSizeChanger: true,
            showTotal: (n) => T.total(n),
            hideOnSinglePage: false,
          }}
          onChange={(pagination, _filters, sorter, { action }) => {
            if (action === 'sort') {
              // A sortable column's dataIndex is its sort field.
              const { field, order } = sorter as SorterResult<API.InterfaceUsage>;
              // Without an order (the click after the last direction) the table goes back to its own order.
              const sort = order ? { sortField: field as UsageSortField, sortOrder: order } : DEFAULT_SORT;
              setView((shown) => ({ ...shown, ...sort, current: 1 }));
            } else if (action === 'paginate') {
              const pageSize = pagination.pageSize ?? view.pageSize;
              // Another page size starts from the first page: the old page's number would point at other rows.
              setView((shown) => ({
                ...shown,
                pageSize,
                current: pageSize === shown.pageSize ? (pagination.current ?? 1) : 1,
              }));
            }
          }}
          onRow={(row) =>
            row.deleted ? {} : { className: styles.row, onClick: () => onOpen(String(row.interfaceInfoId)) }
          }
          components={tableComponents}
        />
      )}
    </>
  );
}

import { SearchOutlined } from '@ant-design/icons';
import { Link } from '@umijs/max';
import { Input, Table, Tag, theme, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { createStyles } from 'antd-style';
import { useMemo, useState } from 'react';
import { MethodTag } from '@/components/MethodTag';
import { INTERFACE_STATUS } from '@/constants';
import { formatCount, formatLatency, formatRate } from '../format';
import { ANALYSIS_TEXTS } from '../texts';
import { interfacePath } from '@/utils/interfacePath';

const T = ANALYSIS_TEXTS.table;
/** Below these the success rate is shown as a warning or an error. */
export const RATE_WARNING = 0.95;
export const RATE_ERROR = 0.9;
/** Above this the p95 latency is shown as a warning. */
export const SLOW_P95_MS = 1000;

const useStyles = createStyles(({ token }) => ({
  toolbar: {
    display: 'flex',
    justifyContent: 'space-between',
    alignItems: 'center',
    gap: token.margin,
    marginBottom: token.margin,
  },
  title: { margin: 0, fontSize: token.fontSizeLG, fontWeight: 600, color: token.colorTextHeading },
  filter: { width: 240 },
  name: { display: 'inline-flex', alignItems: 'center', gap: token.marginXS, minWidth: 0 },
  row: { cursor: 'pointer' },
}));

type UsageTableProps = {
  rows: API.InterfaceUsage[];
  onOpen: (id: string) => void;
  /** The id of the heading that names the table. */
  headingId: string;
};

/** Every interface called in the range; sortable by each column, a row opens its interface. */
export function UsageTable({ rows, onOpen, headingId }: UsageTableProps) {
  const { styles } = useStyles();
  const { token } = theme.useToken();
  const [filter, setFilter] = useState('');

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
      ellipsis: true,
      sorter: (a, b) => a.name.localeCompare(b.name, 'zh-CN'),
      render: (_, row) => (
        <span className={styles.name}>
          <MethodTag method={row.method} />
          <Link to={interfacePath(row.interfaceInfoId)} onClick={(e) => e.stopPropagation()}>
            {row.name}
          </Link>
          {row.status === INTERFACE_STATUS.OFFLINE ? <Tag bordered={false}>{T.offline}</Tag> : null}
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
    {
      title: T.lastCallTime,
      dataIndex: 'lastCallTime',
      width: 170,
      sorter: (a, b) => a.lastCallTime.localeCompare(b.lastCallTime),
      render: (value: string) => <Typography.Text type="secondary">{value}</Typography.Text>,
    },
  ];

  return (
    <>
      <div className={styles.toolbar}>
        <h3 id={headingId} className={styles.title}>
          {T.title}
        </h3>
        <Input
          className={styles.filter}
          allowClear
          prefix={<SearchOutlined aria-hidden />}
          placeholder={T.filter}
          aria-label={T.filter}
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
        />
      </div>
      <Table<API.InterfaceUsage>
        rowKey={(row) => String(row.interfaceInfoId)}
        columns={columns}
        dataSource={shown}
        size="middle"
        showSorterTooltip={false}
        locale={{ emptyText: T.noMatch }}
        pagination={{
          defaultPageSize: 10,
          showSizeChanger: true,
          showTotal: (total) => T.total(total),
          hideOnSinglePage: false,
        }}
        onRow={(row) => ({ className: styles.row, onClick: () => onOpen(String(row.interfaceInfoId)) })}
        components={tableComponents}
      />
    </>
  );
}

import { Link } from '@umijs/max';
import { Button, Card, Empty, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { createStyles } from 'antd-style';
import { formatDate } from '@agler/contract/dates';
import { INTERFACE_STATUS } from '@/constants';
import { QuotaBar } from '@/components/QuotaBar';
import { QuotaRequestModal } from '@/components/QuotaRequestModal';
import { formatNumber } from '@/locales';
import { interfacePath } from '@/utils/interfacePath';
import { columnsWidth } from '@/utils/tableWidth';
import { USAGE_TEXTS } from '../texts';

const T = USAGE_TEXTS.quotas;

/** The name's least width once the table scrolls: on a phone the other columns' widths left it one character. */
const NAME_MIN_WIDTH = 180;

const useStyles = createStyles(({ token }) => ({
  quota: { display: 'flex', alignItems: 'center', gap: token.marginSM, minWidth: 170 },
  number: { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' },
}));

type QuotaTableProps = {
  summary?: API.UsageSummary;
  loading: boolean;
  /** The reader's own usage: they may ask for more. */
  own: boolean;
  onAsked: () => void;
  /** The plan whose subscription counts an interface's calls, by interface id: its quota here is not used. */
  coveredBy?: ReadonlyMap<string, string>;
};

/** Per interface: the range's calls, what is left of the quota, how fast it goes and when it runs out. */
export function QuotaTable({ summary, loading, own, onAsked, coveredBy }: QuotaTableProps) {
  const { styles } = useStyles();
  const unlimited = summary?.unlimited ?? false;
  const today = formatDate(Date.now());

  const columns: TableColumnsType<API.InterfaceUsageOfUser> = [
    {
      title: T.name,
      dataIndex: 'name',
      ellipsis: true,
      render: (_, row) => (
        <>
          <Link to={interfacePath(String(row.interfaceInfoId))}>{row.name}</Link>
          {row.status === INTERFACE_STATUS.OFFLINE ? <Tag bordered={false}>{T.offline}</Tag> : null}
        </>
      ),
    },
    {
      title: T.calls,
      dataIndex: 'calls',
      align: 'right',
      width: 130,
      render: (value: number) => formatNumber(value),
    },
    {
      title: T.left,
      key: 'left',
      width: 230,
      render: (_, row) => {
        if (unlimited) return <Typography.Text type="secondary">{T.unlimited}</Typography.Text>;
        const plan = coveredBy?.get(String(row.interfaceInfoId));
        if (plan) return <Typography.Text type="secondary">{T.coveredBy(plan)}</Typography.Text>;
        return (
          <QuotaBar
            leftNum={row.leftNum}
            totalNum={row.totalNum}
            text={`${formatNumber(row.leftNum)} / ${formatNumber(row.totalNum)}`}
            className={styles.quota}
            textClassName={styles.number}
          />
        );
      },
    },
    {
      title: T.burn,
      dataIndex: 'burnPerDay',
      align: 'right',
      width: 150,
      render: (value: number) => <span className={styles.number}>{T.perDay(formatNumber(value))}</span>,
    },
    {
      title: T.runsOut,
      dataIndex: 'runsOutOn',
      width: 120,
      render: (_, row) => {
        if (coveredBy?.has(String(row.interfaceInfoId)))
          return <Typography.Text type="secondary">-</Typography.Text>;
        if (unlimited || !row.runsOutOn) return <Typography.Text type="secondary">{T.never}</Typography.Text>;
        if (row.leftNum <= 0) return <Typography.Text type="danger">{T.usedUp}</Typography.Text>;
        return row.runsOutOn === today ? (
          <Typography.Text type="warning">{T.today}</Typography.Text>
        ) : (
          row.runsOutOn
        );
      },
    },
    ...(own && !unlimited
      ? [
          {
            title: '',
            key: 'ask',
            width: 110,
            render: (_: unknown, row: API.InterfaceUsageOfUser) => (
              <QuotaRequestModal
                interfaceInfoId={String(row.interfaceInfoId)}
                interfaceName={row.name}
                trigger={
                  <Button type="link" size="small" aria-label={T.askMoreOf(row.name)}>
                    {T.askMore}
                  </Button>
                }
                onSent={onAsked}
              />
            ),
          },
        ]
      : []),
  ];

  return (
    <Card title={T.title}>
      {unlimited ? null : <Typography.Paragraph type="secondary">{T.chargeRule}</Typography.Paragraph>}
      <Table<API.InterfaceUsageOfUser>
        rowKey={(row) => String(row.interfaceInfoId)}
        columns={columns}
        dataSource={summary?.interfaces ?? []}
        loading={loading}
        size="middle"
        pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
        scroll={{ x: columnsWidth(columns, NAME_MIN_WIDTH) }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={T.empty} /> }}
      />
    </Card>
  );
}

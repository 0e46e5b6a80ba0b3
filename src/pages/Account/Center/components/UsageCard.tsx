import { ReloadOutlined } from '@ant-design/icons';
import { ProTable } from '@ant-design/pro-components';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { Link } from '@umijs/max';
import { Button, Empty, Result, Tag, Typography } from 'antd';
import { createStyles } from 'antd-style';
import { useRef, useState } from 'react';
import { MethodTag } from '@/components/MethodTag';
import { QuotaBar } from '@/components/QuotaBar';
import { HOME_PATH, INTERFACE_STATUS } from '@/constants';
import { errorText } from '@/requestConfig';
import { listMyUsage } from '@/services/agler/user';
import { interfacePath } from '@/utils/interfacePath';
import { CENTER_TEXTS } from '../texts';
import { columnsWidth } from '@/utils/tableWidth';

const T = CENTER_TEXTS.usage;

const useStyles = createStyles(({ token }) => ({
  name: { display: 'inline-flex', alignItems: 'center', gap: token.marginXS, minWidth: 0 },
  quota: { display: 'flex', alignItems: 'center', gap: token.marginSM, minWidth: 180 },
  quotaText: { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' },
}));

type UsageCardProps = {
  /** Admins' calls take no quota: their rows say so instead of a progress. */
  unlimited?: boolean;
};

/** The name's least width: on a narrow screen the table scrolls instead of squeezing the name away. */
const NAME_MIN_WIDTH = 160;

/** 我的调用: the user's calls per interface and what is left of each quota. */
export function UsageCard({ unlimited }: UsageCardProps) {
  const { styles } = useStyles();
  const actionRef = useRef<ActionType>();
  const [loadError, setLoadError] = useState<unknown>();

  const columns: ProColumns<API.InterfaceQuotaVO>[] = [
    {
      title: T.name,
      dataIndex: 'name',
      ellipsis: true,
      render: (_, row) => (
        <span className={styles.name}>
          <Link to={interfacePath(row.interfaceInfoId)}>{row.name}</Link>
          {row.status === INTERFACE_STATUS.OFFLINE && <Tag bordered={false}>{T.offline}</Tag>}
        </span>
      ),
    },
    {
      title: T.method,
      dataIndex: 'method',
      width: 100,
      render: (_, row) => <MethodTag method={row.method} />,
    },
    { title: T.calls, dataIndex: 'calls', valueType: 'digit', align: 'right', width: 120 },
    {
      title: T.quota,
      key: 'quota',
      width: 280,
      render: (_, row) =>
        unlimited ? (
          <Typography.Text type="secondary">{T.unlimited}</Typography.Text>
        ) : (
          <QuotaBar
            leftNum={row.leftNum}
            totalNum={row.totalNum}
            text={`${row.leftNum} / ${row.totalNum}`}
            className={styles.quota}
            textClassName={styles.quotaText}
          />
        ),
    },
  ];

  const emptyText = loadError ? (
    <Result
      status="error"
      title={T.loadFailed}
      subTitle={errorText(loadError)}
      extra={
        <Button type="primary" icon={<ReloadOutlined />} onClick={() => actionRef.current?.reload()}>
          {CENTER_TEXTS.retry}
        </Button>
      }
    />
  ) : (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={T.empty}>
      <Link to={HOME_PATH}>{T.emptyAction}</Link>
    </Empty>
  );

  return (
    <ProTable<API.InterfaceQuotaVO>
      headerTitle={T.title}
      rowKey={(row) => String(row.interfaceInfoId)}
      actionRef={actionRef}
      columns={columns}
      search={false}
      options={{ reload: true, density: false, setting: false }}
      pagination={{ defaultPageSize: 10, showSizeChanger: false, hideOnSinglePage: true }}
      cardBordered
      scroll={{ x: columnsWidth(columns, NAME_MIN_WIDTH) }}
      // The whole list at once: the table pages through it itself.
      request={async () => {
        setLoadError(undefined);
        try {
          const data = (await listMyUsage({ skipErrorHandler: true })).data ?? [];
          return { data, total: data.length, success: true };
        } catch (e) {
          setLoadError(e);
          return { data: [], total: 0, success: false };
        }
      }}
      locale={{ emptyText }}
    />
  );
}

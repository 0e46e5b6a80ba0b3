import { ProTable } from '@ant-design/pro-components';
import type { ProColumns } from '@ant-design/pro-components';
import { Link } from '@umijs/max';
import { useRequest } from 'ahooks';
import { Divider, Empty, Space, Tag } from 'antd';
import { MethodTag } from '@/components/MethodTag';
import { INTERFACE_STATUS } from '@/constants';
import { formatNumber } from '@/locales';
import { listUserInterfaceInfo } from '@/services/agler/userInterfaceInfo';
import { interfacePath } from '@/utils/interfacePath';
import { ADMIN_USER_TEXTS } from '../texts';
import { GrantQuotaForm } from './GrantQuotaForm';
import { LeftNumEditor } from './LeftNumEditor';
import { RateLimitEditor } from './RateLimitEditor';
import { UserDrawer } from './UserDrawer';
import type { UserDrawerProps } from './UserDrawer';
import { LoadError } from '@/components/LoadError';
import { columnsWidth } from '@/utils/tableWidth';

const T = ADMIN_USER_TEXTS.quota;

const DRAWER_WIDTH = 1060;
/** The name's least width: in a narrow drawer the table scrolls instead of squeezing the name away. */
const NAME_MIN_WIDTH = 160;

type QuotaListProps = { user: API.LoginUserVO };

/** One user's quotas: the form for any interface, and the list with its states. */
function QuotaList({ user }: QuotaListProps) {
  const quotas = useRequest(
    async () => {
      const res = await listUserInterfaceInfo({ userId: user.id }, { skipErrorHandler: true });
      return res.data ?? [];
    },
    // Shown in the drawer with a retry (ahooks would otherwise log it too).
    { onError: () => undefined },
  );

  const columns: ProColumns<API.InterfaceQuotaVO>[] = [
    {
      title: T.columns.name,
      dataIndex: 'name',
      render: (_, quota) => (
        <Space size={4}>
          <Link to={interfacePath(quota.interfaceInfoId)}>{quota.name}</Link>
          {quota.status === INTERFACE_STATUS.OFFLINE ? <Tag bordered={false}>{T.offline}</Tag> : null}
        </Space>
      ),
    },
    {
      title: T.columns.method,
      dataIndex: 'method',
      width: 90,
      render: (_, quota) => <MethodTag method={quota.method} />,
    },
    {
      title: T.columns.calls,
      dataIndex: 'calls',
      width: 90,
      align: 'right',
      render: (_, quota) => formatNumber(quota.calls),
    },
    {
      title: T.columns.leftNum,
      dataIndex: 'leftNum',
      width: 300,
      render: (_, quota) => <LeftNumEditor userId={user.id} quota={quota} onSaved={quotas.refresh} />,
    },
    {
      title: T.columns.rateLimit,
      dataIndex: 'rateLimit',
      width: 300,
      render: (_, quota) => <RateLimitEditor userId={user.id} quota={quota} onSaved={quotas.refresh} />,
    },
  ];

  // The form comes first: a user who called many interfaces has a long list.
  return (
    <>
      <GrantQuotaForm userId={user.id} onGranted={quotas.refresh} />
      <Divider />
      {quotas.error ? (
        <LoadError message={T.loadFailed} error={quotas.error} onRetry={quotas.refresh} />
      ) : (
        <ProTable<API.InterfaceQuotaVO>
          rowKey={(quota) => String(quota.interfaceInfoId)}
          columns={columns}
          dataSource={quotas.data}
          loading={quotas.loading}
          search={false}
          options={false}
          toolBarRender={false}
          pagination={false}
          scroll={{ x: columnsWidth(columns, NAME_MIN_WIDTH) }}
          cardProps={{ bodyStyle: { padding: 0 } }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={T.empty} /> }}
        />
      )}
    </>
  );
}

/** 额度: a user's quotas and rate limits per interface, with a grant for a new one. */
export function QuotaDrawer(props: UserDrawerProps) {
  return (
    <UserDrawer {...props} title={T.title} width={DRAWER_WIDTH}>
      {(user) => <QuotaList key={String(user.id)} user={user} />}
    </UserDrawer>
  );
}

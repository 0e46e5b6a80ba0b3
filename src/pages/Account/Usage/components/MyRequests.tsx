import { ProTable } from '@ant-design/pro-components';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { Tag, Typography } from 'antd';
import type { MutableRefObject } from 'react';
import { askedOf, QUOTA_REQUEST_TEXTS } from '@/components/QuotaRequestModal';
import { listQuotaRequests } from '@/services/agler/quotaRequest';
import { columnsWidth } from '@/utils/tableWidth';
import { USAGE_TEXTS } from '../texts';

const T = USAGE_TEXTS.requests;

export const REQUEST_STATUS_COLORS: Record<API.QuotaRequestVO['status'], string> = {
  pending: 'processing',
  approved: 'success',
  refused: 'error',
};

type MyRequestsProps = {
  userId: string;
  /** The list's title: the reader's own requests, or whose they are. */
  title: string;
  actionRef: MutableRefObject<ActionType | undefined>;
};

/** The user's requests for more calls, newest first, with the admins' answers. */
export function MyRequests({ userId, title, actionRef }: MyRequestsProps) {
  const columns: ProColumns<API.QuotaRequestVO>[] = [
    { title: T.createTime, dataIndex: 'createTime', width: 170 },
    { title: T.interface, dataIndex: 'interfaceName', ellipsis: true, width: 160 },
    {
      title: T.amount,
      dataIndex: 'amount',
      width: 160,
      render: (_, row) => askedOf(row),
    },
    { title: T.reason, dataIndex: 'reason', ellipsis: true, width: 200 },
    {
      title: T.status,
      dataIndex: 'status',
      width: 90,
      render: (_, row) => (
        <Tag bordered={false} color={REQUEST_STATUS_COLORS[row.status]}>
          {QUOTA_REQUEST_TEXTS.status[row.status]}
        </Tag>
      ),
    },
    {
      title: T.answer,
      dataIndex: 'reviewReason',
      ellipsis: true,
      width: 200,
      render: (_, row) => row.reviewReason ?? <Typography.Text type="secondary">-</Typography.Text>,
    },
  ];
  return (
    <ProTable<API.QuotaRequestVO>
      headerTitle={title}
      rowKey="id"
      actionRef={actionRef}
      columns={columns}
      search={false}
      cardBordered
      options={{ reload: true, density: false, setting: false }}
      scroll={{ x: columnsWidth(columns) }}
      pagination={{ defaultPageSize: 5, showSizeChanger: false, hideOnSinglePage: true }}
      locale={{ emptyText: T.empty }}
      request={async ({ current = 1, pageSize = 5 }) => {
        const res = await listQuotaRequests({ userId, current, pageSize }, { skipErrorHandler: true });
        return { data: res.data?.records ?? [], total: res.data?.total ?? 0, success: true };
      }}
    />
  );
}

import { DownloadOutlined } from '@ant-design/icons';
import { ProTable } from '@ant-design/pro-components';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { App, Button, Tag, Typography } from 'antd';
import { createStyles } from 'antd-style';
import { useRef, useState } from 'react';
import { formatDate } from '@agler/contract/dates';
import { CALL_LOG_LIMIT, CALL_LOG_PAGE_SIZE } from '@/constants';
import { formatNumber } from '@/locales';
import { handleRequestError } from '@/requestConfig';
import { listMyCalls } from '@/services/agler/usage';
import { downloadText } from '@/utils/download';
import { columnsWidth } from '@/utils/tableWidth';
import { callKeyLabel } from '../callKey';
import { callsCsv } from '../csv';
import { USAGE_TEXTS } from '../texts';

const T = USAGE_TEXTS.calls;

type Filters = { interfaceInfoId?: string; status?: API.listMyCallsParams['status'] };

type CallLogProps = {
  /** The user whose calls these are, when an admin reads another's. */
  userId?: string;
  interfaces: { value: string; label: string }[];
  /** How many days single calls are kept (the summary's callRetentionDays): older ones are not listed. */
  retentionDays?: number;
};

const useStyles = createStyles(({ token }) => ({
  revoked: { marginInlineStart: token.marginXS },
}));

const STATUS_COLORS: Record<string, string> = { '2xx': 'success', '4xx': 'warning', '5xx': 'error' };

/**
 * The last calls, newest first, each with the key that made it, filtered on the server by interface
 * and status class, and exported as CSV.
 */
export function CallLog({ userId, interfaces, retentionDays }: CallLogProps) {
  const { styles } = useStyles();
  const { message } = App.useApp();
  const actionRef = useRef<ActionType>();
  const filters = useRef<Filters>({});
  const [exporting, setExporting] = useState(false);

  const statusOptions = {
    '2xx': { text: '2xx' },
    '4xx': { text: '4xx' },
    '5xx': { text: '5xx' },
    none: { text: T.statusNone },
  };

  const columns: ProColumns<API.CallLogEntry>[] = [
    { title: T.time, dataIndex: 'time', hideInSearch: true, width: 170 },
    {
      title: T.key,
      dataIndex: 'keyName',
      hideInSearch: true,
      ellipsis: true,
      width: 190,
      render: (_, call) =>
        call.online || !call.keyName ? (
          <Typography.Text type="secondary">{callKeyLabel(call)}</Typography.Text>
        ) : (
          <>
            {callKeyLabel(call)}
            {call.keyRevoked ? (
              <Tag bordered={false} className={styles.revoked}>
                {T.keyRevoked}
              </Tag>
            ) : null}
          </>
        ),
    },
    {
      title: T.interface,
      dataIndex: 'interfaceInfoId',
      valueType: 'select',
      fieldProps: {
        options: interfaces,
        placeholder: USAGE_TEXTS.allInterfaces,
        showSearch: true,
        optionFilterProp: 'label',
      },
      ellipsis: true,
      width: 180,
      render: (_, call) => call.interfaceName ?? <Typography.Text type="secondary">{T.gone}</Typography.Text>,
    },
    {
      title: T.status,
      dataIndex: 'status',
      valueType: 'select',
      valueEnum: statusOptions,
      fieldProps: { placeholder: T.statusAll },
      width: 110,
      render: (_, call) => {
        // Calls from before statuses were recorded succeeded without one: not "no answer".
        if (call.statusClass === 'unrecorded')
          return (
            <Tag bordered={false} color="success" title={T.unrecordedHint}>
              {T.unrecorded}
            </Tag>
          );
        return call.status === null || call.status === undefined ? (
          <Tag bordered={false}>{T.noAnswer}</Tag>
        ) : (
          <Tag bordered={false} color={STATUS_COLORS[call.statusClass] ?? 'default'}>
            {call.status}
          </Tag>
        );
      },
    },
    {
      title: T.latency,
      dataIndex: 'latency',
      hideInSearch: true,
      align: 'right',
      width: 110,
      render: (_, call) => formatNumber(call.latency),
    },
    {
      title: T.bytes,
      dataIndex: 'bytes',
      hideInSearch: true,
      align: 'right',
      width: 120,
      render: (_, call) => formatNumber(call.bytes),
    },
  ];

  /** Every call the filters keep (at most the log's limit), a page of the largest size at a time. */
  const exportCsv = async () => {
    setExporting(true);
    try {
      const records: API.CallLogEntry[] = [];
      for (let current = 1; records.length < CALL_LOG_LIMIT; current += 1) {
        const res = await listMyCalls(
          { ...filters.current, userId, current, pageSize: CALL_LOG_PAGE_SIZE.max },
          { skipErrorHandler: true },
        );
        const page = res.data?.records ?? [];
        records.push(...page);
        if (page.length < CALL_LOG_PAGE_SIZE.max || records.length >= (res.data?.total ?? 0)) break;
      }
      downloadText(callsCsv(records), T.csvFileName(formatDate(Date.now())), 'text/csv;charset=utf-8');
    } catch (error) {
      message.error(T.exportFailed);
      handleRequestError(error);
    } finally {
      setExporting(false);
    }
  };

  return (
    <ProTable<API.CallLogEntry, Filters>
      headerTitle={T.title}
      toolbar={{ subTitle: retentionDays ? T.retention(retentionDays) : undefined }}
      rowKey="id"
      actionRef={actionRef}
      columns={columns}
      cardBordered
      search={{ labelWidth: 'auto', filterType: 'light' }}
      options={{ reload: true, density: false, setting: false }}
      scroll={{ x: columnsWidth(columns) }}
      pagination={{ defaultPageSize: CALL_LOG_PAGE_SIZE.default, showSizeChanger: false }}
      locale={{ emptyText: T.empty }}
      toolBarRender={() => [
        <Button key="csv" icon={<DownloadOutlined />} loading={exporting} onClick={exportCsv}>
          {exporting ? T.exporting : T.exportCsv}
        </Button>,
      ]}
      request={async ({ current = 1, pageSize = CALL_LOG_PAGE_SIZE.default, interfaceInfoId, status }) => {
        filters.current = { interfaceInfoId: interfaceInfoId || undefined, status: status || undefined };
        const res = await listMyCalls(
          { ...filters.current, userId, current, pageSize },
          { skipErrorHandler: true },
        );
        return { data: res.data?.records ?? [], total: res.data?.total ?? 0, success: true };
      }}
    />
  );
}

import { PlusOutlined } from '@ant-design/icons';
import { PageContainer, ProTable } from '@ant-design/pro-components';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { App, Button, Popconfirm, Space, Typography } from 'antd';
import { createStyles } from 'antd-style';
import type { SortField, SortOrder } from '@agler/contract/constants';
import { displayTime } from '@agler/contract/dates';
import { useEffect, useMemo, useRef, useState } from 'react';
import { MethodTag } from '@/components/MethodTag';
import { StatusBadge } from '@/components/StatusBadge';
import { HTTP_METHODS, INTERFACE_STATUS, ResponseCode, SORT_FIELDS } from '@/constants';
import { errorText, handleRequestError } from '@/requestConfig';
import {
  deleteInterfaceInfo,
  listInterfaceInfoByPage,
  offlineInterfaceInfo,
  onlineInterfaceInfo,
} from '@/services/agler/interfaceInfo';
import { hasErrorCode } from '@/utils/apiError';
import { InterfaceForm } from './components/InterfaceForm';
import type { TableQuery } from './tableQuery';
import { DEFAULT_VIEW, PAGE_SIZE_OPTIONS, sameQuery, syncTableToUrl, tableQueryOf, viewFromQuery } from './tableQuery';
import { ADMIN_INTERFACE_TEXTS as T } from './texts';

type Id = API.InterfaceInfo['id'];
type FormState = { open: boolean; record?: API.InterfaceInfo; key: number };

const FRESH_HIGHLIGHT_MS = 4000;
const SELECTION_COLUMN_WIDTH = 48;

const useStyles = createStyles(({ token }) => ({
  id: {
    fontFamily: token.fontFamilyCode,
    fontSize: token.fontSizeSM,
    whiteSpace: 'nowrap',
  },
  time: { whiteSpace: 'nowrap', color: token.colorTextSecondary },
  fresh: {
    '& > td': { background: `${token.colorPrimaryBg} !important`, transition: 'background 0.6s' },
  },
}));

/** ProTable's sort object as the contract's sortField / sortOrder; newest first by default. */
function sortParamsOf(sort: Record<string, SortOrder | null> | undefined) {
  const [field, order] = Object.entries(sort ?? {}).find(
    ([key, value]) => value && (SORT_FIELDS as readonly string[]).includes(key),
  ) ?? [DEFAULT_VIEW.sortField, DEFAULT_VIEW.sortOrder];
  return { sortField: field as SortField, sortOrder: order as SortOrder };
}

export default function InterfaceInfoAdminPage() {
  const { styles } = useStyles();
  const { message, modal } = App.useApp();
  const actionRef = useRef<ActionType>();
  const [selectedKeys, setSelectedKeys] = useState<Id[]>([]);
  const [formState, setFormState] = useState<FormState>({ open: false, key: 0 });
  const [freshId, setFreshId] = useState<string>();
  // The view a reload or a link asks for, read once: from then on the table owns it and writes it back.
  const [initialView] = useState(() => viewFromQuery(window.location.search));
  const [requested, setRequested] = useState<TableQuery>();
  const form = useMemo(
    () => ({ syncToUrl: syncTableToUrl, syncToInitialValues: false, extraUrlParams: requested ?? initialView }),
    [initialView, requested],
  );
  const initialSortOf = (field: SortField) =>
    initialView.sortField === field ? initialView.sortOrder : undefined;

  // The row just saved stands out for a moment, so the admin sees where it went.
  useEffect(() => {
    if (freshId === undefined) return undefined;
    const timer = setTimeout(() => setFreshId(undefined), FRESH_HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [freshId]);

  const reload = () => actionRef.current?.reload();
  const openForm = (record?: API.InterfaceInfo) =>
    setFormState((s) => ({ open: true, record, key: s.key + 1 }));
  const closeForm = () => setFormState((s) => ({ ...s, open: false }));

  /** One failure, shown once: a vanished interface refreshes the table, anything else says what the server said. */
  const reportFailure = (error: unknown) => {
    if (hasErrorCode(error, ResponseCode.NOT_FOUND)) {
      message.warning(T.gone);
      reload();
      return;
    }
    handleRequestError(error);
  };

  /** Runs one row action; the table changes only after the server said yes. */
  const runAction = async (
    action: (body: API.IdRequest, options: { skipErrorHandler: true }) => Promise<unknown>,
    id: Id,
    done: string,
  ) => {
    try {
      await action({ id }, { skipErrorHandler: true });
    } catch (error) {
      reportFailure(error);
      return;
    }
    message.success(done);
    reload();
  };

  const removeOne = async (record: API.InterfaceInfo) => {
    await runAction(deleteInterfaceInfo, record.id, T.deleted);
    setSelectedKeys((keys) => keys.filter((key) => String(key) !== String(record.id)));
  };

  const runBatch = (kind: 'offline' | 'delete') => {
    const ids = [...selectedKeys];
    const action = kind === 'delete' ? deleteInterfaceInfo : offlineInterfaceInfo;
    modal.confirm({
      title: kind === 'delete' ? T.batchDeleteConfirm(ids.length) : T.batchOfflineConfirm(ids.length),
      content: kind === 'delete' ? T.deleteConfirmHint : T.offlineConfirmHint,
      okText: kind === 'delete' ? T.confirmDelete : T.confirmOffline,
      okButtonProps: { danger: kind === 'delete' },
      cancelText: T.cancel,
      onOk: async () => {
        const failures: { id: Id; error: unknown }[] = [];
        // One after another: a batch should not flood the server, and results stay in order.
        for (const id of ids) {
          try {
            await action({ id }, { skipErrorHandler: true });
          } catch (error) {
            failures.push({ id, error });
          }
        }
        const done = ids.length - failures.length;
        if (failures.length === 0) {
          message.success(kind === 'delete' ? T.batchDeleteDone(done) : T.batchOfflineDone(done));
        } else {
          const reasons = [
            ...new Set(
              failures.map(({ error }) =>
                hasErrorCode(error, ResponseCode.NOT_FOUND) ? T.batchGone : errorText(error),
              ),
            ),
          ].join('；');
          const text = kind === 'delete' ? T.batchDeletePartial : T.batchOfflinePartial;
          // Interfaces someone else deleted are a notice; a refusal is an error.
          const refused = failures.some(({ error }) => !hasErrorCode(error, ResponseCode.NOT_FOUND));
          message[refused ? 'error' : 'warning']({
            content: text(done, failures.length, reasons),
            duration: 6,
          });
        }
        // What failed stays selected, unless it no longer exists.
        setSelectedKeys(
          failures.filter(({ error }) => !hasErrorCode(error, ResponseCode.NOT_FOUND)).map(({ id }) => id),
        );
        if (done > 0 || failures.some(({ error }) => hasErrorCode(error, ResponseCode.NOT_FOUND))) reload();
      },
    });
  };

  const columns: ProColumns<API.InterfaceInfo>[] = [
    {
      title: T.columns.id,
      dataIndex: 'id',
      hideInSearch: true,
      width: 180,
      // Ids are 64-bit: shown and copied exactly as the server sent them.
      render: (_, record) => (
        <Typography.Text className={styles.id} copyable={{ text: String(record.id) }}>
          {String(record.id)}
        </Typography.Text>
      ),
    },
    {
      title: T.columns.name,
      dataIndex: 'name',
      ellipsis: true,
      sorter: true,
      defaultSortOrder: initialSortOf('name'),
      width: 160,
    },
    {
      title: T.columns.method,
      dataIndex: 'method',
      valueType: 'select',
      valueEnum: Object.fromEntries(HTTP_METHODS.map((method) => [method, { text: method }])),
      width: 96,
      render: (_, record) => <MethodTag method={record.method} />,
    },
    {
      title: T.columns.url,
      dataIndex: 'url',
      ellipsis: true,
      copyable: true,
      width: 220,
    },
    {
      title: T.columns.status,
      dataIndex: 'status',
      valueType: 'select',
      valueEnum: {
        [INTERFACE_STATUS.ONLINE]: { text: T.status.online, status: 'Success' },
        [INTERFACE_STATUS.OFFLINE]: { text: T.status.offline, status: 'Default' },
      },
      width: 96,
      render: (_, record) => <StatusBadge status={record.status} />,
    },
    {
      title: T.columns.description,
      dataIndex: 'description',
      hideInSearch: true,
      ellipsis: true,
      width: 200,
    },
    {
      title: T.columns.createTime,
      dataIndex: 'createTime',
      hideInSearch: true,
      sorter: true,
      defaultSortOrder: initialSortOf('createTime'),
      width: 165,
      render: (_, record) => <span className={styles.time}>{displayTime(record.createTime)}</span>,
    },
    {
      title: T.columns.updateTime,
      dataIndex: 'updateTime',
      hideInSearch: true,
      sorter: true,
      defaultSortOrder: initialSortOf('updateTime'),
      width: 165,
      render: (_, record) => <span className={styles.time}>{displayTime(record.updateTime)}</span>,
    },
    {
      title: T.columns.actions,
      valueType: 'option',
      key: 'actions',
      fixed: 'right',
      width: 140,
      render: (_, record) => [
        <Typography.Link key="edit" onClick={() => openForm(record)}>
          {T.edit}
        </Typography.Link>,
        record.status === INTERFACE_STATUS.ONLINE ? (
          <Popconfirm
            key="offline"
            title={T.offlineConfirm}
            description={T.offlineConfirmHint}
            okText={T.confirmOffline}
            cancelText={T.cancel}
            onConfirm={() => runAction(offlineInterfaceInfo, record.id, T.tookOffline)}
          >
            <Typography.Link>{T.offline}</Typography.Link>
          </Popconfirm>
        ) : (
          <Typography.Link
            key="publish"
            onClick={() => runAction(onlineInterfaceInfo, record.id, T.published)}
          >
            {T.publish}
          </Typography.Link>
        ),
        <Popconfirm
          key="delete"
          title={T.deleteConfirm(record.name)}
          description={T.deleteConfirmHint}
          okText={T.confirmDelete}
          okButtonProps={{ danger: true }}
          cancelText={T.cancel}
          onConfirm={() => removeOne(record)}
        >
          <Typography.Link type="danger">{T.delete}</Typography.Link>
        </Popconfirm>,
      ],
    },
  ];

  // The columns' own widths plus the selection column: wider than the page at 1366 px, so the
  // table scrolls sideways and keeps the actions in view (fixed right), with ellipsis where set.
  const tableWidth = columns.reduce(
    (sum, column) => sum + (Number(column.width) || 0),
    SELECTION_COLUMN_WIDTH,
  );

  return (
    <PageContainer>
      <ProTable<API.InterfaceInfo>
        rowKey="id"
        actionRef={actionRef}
        columns={columns}
        scroll={{ x: tableWidth }}
        search={{ labelWidth: 'auto' }}
        // The search form, page and order live in the URL (see tableQuery.ts).
        form={form}
        pagination={{
          defaultCurrent: initialView.current,
          defaultPageSize: initialView.pageSize,
          showSizeChanger: true,
          pageSizeOptions: [...PAGE_SIZE_OPTIONS],
        }}
        rowClassName={(record) =>
          freshId !== undefined && String(record.id) === freshId ? styles.fresh : ''
        }
        request={async (params, sort) => {
          const { current = DEFAULT_VIEW.current, pageSize = DEFAULT_VIEW.pageSize, name, url, method, status } = params;
          const view = { current, pageSize, ...sortParamsOf(sort) };
          const query = tableQueryOf(params, view);
          setRequested((last) => (last && sameQuery(last, query) ? last : query));
          const res = await listInterfaceInfoByPage({
            ...view,
            name: name || undefined,
            url: url || undefined,
            method: method || undefined,
            status:
              status === undefined || status === ''
                ? undefined
                : (Number(status) as API.InterfaceInfo['status']),
          });
          return { data: res.data?.records ?? [], total: res.data?.total ?? 0, success: true };
        }}
        // The request layer has already shown what went wrong; the table keeps what it had.
        onRequestError={() => undefined}
        toolBarRender={() => [
          <Button key="create" type="primary" icon={<PlusOutlined />} onClick={() => openForm()}>
            {T.create}
          </Button>,
        ]}
        rowSelection={{
          selectedRowKeys: selectedKeys,
          preserveSelectedRowKeys: true,
          onChange: (keys) => setSelectedKeys(keys as Id[]),
        }}
        tableAlertRender={({ selectedRowKeys }) => (
          <Space size="middle">
            <span>{T.selected(selectedRowKeys.length)}</span>
            <Typography.Link onClick={() => setSelectedKeys([])}>{T.clearSelection}</Typography.Link>
          </Space>
        )}
        tableAlertOptionRender={() => (
          <Space size="middle">
            <Button size="small" onClick={() => runBatch('offline')}>
              {T.batchOffline}
            </Button>
            <Button size="small" danger onClick={() => runBatch('delete')}>
              {T.batchDelete}
            </Button>
          </Space>
        )}
      />
      <InterfaceForm
        key={formState.key}
        open={formState.open}
        record={formState.record}
        onClose={closeForm}
        onGone={reload}
        onSaved={(id, created) => {
          closeForm();
          message.success(created ? T.created : T.saved);
          setFreshId(String(id));
          // A new interface is the newest: back to the first page, where it is listed first.
          if (created) actionRef.current?.reloadAndRest?.();
          else reload();
        }}
      />
    </PageContainer>
  );
}

import { DownloadOutlined, ImportOutlined, PlusOutlined } from '@ant-design/icons';
import { PageContainer, ProTable } from '@ant-design/pro-components';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { Link } from '@umijs/max';
import { App, Button, Space, Tag, Tooltip, Typography } from 'antd';
import type { CheckboxProps } from 'antd';
import { createStyles } from 'antd-style';
import type { SortField, SortOrder } from '@agler/contract/constants';
import { displayTime } from '@agler/contract/dates';
import { useEffect, useMemo, useRef, useState } from 'react';
import { ActionLink } from '@/components/ActionLink';
import { LazyPopconfirm, LazyTooltip } from '@/components/FirstUse';
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
import { interfacePath } from '@/utils/interfacePath';
import { downloadOpenApi } from '@/utils/openapiExport';
import type { BatchKind } from './batch';
import { failureList, selectedRows, splitSelection } from './batch';
import { ImportModal } from './components/ImportModal';
import { InterfaceForm } from './components/InterfaceForm';
import { shortId, splitUrl } from './display';
import type { TableQuery } from './tableQuery';
import {
  DEFAULT_VIEW,
  listParamsOf,
  PAGE_SIZE_OPTIONS,
  sameQuery,
  syncTableToUrl,
  queryFromUrl,
  tableKey,
  tableQueryOf,
  viewFromQuery,
} from './tableQuery';
import { ADMIN_INTERFACE_TEXTS as T } from './texts';
import { columnsWidth } from '@/utils/tableWidth';
import { useLoadingMark } from '@/utils/afterPage';
import { arrivedEarly, takeEarly } from '@/utils/early';
import { useScreen } from '@/utils/media';

type Id = API.InterfaceInfo['id'];
type ListAnswer = Awaited<ReturnType<typeof listInterfaceInfoByPage>>;
type FormState = { open: boolean; record?: API.InterfaceInfo; key: number };
type RowAction = (body: API.IdRequest, options: { skipErrorHandler: true }) => Promise<unknown>;

type Batch = {
  action: RowAction;
  label: string;
  confirm: (selected: number, count: number) => string;
  hint: string;
  ok: string;
  done: (count: number) => string;
  partial: (done: number, failed: number, which: string) => string;
  /** Why the button is disabled when no selected row would change. */
  nothing?: string;
};

/**
 * Each batch action: its call (one per interface, as the row actions make) and its words. The
 * words are read when used, not kept in a module constant, so that they are the page's language.
 */
const batchOf = (kind: BatchKind): Batch =>
  ({
    publish: {
      action: onlineInterfaceInfo,
      label: T.batchPublish,
      confirm: T.batchPublishConfirm,
      hint: T.publishConfirmHint,
      ok: T.confirmPublish,
      done: T.batchPublishDone,
      partial: T.batchPublishPartial,
      nothing: T.nothingToPublish,
    },
    offline: {
      action: offlineInterfaceInfo,
      label: T.batchOffline,
      confirm: T.batchOfflineConfirm,
      hint: T.offlineConfirmHint,
      ok: T.confirmOffline,
      done: T.batchOfflineDone,
      partial: T.batchOfflinePartial,
      nothing: T.nothingToOffline,
    },
    delete: {
      action: deleteInterfaceInfo,
      label: T.batchDelete,
      confirm: T.batchDeleteConfirm,
      hint: T.deleteConfirmHint,
      ok: T.confirmDelete,
      done: T.batchDeleteDone,
      partial: T.batchDeletePartial,
    },
  })[kind];

const FRESH_HIGHLIGHT_MS = 4000;
/**
 * Left-to-right marks around the url's path: its cell is right-to-left so that a path too long
 * loses its start, and the marks keep the path's slashes and query in their written order.
 */
const LRM = '\u200e';
const SELECTION_COLUMN_WIDTH = 48;

const useStyles = createStyles(({ token }) => ({
  id: {
    fontFamily: token.fontFamilyCode,
    fontSize: token.fontSizeSM,
    whiteSpace: 'nowrap',
  },
  // The url's path tells rows apart, its origin is mostly the same: the origin is dimmed and
  // gives way first; a path too long for the cell loses its start, not its end.
  url: { display: 'flex', alignItems: 'center', gap: token.marginXXS, minWidth: 0 },
  urlText: { display: 'flex', minWidth: 0, flex: '0 1 auto', whiteSpace: 'nowrap', overflow: 'hidden' },
  urlOrigin: {
    flex: '0 1 auto',
    minWidth: 0,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    color: token.colorTextTertiary,
  },
  // Not shrunk while it fits (the least shrink sets off the ellipsis), at most the whole cell.
  urlPath: {
    flex: '0 0 auto',
    maxWidth: '100%',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    direction: 'rtl',
    textAlign: 'left',
  },
  // One line cut by CSS, the whole text as the title (the name, the description).
  oneLine: { display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  // The lifecycle tag goes under a name it would cut (in English it left two characters of it).
  nameCell: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: token.marginXXS, minWidth: 0 },
  // The theme's text colour on the warning background: antd's warning text colour is too light to read on it.
  lifecycleTag: {
    marginInlineEnd: 0,
    flex: 'none',
    color: token.colorText,
    background: token.colorWarningBg,
    borderColor: token.colorWarningBorder,
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
  // On a phone the table shows the name first and scrolls to the rest: a fixed actions column and
  // the id would leave no room for the name.
  const narrow = useScreen('xs');
  const actionRef = useRef<ActionType>();
  const [selectedKeys, setSelectedKeys] = useState<Id[]>([]);
  // The rows seen, by id: a selection may span pages, and a batch needs the status of each.
  const [knownRows, setKnownRows] = useState<ReadonlyMap<string, API.InterfaceInfo>>(new Map());
  const rememberRows = (rows: readonly (API.InterfaceInfo | undefined)[]) =>
    setKnownRows((known) => {
      const next = new Map(known);
      rows.forEach((row) => row && next.set(String(row.id), row));
      return next;
    });
  const [formState, setFormState] = useState<FormState>({ open: false, key: 0 });
  // Mounted once first opened, like the form.
  const [importState, setImportState] = useState({ open: false, key: 0 });
  const [exporting, setExporting] = useState(false);
  const [freshId, setFreshId] = useState<string>();
  // Until the first rows (or the failure to get them) are in, the table is the page's skeleton:
  // the layout's header tools and side menu wait for them (see afterPage.ts).
  const [answered, setAnswered] = useState(false);
  useLoadingMark(!answered);
  // The view a reload or a link asks for, read once: from then on the table owns it and writes it back.
  const [initialView] = useState(() => viewFromQuery(window.location.search));
  const [requested, setRequested] = useState<TableQuery>();
  // A deep link's first rows, when they came before the page's first render (earlyTable.ts): the
  // table shows them in that render. ProTable asks for rows only after its search form has given
  // its first values, two commits later; its request then takes the same answer (takeEarly).
  const [firstRows] = useState(() => {
    const key = tableKey(listParamsOf(queryFromUrl(window.location.search)));
    const answer = arrivedEarly<ListAnswer>(key)?.value.data;
    return answer && { records: answer.records ?? [], total: answer.total ?? 0 };
  });
  const form = useMemo(
    () => ({
      syncToUrl: syncTableToUrl,
      syncToInitialValues: false,
      extraUrlParams: requested ?? initialView,
    }),
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
  const runAction = async (action: RowAction, id: Id, done: string) => {
    try {
      await action({ id }, { skipErrorHandler: true });
    } catch (error) {
      reportFailure(error);
      return;
    }
    message.success(done);
    reload();
  };

  /** Downloads the OpenAPI document of every interface, or of the selected ones. */
  const exportOpenApi = async (ids?: readonly Id[]) => {
    setExporting(true);
    try {
      await downloadOpenApi(ids);
      message.success(T.exported);
    } catch (error) {
      handleRequestError(error);
    } finally {
      setExporting(false);
    }
  };

  const removeOne = async (record: API.InterfaceInfo) => {
    await runAction(deleteInterfaceInfo, record.id, T.deleted);
    setSelectedKeys((keys) => keys.filter((key) => String(key) !== String(record.id)));
  };

  /** Runs a batch on the selected rows it changes, one call each, and says what became of each. */
  const runBatch = (kind: BatchKind) => {
    const batch = batchOf(kind);
    const selected = selectedKeys.length;
    const rows = splitSelection(kind, selectedRows(selectedKeys, knownRows)).change;
    if (rows.length === 0) return;
    modal.confirm({
      title: batch.confirm(selected, rows.length),
      content: batch.hint,
      okText: batch.ok,
      okButtonProps: { danger: kind === 'delete' },
      cancelText: T.cancel,
      onOk: async () => {
        const failures: { row: API.InterfaceInfo; error: unknown }[] = [];
        // One after another: a batch should not flood the server, and results stay in order.
        for (const row of rows) {
          try {
            await batch.action({ id: row.id }, { skipErrorHandler: true });
          } catch (error) {
            failures.push({ row, error });
          }
        }
        const isGone = (error: unknown) => hasErrorCode(error, ResponseCode.NOT_FOUND);
        const done = rows.length - failures.length;
        if (failures.length === 0) {
          message.success(batch.done(done));
        } else {
          const which = failureList(
            failures.map(({ row, error }) => ({
              name: row.name,
              reason: isGone(error) ? T.batchGone : errorText(error),
            })),
          );
          // Interfaces someone else deleted are a notice; a refusal is an error.
          const refused = failures.some(({ error }) => !isGone(error));
          message[refused ? 'error' : 'warning']({
            content: batch.partial(done, failures.length, which),
            duration: 8,
          });
        }
        // What failed stays selected, unless it no longer exists.
        setSelectedKeys(failures.filter(({ error }) => !isGone(error)).map(({ row }) => row.id));
        if (done > 0 || failures.some(({ error }) => isGone(error))) reload();
      },
    });
  };

  /** A batch button, disabled with its reason when no selected row would change. */
  const batchButton = (kind: BatchKind) => {
    const batch = batchOf(kind);
    const count = splitSelection(kind, selectedRows(selectedKeys, knownRows)).change.length;
    const button = (
      <Button
        key={kind}
        size="small"
        danger={kind === 'delete'}
        disabled={count === 0}
        onClick={() => runBatch(kind)}
      >
        {batch.label}
      </Button>
    );
    if (count > 0 || !batch.nothing) return button;
    // A disabled button gets no pointer events: the tooltip sits on a wrapper.
    return (
      <Tooltip key={kind} title={batch.nothing}>
        <span aria-label={T.batchDisabled(batch.label, batch.nothing)}>{button}</span>
      </Tooltip>
    );
  };

  const columns: ProColumns<API.InterfaceInfo>[] = [
    {
      title: T.columns.id,
      dataIndex: 'id',
      hideInSearch: true,
      hideInTable: narrow,
      width: 120,
      // Ids are 64-bit: the end shown, the whole copied and in the tooltip, exactly as the server sent them.
      render: (_, record) => {
        const id = String(record.id);
        return (
          <Typography.Text className={styles.id} copyable={{ text: id, tooltips: [T.copyId, T.copied] }}>
            <LazyTooltip title={T.fullId(id)}>
              <span>{shortId(id)}</span>
            </LazyTooltip>
          </Typography.Text>
        );
      },
    },
    {
      title: T.columns.name,
      dataIndex: 'name',
      ellipsis: true,
      sorter: true,
      defaultSortOrder: initialSortOf('name'),
      width: 160,
      // The interface's own page, with its console.
      render: (_, record) => (
        <span className={styles.nameCell}>
          <Link to={interfacePath(record.id)} className={styles.oneLine} title={record.name}>
            {record.name}
          </Link>
          {record.deprecated && (
            <Tag
              className={styles.lifecycleTag}
              title={record.sunsetDate ? T.lifecycle.sunset(record.sunsetDate) : undefined}
            >
              {T.lifecycle.deprecated}
            </Tag>
          )}
        </span>
      ),
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
      width: 260,
      render: (_, record) => {
        const { origin, rest } = splitUrl(record.url);
        return (
          <div className={styles.url}>
            <LazyTooltip title={record.url}>
              <span className={styles.urlText}>
                {origin && <span className={styles.urlOrigin}>{origin}</span>}
                <span className={styles.urlPath}>{`${LRM}${rest}${LRM}`}</span>
              </span>
            </LazyTooltip>
            <Typography.Text copyable={{ text: record.url, tooltips: [T.copyUrl, T.copied] }} />
          </div>
        );
      },
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
      // Cut by CSS with the whole text as its title: ProTable's own ellipsis wraps the cell in
      // antd's Typography, which forces a layout for every cell it measures.
      render: (dom, record) =>
        record.description ? (
          <span className={styles.oneLine} title={record.description}>
            {record.description}
          </span>
        ) : (
          dom
        ),
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
      fixed: narrow ? undefined : 'right',
      width: T.actionsWidth,
      render: (_, record) => [
        <ActionLink key="edit" onClick={() => openForm(record)}>
          {T.edit}
        </ActionLink>,
        record.status === INTERFACE_STATUS.ONLINE ? (
          <LazyPopconfirm
            key="offline"
            title={T.offlineConfirm}
            description={T.offlineConfirmHint}
            okText={T.confirmOffline}
            cancelText={T.cancel}
            // Opened from the keyboard, the question takes the focus (Enter answers it); mounted
            // anew each time, so it does so every time it opens.
            okButtonProps={{ autoFocus: true }}
            destroyOnHidden
            onConfirm={() => runAction(offlineInterfaceInfo, record.id, T.tookOffline)}
          >
            <ActionLink>{T.offline}</ActionLink>
          </LazyPopconfirm>
        ) : (
          <ActionLink key="publish" onClick={() => runAction(onlineInterfaceInfo, record.id, T.published)}>
            {T.publish}
          </ActionLink>
        ),
        <LazyPopconfirm
          key="delete"
          title={T.deleteConfirm(record.name)}
          description={T.deleteConfirmHint}
          okText={T.confirmDelete}
          okButtonProps={{ danger: true }}
          cancelText={T.cancel}
          // The focus goes to the harmless answer: Enter alone never deletes.
          cancelButtonProps={{ autoFocus: true }}
          destroyOnHidden
          onConfirm={() => removeOne(record)}
        >
          <ActionLink type="danger">{T.delete}</ActionLink>
        </LazyPopconfirm>,
      ],
    },
  ];

  // The columns' own widths plus the selection column: wider than a laptop's page, so the table
  // scrolls sideways and keeps the actions in view (fixed right), with ellipsis where set.
  const tableWidth = columnsWidth(columns, SELECTION_COLUMN_WIDTH);

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
        defaultData={firstRows?.records}
        pagination={{
          // Until the table's own first answer, the pager counts the first rows' total.
          ...(firstRows && !answered ? { total: firstRows.total } : {}),
          defaultCurrent: initialView.current,
          defaultPageSize: initialView.pageSize,
          showSizeChanger: true,
          pageSizeOptions: [...PAGE_SIZE_OPTIONS],
        }}
        rowClassName={(record) =>
          freshId !== undefined && String(record.id) === freshId ? styles.fresh : ''
        }
        request={async (params, sort) => {
          const { current = DEFAULT_VIEW.current, pageSize = DEFAULT_VIEW.pageSize } = params;
          const view = { current, pageSize, ...sortParamsOf(sort) };
          const query = tableQueryOf(params, view);
          setRequested((last) => (last && sameQuery(last, query) ? last : query));
          const listParams = listParamsOf(query);
          // A deep link's first rows may be on their way already (earlyTable.ts), asked for
          // without the request layer's error message: a failure is shown here, once.
          const early = takeEarly<ListAnswer>(tableKey(listParams))?.catch((error: unknown) => {
            handleRequestError(error);
            throw error;
          });
          const res = await (early ?? listInterfaceInfoByPage(listParams));
          return { data: res.data?.records ?? [], total: res.data?.total ?? 0, success: true };
        }}
        // The request layer has already shown what went wrong; the table keeps what it had.
        onRequestError={() => setAnswered(true)}
        toolBarRender={() => [
          // On a phone the two are icons (named, with a tooltip): their words would push the toolbar past the screen.
          <Tooltip key="export" title={narrow ? T.exportOpenApi : undefined}>
            <Button
              icon={<DownloadOutlined />}
              aria-label={narrow ? T.exportOpenApi : undefined}
              loading={exporting}
              onClick={() => exportOpenApi()}
            >
              {narrow ? null : T.exportOpenApi}
            </Button>
          </Tooltip>,
          <Tooltip key="import" title={narrow ? T.importOpenApi : undefined}>
            <Button
              icon={<ImportOutlined />}
              aria-label={narrow ? T.importOpenApi : undefined}
              onClick={() => setImportState((state) => ({ open: true, key: state.key + 1 }))}
            >
              {narrow ? null : T.importOpenApi}
            </Button>
          </Tooltip>,
          <Button key="create" type="primary" icon={<PlusOutlined />} onClick={() => openForm()}>
            {T.create}
          </Button>,
        ]}
        onLoad={(rows) => {
          setAnswered(true);
          rememberRows(rows);
        }}
        rowSelection={{
          selectedRowKeys: selectedKeys,
          preserveSelectedRowKeys: true,
          getCheckboxProps: (record) => {
            const props: CheckboxProps & React.AriaAttributes = { 'aria-label': T.selectRow(record.name) };
            return props;
          },
          onChange: (keys, rows) => {
            setSelectedKeys(keys as Id[]);
            rememberRows(rows);
          },
        }}
        tableAlertRender={({ selectedRowKeys }) => (
          <Space size="middle">
            <span>{T.selected(selectedRowKeys.length)}</span>
            <ActionLink onClick={() => setSelectedKeys([])}>{T.clearSelection}</ActionLink>
          </Space>
        )}
        tableAlertOptionRender={() => (
          <Space size="middle" wrap>
            {batchButton('publish')}
            {batchButton('offline')}
            {batchButton('delete')}
            <Button size="small" loading={exporting} onClick={() => exportOpenApi(selectedKeys)}>
              {T.exportSelected}
            </Button>
          </Space>
        )}
      />
      {importState.key > 0 && (
        <ImportModal
          key={importState.key}
          open={importState.open}
          onClose={() => setImportState((state) => ({ ...state, open: false }))}
          onImported={() => {
            setImportState((state) => ({ ...state, open: false }));
            actionRef.current?.reloadAndRest?.();
          }}
        />
      )}
      {/* Mounted once first opened: until then the closed drawer and its form are work on every load. */}
      {formState.key > 0 && (
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
      )}
    </PageContainer>
  );
}

import { ModalForm, ProFormTextArea, ProTable } from '@ant-design/pro-components';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { App, Button, Radio, Tag, Typography } from 'antd';
import { useRef, useState } from 'react';
import { MESSAGES } from '@agler/contract/messages';
import { reasonOf } from '@agler/contract/quotaRequests';
import { LazyPopconfirm } from '@/components/FirstUse';
import { askedOf, QUOTA_REQUEST_TEXTS } from '@/components/QuotaRequestModal';
import { PAGE_SIZE_MAX, QUOTA_REQUEST_LIMITS } from '@/constants';
import { formatNumber } from '@/locales';
import { translateMessage } from '@/locales/messages';
import { handleRequestError } from '@/requestConfig';
import { listQuotaRequests, reviewQuotaRequest } from '@/services/agler/quotaRequest';
import { columnsWidth } from '@/utils/tableWidth';
import { ADMIN_USER_TEXTS } from '../texts';

const T = ADMIN_USER_TEXTS.requests;

type Request = API.QuotaRequestVO;
type StatusFilter = Request['status'] | 'all';

const STATUS_COLORS: Record<Request['status'], string> = {
  pending: 'processing',
  approved: 'success',
  refused: 'error',
};

type QuotaRequestsProps = {
  /** After a request was answered: the tab's count is asked again. */
  onAnswered: () => void;
};

/** The contract's check of a reason; a blank one is left to `required`, which says so once. */
const reasonFault = (value: unknown) => {
  if (typeof value === 'string' && !value.trim()) return undefined;
  const parsed = reasonOf(value, true);
  return parsed.ok ? undefined : parsed.message;
};

/** 额度申请: the users' requests for more calls, open ones first shown; approve, or refuse with a reason. */
export function QuotaRequests({ onAnswered }: QuotaRequestsProps) {
  const { message } = App.useApp();
  const actionRef = useRef<ActionType>();
  const [status, setStatus] = useState<StatusFilter>('pending');
  const [pendingId, setPendingId] = useState<string>();

  const nameOf = (request: Request) => request.userName || request.userAccount;
  const approveConfirmOf = (request: Request) => {
    if (request.kind === 'plan') return T.approvePlanConfirm(request.planName ?? '', nameOf(request));
    if (request.kind === 'topup') return T.approveTopupConfirm(formatNumber(request.amount), nameOf(request));
    return T.approveConfirm(formatNumber(request.amount), nameOf(request));
  };

  const answer = async (request: Request, approve: boolean, reason?: string) => {
    setPendingId(request.id);
    try {
      await reviewQuotaRequest({ id: request.id, approve, reason }, { skipErrorHandler: true });
    } catch (error) {
      handleRequestError(error);
      actionRef.current?.reload();
      return false;
    } finally {
      setPendingId(undefined);
    }
    message.success(approve ? T.approved(nameOf(request)) : T.refused(nameOf(request)));
    actionRef.current?.reload();
    onAnswered();
    return true;
  };

  const columns: ProColumns<Request>[] = [
    // Together about 1000 px, what the tab has at 1366 px beside the menu; a time wraps between its day and its hour.
    { title: T.columns.createTime, dataIndex: 'createTime', width: 100 },
    {
      title: T.columns.user,
      dataIndex: 'userAccount',
      width: 110,
      ellipsis: true,
      render: (_, request) => nameOf(request),
    },
    {
      title: T.columns.interface,
      dataIndex: 'interfaceName',
      width: 120,
      ellipsis: true,
      render: (_, request) =>
        request.interfaceName ?? <Typography.Text type="secondary">{T.gone}</Typography.Text>,
    },
    {
      title: T.columns.amount,
      dataIndex: 'amount',
      width: 120,
      render: (_, request) => askedOf(request),
    },
    {
      title: T.columns.quota,
      key: 'quota',
      width: 110,
      // A top-up or a plan is about the subscription, not this quota.
      render: (_, request) =>
        request.kind === 'topup' || request.kind === 'plan'
          ? '-'
          : `${formatNumber(request.leftNum)} / ${formatNumber(request.totalNum)}`,
    },
    { title: T.columns.reason, dataIndex: 'reason', ellipsis: true, width: 120 },
    {
      title: T.columns.status,
      dataIndex: 'status',
      width: 80,
      render: (_, request) => (
        <Tag bordered={false} color={STATUS_COLORS[request.status]}>
          {QUOTA_REQUEST_TEXTS.status[request.status]}
        </Tag>
      ),
    },
    {
      title: T.columns.answer,
      dataIndex: 'reviewReason',
      ellipsis: true,
      width: 120,
      render: (_, request) => request.reviewReason ?? '-',
    },
    {
      title: T.columns.actions,
      valueType: 'option',
      key: 'actions',
      // In reach however far the rest of the row scrolls.
      fixed: 'right',
      width: 130,
      render: (_, request) =>
        request.status !== 'pending'
          ? []
          : [
              <LazyPopconfirm
                key="approve"
                title={approveConfirmOf(request)}
                okText={T.approve}
                cancelText={T.cancel}
                okButtonProps={{ autoFocus: true }}
                destroyOnHidden
                onConfirm={() => answer(request, true)}
              >
                <Button type="link" size="small" disabled={pendingId !== undefined}>
                  {T.approve}
                </Button>
              </LazyPopconfirm>,
              <ModalForm<{ reason?: string }>
                key="refuse"
                title={T.refuseTitle(nameOf(request))}
                width={440}
                modalProps={{ destroyOnHidden: true }}
                submitter={{ searchConfig: { submitText: T.refuse, resetText: T.cancel } }}
                trigger={
                  <Button type="link" size="small" danger disabled={pendingId !== undefined}>
                    {T.refuse}
                  </Button>
                }
                onFinish={({ reason }) => answer(request, false, reason)}
              >
                <ProFormTextArea
                  name="reason"
                  label={T.refuseReason}
                  placeholder={T.refuseReasonPlaceholder}
                  fieldProps={{ maxLength: QUOTA_REQUEST_LIMITS.reasonMax, showCount: true, rows: 3 }}
                  rules={[
                    {
                      required: true,
                      whitespace: true,
                      message: translateMessage(MESSAGES.reviewReasonRequired),
                    },
                    {
                      validator: (_rule: unknown, value?: string) => {
                        const error = value ? reasonFault(value) : undefined;
                        return error ? Promise.reject(new Error(translateMessage(error))) : Promise.resolve();
                      },
                    },
                  ]}
                />
              </ModalForm>,
            ],
    },
  ];

  return (
    <ProTable<Request>
      rowKey="id"
      actionRef={actionRef}
      columns={columns}
      search={false}
      cardBordered
      scroll={{ x: columnsWidth(columns) }}
      options={{ reload: true, density: false, setting: false }}
      params={{ status }}
      pagination={{ defaultPageSize: 10, showSizeChanger: true, pageSizeOptions: [10, 20, PAGE_SIZE_MAX] }}
      locale={{ emptyText: T.empty }}
      headerTitle={
        <Radio.Group
          optionType="button"
          size="small"
          aria-label={T.filter}
          value={status}
          onChange={(e) => setStatus(e.target.value as StatusFilter)}
          options={[
            { value: 'pending', label: QUOTA_REQUEST_TEXTS.status.pending },
            { value: 'approved', label: QUOTA_REQUEST_TEXTS.status.approved },
            { value: 'refused', label: QUOTA_REQUEST_TEXTS.status.refused },
            { value: 'all', label: T.all },
          ]}
        />
      }
      request={async ({ current = 1, pageSize = 10 }) => {
        const res = await listQuotaRequests(
          { current, pageSize, status: status === 'all' ? undefined : status },
          { skipErrorHandler: true },
        );
        return { data: res.data?.records ?? [], total: res.data?.total ?? 0, success: true };
      }}
      onRequestError={handleRequestError}
    />
  );
}

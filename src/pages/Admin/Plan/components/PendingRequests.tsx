import { ModalForm, ProFormTextArea, ProTable } from '@ant-design/pro-components';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { App, Button, Space, Tag, Typography } from 'antd';
import { createStyles } from 'antd-style';
import { useRef, useState } from 'react';
import { displayTime } from '@agler/contract/dates';
import { parseSubscriptionReview } from '@agler/contract/plans';
import { PAGE_SIZE_MAX, PLAN_LIMITS } from '@/constants';
import { translateMessage } from '@/locales/messages';
import { handleRequestError } from '@/requestConfig';
import { listSubscriptions, reviewSubscription } from '@/services/agler/subscription';
import { useScreen } from '@/utils/media';
import { columnsWidth } from '@/utils/tableWidth';
import { ADMIN_PLAN_TEXTS } from '../texts';

type Subscription = API.SubscriptionVO;

/** The plan a request asks for: the requested one of a switch, else the subscription's own. */
const askedPlanOf = (request: Subscription) => request.requestedPlanName ?? request.planName;

const useStyles = createStyles(({ token }) => ({
  time: { whiteSpace: 'nowrap', color: token.colorTextSecondary },
  hint: { marginBottom: token.marginSM },
}));

/** The contract's check of a reply, as the server reads it. */
const replyFault = (reply: unknown) => {
  const parsed = parseSubscriptionReview({ id: '1', approve: true, reply });
  return parsed.ok ? undefined : parsed.message;
};

type PendingRequestsProps = {
  /** After a request was answered: the tab's count is asked again. */
  onAnswered: () => void;
};

/** 待审批: new subscriptions and switches waiting for an admin; approve or refuse, with an optional reply. */
export function PendingRequests({ onAnswered }: PendingRequestsProps) {
  const T = ADMIN_PLAN_TEXTS.pending;
  const { styles } = useStyles();
  const { message } = App.useApp();
  const actionRef = useRef<ActionType>();
  const [pendingId, setPendingId] = useState<string>();
  // On a phone a column fixed at the right would take half the screen: the row scrolls whole.
  const narrow = useScreen('xs');

  const answer = async (request: Subscription, approve: boolean, reply?: string) => {
    setPendingId(request.id);
    try {
      await reviewSubscription(
        { id: request.id, approve, reply: reply?.trim() || undefined },
        { skipErrorHandler: true },
      );
    } catch (error) {
      // The server's reason, once; the reply typed stays in the open dialog.
      handleRequestError(error);
      actionRef.current?.reload();
      return false;
    } finally {
      setPendingId(undefined);
    }
    message.success(approve ? T.approved(request.userName) : T.refused(request.userName));
    actionRef.current?.reload();
    onAnswered();
    return true;
  };

  const reviewForm = (request: Subscription, approve: boolean) => (
    <ModalForm<{ reply?: string }>
      key={approve ? 'approve' : 'refuse'}
      title={
        approve
          ? T.approveTitle(request.userName, askedPlanOf(request))
          : T.refuseTitle(request.userName, askedPlanOf(request))
      }
      width={480}
      modalProps={{ destroyOnHidden: true }}
      submitter={{
        searchConfig: { submitText: approve ? T.approve : T.refuse, resetText: T.cancel },
        submitButtonProps: approve ? {} : { danger: true },
      }}
      trigger={
        <Button
          type="link"
          size="small"
          danger={!approve}
          disabled={pendingId !== undefined}
          aria-label={approve ? T.approveLabel(request.userName) : T.refuseLabel(request.userName)}
        >
          {approve ? T.approve : T.refuse}
        </Button>
      }
      onFinish={({ reply }) => answer(request, approve, reply)}
    >
      <Typography.Paragraph type="secondary" className={styles.hint}>
        {approve ? T.approveHint : T.refuseHint}
      </Typography.Paragraph>
      <ProFormTextArea
        name="reply"
        label={T.reply}
        placeholder={T.replyPlaceholder}
        fieldProps={{ maxLength: PLAN_LIMITS.reasonMax, showCount: true, rows: 3, autoFocus: true }}
        rules={[
          {
            validator: async (_rule: unknown, value?: string) => {
              const fault = value ? replyFault(value) : undefined;
              if (fault) throw new Error(translateMessage(fault));
            },
          },
        ]}
      />
    </ModalForm>
  );

  const columns: ProColumns<Subscription>[] = [
    { title: T.columns.user, dataIndex: 'userName', width: 130, ellipsis: true },
    {
      title: T.columns.plan,
      key: 'plan',
      width: 220,
      render: (_, request) =>
        request.requestedPlanName ? (
          <Space size={4} wrap>
            <Tag bordered={false} color="processing">
              {T.switchTag}
            </Tag>
            <span title={T.switchTitle(request.planName, request.requestedPlanName)}>
              {`${request.planName} → ${request.requestedPlanName}`}
            </span>
          </Space>
        ) : (
          <Space size={4} wrap>
            <Tag bordered={false}>{T.newTag}</Tag>
            <span>{request.planName}</span>
          </Space>
        ),
    },
    {
      title: T.columns.reason,
      dataIndex: 'reason',
      width: 220,
      ellipsis: true,
      render: (_, request) => request.reason || '-',
    },
    {
      title: T.columns.time,
      dataIndex: 'createTime',
      width: 110,
      render: (_, request) => <span className={styles.time}>{displayTime(request.createTime)}</span>,
    },
    {
      title: T.columns.actions,
      valueType: 'option',
      key: 'actions',
      fixed: narrow ? undefined : 'right',
      width: 130,
      render: (_, request) => [reviewForm(request, true), reviewForm(request, false)],
    },
  ];

  return (
    <ProTable<Subscription>
      // ProTable keeps a column's fixing from its first render: crossing the phone's width builds it anew.
      key={narrow ? 'narrow' : 'wide'}
      rowKey="id"
      actionRef={actionRef}
      columns={columns}
      search={false}
      cardBordered
      scroll={{ x: columnsWidth(columns) }}
      options={{ reload: true, density: false, setting: false }}
      pagination={{ defaultPageSize: 10, showSizeChanger: true, pageSizeOptions: [10, 20, PAGE_SIZE_MAX] }}
      locale={{ emptyText: T.empty }}
      request={async ({ current = 1, pageSize = 10 }) => {
        const res = await listSubscriptions({ current, pageSize, status: 'pending' }, { skipErrorHandler: true });
        return { data: res.data?.records ?? [], total: res.data?.total ?? 0, success: true };
      }}
      onRequestError={handleRequestError}
    />
  );
}

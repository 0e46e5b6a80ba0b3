import { ProCard, ProTable } from '@ant-design/pro-components';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { App, Button, Table, Tag, Typography } from 'antd';
import { createStyles } from 'antd-style';
import type { MutableRefObject } from 'react';
import { ALERT_KINDS, PING_EVENT, WEBHOOK_MAX_TRIES, WEBHOOK_RETRY_DELAYS_S } from '@agler/contract/alerts';
import type { AlertKind, WebhookDeliveryState } from '@agler/contract/alerts';
import { errorText } from '@/requestConfig';
import { listWebhookDeliveries, resendWebhookDelivery } from '@/services/agler/webhook';
import { NOTIFICATION_TEXTS } from '../texts';

const T = NOTIFICATION_TEXTS.deliveries;

const useStyles = createStyles(({ token }) => ({
  // A second, smaller line under a cell's value: the event's type, a failure's reason.
  subLine: { display: 'block', fontSize: token.fontSizeSM },
}));

/** A delivery's event in words: the test, or the alert's kind as the form names it; else the type itself. */
export function eventLabel(eventType: string): string {
  if (eventType === PING_EVENT) return T.ping;
  const kind = eventType.replace(/^alert\./, '') as AlertKind;
  return eventType.startsWith('alert.') && ALERT_KINDS.includes(kind) ? NOTIFICATION_TEXTS.kinds[kind] : eventType;
}

const STATE_COLORS: Record<WebhookDeliveryState, string> = {
  pending: 'processing',
  delivered: 'success',
  failed: 'error',
};

/** The retry schedule in words, from the contract's delays. */
const delaysText = () =>
  WEBHOOK_RETRY_DELAYS_S.map((s) => (s < 60 ? T.seconds(s) : T.minutes(s / 60))).join(T.listSep);

const failureText = (attempt: API.WebhookAttemptVO) =>
  !attempt.failure ? T.ok : (NOTIFICATION_TEXTS.failures[attempt.failure] ?? attempt.failure);

/** Why a delivery's last try failed, in a few words (the receiver's status when it answered one); none once delivered. */
export function lastFailure(delivery: API.WebhookDeliveryVO): string | undefined {
  const last = delivery.attempts[delivery.attempts.length - 1];
  if (delivery.state === 'delivered' || !last?.failure) return undefined;
  return last.failure === 'httpError' && last.status ? `HTTP ${last.status}` : failureText(last);
}

/** One delivery's tries, as the receiver answered each. */
function Attempts({ delivery }: { delivery: API.WebhookDeliveryVO }) {
  return (
    <Table<API.WebhookAttemptVO>
      size="small"
      pagination={false}
      rowKey="time"
      dataSource={delivery.attempts}
      aria-label={T.attempts}
      columns={[
        { title: T.attemptTime, dataIndex: 'time' },
        { title: T.status, dataIndex: 'status', render: (_, a) => a.status ?? T.noAnswer },
        { title: T.duration, dataIndex: 'durationMs', render: (_, a) => `${a.durationMs} ms` },
        { title: T.failure, dataIndex: 'failure', render: (_, a) => failureText(a) },
      ]}
    />
  );
}

type DeliveriesCardProps = { actionRef: MutableRefObject<ActionType | undefined> };

/** 投递记录: every delivery, newest first, with its tries and a resend. */
export function DeliveriesCard({ actionRef }: DeliveriesCardProps) {
  const { message } = App.useApp();
  const { styles } = useStyles();

  const resend = async (delivery: API.WebhookDeliveryVO) => {
    try {
      await resendWebhookDelivery({ id: delivery.id }, { skipErrorHandler: true });
      void message.success(T.resent);
      actionRef.current?.reload();
    } catch (e) {
      void message.error(errorText(e));
    }
  };

  const columns: ProColumns<API.WebhookDeliveryVO>[] = [
    { title: T.time, dataIndex: 'createTime', width: 170 },
    {
      title: T.event,
      dataIndex: 'eventType',
      // The type as the receiver gets it, under its name: what a receiver's code matches on.
      render: (_, d) => (
        <>
          {eventLabel(d.eventType)}
          <Typography.Text type="secondary" className={styles.subLine}>
            {d.eventType}
          </Typography.Text>
        </>
      ),
    },
    {
      title: T.state,
      dataIndex: 'state',
      // The reason under the state, so a failure reads why without opening its tries.
      render: (_, d) => {
        const reason = lastFailure(d);
        return (
          <>
            <Tag color={STATE_COLORS[d.state]}>{NOTIFICATION_TEXTS.states[d.state]}</Tag>
            {reason && (
              <Typography.Text type="secondary" className={styles.subLine}>
                {reason}
              </Typography.Text>
            )}
          </>
        );
      },
    },
    { title: T.tries, dataIndex: 'tries', render: (_, d) => `${d.tries}/${WEBHOOK_MAX_TRIES}` },
    { title: T.nextTry, dataIndex: 'nextTryTime', render: (_, d) => d.nextTryTime ?? '-' },
    {
      title: T.actions,
      valueType: 'option',
      render: (_, d) => [
        <Button key="resend" size="small" type="link" onClick={() => void resend(d)}>
          {T.resend}
        </Button>,
      ],
    },
  ];

  return (
    // The retry schedule under the title, not beside it: as a subtitle it did not wrap and widened a phone's page.
    <ProCard title={T.title} headerBordered>
      <Typography.Paragraph type="secondary">{T.intro(delaysText(), WEBHOOK_MAX_TRIES)}</Typography.Paragraph>
      <ProTable<API.WebhookDeliveryVO>
        actionRef={actionRef}
        rowKey="id"
        search={false}
        options={{ reload: true, density: false, setting: false }}
        cardProps={{ bodyStyle: { padding: 0 } }}
        columns={columns}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: T.empty }}
        pagination={{ defaultPageSize: 10, showSizeChanger: false }}
        expandable={{ expandedRowRender: (d) => <Attempts delivery={d} /> }}
        request={async ({ current, pageSize }) => {
          const { data } = await listWebhookDeliveries({ current, pageSize });
          return { data: data?.records ?? [], total: data?.total ?? 0, success: true };
        }}
      />
    </ProCard>
  );
}

import { App, Button, Card, Col, Form, Input, Modal, Progress, Row, Skeleton, Tag, Typography } from 'antd';
import { createStyles } from 'antd-style';
import { useRequest } from 'ahooks';
import dayjs from 'dayjs';
import { useState } from 'react';
import { LoadError } from '@/components/LoadError';
import { QUOTA_REQUEST_TEXTS, QuotaRequestModal } from '@/components/QuotaRequestModal';
import { handleRequestError } from '@/requestConfig';
import { listPlans } from '@/services/agler/plan';
import { addSubscription } from '@/services/agler/subscription';
import { liveSubscriptionCovering } from '@/utils/liveSubscriptions';
import { rateLimitText } from '@/utils/rateLimit';
import { PLAN_LIMITS } from '@agler/contract/constants';
import { samePlanInterfaces } from '@agler/contract/plans';
import { VIEW_TEXTS } from '../texts';

const useStyles = createStyles(({ token }) => ({
  hint: { display: 'block', marginBottom: token.marginMD, color: token.colorTextSecondary },
  col: { display: 'flex' },
  card: {
    width: '100%',
    display: 'flex',
    flexDirection: 'column',
    '& .ant-card-body': { flex: 1, display: 'flex', flexDirection: 'column', gap: token.marginSM },
  },
  held: { borderColor: token.colorPrimary, boxShadow: `0 0 0 1px ${token.colorPrimary}` },
  tags: { display: 'flex', flexWrap: 'wrap', rowGap: token.marginXXS },
  price: {
    fontSize: token.fontSizeHeading4,
    lineHeight: token.lineHeightHeading4,
    fontWeight: token.fontWeightStrong,
    color: token.colorText,
  },
  facts: {
    display: 'grid',
    gridTemplateColumns: 'auto 1fr',
    columnGap: token.marginSM,
    rowGap: token.marginXXS,
    margin: 0,
    '& dt': { color: token.colorTextSecondary },
    '& dd': { margin: 0 },
  },
  description: { margin: 0, color: token.colorTextSecondary, whiteSpace: 'pre-line' },
  usage: {
    display: 'flex',
    flexDirection: 'column',
    gap: token.marginXXS,
    padding: token.paddingSM,
    borderRadius: token.borderRadius,
    background: token.colorFillQuaternary,
  },
  // A link's size, at the start of its line, not a bar across the box.
  askMore: { alignSelf: 'flex-start', paddingInline: 0 },
  action: { marginTop: 'auto' },
}));

/** The plans covering an interface, and the caller's live subscription covering it (none for admins, who are not charged). */
export type PlanCover = { interfaceId: string; plans: API.PlanVO[]; subscription?: API.SubscriptionVO };

/**
 * Loads what covers the interface: its plans once, the caller's subscription again after each call
 * the page makes (its use grows, and a first call may subscribe to the default plan; the call's
 * answer does not carry the period's use). `covered` says whether the per-interface quota means
 * nothing here: undefined until known, false when the load failed (the page then keeps the quota).
 */
export function usePlanCover(interfaceId: string, admin: boolean, calls: number) {
  const plansRequest = useRequest(
    async () => ({
      interfaceId,
      plans: (await listPlans({ interfaceInfoId: interfaceId }, { skipErrorHandler: true })).data ?? [],
    }),
    { refreshDeps: [interfaceId], onError: () => undefined },
  );
  const plans = plansRequest.data?.interfaceId === interfaceId ? plansRequest.data.plans : undefined;
  // A live subscription's plan is among the caller's plans: without plans there is none to look for.
  const looksForHeld = !admin && !!plans && plans.length > 0;
  const heldRequest = useRequest(
    async () => ({ interfaceId, subscription: await liveSubscriptionCovering(interfaceId) }),
    { ready: looksForHeld, refreshDeps: [interfaceId, calls], onError: () => undefined },
  );
  const heldLoaded = heldRequest.data?.interfaceId === interfaceId;
  const subscription = looksForHeld && heldLoaded ? heldRequest.data?.subscription : undefined;

  let data: PlanCover | undefined;
  if (plans && (!looksForHeld || heldLoaded)) {
    // A retired plan is shown only to the one who still holds it, till its period ends.
    const shown = plans.filter((plan) => !plan.retired || plan.id === subscription?.planId);
    data = { interfaceId, plans: shown, subscription };
  }
  const error = plansRequest.error ?? (looksForHeld ? heldRequest.error : undefined);
  const loading = plansRequest.loading || (looksForHeld && heldRequest.loading);
  let covered: boolean | undefined;
  if (data) covered = data.plans.some((plan) => !plan.retired) || !!data.subscription;
  else if (error && !loading) covered = false;
  // The plans again only when they are what failed; otherwise the subscription is what changed.
  const refresh = () => (plans ? heldRequest.refresh() : plansRequest.refresh());
  return { data, covered, error, loading, refresh };
}

/** A contract time as the cards show it: minutes are enough for a period's end. */
const showTime = (text: string) => {
  const time = dayjs(text);
  return time.isValid() ? time.format('YYYY-MM-DD HH:mm') : text;
};

type Action = 'subscribed' | 'pending' | 'switchPending' | 'switch' | 'subscribe';

/** What the caller may do with a plan, given their live subscription covering the interface. */
function actionOf(plan: API.PlanVO, held: API.SubscriptionVO | undefined): Action {
  if (held?.planId === plan.id) return held.status === 'pending' ? 'pending' : 'subscribed';
  if (held?.requestedPlanId === plan.id) return 'switchPending';
  if (held?.status === 'active' && samePlanInterfaces(held.interfaceIds, plan.interfaceIds)) return 'switch';
  return 'subscribe';
}

type HeldUsageProps = { subscription: API.SubscriptionVO; interfaceId: string; interfaceName: string };

/**
 * The held subscription's period: its use against the quota, when it resets, what waits, and
 * 申请额度 for more calls this period or a bigger plan (an active subscription only: the server
 * refuses a pending one's request).
 */
function HeldUsage({ subscription, interfaceId, interfaceName }: HeldUsageProps) {
  const { styles } = useStyles();
  const T = VIEW_TEXTS.plans;
  if (subscription.status === 'pending') {
    return (
      <div className={styles.usage}>
        <Typography.Text>{T.waitingApproval}</Typography.Text>
      </div>
    );
  }
  const { used, quota, periodEnd } = subscription;
  return (
    <div className={styles.usage}>
      <Typography.Text>
        {T.used(used, quota)}
        {used > quota && T.overageUsed(used - quota)}
      </Typography.Text>
      <Progress
        percent={Math.min(100, (used / quota) * 100)}
        showInfo={false}
        size="small"
        status={used >= quota ? 'exception' : 'normal'}
        aria-label={T.usedLabel}
      />
      {periodEnd && (
        <Typography.Text type="secondary">
          {subscription.cancelAtPeriodEnd ? T.endsAt(showTime(periodEnd)) : T.resetsAt(showTime(periodEnd))}
        </Typography.Text>
      )}
      {subscription.requestedPlanName && <Typography.Text>{T.requestedSwitch(subscription.requestedPlanName)}</Typography.Text>}
      <QuotaRequestModal
        interfaceInfoId={interfaceId}
        interfaceName={interfaceName}
        trigger={
          <Button type="link" size="small" className={styles.askMore}>
            {QUOTA_REQUEST_TEXTS.open}
          </Button>
        }
      />
    </div>
  );
}

/** A plan's own rate limit in words (0: none), as the interface's is written. */
function rateText(rateLimit: number, rateBurst: number | null): string {
  return rateLimitText({ rateLimit, rateBurst: rateBurst ?? undefined });
}

type PlanCardProps = {
  plan: API.PlanVO;
  held?: API.SubscriptionVO;
  interfaceId: string;
  interfaceName: string;
  /** The interface's own rate limit in words, for a plan that has none of its own. */
  interfaceRate: string;
  /** Admins see the plans without acting on them: their calls are not charged. */
  admin: boolean;
  busy: boolean;
  onChoose: (plan: API.PlanVO, action: Action) => void;
};

function PlanCard({ plan, held, interfaceId, interfaceName, interfaceRate, admin, busy, onChoose }: PlanCardProps) {
  const { styles, cx } = useStyles();
  const T = VIEW_TEXTS.plans;
  const action = actionOf(plan, held);
  const holds = held?.planId === plan.id;
  const labels: Record<Action, string> = {
    subscribed: T.subscribed,
    pending: T.pending,
    switchPending: T.switchPending,
    switch: T.switch,
    subscribe: T.subscribe,
  };
  const waiting = action === 'subscribed' || action === 'pending' || action === 'switchPending';
  let rate = T.rateDefault(interfaceRate);
  if (plan.rateLimit !== null) rate = rateText(plan.rateLimit, plan.rateBurst);
  return (
    <Card title={plan.name} size="small" className={cx(styles.card, holds && styles.held)}>
      {(holds || plan.isDefault || plan.approval || plan.visibility === 'private' || plan.retired) && (
        <div className={styles.tags}>
          {holds && <Tag color="blue">{T.heldTag}</Tag>}
          {plan.isDefault && <Tag>{T.defaultTag}</Tag>}
          {plan.approval && <Tag>{T.approvalTag}</Tag>}
          {plan.visibility === 'private' && <Tag>{T.privateTag}</Tag>}
          {plan.retired && <Tag>{T.retiredTag}</Tag>}
        </div>
      )}
      {plan.priceLabel && <div className={styles.price}>{plan.priceLabel}</div>}
      <dl className={styles.facts}>
        <dt>{T.quota}</dt>
        <dd>{T.quotaPerPeriod(plan.period, plan.quota)}</dd>
        <dt>{T.rate}</dt>
        <dd>{rate}</dd>
        <dt>{T.overage}</dt>
        <dd>{plan.overage === 'allow' ? T.overageAllow : T.overageBlock}</dd>
        <dt>{T.approval}</dt>
        <dd>{plan.approval ? T.approvalNeeded : T.approvalNone}</dd>
      </dl>
      {plan.description && <p className={styles.description}>{plan.description}</p>}
      <Typography.Text type="secondary">{T.interfaces(plan.interfaceIds.length)}</Typography.Text>
      {holds && held && <HeldUsage subscription={held} interfaceId={interfaceId} interfaceName={interfaceName} />}
      {!admin && (
        <Button
          className={styles.action}
          block
          // The visible word stays whole, so that it is part of the button's accessible name.
          autoInsertSpace={false}
          type={waiting ? 'default' : 'primary'}
          disabled={waiting || plan.retired}
          loading={busy}
          aria-label={T.actionOf(labels[action], plan.name)}
          onClick={() => onChoose(plan, action)}
        >
          {labels[action]}
        </Button>
      )}
    </Card>
  );
}

type ReasonModalProps = {
  plan?: API.PlanVO;
  busy: boolean;
  onSubmit: (reason: string) => void;
  onCancel: () => void;
};

/** Asks for the optional reason a plan needing approval sends its reviewer. */
function ReasonModal({ plan, busy, onSubmit, onCancel }: ReasonModalProps) {
  const T = VIEW_TEXTS.plans;
  const [form] = Form.useForm<{ reason?: string }>();
  return (
    <Modal
      open={!!plan}
      title={plan ? T.reasonTitle(plan.name) : undefined}
      okText={T.submit}
      cancelText={T.cancel}
      confirmLoading={busy}
      destroyOnHidden
      onOk={() => form.submit()}
      onCancel={onCancel}
    >
      <Typography.Paragraph>{T.reasonIntro}</Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={(values) => onSubmit(values.reason?.trim() ?? '')}>
        <Form.Item name="reason" label={T.reasonLabel}>
          <Input.TextArea rows={3} showCount maxLength={PLAN_LIMITS.reasonMax} placeholder={T.reasonPlaceholder} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

type PlanCardsProps = {
  cover: ReturnType<typeof usePlanCover>;
  /** The interface's name, for the title of 申请额度. */
  interfaceName: string;
  interfaceRate: string;
  admin: boolean;
};

/**
 * 套餐: the plans covering the interface as cards, each with what it gives and what the caller may
 * do (订阅, 切换, or 已订阅 with the period's use and 申请额度); nothing when no plan covers it.
 */
export function PlanCards({ cover, interfaceName, interfaceRate, admin }: PlanCardsProps) {
  const { styles } = useStyles();
  const { message } = App.useApp();
  const T = VIEW_TEXTS.plans;
  const [busy, setBusy] = useState<string>();
  const [asking, setAsking] = useState<API.PlanVO>();
  const { data, error, loading, refresh } = cover;

  const subscribe = async (plan: API.PlanVO, reason?: string) => {
    setBusy(plan.id);
    try {
      const answer = await addSubscription(reason ? { planId: plan.id, reason } : { planId: plan.id }, { skipErrorHandler: true });
      const subscription = answer.data;
      setAsking(undefined);
      if (subscription?.status === 'pending' || subscription?.requestedPlanId === plan.id) message.success(T.waitingOk(plan.name));
      else if (subscription && subscription.id === data?.subscription?.id) message.success(T.switchedOk(plan.name));
      else message.success(T.subscribedOk(plan.name));
      refresh();
    } catch (failure) {
      handleRequestError(failure);
    } finally {
      setBusy(undefined);
    }
  };
  const choose = (plan: API.PlanVO, action: Action) => {
    if (action !== 'subscribe' && action !== 'switch') return;
    if (plan.approval) setAsking(plan);
    else void subscribe(plan);
  };

  let body;
  if (data) {
    if (data.plans.length === 0) return null;
    const held = data.subscription;
    const defaultPlan = data.plans.find((plan) => plan.isDefault && !plan.retired);
    let note: string | undefined;
    if (admin) note = T.adminNote;
    else if (!held) note = defaultPlan ? T.autoDefault(defaultPlan.name) : T.needSubscribe;
    body = (
      <>
        <Typography.Text className={styles.hint}>
          {T.hint}
          {note && ` ${note}`}
        </Typography.Text>
        <Row gutter={[16, 16]}>
          {data.plans.map((plan) => (
            <Col key={plan.id} xs={24} md={12} xl={8} className={styles.col}>
              <PlanCard
                plan={plan}
                held={held}
                interfaceId={data.interfaceId}
                interfaceName={interfaceName}
                interfaceRate={interfaceRate}
                admin={admin}
                busy={busy === plan.id}
                onChoose={choose}
              />
            </Col>
          ))}
        </Row>
        <ReasonModal
          plan={asking}
          busy={!!asking && busy === asking.id}
          onSubmit={(reason) => asking && void subscribe(asking, reason)}
          onCancel={() => setAsking(undefined)}
        />
      </>
    );
  } else if (error && !loading) {
    body = <LoadError message={T.loadFailed} error={error} onRetry={refresh} />;
  } else {
    body = <Skeleton active paragraph={{ rows: 3 }} />;
  }
  return (
    <Card title={T.title}>
      <section aria-label={T.title}>{body}</section>
    </Card>
  );
}

import { PlusOutlined } from '@ant-design/icons';
import { ProTable } from '@ant-design/pro-components';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { Alert, App, Badge, Button, Skeleton, Space, Tag, Typography } from 'antd';
import { createStyles } from 'antd-style';
import { useRequest } from 'ahooks';
import { useMemo, useRef, useState } from 'react';
import { displayTime } from '@agler/contract/dates';
import { ActionLink } from '@/components/ActionLink';
import { LazyPopconfirm, LazyTooltip } from '@/components/FirstUse';
import { LoadError } from '@/components/LoadError';
import { formatNumber } from '@/locales';
import { handleRequestError } from '@/requestConfig';
import { listPlans, retirePlan } from '@/services/agler/plan';
import { useScreen } from '@/utils/media';
import { columnsWidth } from '@/utils/tableWidth';
import { loadInterfaceNames } from '../interfaceNames';
import { ADMIN_PLAN_TEXTS } from '../texts';
import { PlanForm } from './PlanForm';
import { SubscribersDrawer } from './SubscribersDrawer';

type Plan = API.PlanVO;

/** How many interfaces a row names before the rest go into a "+n" tag. */
const INTERFACES_SHOWN = 3;
/** How many trailing digits of an interface's id are shown when its name is not known. */
const SHORT_ID_DIGITS = 6;

const useStyles = createStyles(({ token }) => ({
  error: { marginBottom: token.margin },
  description: {
    display: 'block',
    maxWidth: 200,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    color: token.colorTextSecondary,
    fontSize: token.fontSizeSM,
  },
  tags: { rowGap: token.marginXXS },
  time: { color: token.colorTextSecondary, fontSize: token.fontSizeSM },
  retired: { color: token.colorTextSecondary },
}));

type FormState = { open: boolean; plan?: Plan; key: number };

type PlanTableProps = {
  /** After something changed the pending requests (a subscription ended): the tab's count is asked again. */
  onChanged: () => void;
};

/** 套餐: every plan (retired ones last), made, changed and retired here, with each plan's subscribers. */
export function PlanTable({ onChanged }: PlanTableProps) {
  const T = ADMIN_PLAN_TEXTS.plans;
  const { styles } = useStyles();
  const { message } = App.useApp();
  const actionRef = useRef<ActionType>();
  const [loadError, setLoadError] = useState<unknown>();
  const [plans, setPlans] = useState<Plan[]>([]);
  const [formState, setFormState] = useState<FormState>({ open: false, key: 0 });
  const [subscribers, setSubscribers] = useState<{ open: boolean; plan?: Plan }>({ open: false });
  const [retiringId, setRetiringId] = useState<string>();
  // On a phone a column fixed at the right would take half the screen: the row scrolls whole.
  const narrow = useScreen('xs');

  // Every interface of every plan, once: their names come from the catalogue's pages.
  const interfaceIds = useMemo(() => [...new Set(plans.flatMap((plan) => plan.interfaceIds))].sort(), [plans]);
  const names = useRequest(() => loadInterfaceNames(interfaceIds), {
    ready: interfaceIds.length > 0,
    refreshDeps: [interfaceIds.join(',')],
    // Shown above the table with a retry (ahooks would otherwise log it too).
    onError: () => undefined,
  });

  const reload = () => actionRef.current?.reload();

  const retire = async (plan: Plan) => {
    setRetiringId(plan.id);
    try {
      await retirePlan({ id: plan.id }, { skipErrorHandler: true });
    } catch (error) {
      handleRequestError(error);
      reload();
      return;
    } finally {
      setRetiringId(undefined);
    }
    message.success(T.retired(plan.name));
    reload();
  };

  const interfaceTags = (plan: Plan) => {
    if (names.loading && !names.data) return <Skeleton.Input active size="small" />;
    const label = (id: string) => {
      const known = names.data?.get(id);
      if (known) return known.offline ? ADMIN_PLAN_TEXTS.form.offlineOption(known.name) : known.name;
      return T.interfaceId(id.length > SHORT_ID_DIGITS ? `…${id.slice(-SHORT_ID_DIGITS)}` : id);
    };
    const shown = plan.interfaceIds.slice(0, INTERFACES_SHOWN);
    const rest = plan.interfaceIds.slice(INTERFACES_SHOWN);
    return (
      <Space size={4} wrap className={styles.tags}>
        {shown.map((id) => (
          <Tag key={id} bordered={false}>
            {label(id)}
          </Tag>
        ))}
        {rest.length > 0 ? (
          <LazyTooltip title={rest.map(label).join('、')}>
            <Tag bordered={false} tabIndex={0}>
              {T.more(rest.length)}
            </Tag>
          </LazyTooltip>
        ) : null}
      </Space>
    );
  };

  const rateOf = (plan: Plan) => {
    if (plan.rateLimit === null) return ADMIN_PLAN_TEXTS.rate.inherit;
    if (plan.rateLimit === 0) return ADMIN_PLAN_TEXTS.rate.none;
    return ADMIN_PLAN_TEXTS.rate.limit(formatNumber(plan.rateLimit), formatNumber(plan.rateBurst ?? plan.rateLimit));
  };

  const columns: ProColumns<Plan>[] = [
    {
      title: T.columns.name,
      dataIndex: 'name',
      width: 200,
      render: (_, plan) => (
        <div>
          <Typography.Text strong>{plan.name}</Typography.Text>
          {plan.description ? (
            <span className={styles.description} title={plan.description}>
              {plan.description}
            </span>
          ) : null}
        </div>
      ),
    },
    { title: T.columns.interfaces, key: 'interfaces', width: 300, render: (_, plan) => interfaceTags(plan) },
    {
      title: T.columns.quota,
      dataIndex: 'quota',
      width: 160,
      render: (_, plan) => ADMIN_PLAN_TEXTS.perPeriod(formatNumber(plan.quota), ADMIN_PLAN_TEXTS.period[plan.period]),
    },
    { title: T.columns.rate, key: 'rate', width: 150, render: (_, plan) => rateOf(plan) },
    {
      title: T.columns.approval,
      dataIndex: 'approval',
      width: 100,
      render: (_, plan) =>
        plan.approval ? (
          <Tag bordered={false} color="warning">
            {T.approvalNeeded}
          </Tag>
        ) : (
          T.approvalNone
        ),
    },
    {
      title: T.columns.overage,
      dataIndex: 'overage',
      width: 130,
      render: (_, plan) => ADMIN_PLAN_TEXTS.overage[plan.overage],
    },
    {
      title: T.columns.price,
      dataIndex: 'priceLabel',
      width: 110,
      render: (_, plan) => plan.priceLabel || '-',
    },
    {
      title: T.columns.visibility,
      dataIndex: 'visibility',
      width: 90,
      render: (_, plan) =>
        plan.visibility === 'private' ? (
          <Tag bordered={false} color="purple">
            {ADMIN_PLAN_TEXTS.visibility.private}
          </Tag>
        ) : (
          ADMIN_PLAN_TEXTS.visibility.public
        ),
    },
    {
      title: T.columns.isDefault,
      dataIndex: 'isDefault',
      width: 80,
      render: (_, plan) =>
        plan.isDefault ? (
          <Tag bordered={false} color="blue">
            {T.defaultTag}
          </Tag>
        ) : (
          '-'
        ),
    },
    {
      title: T.columns.subscribers,
      dataIndex: 'subscribers',
      width: 90,
      align: 'right',
      render: (_, plan) => formatNumber(plan.subscribers),
    },
    {
      title: T.columns.status,
      dataIndex: 'retired',
      width: 130,
      render: (_, plan) =>
        plan.retired ? (
          <Space direction="vertical" size={0}>
            <Badge status="default" text={T.status.retired} />
            <span className={styles.time}>{displayTime(plan.retireTime)}</span>
          </Space>
        ) : (
          <Badge status="success" text={T.status.live} />
        ),
    },
    {
      title: T.columns.actions,
      valueType: 'option',
      key: 'actions',
      fixed: narrow ? undefined : 'right',
      width: 170,
      render: (_, plan) => [
        plan.retired ? null : (
          <ActionLink
            key="edit"
            aria-label={T.editLabel(plan.name)}
            onClick={() => setFormState((state) => ({ open: true, plan, key: state.key + 1 }))}
          >
            {T.edit}
          </ActionLink>
        ),
        <ActionLink
          key="subscribers"
          aria-label={T.subscribersLabel(plan.name, plan.subscribers)}
          onClick={() => setSubscribers({ open: true, plan })}
        >
          {T.subscribers}
        </ActionLink>,
        plan.retired ? null : (
          <LazyPopconfirm
            key="retire"
            title={T.retireConfirm(plan.name)}
            description={T.retireConfirmHint}
            okText={T.confirmRetire}
            okButtonProps={{ danger: true }}
            cancelText={T.cancel}
            // The focus goes to the harmless answer: Enter alone never retires.
            cancelButtonProps={{ autoFocus: true }}
            destroyOnHidden
            onConfirm={() => retire(plan)}
          >
            <ActionLink type="danger" disabled={retiringId !== undefined}>
              {T.retire}
            </ActionLink>
          </LazyPopconfirm>
        ),
      ],
    },
  ];

  return (
    <>
      {loadError ? (
        <LoadError className={styles.error} message={T.loadFailed} error={loadError} onRetry={reload} />
      ) : null}
      {names.error ? (
        <Alert
          className={styles.error}
          type="warning"
          showIcon
          message={T.namesFailed}
          action={
            <Button size="small" onClick={names.refresh}>
              {ADMIN_PLAN_TEXTS.retry}
            </Button>
          }
        />
      ) : null}
      <ProTable<Plan>
        // ProTable keeps a column's fixing from its first render: crossing the phone's width builds it anew.
        key={narrow ? 'narrow' : 'wide'}
        rowKey="id"
        actionRef={actionRef}
        columns={columns}
        search={false}
        cardBordered
        headerTitle={T.title}
        scroll={{ x: columnsWidth(columns) }}
        options={{ reload: true, density: false, setting: false }}
        pagination={false}
        locale={{ emptyText: T.empty }}
        rowClassName={(plan) => (plan.retired ? styles.retired : '')}
        request={async () => {
          try {
            const res = await listPlans({}, { skipErrorHandler: true });
            setLoadError(undefined);
            return { data: res.data ?? [], success: true };
          } catch (error) {
            setLoadError(error);
            throw error;
          }
        }}
        onLoad={(rows) => setPlans(rows)}
        // The failure is shown above the table with a retry; the table keeps what it had.
        onRequestError={() => undefined}
        toolBarRender={() => [
          <Button
            key="create"
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setFormState((state) => ({ open: true, plan: undefined, key: state.key + 1 }))}
          >
            {T.create}
          </Button>,
        ]}
      />
      {/* Mounted once first opened, anew for each plan. */}
      {formState.key > 0 && (
        <PlanForm
          key={formState.key}
          open={formState.open}
          plan={formState.plan}
          names={names.data}
          onClose={() => setFormState((state) => ({ ...state, open: false }))}
          onSaved={(name, created) => {
            setFormState((state) => ({ ...state, open: false }));
            message.success(created ? T.created(name) : T.saved(name));
            reload();
          }}
        />
      )}
      <SubscribersDrawer
        open={subscribers.open}
        plan={subscribers.plan}
        onClose={() => {
          setSubscribers((state) => ({ ...state, open: false }));
          // Its counts may have changed while the drawer was open.
          reload();
        }}
        onChanged={onChanged}
      />
    </>
  );
}

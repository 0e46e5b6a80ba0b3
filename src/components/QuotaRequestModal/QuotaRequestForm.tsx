import {
  ModalForm,
  ProFormDependency,
  ProFormDigit,
  ProFormRadio,
  ProFormSelect,
  ProFormTextArea,
} from '@ant-design/pro-components';
import { App, Typography } from 'antd';
import { createStyles } from 'antd-style';
import { useEffect, useState } from 'react';
import type { Message } from '@agler/contract/messageKeys';
import { MESSAGES } from '@agler/contract/messages';
import { samePlanInterfaces } from '@agler/contract/plans';
import { amountFault, reasonOf } from '@agler/contract/quotaRequests';
import { QUOTA_REQUEST_LIMITS } from '@/constants';
import { formatNumber } from '@/locales';
import { translateMessage } from '@/locales/messages';
import { handleRequestError } from '@/requestConfig';
import { listPlans } from '@/services/agler/plan';
import { addQuotaRequest } from '@/services/agler/quotaRequest';
import { liveSubscriptionCovering } from '@/utils/liveSubscriptions';
import { QUOTA_REQUEST_TEXTS as T } from './texts';

type Choice = 'topup' | 'plan';
type Values = { choice?: Choice; amount?: number; planId?: string; reason?: string };

/** The user's active subscription covering the interface, and the plans it may switch to (the same interfaces). */
type Cover = { subscription: API.SubscriptionVO; plans: API.PlanVO[] };

async function coverOf(interfaceInfoId: string): Promise<Cover | undefined> {
  const subscription = await liveSubscriptionCovering(interfaceInfoId);
  // Only an active subscription takes a top-up or a plan; otherwise the form asks as without plans and the server decides.
  if (subscription?.status !== 'active') return undefined;
  const listed = await listPlans({ interfaceInfoId }, { skipErrorHandler: true });
  const plans = (listed.data ?? []).filter(
    (plan) =>
      !plan.retired && plan.id !== subscription.planId && samePlanInterfaces(plan.interfaceIds, subscription.interfaceIds),
  );
  return { subscription, plans };
}

/**
 * Whether a subscription covers the interface, read when the dialog opens; until then, and when
 * the reading fails, the form asks for the interface's own quota, as the server will decide anyway.
 */
function useCover(interfaceInfoId: string, open: boolean): Cover | undefined {
  const [cover, setCover] = useState<Cover>();
  useEffect(() => {
    if (!open) return undefined;
    let current = true;
    coverOf(interfaceInfoId)
      .then((found) => current && setCover(found))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [interfaceInfoId, open]);
  return cover;
}

// antd keeps no room for the close button beside a dialog's title: a long interface name ran under it.
const useStyles = createStyles(({ token }) => ({
  title: { display: 'block', paddingInlineEnd: token.marginLG },
}));

export type QuotaRequestFormProps = {
  interfaceInfoId: string;
  interfaceName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After the server took the request. */
  onSent?: () => void;
};

/** A check of the contract's, in the page's language; an empty field is left to `required`. */
const checked = (check: (value: unknown) => Message | undefined) => ({
  validator: (_: unknown, value: unknown) => {
    const error = value === undefined || value === null || value === '' ? undefined : check(value);
    return error ? Promise.reject(new Error(translateMessage(error))) : Promise.resolve();
  },
});

/** The contract's check of a reason; a blank one is left to `required`, which says so once. */
const reasonFault = (value: unknown) => {
  if (typeof value === 'string' && !value.trim()) return undefined;
  const parsed = reasonOf(value, true);
  return parsed.ok ? undefined : parsed.message;
};

/**
 * 申请额度: how many more calls, and why; checked with the server's own rules before it is sent.
 * On an interface the user's active subscription covers: more calls for the current period
 * (本周期加量), or a plan over the same interfaces (升级套餐).
 * Loaded at the first click on its trigger (./index.tsx): ProForm is no part of the pages it sits on.
 */
export default function QuotaRequestForm({
  interfaceInfoId,
  interfaceName,
  open,
  onOpenChange,
  onSent,
}: QuotaRequestFormProps) {
  const { message } = App.useApp();
  const { styles } = useStyles();
  const cover = useCover(interfaceInfoId, open);
  const amountField = (
    <ProFormDigit
      name="amount"
      label={T.amount}
      placeholder={T.amountPlaceholder}
      min={1}
      max={QUOTA_REQUEST_LIMITS.amountMax}
      fieldProps={{ precision: 0 }}
      rules={[{ required: true, message: T.amountRequired }, checked(amountFault)]}
    />
  );
  return (
    <ModalForm<Values>
      title={<span className={styles.title}>{T.title(interfaceName)}</span>}
      open={open}
      onOpenChange={onOpenChange}
      width={480}
      modalProps={{ destroyOnHidden: true }}
      submitter={{ searchConfig: { submitText: T.submit, resetText: T.cancel } }}
      onFinish={async ({ choice, amount, planId, reason }) => {
        const asked =
          cover && choice === 'plan' ? { planId } : { amount: amount ?? 0 };
        try {
          await addQuotaRequest({ interfaceInfoId, ...asked, reason: reason ?? '' }, { skipErrorHandler: true });
        } catch (error) {
          // The server's reason, once; what was typed stays.
          handleRequestError(error);
          return false;
        }
        message.success(T.sent);
        onSent?.();
        return true;
      }}
    >
      {cover ? (
        <>
          <Typography.Paragraph type="secondary">
            {T.coveredHint(cover.subscription.planName, cover.subscription.periodEnd ?? '')}
          </Typography.Paragraph>
          <ProFormRadio.Group
            name="choice"
            label={T.choice}
            initialValue="topup"
            radioType="button"
            options={[
              { value: 'topup', label: T.choiceTopup },
              { value: 'plan', label: T.choicePlan },
            ]}
          />
          <ProFormDependency name={['choice']}>
            {({ choice }: Values) =>
              choice === 'plan' ? (
                <ProFormSelect
                  name="planId"
                  label={T.plan}
                  placeholder={cover.plans.length > 0 ? T.planPlaceholder : T.noPlans}
                  disabled={cover.plans.length === 0}
                  options={cover.plans.map((plan) => ({
                    value: plan.id,
                    label: T.planOption(plan.name, formatNumber(plan.quota), plan.period, plan.priceLabel),
                  }))}
                  rules={[{ required: true, message: T.planRequired }]}
                />
              ) : (
                amountField
              )
            }
          </ProFormDependency>
        </>
      ) : (
        <>
          <Typography.Paragraph type="secondary">{T.hint}</Typography.Paragraph>
          {amountField}
        </>
      )}
      <ProFormTextArea
        name="reason"
        label={T.reason}
        placeholder={T.reasonPlaceholder}
        fieldProps={{ maxLength: QUOTA_REQUEST_LIMITS.reasonMax, showCount: true, rows: 4 }}
        rules={[
          { required: true, whitespace: true, message: translateMessage(MESSAGES.reasonRequired) },
          checked(reasonFault),
        ]}
      />
    </ModalForm>
  );
}

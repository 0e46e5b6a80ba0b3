import {
  ProForm,
  ProFormDigit,
  ProFormRadio,
  ProFormSwitch,
  ProFormText,
  ProFormTextArea,
} from '@ant-design/pro-components';
import { App, Button, Col, Drawer, Form, Row } from 'antd';
import type { FormInstance } from 'antd';
import { createStyles } from 'antd-style';
import { useLockFn } from 'ahooks';
import { useMemo, useState } from 'react';
import type { Message } from '@agler/contract/messageKeys';
import { FormErrorAlert, showRefusal } from '@/components/FormErrorAlert';
import { InterfaceSelect } from '@/components/InterfaceSelect';
import { INTERFACE_STATUS, PLAN_LIMITS, RATE_LIMIT_MAX } from '@/constants';
import { formatNumber } from '@/locales';
import { translateMessage } from '@/locales/messages';
import { addPlan, updatePlan } from '@/services/agler/plan';
import { useFocusReturn } from '@/utils/useFocusReturn';
import type { InterfaceName } from '../interfaceNames';
import type { PlanFormValues } from '../planForm';
import {
  fieldOfError,
  planBodyOf,
  planBurstFault,
  planFieldFault,
  planFormValuesOf,
  planLimitFault,
} from '../planForm';
import { ADMIN_PLAN_TEXTS } from '../texts';

const DRAWER_WIDTH = 640;

const useStyles = createStyles(({ token }) => ({
  footer: { display: 'flex', justifyContent: 'flex-end', gap: token.marginXS },
  // Long choices one below the other: side by side they wrap mid-sentence.
  stacked: { display: 'flex', flexDirection: 'column', gap: token.marginXXS },
}));

/** A form rule from a contract check that answers a message or undefined, its message in the page's language. */
const contractRule = (check: (value: unknown) => Message | undefined) => ({
  validator: async (_: unknown, value: unknown) => {
    const message = check(value);
    if (message) throw new Error(translateMessage(message));
  },
});

type FieldsOf = Pick<FormInstance<PlanFormValues>, 'getFieldValue'>;

type PlanFormProps = {
  open: boolean;
  /** The plan being edited; absent when creating one. */
  plan?: API.PlanVO;
  /** The names of the plan's interfaces, as the table knows them. */
  names?: ReadonlyMap<string, InterfaceName>;
  onClose: () => void;
  /** After the server saved it: the plan's name, and whether it is new. */
  onSaved: (name: string, created: boolean) => void;
};

/**
 * Create and edit a plan in one drawer. Every field is checked with the contract's own parsers
 * before anything is sent; what the server still refuses is shown at the field it names, or at
 * the top of the form, and the form keeps everything typed.
 */
export function PlanForm({ open, plan, names, onClose, onSaved }: PlanFormProps) {
  const T = ADMIN_PLAN_TEXTS.form;
  const { styles } = useStyles();
  const { modal } = App.useApp();
  const [form] = Form.useForm<PlanFormValues>();
  const [serverError, setServerError] = useState<string>();
  const [submitting, setSubmitting] = useState(false);
  useFocusReturn(open);

  const initialValues = useMemo(
    () =>
      planFormValuesOf(
        plan,
        names && new Map([...names].map(([id, { name }]) => [id, name] as const)),
      ),
    [plan, names],
  );

  const isDirty = () =>
    JSON.stringify(planBodyOf(form.getFieldsValue(true))) !== JSON.stringify(planBodyOf(initialValues));

  const requestClose = () => {
    if (submitting) return;
    if (!isDirty()) {
      onClose();
      return;
    }
    modal.confirm({
      title: T.discardTitle,
      content: T.discardContent,
      okText: T.discardOk,
      okButtonProps: { danger: true },
      cancelText: T.discardCancel,
      onOk: onClose,
    });
  };

  // One save at a time: presses while one is under way are dropped.
  const submit = useLockFn(async (values: PlanFormValues) => {
    setSubmitting(true);
    setServerError(undefined);
    const body = planBodyOf(values);
    try {
      if (plan) await updatePlan({ id: plan.id, ...body }, { skipErrorHandler: true });
      else await addPlan(body, { skipErrorHandler: true });
      onSaved(body.name, !plan);
    } catch (error) {
      showRefusal(form, error, fieldOfError(error), setServerError);
    } finally {
      setSubmitting(false);
    }
  });

  return (
    <Drawer
      open={open}
      title={plan ? T.editTitle(plan.name) : T.createTitle}
      width={DRAWER_WIDTH}
      destroyOnHidden
      keyboard={!submitting}
      onClose={requestClose}
      footer={
        <div className={styles.footer}>
          <Button onClick={requestClose} disabled={submitting}>
            {T.cancel}
          </Button>
          <Button type="primary" loading={submitting} onClick={() => form.submit()}>
            {plan ? T.submitEdit : T.submitCreate}
          </Button>
        </div>
      }
    >
      <ProForm<PlanFormValues>
        form={form}
        // Its own field ids: other forms of the page have fields of the same names.
        name="planForm"
        layout="vertical"
        initialValues={initialValues}
        onFinish={submit}
        submitter={false}
        scrollToFirstError
      >
        {serverError && <FormErrorAlert title={T.saveFailed} message={serverError} />}
        <Row gutter={16}>
          <Col xs={24} sm={14}>
            <ProFormText
              name="name"
              label={T.name}
              required
              placeholder={T.namePlaceholder}
              fieldProps={{ count: { show: true, max: PLAN_LIMITS.nameMax } }}
              rules={[contractRule((name) => planFieldFault('name', { name: name as string }))]}
            />
          </Col>
          <Col xs={24} sm={10}>
            <ProFormText
              name="priceLabel"
              label={T.priceLabel}
              placeholder={T.priceLabelPlaceholder}
              extra={T.priceLabelHint}
              fieldProps={{ count: { show: true, max: PLAN_LIMITS.priceLabelMax } }}
              rules={[
                contractRule((priceLabel) => planFieldFault('priceLabel', { priceLabel: priceLabel as string })),
              ]}
            />
          </Col>
        </Row>
        <ProFormTextArea
          name="description"
          label={T.description}
          placeholder={T.descriptionPlaceholder}
          fieldProps={{ rows: 2, count: { show: true, max: PLAN_LIMITS.descriptionMax } }}
          rules={[
            contractRule((description) => planFieldFault('description', { description: description as string })),
          ]}
        />
        <ProForm.Item
          name="interfaceIds"
          label={T.interfaces}
          required
          extra={T.interfacesHint(formatNumber(PLAN_LIMITS.interfacesMax))}
          rules={[
            contractRule((interfaceIds) =>
              planFieldFault('interfaceIds', { interfaceIds: (interfaceIds as PlanFormValues['interfaceIds']) ?? [] }),
            ),
          ]}
        >
          <InterfaceSelect
            maxCount={PLAN_LIMITS.interfacesMax}
            texts={{
              placeholder: T.interfacesPlaceholder,
              searching: T.interfacesSearching,
              notFound: T.interfacesNotFound,
              loadFailed: T.interfacesLoadFailed,
            }}
            labelOf={(row) => (row.status === INTERFACE_STATUS.ONLINE ? row.name : T.offlineOption(row.name))}
          />
        </ProForm.Item>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <ProFormDigit
              name="quota"
              label={T.quota}
              required
              extra={T.quotaHint(formatNumber(PLAN_LIMITS.quotaMax))}
              min={1}
              max={PLAN_LIMITS.quotaMax}
              fieldProps={{ precision: 0, style: { width: '100%' } }}
              rules={[contractRule((quota) => planFieldFault('quota', { quota: (quota as number) ?? null }))]}
            />
          </Col>
          <Col xs={24} sm={12}>
            <ProFormRadio.Group
              name="period"
              label={T.period}
              extra={T.periodHint}
              radioType="button"
              options={[
                { value: 'day', label: T.periodOptions.day },
                { value: 'month', label: T.periodOptions.month },
              ]}
            />
          </Col>
        </Row>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <ProFormDigit
              name="rateLimit"
              label={T.rateLimit}
              extra={T.rateLimitHint}
              min={0}
              max={RATE_LIMIT_MAX}
              fieldProps={{ precision: 0, style: { width: '100%' } }}
              rules={[contractRule(planLimitFault)]}
            />
          </Col>
          <Col xs={24} sm={12}>
            <ProFormDigit
              name="rateBurst"
              label={T.rateBurst}
              extra={T.rateBurstHint}
              min={0}
              max={RATE_LIMIT_MAX}
              fieldProps={{ precision: 0, style: { width: '100%' } }}
              dependencies={['rateLimit']}
              rules={[
                ({ getFieldValue }: FieldsOf) =>
                  contractRule((rateBurst) =>
                    planBurstFault({ rateLimit: getFieldValue('rateLimit'), rateBurst: rateBurst as number }),
                  ),
              ]}
            />
          </Col>
        </Row>
        <ProFormRadio.Group
          name="overage"
          label={T.overage}
          options={[
            { value: 'block', label: T.overageOptions.block },
            { value: 'allow', label: T.overageOptions.allow },
          ]}
        />
        <ProFormRadio.Group
          name="visibility"
          label={T.visibility}
          fieldProps={{ className: styles.stacked }}
          options={[
            { value: 'public', label: T.visibilityOptions.public },
            { value: 'private', label: T.visibilityOptions.private },
          ]}
        />
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <ProFormSwitch name="approval" label={T.approval} extra={T.approvalHint} />
          </Col>
          <Col xs={24} sm={12}>
            <ProFormSwitch name="isDefault" label={T.isDefault} extra={T.isDefaultHint} />
          </Col>
        </Row>
      </ProForm>
    </Drawer>
  );
}

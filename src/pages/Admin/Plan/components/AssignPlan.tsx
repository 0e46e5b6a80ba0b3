import { ProCard, ProForm, ProFormSelect } from '@ant-design/pro-components';
import type { ProFormInstance } from '@ant-design/pro-components';
import { App, Typography } from 'antd';
import { createStyles } from 'antd-style';
import { useRef, useState } from 'react';
import { FormErrorAlert } from '@/components/FormErrorAlert';
import { PAGE_SIZE_MAX } from '@/constants';
import { errorText } from '@/requestConfig';
import { listPlans } from '@/services/agler/plan';
import { assignSubscription } from '@/services/agler/subscription';
import { listUserByPage } from '@/services/agler/user';
import { ADMIN_PLAN_TEXTS } from '../texts';

/** How long the user search waits after the last key before it asks the server. */
const SEARCH_DEBOUNCE_MS = 300;

type Option = { label: string; value: string };
type AssignValues = { user: Option; plan: Option };

const useStyles = createStyles(({ token }) => ({
  form: { maxWidth: 480 },
  // The selects' placeholders are texts of their own, which antd draws lighter than 4.5:1.
  select: { '.ant-select-selection-placeholder': { color: token.colorTextSecondary } },
}));

type AssignPlanProps = {
  /** After the server subscribed the user: the plans' counts are read again. */
  onAssigned: () => void;
};

/** 分配套餐: subscribes a user to any plan that is not retired, private ones too, at once. */
export function AssignPlan({ onAssigned }: AssignPlanProps) {
  const T = ADMIN_PLAN_TEXTS.assign;
  const { styles } = useStyles();
  const { message } = App.useApp();
  const formRef = useRef<ProFormInstance<AssignValues>>();
  const [serverError, setServerError] = useState<string>();
  // The plans' own names by id, for the message: their options may carry a mark.
  const planNames = useRef(new Map<string, string>());

  return (
    <ProCard title={T.title}>
      <Typography.Paragraph type="secondary">{T.hint}</Typography.Paragraph>
      {serverError && <FormErrorAlert title={T.failed} message={serverError} />}
      <ProForm<AssignValues>
        formRef={formRef}
        // Its own field ids: the plans' form has fields of the same names.
        name="assignPlan"
        className={styles.form}
        layout="vertical"
        submitter={{ searchConfig: { submitText: T.submit }, resetButtonProps: false }}
        onValuesChange={() => setServerError(undefined)}
        onFinish={async ({ user, plan }) => {
          setServerError(undefined);
          try {
            await assignSubscription({ userId: user.value, planId: plan.value }, { skipErrorHandler: true });
          } catch (error) {
            // The server's reason (a conflict names the plan that holds the interfaces); the choices stay.
            setServerError(errorText(error));
            return false;
          }
          message.success(T.assigned(user.label, planNames.current.get(plan.value) ?? plan.label));
          formRef.current?.resetFields();
          onAssigned();
          return true;
        }}
      >
        <ProFormSelect
          name="user"
          label={T.user}
          placeholder={T.userPlaceholder}
          showSearch
          debounceTime={SEARCH_DEBOUNCE_MS}
          rules={[{ required: true, message: T.userRequired }]}
          // The server searches accounts and nicknames.
          fieldProps={{
            className: styles.select,
            labelInValue: true,
            filterOption: false,
            notFoundContent: T.usersNotFound,
          }}
          request={async ({ keyWords }: { keyWords?: string }) => {
            const res = await listUserByPage({
              current: 1,
              pageSize: PAGE_SIZE_MAX,
              searchText: keyWords?.trim() || undefined,
            });
            return (res.data?.records ?? []).map((user) => ({
              label: user.userName ? T.userOption(user.userName, user.userAccount) : user.userAccount,
              value: String(user.id),
            }));
          }}
        />
        <ProFormSelect
          name="plan"
          label={T.plan}
          placeholder={T.planPlaceholder}
          showSearch
          rules={[{ required: true, message: T.planRequired }]}
          fieldProps={{ className: styles.select, labelInValue: true, optionFilterProp: 'label' }}
          request={async () => {
            const res = await listPlans({});
            const live = (res.data ?? []).filter((plan) => !plan.retired);
            planNames.current = new Map(live.map((plan) => [plan.id, plan.name]));
            return live.map((plan) => ({
                label: plan.visibility === 'private' ? T.privateOption(plan.name) : plan.name,
                value: plan.id,
              }));
          }}
        />
      </ProForm>
    </ProCard>
  );
}

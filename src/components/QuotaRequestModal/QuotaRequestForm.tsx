import { ModalForm, ProFormDigit, ProFormTextArea } from '@ant-design/pro-components';
import { App, Typography } from 'antd';
import { createStyles } from 'antd-style';
import type { Message } from '@agler/contract/messageKeys';
import { MESSAGES } from '@agler/contract/messages';
import { amountFault, reasonOf } from '@agler/contract/quotaRequests';
import { QUOTA_REQUEST_LIMITS } from '@/constants';
import { translateMessage } from '@/locales/messages';
import { handleRequestError } from '@/requestConfig';
import { addQuotaRequest } from '@/services/agler/quotaRequest';
import { QUOTA_REQUEST_TEXTS as T } from './texts';

type Values = { amount?: number; reason?: string };

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
  return (
    <ModalForm<Values>
      title={<span className={styles.title}>{T.title(interfaceName)}</span>}
      open={open}
      onOpenChange={onOpenChange}
      width={480}
      modalProps={{ destroyOnHidden: true }}
      submitter={{ searchConfig: { submitText: T.submit, resetText: T.cancel } }}
      onFinish={async ({ amount, reason }) => {
        try {
          await addQuotaRequest(
            { interfaceInfoId, amount: amount ?? 0, reason: reason ?? '' },
            { skipErrorHandler: true },
          );
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
      <Typography.Paragraph type="secondary">{T.hint}</Typography.Paragraph>
      <ProFormDigit
        name="amount"
        label={T.amount}
        placeholder={T.amountPlaceholder}
        min={1}
        max={QUOTA_REQUEST_LIMITS.amountMax}
        fieldProps={{ precision: 0 }}
        rules={[{ required: true, message: T.amountRequired }, checked(amountFault)]}
      />
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

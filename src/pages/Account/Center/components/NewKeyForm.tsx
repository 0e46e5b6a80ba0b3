import { ModalForm, ProForm, ProFormDatePicker, ProFormText } from '@ant-design/pro-components';
import { App } from 'antd';
import { createStyles } from 'antd-style';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { DATE_FORMAT } from '@agler/contract/dates';
import { keyExpiryOf, keyNameOf } from '@agler/contract/keys';
import { KEY_LIMITS } from '@/constants';
import { translateMessage } from '@/locales/messages';
import { errorText } from '@/requestConfig';
import { addKey } from '@/services/agler/key';
import { KEYS_TEXTS } from '@/components/Keys/texts';
import { InterfaceSelect } from '@/components/InterfaceSelect';
import type { InterfaceOption } from '@/components/InterfaceSelect';

const T = KEYS_TEXTS.key;

type Values = { name: string; expiresAt?: string; interfaceIds?: InterfaceOption[] };

type NewKeyFormProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onAdded: (pair: API.KeyPairWithIdVO) => void;
};

// The select's placeholder is a text of its own, which antd draws lighter than 4.5:1.
const useStyles = createStyles(({ token }) => ({
  select: { '.ant-select-selection-placeholder': { color: token.colorTextSecondary } },
}));

/** The days the server would refuse as an expiry (past, or too far ahead) are not offered. */
const refusedDay = (day: Dayjs) => !keyExpiryOf(day.format(DATE_FORMAT), Date.now()).ok;

/** 新建密钥: a name, an optional expiry date and an optional list of interfaces; the server's rules at the fields. */
export function NewKeyForm({ open, onOpenChange, onAdded }: NewKeyFormProps) {
  const { message } = App.useApp();
  const { styles } = useStyles();
  // While the interfaces are searched the list is still being chosen: an empty one would allow them all.
  const [searching, setSearching] = useState(false);
  return (
    <ModalForm<Values>
      title={T.addTitle}
      open={open}
      onOpenChange={onOpenChange}
      width={480}
      // No submitting from a field's Enter: it confirms a date or picks an interface, and a key made
      // before the list is chosen would be allowed on every interface.
      isKeyPressSubmit={false}
      modalProps={{ destroyOnHidden: true }}
      submitter={{
        searchConfig: { submitText: T.add, resetText: T.cancel },
        submitButtonProps: { disabled: searching },
      }}
      onFinish={async (values) => {
        if (searching) return false;
        try {
          const { data } = await addKey(
            {
              name: values.name.trim(),
              expiresAt: values.expiresAt || undefined,
              interfaceIds: values.interfaceIds?.length ? values.interfaceIds.map((row) => row.value) : undefined,
            },
            { skipErrorHandler: true },
          );
          if (data) onAdded(data);
          return true;
        } catch (e) {
          message.error(errorText(e));
          return false;
        }
      }}
    >
      <ProFormText
        name="name"
        label={T.name}
        placeholder={T.namePlaceholder}
        fieldProps={{ maxLength: KEY_LIMITS.nameMax, showCount: true, autoFocus: true }}
        rules={[
          {
            validator: (_rule: unknown, value?: string) => {
              const parsed = keyNameOf(value ?? '');
              return parsed.ok
                ? Promise.resolve()
                : Promise.reject(new Error(translateMessage(parsed.message)));
            },
          },
        ]}
      />
      <ProFormDatePicker
        name="expiresAt"
        label={T.expiresAt}
        extra={T.expiresAtHint}
        dataFormat={DATE_FORMAT}
        // As wide as the fields above and below it.
        fieldProps={{ disabledDate: refusedDay, format: DATE_FORMAT, style: { width: '100%' } }}
      />
      <ProForm.Item name="interfaceIds" label={T.interfaces} extra={T.interfacesHint}>
        <InterfaceSelect
          className={styles.select}
          onSearchingChange={setSearching}
          maxCount={KEY_LIMITS.interfacesMax}
          texts={{
            placeholder: T.interfacesSearch,
            searching: T.interfacesSearching,
            notFound: T.interfacesNotFound,
            loadFailed: T.interfacesLoadFailed,
          }}
        />
      </ProForm.Item>
    </ModalForm>
  );
}

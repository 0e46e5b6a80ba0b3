import { ProForm, ProFormDigit, ProFormSelect } from '@ant-design/pro-components';
import type { ProFormInstance } from '@ant-design/pro-components';
import { App, Typography } from 'antd';
import { useRef } from 'react';
import { PAGE_SIZE_MAX, QUOTA_MAX } from '@/constants';
import { formatNumber } from '@/locales';
import { handleRequestError } from '@/requestConfig';
import { listInterfaceInfoByPage } from '@/services/agler/interfaceInfo';
import { updateUserInterfaceInfo } from '@/services/agler/userInterfaceInfo';
import { ADMIN_USER_TEXTS } from '../texts';

const T = ADMIN_USER_TEXTS.quota;

/** How long the interface search waits after the last key before it asks the server. */
const SEARCH_DEBOUNCE_MS = 300;

type Option = { label: string; value: string };
type GrantValues = { interfaceInfo: Option; leftNum: number };

type GrantQuotaFormProps = {
  userId: API.LoginUserVO['id'];
  /** After the server set the quota: the list reloads. */
  onGranted: () => void;
};

/** Sets the quota of any interface, also one the user has not called yet (its row then appears in the list). */
export function GrantQuotaForm({ userId, onGranted }: GrantQuotaFormProps) {
  const { message } = App.useApp();
  const formRef = useRef<ProFormInstance<GrantValues>>();

  return (
    <>
      <Typography.Title level={5}>{T.grantTitle}</Typography.Title>
      <Typography.Paragraph type="secondary">{T.grantHint(formatNumber(QUOTA_MAX))}</Typography.Paragraph>
      <ProForm<GrantValues>
        formRef={formRef}
        layout="inline"
        submitter={{ searchConfig: { submitText: T.grant }, resetButtonProps: false }}
        onFinish={async ({ interfaceInfo, leftNum }) => {
          try {
            await updateUserInterfaceInfo(
              { userId, interfaceInfoId: interfaceInfo.value, leftNum },
              { skipErrorHandler: true },
            );
          } catch (error) {
            // The server's reason, once; what was chosen and typed stays.
            handleRequestError(error);
            return false;
          }
          message.success(T.granted(interfaceInfo.label));
          formRef.current?.resetFields();
          onGranted();
          return true;
        }}
      >
        <ProFormSelect
          name="interfaceInfo"
          label={T.interfaceLabel}
          placeholder={T.interfacePlaceholder}
          showSearch
          debounceTime={SEARCH_DEBOUNCE_MS}
          width="sm"
          rules={[{ required: true, message: T.interfaceRequired }]}
          // The server searches by name; every interface, online or not, may get a quota.
          fieldProps={{ labelInValue: true, filterOption: false }}
          request={async ({ keyWords }: { keyWords?: string }) => {
            const res = await listInterfaceInfoByPage({
              current: 1,
              pageSize: PAGE_SIZE_MAX,
              sortField: 'name',
              sortOrder: 'ascend',
              name: keyWords?.trim() || undefined,
            });
            return (res.data?.records ?? []).map((record) => ({
              label: record.name,
              value: String(record.id),
            }));
          }}
        />
        <ProFormDigit
          name="leftNum"
          label={T.leftNumField}
          min={0}
          max={QUOTA_MAX}
          width="xs"
          fieldProps={{ precision: 0 }}
          rules={[{ required: true, message: T.leftNumRequired }]}
        />
      </ProForm>
    </>
  );
}

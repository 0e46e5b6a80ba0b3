import { ProCard, ProForm, ProFormText } from '@ant-design/pro-components';
import { App, Form } from 'antd';
import { ApiError, errorText } from '@/requestConfig';
import { updateMyPassword } from '@/services/agler/user';
import { passwordRules, repeatRules } from '@/utils/accountRules';
import { MESSAGES } from '@agler/contract/messages';
import { CENTER_TEXTS } from '../texts';

const T = CENTER_TEXTS.password;

type PasswordValues = API.UserPasswordRequest;

/** Which field a refusal of update/password belongs to. */
const FIELD_OF: Record<string, keyof PasswordValues> = {
  [MESSAGES.wrongPassword]: 'oldPassword',
  [MESSAGES.passwordLength]: 'newPassword',
  [MESSAGES.passwordMismatch]: 'checkPassword',
};

/** 修改密码: the current password, the new one twice; the user's other sessions end. */
export function PasswordCard() {
  const { message } = App.useApp();
  const [form] = Form.useForm<PasswordValues>();

  const onFinish = async (values: PasswordValues) => {
    try {
      await updateMyPassword(values, { skipErrorHandler: true });
    } catch (e) {
      const field = e instanceof ApiError ? FIELD_OF[e.message] : undefined;
      if (field) form.setFields([{ name: field, errors: [errorText(e)] }]);
      else message.error(errorText(e));
      return;
    }
    form.resetFields();
    message.success(T.changed);
  };

  return (
    <ProCard title={T.title} bordered headerBordered style={{ height: '100%' }}>
      <ProForm<PasswordValues>
        form={form}
        layout="vertical"
        // No field takes the focus on load: on a phone it would open the keyboard.
        autoFocusFirstInput={false}
        onFinish={onFinish}
        submitter={{ searchConfig: { submitText: T.submit }, resetButtonProps: false }}
      >
        <ProFormText.Password
          name="oldPassword"
          label={T.oldPassword}
          rules={[{ required: true, message: T.oldPasswordRequired }]}
          fieldProps={{ autoComplete: 'current-password' }}
        />
        <ProFormText.Password
          name="newPassword"
          label={T.newPassword}
          rules={passwordRules(T.newPasswordRequired)}
          fieldProps={{ autoComplete: 'new-password' }}
        />
        <ProFormText.Password
          name="checkPassword"
          label={T.checkPassword}
          dependencies={['newPassword']}
          rules={repeatRules(T.checkPasswordRequired, 'newPassword')}
          fieldProps={{ autoComplete: 'new-password' }}
        />
      </ProForm>
    </ProCard>
  );
}

import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { history, useModel } from '@umijs/max';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { AuthFrame } from '@/components/AuthFrame';
import { ACCOUNT_CENTER_PATH, LOGIN_PATH } from '@/constants';
import { ApiError, errorText } from '@/requestConfig';
import { userRegister } from '@/services/agler/user';
import { accountRules, passwordRules, repeatRules } from '@/utils/accountRules';
import { fetchLoginUser } from '@/utils/loginUser';
import { MESSAGES } from '@agler/contract/messages';
import { REGISTER_TEXTS } from './texts';

type RegisterValues = API.UserRegisterRequest;

/** 注册: a new account, logged in at once, then its personal center; in the login page's frame. */
export default function RegisterPage() {
  const { setInitialState } = useModel('@@initialState');
  const [form] = Form.useForm<RegisterValues>();
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string>();

  const onFinish = async (values: RegisterValues) => {
    if (submitting) return;
    setSubmitting(true);
    setError(undefined);
    try {
      await userRegister(values, { skipErrorHandler: true });
      const loginUser = await fetchLoginUser();
      flushSync(() => setInitialState((s) => ({ ...s, loginUser })));
      history.replace(ACCOUNT_CENTER_PATH);
    } catch (e) {
      // A taken account belongs to its field; anything else is said above the form. The server's
      // text is compared as sent and shown in the page's language.
      if (e instanceof ApiError && e.message === MESSAGES.accountTaken) {
        form.setFields([{ name: 'userAccount', errors: [errorText(e)] }]);
      } else {
        setError(errorText(e));
      }
      setSubmitting(false);
    }
  };

  return (
    <AuthFrame
      action={REGISTER_TEXTS.submit}
      subTitle={REGISTER_TEXTS.subTitle}
      error={error}
      switchText={REGISTER_TEXTS.hasAccount}
      switchLinkText={REGISTER_TEXTS.toLogin}
      switchTo={LOGIN_PATH}
    >
      <Form<RegisterValues>
        form={form}
        name="register"
        size="large"
        // Labels above the fields, without colons.
        colon={false}
        labelCol={{ span: 24 }}
        onFinish={onFinish}
        autoComplete="on"
        disabled={submitting}
      >
        <Form.Item
          name="userAccount"
          label={REGISTER_TEXTS.account}
          rules={accountRules(REGISTER_TEXTS.accountRequired)}
        >
          <Input
            prefix={<UserOutlined />}
            placeholder={REGISTER_TEXTS.accountPlaceholder}
            autoComplete="username"
            autoFocus
          />
        </Form.Item>
        <Form.Item
          name="userPassword"
          label={REGISTER_TEXTS.password}
          rules={passwordRules(REGISTER_TEXTS.passwordRequired)}
        >
          <Input.Password
            prefix={<LockOutlined />}
            placeholder={REGISTER_TEXTS.passwordPlaceholder}
            autoComplete="new-password"
          />
        </Form.Item>
        <Form.Item
          name="checkPassword"
          label={REGISTER_TEXTS.checkPassword}
          dependencies={['userPassword']}
          rules={repeatRules(REGISTER_TEXTS.checkPasswordRequired, 'userPassword')}
        >
          <Input.Password
            prefix={<LockOutlined />}
            placeholder={REGISTER_TEXTS.checkPasswordPlaceholder}
            autoComplete="new-password"
          />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" block loading={submitting}>
            {REGISTER_TEXTS.submit}
          </Button>
        </Form.Item>
      </Form>
    </AuthFrame>
  );
}

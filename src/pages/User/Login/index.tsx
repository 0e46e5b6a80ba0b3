import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { history, useModel, useSearchParams } from '@umijs/max';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { AuthFrame } from '@/components/AuthFrame';
import { REDIRECT_PARAM, REGISTER_PATH } from '@/constants';
import { errorText } from '@/requestConfig';
import { userLogin } from '@/services/agler/user';
import { loginAccountRules, passwordRules } from '@/utils/accountRules';
import { fetchLoginUser } from '@/utils/loginUser';
import { safeRedirectTarget } from '@/utils/redirect';
import { prefetchHome } from './prefetch';
import { LOGIN_TEXTS } from './texts';

type LoginValues = API.UserLoginRequest;

/** 登录, in the frame it shares with 注册 (see AuthFrame for why it is styled without antd-style). */
export default function LoginPage() {
  const { setInitialState } = useModel('@@initialState');
  const [searchParams] = useSearchParams();
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string>();

  const redirect = searchParams.get(REDIRECT_PARAM);

  const onFinish = async (values: LoginValues) => {
    if (submitting) return;
    setSubmitting(true);
    setError(undefined);
    try {
      const res = await userLogin(values, { skipErrorHandler: true });
      const loginUser = res.data ?? (await fetchLoginUser());
      flushSync(() => setInitialState((s) => ({ ...s, loginUser })));
      history.replace(safeRedirectTarget(redirect));
    } catch (e) {
      setError(errorText(e));
      setSubmitting(false);
    }
  };

  return (
    <AuthFrame
      action={LOGIN_TEXTS.submit}
      subTitle={LOGIN_TEXTS.subTitle}
      error={error}
      switchText={LOGIN_TEXTS.noAccount}
      switchLinkText={LOGIN_TEXTS.toRegister}
      switchTo={REGISTER_PATH}
    >
      <Form<LoginValues>
        name="login"
        size="large"
        // Labels above the fields, without colons.
        colon={false}
        labelCol={{ span: 24 }}
        onFinish={onFinish}
        onValuesChange={prefetchHome}
        autoComplete="on"
        disabled={submitting}
      >
        <Form.Item
          name="userAccount"
          label={LOGIN_TEXTS.account}
          rules={loginAccountRules(LOGIN_TEXTS.accountRequired)}
        >
          <Input prefix={<UserOutlined />} placeholder={LOGIN_TEXTS.accountPlaceholder} autoComplete="username" autoFocus />
        </Form.Item>
        <Form.Item
          name="userPassword"
          label={LOGIN_TEXTS.password}
          rules={passwordRules(LOGIN_TEXTS.passwordRequired)}
        >
          <Input.Password prefix={<LockOutlined />} placeholder={LOGIN_TEXTS.passwordPlaceholder} autoComplete="current-password" />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" block loading={submitting}>
            {LOGIN_TEXTS.submit}
          </Button>
        </Form.Item>
      </Form>
    </AuthFrame>
  );
}

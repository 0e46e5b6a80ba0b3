import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Helmet, history, Link, useModel, useSearchParams } from '@umijs/max';
import { Alert, Button, Form, Input, theme } from 'antd';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import Footer from '@/components/Footer';
import { ACCOUNT_LENGTH, PASSWORD_LENGTH, REDIRECT_PARAM, REGISTER_PATH } from '@/constants';
import { errorText } from '@/requestConfig';
import { userLogin } from '@/services/agler/user';
import { fetchLoginUser } from '@/utils/loginUser';
import { safeRedirectTarget } from '@/utils/redirect';
import styles from './index.less';
import { prefetchHome } from './prefetch';
import { LOGIN_TEXTS } from './texts';

type LoginValues = API.UserLoginRequest;

/**
 * The login page styles with a CSS module and antd tokens rather than antd-style:
 * this is the page people open first, and antd-style would add antd's Modal,
 * message and notification to what it downloads.
 */
export default function LoginPage() {
  const { token } = theme.useToken();
  const { setInitialState } = useModel('@@initialState');
  const [searchParams] = useSearchParams();
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string>();

  const redirect = searchParams.get(REDIRECT_PARAM);
  const registerLink = redirect ? `${REGISTER_PATH}?${new URLSearchParams({ [REDIRECT_PARAM]: redirect })}` : REGISTER_PATH;

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
    <div className={styles.container} style={{ background: token.colorBgLayout }}>
      <Helmet>
        <title>{`${LOGIN_TEXTS.submit} - ${LOGIN_TEXTS.title}`}</title>
      </Helmet>
      <main className={styles.main}>
        <div
          className={styles.card}
          style={{
            background: token.colorBgContainer,
            borderRadius: token.borderRadiusLG,
            boxShadow: token.boxShadowTertiary,
          }}
        >
          <div className={styles.header}>
            <img className={styles.logo} src="/logo.svg" alt="" />
            <h1 className={styles.title} style={{ color: token.colorTextHeading }}>
              {LOGIN_TEXTS.title}
            </h1>
            <div className={styles.subTitle} style={{ color: token.colorTextSecondary }}>
              {LOGIN_TEXTS.subTitle}
            </div>
          </div>
          {error && <Alert role="alert" style={{ marginBottom: 24 }} message={error} type="error" showIcon />}
          <Form<LoginValues>
            name="login"
            size="large"
            onFinish={onFinish}
            onValuesChange={prefetchHome}
            autoComplete="on"
            disabled={submitting}
          >
            <Form.Item
              name="userAccount"
              label={LOGIN_TEXTS.account}
              colon={false}
              labelCol={{ span: 24 }}
              rules={[
                { required: true, whitespace: true, message: LOGIN_TEXTS.accountRequired },
                { min: ACCOUNT_LENGTH.min, max: ACCOUNT_LENGTH.max, message: LOGIN_TEXTS.accountLength },
              ]}
            >
              <Input prefix={<UserOutlined />} placeholder={LOGIN_TEXTS.accountPlaceholder} autoComplete="username" autoFocus />
            </Form.Item>
            <Form.Item
              name="userPassword"
              label={LOGIN_TEXTS.password}
              colon={false}
              labelCol={{ span: 24 }}
              rules={[
                { required: true, message: LOGIN_TEXTS.passwordRequired },
                { min: PASSWORD_LENGTH.min, max: PASSWORD_LENGTH.max, message: LOGIN_TEXTS.passwordLength },
              ]}
            >
              <Input.Password prefix={<LockOutlined />} placeholder={LOGIN_TEXTS.passwordPlaceholder} autoComplete="current-password" />
            </Form.Item>
            <Form.Item>
              <Button type="primary" htmlType="submit" block loading={submitting}>
                {LOGIN_TEXTS.submit}
              </Button>
            </Form.Item>
          </Form>
          <div className={styles.switch} style={{ color: token.colorTextSecondary }}>
            {LOGIN_TEXTS.noAccount}
            <Link to={registerLink} style={{ color: token.colorLink }}>{LOGIN_TEXTS.toRegister}</Link>
          </div>
        </div>
      </main>
      <Footer />
    </div>
  );
}

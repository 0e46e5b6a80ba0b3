import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Helmet, history, Link, useModel, useSearchParams } from '@umijs/max';
import { Alert, Button, Form, Input, theme } from 'antd';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import Footer from '@/components/Footer';
import { ACCOUNT_CENTER_PATH, LOGIN_PATH, REDIRECT_PARAM } from '@/constants';
import { ApiError, errorText } from '@/requestConfig';
import { userRegister } from '@/services/agler/user';
import { accountRules, passwordRules, repeatRules } from '@/utils/accountRules';
import { fetchLoginUser } from '@/utils/loginUser';
import { MESSAGES } from '@agler/contract/messages';
import styles from './index.less';
import { REGISTER_TEXTS } from './texts';

type RegisterValues = API.UserRegisterRequest;

/**
 * 注册: a new account, logged in at once, then its personal center. Styled as
 * the login page (CSS module and antd tokens, no antd-style): it is a first
 * screen too.
 */
export default function RegisterPage() {
  const { token } = theme.useToken();
  const { setInitialState } = useModel('@@initialState');
  const [searchParams] = useSearchParams();
  const [form] = Form.useForm<RegisterValues>();
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string>();

  const redirect = searchParams.get(REDIRECT_PARAM);
  const loginLink = redirect
    ? `${LOGIN_PATH}?${new URLSearchParams({ [REDIRECT_PARAM]: redirect })}`
    : LOGIN_PATH;

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
      // A taken account belongs to its field; anything else is said above the form.
      if (e instanceof ApiError && e.message === MESSAGES.accountTaken) {
        form.setFields([{ name: 'userAccount', errors: [e.message] }]);
      } else {
        setError(errorText(e));
      }
      setSubmitting(false);
    }
  };

  return (
    <div className={styles.container} style={{ background: token.colorBgLayout }}>
      <Helmet>
        <title>{`${REGISTER_TEXTS.submit} - ${REGISTER_TEXTS.title}`}</title>
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
              {REGISTER_TEXTS.title}
            </h1>
            <div className={styles.subTitle} style={{ color: token.colorTextSecondary }}>
              {REGISTER_TEXTS.subTitle}
            </div>
          </div>
          {error && <Alert role="alert" style={{ marginBottom: 24 }} message={error} type="error" showIcon />}
          <Form<RegisterValues>
            form={form}
            name="register"
            size="large"
            onFinish={onFinish}
            autoComplete="on"
            disabled={submitting}
          >
            <Form.Item
              name="userAccount"
              label={REGISTER_TEXTS.account}
              colon={false}
              labelCol={{ span: 24 }}
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
              colon={false}
              labelCol={{ span: 24 }}
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
              colon={false}
              labelCol={{ span: 24 }}
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
          <div className={styles.switch} style={{ color: token.colorTextSecondary }}>
            {REGISTER_TEXTS.hasAccount}
            <Link to={loginLink} style={{ color: token.colorLink }}>
              {REGISTER_TEXTS.toLogin}
            </Link>
          </div>
        </div>
      </main>
      <Footer />
    </div>
  );
}

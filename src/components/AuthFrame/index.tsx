import { Helmet, Link, useSearchParams } from '@umijs/max';
import { Alert, theme } from 'antd';
import type { ReactNode } from 'react';
import { useState } from 'react';
import Footer from '@/components/Footer';
import { LANG_NAMES, LANG_TEXTS } from '@/components/LangSwitch/texts';
import { REDIRECT_PARAM } from '@/constants';
import { currentLang, LANGS, setLang } from '@/locales';
import defaultSettings from '../../defaultSettings';
import styles from './index.less';

export type AuthFrameProps = {
  /** What the page does (登录, 注册): the document title's first part. */
  action: string;
  subTitle: string;
  /** What went wrong with the last submit, said above the form. */
  error?: string;
  /**
   * The line under the form that leads to the other page: its question, link
   * and path. The link keeps the page's redirect, so the visitor still ends
   * where they were going.
   */
  switchText: string;
  switchLinkText: string;
  switchTo: string;
  /** The form. */
  children: ReactNode;
};

const { title = '', logo = '/logo.svg' } = defaultSettings;

/**
 * The card around the pages a visitor sees before logging in (登录, 注册). Styled with a CSS module
 * rather than antd-style, which would add antd's Modal, message and notification to the first page
 * people open.
 */
export function AuthFrame({ action, subTitle, error, switchText, switchLinkText, switchTo, children }: AuthFrameProps) {
  const { token } = theme.useToken();
  const [searchParams] = useSearchParams();
  const redirect = searchParams.get(REDIRECT_PARAM);
  const switchLink = redirect ? `${switchTo}?${new URLSearchParams({ [REDIRECT_PARAM]: redirect })}` : switchTo;
  const [langRefused, setLangRefused] = useState(false);
  const otherLang = LANGS.find((lang) => lang !== currentLang()) ?? LANGS[0];
  return (
    <div className={styles.container} style={{ background: token.colorBgLayout }}>
      <Helmet>
        <title>{`${action} - ${title}`}</title>
      </Helmet>
      {/* The other language, named in itself: a visitor who cannot read this one still finds it. */}
      <nav className={styles.langBar}>
        <button
          type="button"
          className={styles.langButton}
          lang={otherLang}
          style={{ color: token.colorLink }}
          onClick={() => setLangRefused(!setLang(otherLang))}
        >
          {LANG_NAMES[otherLang]}
        </button>
      </nav>
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
            <img className={styles.logo} src={logo} alt="" />
            <h1 className={styles.title} style={{ color: token.colorTextHeading }}>
              {title}
            </h1>
            <div className={styles.subTitle} style={{ color: token.colorTextSecondary }}>
              {subTitle}
            </div>
          </div>
          {(error || langRefused) && (
            <Alert role="alert" style={{ marginBottom: 24 }} message={error || LANG_TEXTS.refused} type="error" showIcon />
          )}
          {children}
          <div className={styles.switch} style={{ color: token.colorTextSecondary }}>
            {switchText}
            <Link to={switchLink} style={{ color: token.colorLink }}>
              {switchLinkText}
            </Link>
          </div>
        </div>
      </main>
      <Footer />
    </div>
  );
}

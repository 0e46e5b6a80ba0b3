import { CopyrightOutlined } from '@ant-design/icons';
import { theme } from 'antd';
import { localized } from '@/locales';
import styles from './index.less';

export const FOOTER_TEXTS = localized('footer', { copyright: 'Agler接口 · API 开放平台' } as const);

/**
 * The copyright line, styled with a CSS module rather than antd-style because it is part of the
 * login page; in the secondary text colour, since the description's grey fails WCAG AA on the layout.
 */
export default function Footer() {
  const { token } = theme.useToken();
  return (
    <footer className={styles.footer} style={{ color: token.colorTextSecondary, fontSize: token.fontSize }}>
      <CopyrightOutlined /> {new Date().getFullYear()} {FOOTER_TEXTS.copyright}
    </footer>
  );
}

import { CopyrightOutlined } from '@ant-design/icons';
import { theme } from 'antd';
import { localized } from '@/locales';
import styles from './index.less';

export const FOOTER_TEXTS = localized('footer', { copyright: 'Agler接口 · API 开放平台' } as const);

/**
 * The copyright line with the current year. Styled with a CSS module and antd
 * tokens rather than antd-style: it is part of the login page, whose entry
 * chunk antd-style would grow by antd's Modal, message and notification. The secondary text
 * colour, not the description's: that grey is below 4.5:1 on the layout's background.
 */
export default function Footer() {
  const { token } = theme.useToken();
  return (
    <footer className={styles.footer} style={{ color: token.colorTextSecondary, fontSize: token.fontSize }}>
      <CopyrightOutlined /> {new Date().getFullYear()} {FOOTER_TEXTS.copyright}
    </footer>
  );
}

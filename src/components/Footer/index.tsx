import { CopyrightOutlined } from '@ant-design/icons';
import { createStyles } from 'antd-style';

export const FOOTER_COPYRIGHT = 'Agler接口 · API 开放平台';

const useStyles = createStyles(({ token }) => ({
  footer: {
    padding: '24px 16px',
    textAlign: 'center',
    color: token.colorTextDescription,
    fontSize: token.fontSize,
  },
}));

/** The copyright line with the current year. */
export default function Footer() {
  const { styles } = useStyles();
  return (
    <footer className={styles.footer}>
      <CopyrightOutlined /> {new Date().getFullYear()} {FOOTER_COPYRIGHT}
    </footer>
  );
}

import { Alert, Button, Modal, Typography } from 'antd';
import { createStyles } from 'antd-style';
import type { ReactNode } from 'react';
import { localized } from '@/locales';

export const SECRET_ONCE_TEXTS = localized('secretOnce', {
  copy: '复制',
  copied: '已复制',
  done: '我已保存',
} as const);

const useStyles = createStyles(({ token }) => ({
  value: {
    display: 'block',
    padding: `${token.paddingXS}px ${token.paddingSM}px`,
    fontFamily: token.fontFamilyCode,
    wordBreak: 'break-all',
    background: token.colorFillTertiary,
    borderRadius: token.borderRadius,
  },
  label: { display: 'block', marginBottom: token.marginXXS, color: token.colorTextSecondary },
  stack: { display: 'flex', flexDirection: 'column', gap: token.marginSM },
}));

type SecretOnceProps = {
  /** Open while there is something to show; closing it drops the secret from the page. */
  open: boolean;
  title: ReactNode;
  /** That this is the only time it can be seen, and what to do now. */
  warning: ReactNode;
  /** What became of the secret before it, when there was one. */
  note?: ReactNode;
  /** What is shown, each copyable; a label when there are several. */
  values: readonly { label?: ReactNode; value: string }[];
  /** Under the values: how the secret is used. */
  hint?: ReactNode;
  onClose: () => void;
};

/** A secret just made (a key pair, a webhook's signing secret): the one time it can be seen. */
export function SecretOnce({ open, title, warning, note, values, hint, onClose }: SecretOnceProps) {
  const { styles } = useStyles();
  const T = SECRET_ONCE_TEXTS;
  return (
    <Modal
      open={open}
      title={title}
      onCancel={onClose}
      maskClosable={false}
      // The secret leaves the page with the dialog.
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose}>
          {T.done}
        </Button>
      }
    >
      {open && (
        <div className={styles.stack}>
          <Alert type="warning" showIcon message={warning} />
          {note && <Alert type="info" showIcon message={note} />}
          {values.map(({ label, value }) => (
            <div key={value}>
              {label && <span className={styles.label}>{label}</span>}
              <Typography.Text className={styles.value} copyable={{ text: value, tooltips: [T.copy, T.copied] }}>
                {value}
              </Typography.Text>
            </div>
          ))}
          {hint && <Typography.Text type="secondary">{hint}</Typography.Text>}
        </div>
      )}
    </Modal>
  );
}

import { Alert } from 'antd';
import type { GetRef } from 'antd';
import { createStyles } from 'antd-style';
import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';

// The same space below it as between a form's fields, which it stands above.
const useStyles = createStyles(({ token }) => ({
  alert: { marginBottom: token.marginLG },
}));

type FormErrorAlertProps = {
  /** What failed, e.g. 保存失败. */
  title: ReactNode;
  /** The server's reason. */
  message: ReactNode;
};

/**
 * A refusal of the whole form, shown above its fields: what failed and the server's reason.
 * It scrolls into view when it comes or changes, since the button that sent the form may be far below it.
 */
export function FormErrorAlert({ title, message }: FormErrorAlertProps) {
  const { styles } = useStyles();
  const ref = useRef<GetRef<typeof Alert>>(null);
  useEffect(() => {
    ref.current?.nativeElement?.scrollIntoView?.({ block: 'nearest' });
  }, [message]);
  return (
    <Alert
      ref={ref}
      className={styles.alert}
      role="alert"
      type="error"
      showIcon
      message={title}
      description={message}
    />
  );
}

import { Alert } from 'antd';
import type { FormInstance, GetRef } from 'antd';
import { createStyles } from 'antd-style';
import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import { errorText } from '@/requestConfig';

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

/**
 * Where a form shows a refusal: at the field the server named (`field`, one of the form's own), scrolled to,
 * or else through `setFormError`, above the form in a FormErrorAlert.
 */
export function showRefusal<V>(
  form: FormInstance<V>,
  error: unknown,
  field: string | undefined,
  setFormError: (text: string) => void,
) {
  if (field) {
    form.setFields([{ name: field as never, errors: [errorText(error)] }]);
    form.scrollToField(field as never);
  } else {
    setFormError(errorText(error));
  }
}

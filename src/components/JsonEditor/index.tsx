import { FormatPainterOutlined } from '@ant-design/icons';
import { Button, Input, Tooltip } from 'antd';
import { createStyles } from 'antd-style';
import { checkJson, formatJson } from '@agler/contract/json';

export { checkJson, formatJson, JSON_TEXTS } from '@agler/contract/json';
import { localized } from '@/locales';
import { translateMessage } from '@/locales/messages';

export const JSON_EDITOR_TEXTS = localized('jsonEditor', {
  format: '格式化',
  formatHint: 'JSON 有效时可格式化（Ctrl/⌘ + Shift + F）',
} as const);

const useStyles = createStyles(({ token }) => ({
  wrapper: { position: 'relative' },
  textarea: {
    fontFamily: token.fontFamilyCode,
    fontSize: token.fontSizeSM + 1,
    lineHeight: 1.6,
  },
  toolbar: { display: 'flex', justifyContent: 'flex-end', marginTop: token.marginXXS },
}));

type JsonEditorProps = {
  value?: string;
  onChange?: (value: string) => void;
  /** Set by antd's Form.Item: links the field's label to the textarea. */
  id?: string;
  placeholder?: string;
  rows?: number;
  disabled?: boolean;
  /** Error outline, for example from a failed validation. */
  status?: 'error' | 'warning';
  'aria-label'?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
};

/**
 * A JSON text field: a monospace textarea with a format button. It shows no
 * message of its own: the form or panel that holds it says what is wrong, so
 * an error is never shown twice.
 */
export function JsonEditor({ value = '', onChange, rows = 6, status, disabled, ...rest }: JsonEditorProps) {
  const { styles } = useStyles();
  const formatted = value.trim() ? formatJson(value) : undefined;
  const canFormat = formatted !== undefined && formatted !== value;
  const format = () => {
    if (canFormat) onChange?.(formatted);
  };

  return (
    <div className={styles.wrapper}>
      <Input.TextArea
        {...rest}
        className={styles.textarea}
        value={value}
        rows={rows}
        status={status}
        disabled={disabled}
        spellCheck={false}
        autoComplete="off"
        onChange={(e) => onChange?.(e.target.value)}
        onKeyDown={(e) => {
          if (e.key.toLowerCase() === 'f' && e.shiftKey && (e.ctrlKey || e.metaKey)) {
            e.preventDefault();
            format();
          }
        }}
      />
      <div className={styles.toolbar}>
        <Tooltip title={JSON_EDITOR_TEXTS.formatHint}>
          <Button size="small" icon={<FormatPainterOutlined />} disabled={disabled || !canFormat} onClick={format}>
            {JSON_EDITOR_TEXTS.format}
          </Button>
        </Tooltip>
      </div>
    </div>
  );
}

export default JsonEditor;

/** An antd Form rule that accepts valid JSON text (and, with `allowEmpty`, nothing); its message in the page's language. */
export function jsonRule(options: { allowEmpty?: boolean } = {}) {
  return {
    validator: (_: unknown, value: string | undefined) => {
      const error = checkJson(value, options);
      return error ? Promise.reject(new Error(translateMessage(error))) : Promise.resolve();
    },
  };
}

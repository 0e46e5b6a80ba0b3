import type { FormInstance } from 'antd';
import { Form, Input, InputNumber, Select, Tag } from 'antd';
import { createStyles } from 'antd-style';
import type { Rule } from 'antd/es/form';
import { useEffect, useRef } from 'react';
import { JsonEditor } from '@/components/JsonEditor';
import { Markdown } from '@/components/Markdown';
import type { FieldValue, ParamField } from '../paramFields';
import { fieldProblem, formValuesOf, withFieldValue } from '../paramFields';
import { FORM_TEXTS } from '../texts';

const useStyles = createStyles(({ token }) => ({
  name: { fontFamily: token.fontFamilyCode, fontWeight: 600 },
  type: { marginInlineEnd: token.marginXS, fontFamily: token.fontFamilyCode, fontSize: token.fontSizeSM },
  full: { width: '100%' },
  // The type, then its description beside it, which wraps in the room that is left.
  help: { display: 'flex', alignItems: 'baseline' },
  description: { flex: 1 },
  defaultMark: { marginInlineStart: token.marginXS, marginInlineEnd: 0 },
}));

/** The form's own rules for a field: required (no blank text either), then its type. */
function rulesOf(field: ParamField): Rule[] {
  const choose = field.kind === 'enum' || field.kind === 'boolean';
  return [
    { required: field.required, whitespace: !choose, message: choose ? `${FORM_TEXTS.choose} ${field.name}` : FORM_TEXTS.required(field.name) },
    {
      validator: (_: unknown, value: FieldValue) => {
        const problem = fieldProblem(field, value ?? undefined);
        return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
      },
    },
  ];
}

const BOOLEAN_OPTIONS = [
  { value: 'true', label: 'true' },
  { value: 'false', label: 'false' },
];

/** What Form.Item hands its control. */
type ControlProps = { id?: string; value?: FieldValue; onChange?: (value: FieldValue | null) => void; 'aria-required'?: boolean; 'aria-invalid'?: boolean; 'aria-describedby'?: string };

/** The control of a field's kind; Form.Item's value, onChange, id and aria attributes pass through. */
function Control({ field, disabled, ...control }: ControlProps & { field: ParamField; disabled?: boolean }) {
  const { styles } = useStyles();
  const placeholder = field.placeholder || undefined;
  switch (field.kind) {
    case 'enum':
      return (
        <Select
          {...control}
          allowClear={!field.required}
          disabled={disabled}
          placeholder={FORM_TEXTS.choose}
          options={field.options.map((option) => ({
            value: option.value,
            // The mark is the console's words, apart from the publisher's label in whatever language it is.
            label: option.isDefault ? (
              <>
                {option.label}
                <Tag bordered={false} className={styles.defaultMark}>
                  {FORM_TEXTS.defaultOption}
                </Tag>
              </>
            ) : (
              option.label
            ),
          }))}
        />
      );
    case 'boolean':
      return <Select {...control} allowClear={!field.required} disabled={disabled} placeholder={FORM_TEXTS.choose} options={BOOLEAN_OPTIONS} />;
    case 'number':
    case 'integer':
      // Text, so that numbers beyond 2^53 keep every digit.
      return <InputNumber<string> {...control} stringMode className={styles.full} disabled={disabled} placeholder={placeholder} />;
    case 'object':
    case 'array':
      return <JsonEditor {...control} onChange={control.onChange} rows={3} disabled={disabled} placeholder={placeholder} />;
    default:
      return <Input {...control} onChange={(e) => control.onChange?.(e.target.value)} disabled={disabled} placeholder={placeholder} autoComplete="off" />;
  }
}

type ParamsFormProps = {
  form: FormInstance;
  fields: ParamField[];
  /** The parameters' JSON text, the one value the form and the JSON editor share. */
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
};

/**
 * A field per declared parameter, kept in step with the JSON text: an edited
 * field rewrites its parameter in the text, and a text changed elsewhere (the
 * JSON editor, the history, 恢复示例) is read back into the fields.
 */
export function ParamsForm({ form, fields, value, onChange, disabled }: ParamsFormProps) {
  const { styles } = useStyles();
  // The text this form wrote last: reading it back would undo what is being typed.
  const written = useRef<string>();

  useEffect(() => {
    if (value === written.current) return;
    const values = formValuesOf(value, fields);
    if (values) form.setFieldsValue(values);
  }, [value, fields, form]);

  return (
    <Form
      form={form}
      name="tryIt"
      layout="vertical"
      disabled={disabled}
      onValuesChange={(changed: Record<string, FieldValue | null>) => {
        let next = value;
        const declared = fields.map((f) => f.name);
        for (const [name, fieldValue] of Object.entries(changed)) {
          const field = fields.find((f) => f.name === name);
          if (field) next = withFieldValue(next, field, fieldValue ?? undefined, declared);
        }
        if (next !== value) {
          written.current = next;
          onChange(next);
        }
      }}
    >
      {fields.map((field) => (
        <Form.Item
          key={field.name}
          name={field.name}
          label={<span className={styles.name}>{field.name}</span>}
          rules={rulesOf(field)}
          extra={
            <div className={styles.help}>
              <Tag bordered={false} className={styles.type}>
                {field.type}
              </Tag>
              {field.description && <Markdown text={field.description} className={styles.description} />}
            </div>
          }
        >
          <Control field={field} disabled={disabled} />
        </Form.Item>
      ))}
    </Form>
  );
}

import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Checkbox, Input, Segmented, Select, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import { createStyles } from 'antd-style';
import { useState } from 'react';
import { JsonEditor } from '@/components/JsonEditor';
import { ADMIN_INTERFACE_TEXTS } from '../texts';
import type { ParamRow } from './paramRows';
import { PARAM_TYPES } from '@agler/contract/requestParams';
import { emptyParamRow, paramRowsFromJson, paramRowsToJson } from './paramRows';

const T = ADMIN_INTERFACE_TEXTS.params;

const useStyles = createStyles(({ token }) => ({
  switcher: { marginBottom: token.marginXS },
  table: {
    '.ant-table-cell': { verticalAlign: 'middle' },
    // antd greys the empty text like a disabled control (1.8:1); it is text to read.
    '.ant-table-placeholder .ant-table-cell': { color: token.colorTextDescription },
  },
  add: { marginTop: token.marginXS },
}));

type Mode = 'rows' | 'json';

type RequestParamsFieldProps = {
  /** The parameter list as JSON text: the field's one value. */
  value?: string;
  onChange?: (value: string) => void;
  /** Set by Form.Item: the label points at the JSON text. */
  id?: string;
  placeholder?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
};

/** The parameter table's narrowest width: 说明 keeps about 220 px of it. */
const MIN_TABLE_WIDTH = 600;

/**
 * The request parameters, edited either as JSON or as rows of a table. Both
 * views read and write the same JSON text, so switching never loses anything;
 * text that is no parameter list (or no JSON yet) can only be edited as JSON.
 */
export function RequestParamsField({ value = '', onChange, placeholder, ...rest }: RequestParamsFieldProps) {
  const { styles } = useStyles();
  const parsed = paramRowsFromJson(value);
  const [mode, setMode] = useState<Mode>(() => (parsed.ok ? 'rows' : 'json'));

  const rows = parsed.ok ? parsed.rows : [];
  const write = (next: ParamRow[]) => onChange?.(paramRowsToJson(next));
  const change = (index: number, patch: Partial<ParamRow>) =>
    write(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));

  const columns: TableColumnsType<ParamRow> = [
    {
      title: T.name,
      dataIndex: 'name',
      width: '26%',
      render: (_, row, index) => (
        <Input
          size="small"
          value={row.name}
          aria-label={T.rowLabel(T.name, index + 1)}
          onChange={(e) => change(index, { name: e.target.value })}
        />
      ),
    },
    {
      title: T.type,
      dataIndex: 'type',
      width: 120,
      render: (_, row, index) => {
        const known = (PARAM_TYPES as readonly string[]).includes(row.type) || !row.type;
        const options = [...PARAM_TYPES, ...(known ? [] : [row.type])].map((type) => ({
          label: type,
          value: type,
        }));
        return (
          <Select
            size="small"
            style={{ width: '100%' }}
            value={row.type || undefined}
            options={options}
            aria-label={T.rowLabel(T.type, index + 1)}
            onChange={(type: string) => change(index, { type })}
          />
        );
      },
    },
    {
      title: T.required,
      dataIndex: 'required',
      width: 56,
      align: 'center',
      render: (_, row, index) => (
        <Checkbox
          checked={row.required}
          aria-label={T.rowLabel(T.required, index + 1)}
          onChange={(e) => change(index, { required: e.target.checked })}
        />
      ),
    },
    {
      title: T.description,
      dataIndex: 'description',
      render: (_, row, index) => (
        <Input
          size="small"
          value={row.description}
          aria-label={T.rowLabel(T.description, index + 1)}
          onChange={(e) => change(index, { description: e.target.value })}
        />
      ),
    },
    {
      title: '',
      key: 'actions',
      width: 40,
      render: (_, _row, index) => (
        <Button
          size="small"
          type="text"
          danger
          icon={<DeleteOutlined />}
          aria-label={T.rowLabel(T.remove, index + 1)}
          onClick={() => write(rows.filter((_, i) => i !== index))}
        />
      ),
    },
  ];

  return (
    <div>
      <Segmented<Mode>
        className={styles.switcher}
        size="small"
        value={mode}
        onChange={setMode}
        options={[
          { label: T.rows, value: 'rows' },
          { label: T.json, value: 'json' },
        ]}
      />
      {mode === 'json' && (
        <JsonEditor {...rest} value={value} onChange={onChange} rows={6} placeholder={placeholder} />
      )}
      {mode === 'rows' && !parsed.ok && (
        <Alert
          type="warning"
          showIcon
          message={`${T.notRows}${parsed.reason}`}
          action={
            <Button size="small" onClick={() => setMode('json')}>
              {T.toJson}
            </Button>
          }
        />
      )}
      {mode === 'rows' && parsed.ok && (
        <>
          <Table<ParamRow>
            className={styles.table}
            size="small"
            bordered
            pagination={false}
            columns={columns}
            // The drawer's 672 px hold it; on a phone the table scrolls inside itself rather than
            // squeeze 说明 to a few pixels beside the fixed columns.
            scroll={{ x: MIN_TABLE_WIDTH }}
            dataSource={rows.map((row, index) => ({ ...row, key: String(index) }))}
            locale={{ emptyText: T.empty }}
          />
          <Button
            className={styles.add}
            type="dashed"
            block
            icon={<PlusOutlined />}
            onClick={() => write([...rows, emptyParamRow()])}
          >
            {T.add}
          </Button>
        </>
      )}
    </div>
  );
}

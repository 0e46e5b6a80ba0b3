import { UploadOutlined } from '@ant-design/icons';
import {
  Alert,
  App,
  Button,
  Checkbox,
  Form,
  Input,
  Modal,
  Segmented,
  Space,
  Table,
  Tag,
  Typography,
  Upload,
} from 'antd';
import type { TableColumnsType } from 'antd';
import { createStyles } from 'antd-style';
import { useState } from 'react';
import { MethodTag } from '@/components/MethodTag';
import { messageRefIn, translateMessage } from '@/locales/messages';
import { errorText } from '@/requestConfig';
import { importInterfaceInfo } from '@/services/agler/interfaceInfo';
import { IMPORT_LIMITS } from '@agler/contract/openapiImport';
import { ADMIN_INTERFACE_TEXTS } from '../texts';

const T = ADMIN_INTERFACE_TEXTS.import;

type Mode = 'paste' | 'upload' | 'url';
type Kind = 'create' | 'update' | 'skip';

/** One row of the preview: an operation of the document and what the import makes of it. */
export type PreviewRow = {
  index: number;
  kind: Kind;
  name: string;
  operation: string;
  method?: string;
  url?: string;
  /** The server's notes and reason with their keys, so they are said in the page's language. */
  notes: API.ImportNote[];
  reason?: API.ImportNote;
  changes?: API.ImportUpdate['changes'];
};

function rowOf(r: API.ImportRow): Omit<PreviewRow, 'kind'> {
  return {
    index: r.index,
    name: r.draft.name,
    operation: r.operation,
    method: r.draft.method,
    url: r.draft.url,
    notes: r.keyedNotes ?? r.notes.map((message) => ({ message })),
  };
}

/** The preview's rows in the document's order. */
export function previewRows(result: API.ImportResult): PreviewRow[] {
  const rows: PreviewRow[] = [
    ...result.create.map((r) => ({ ...rowOf(r), kind: 'create' as const })),
    ...result.update.map((r) => ({ ...rowOf(r), kind: 'update' as const, changes: r.changes })),
    ...result.skip.map((r) => ({
      index: r.index,
      kind: 'skip' as const,
      name: r.name,
      operation: r.operation,
      notes: [],
      reason: { message: r.reason, messageKey: r.reasonKey, messageArgs: r.reasonArgs },
    })),
  ];
  return rows.sort((a, b) => a.index - b.index);
}

/** A text of the server's in the page's language, by its key when it has one, else by the text. */
const noteText = (note: API.ImportNote) => translateMessage(note.message, messageRefIn(note));

const fieldLabel = (field: string) =>
  field === 'deprecated'
    ? T.deprecatedField
    : ((ADMIN_INTERFACE_TEXTS.columns as Record<string, string>)[field] ?? field);

const useStyles = createStyles(({ token }) => ({
  url: { fontFamily: token.fontFamilyCode, fontSize: token.fontSizeSM, wordBreak: 'break-all' },
  detail: { color: token.colorTextSecondary, fontSize: token.fontSizeSM },
  change: {
    margin: 0,
    maxHeight: 160,
    overflow: 'auto',
    whiteSpace: 'pre-wrap',
    wordBreak: 'break-all',
    fontFamily: token.fontFamilyCode,
    fontSize: token.fontSizeSM,
  },
  errors: { margin: 0, paddingInlineStart: token.paddingMD },
  // The theme's text colour on each kind's background: antd's coloured tag texts are too light to read on theirs.
  create: { color: token.colorText, background: token.colorSuccessBg, borderColor: token.colorSuccessBorder },
  update: { color: token.colorText, background: token.colorInfoBg, borderColor: token.colorInfoBorder },
  skip: { color: token.colorText, background: token.colorFillQuaternary, borderColor: token.colorBorder },
  section: { marginBottom: token.marginMD },
}));

type ImportModalProps = {
  open: boolean;
  onClose: () => void;
  /** After a write: how many interfaces it created and updated. */
  onImported: (created: number, updated: number) => void;
};

/**
 * 批量导入: an OpenAPI or Swagger document pasted, uploaded or fetched by
 * URL; a preview of what each operation becomes (each row can be left out,
 * an update shows its differences, a skipped row its reason, a document that
 * does not validate its errors with their JSON paths), then one import.
 */
export function ImportModal({ open, onClose, onImported }: ImportModalProps) {
  const { styles } = useStyles();
  const { message } = App.useApp();
  const [mode, setMode] = useState<Mode>('paste');
  const [pasted, setPasted] = useState('');
  const [file, setFile] = useState<{ name: string; text: string }>();
  const [url, setUrl] = useState('');
  const [baseUrl, setBaseUrl] = useState('');
  const [result, setResult] = useState<API.ImportResult>();
  const [excluded, setExcluded] = useState<ReadonlySet<number>>(new Set());
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState<'preview' | 'import'>();

  const source = (): Pick<API.ImportRequest, 'document' | 'url'> | undefined => {
    if (mode === 'paste') return pasted.trim() ? { document: pasted } : undefined;
    if (mode === 'upload') return file ? { document: file.text } : undefined;
    return url.trim() ? { url: url.trim() } : undefined;
  };

  const send = async (dryRun: boolean) => {
    const from = source();
    if (!from) {
      setProblem(T.sourceMissing);
      return undefined;
    }
    setProblem(undefined);
    setBusy(dryRun ? 'preview' : 'import');
    try {
      const res = await importInterfaceInfo(
        {
          ...from,
          ...(baseUrl.trim() ? { baseUrl: baseUrl.trim() } : {}),
          dryRun,
          ...(dryRun ? {} : { exclude: [...excluded] }),
        },
        { skipErrorHandler: true },
      );
      return res.data;
    } catch (error) {
      setProblem(errorText(error));
      return undefined;
    } finally {
      setBusy(undefined);
    }
  };

  const preview = async () => {
    const data = await send(true);
    if (!data) return;
    setResult(data);
    setExcluded(new Set());
  };

  const rows = result ? previewRows(result) : [];
  const chosen = rows.filter((r) => r.kind !== 'skip' && !excluded.has(r.index));
  const canImport = !!result && result.errors.length === 0 && chosen.length > 0;

  const runImport = async () => {
    const data = await send(false);
    if (!data) return;
    if (data.errors.length) {
      setResult(data);
      return;
    }
    const created = data.create.length;
    const updated = data.update.length;
    message.success(T.done(created, updated));
    onImported(created, updated);
  };

  const toggle = (index: number, include: boolean) =>
    setExcluded((current) => {
      const next = new Set(current);
      if (include) next.delete(index);
      else next.add(index);
      return next;
    });

  const readFile = (chosenFile: File) => {
    if (chosenFile.size > IMPORT_LIMITS.documentMaxBytes) {
      setProblem(T.fileTooLarge);
      setFile(undefined);
    } else {
      setProblem(undefined);
      chosenFile.text().then(
        (text) => setFile({ name: chosenFile.name, text }),
        (error: unknown) => setProblem(errorText(error)),
      );
    }
    // Read here; nothing is uploaded anywhere.
    return false;
  };

  /** A field's value before or after; an empty one says so rather than leaving a blank cell. */
  const changeValue = (text: string) =>
    text ? (
      <pre className={styles.change}>{text}</pre>
    ) : (
      <Typography.Text type="secondary">{T.emptyValue}</Typography.Text>
    );

  const columns: TableColumnsType<PreviewRow> = [
    {
      title: T.columns.include,
      key: 'include',
      width: 64,
      render: (_, row) =>
        row.kind === 'skip' ? null : (
          <Checkbox
            aria-label={T.includeRow(row.name)}
            checked={!excluded.has(row.index)}
            onChange={(e) => toggle(row.index, e.target.checked)}
          />
        ),
    },
    {
      title: T.columns.action,
      dataIndex: 'kind',
      width: 80,
      render: (_, row) => <Tag className={styles[row.kind]}>{T.actions[row.kind]}</Tag>,
    },
    { title: T.columns.name, dataIndex: 'name', width: 180 },
    {
      title: T.columns.method,
      dataIndex: 'method',
      width: 96,
      render: (_, row) =>
        row.method ? <MethodTag method={row.method as API.HttpMethod} /> : row.operation.split(' ')[0],
    },
    {
      title: T.columns.url,
      dataIndex: 'url',
      width: 240,
      render: (_, row) => (
        <span className={styles.url}>{row.url ?? row.operation.split(' ').slice(1).join(' ')}</span>
      ),
    },
    {
      title: T.columns.detail,
      key: 'detail',
      width: 240,
      render: (_, row) => {
        const lines = [
          // The server's reasons and notes are the contract's messages: in the page's language.
          ...(row.reason?.message ? [noteText(row.reason)] : []),
          ...(row.changes?.length
            ? [T.changed(row.changes.map((c) => fieldLabel(c.field)).join(T.listSep))]
            : []),
          ...row.notes.map(noteText),
        ];
        return <span className={styles.detail}>{lines.join(T.detailSep)}</span>;
      },
    },
  ];

  const footer = (
    <Space wrap>
      <Button onClick={onClose}>{T.cancel}</Button>
      <Button onClick={preview} loading={busy === 'preview'} disabled={busy === 'import'}>
        {T.preview}
      </Button>
      <Button
        type="primary"
        onClick={runImport}
        loading={busy === 'import'}
        disabled={!canImport || busy === 'preview'}
      >
        {T.submit(chosen.length)}
      </Button>
    </Space>
  );

  return (
    <Modal
      open={open}
      title={T.title}
      width={1000}
      onCancel={onClose}
      footer={footer}
      destroyOnHidden
      maskClosable={false}
    >
      <Form layout="vertical" component="div">
        <Form.Item label={T.source}>
          <Segmented<Mode>
            value={mode}
            onChange={(value) => {
              setMode(value);
              setProblem(undefined);
            }}
            options={[
              { label: T.paste, value: 'paste' },
              { label: T.upload, value: 'upload' },
              { label: T.url, value: 'url' },
            ]}
          />
        </Form.Item>
        {mode === 'paste' && (
          <Form.Item label={T.pasteLabel} htmlFor="openapi-import-document">
            <Input.TextArea
              id="openapi-import-document"
              rows={8}
              value={pasted}
              placeholder={T.pastePlaceholder}
              onChange={(e) => setPasted(e.target.value)}
              spellCheck={false}
            />
          </Form.Item>
        )}
        {mode === 'upload' && (
          <Form.Item label={T.upload} extra={file ? T.fileChosen(file.name) : T.uploadHint}>
            <Upload
              accept=".json,.yaml,.yml,application/json,application/yaml,text/yaml"
              beforeUpload={readFile}
              showUploadList={false}
              maxCount={1}
            >
              <Button icon={<UploadOutlined />}>{T.chooseFile}</Button>
            </Upload>
          </Form.Item>
        )}
        {mode === 'url' && (
          <Form.Item label={T.urlLabel} htmlFor="openapi-import-url" extra={T.urlHint}>
            <Input
              id="openapi-import-url"
              value={url}
              placeholder={T.urlPlaceholder}
              onChange={(e) => setUrl(e.target.value)}
            />
          </Form.Item>
        )}
        <Form.Item
          label={T.baseUrl}
          htmlFor="openapi-import-base-url"
          extra={result?.baseUrlRequired ? undefined : T.baseUrlHint}
          validateStatus={result?.baseUrlRequired ? 'warning' : undefined}
          help={result?.baseUrlRequired ? T.baseUrlNeeded : undefined}
        >
          <Input
            id="openapi-import-base-url"
            value={baseUrl}
            placeholder={T.baseUrlPlaceholder}
            onChange={(e) => setBaseUrl(e.target.value)}
          />
        </Form.Item>
      </Form>
      {problem && (
        <Alert
          className={styles.section}
          role="alert"
          type="error"
          showIcon
          message={T.failed}
          description={problem}
        />
      )}
      {result && result.errors.length > 0 && (
        <Alert
          className={styles.section}
          role="alert"
          type="error"
          showIcon
          message={T.errorsTitle(result.errors.length)}
          description={
            <ul className={styles.errors}>
              {result.errors.map((e, i) => (
                // eslint-disable-next-line react/no-array-index-key
                <li key={i}>
                  <Typography.Text code>{T.errorWhere(e.path)}</Typography.Text>{' '}
                  {translateMessage(e.message, messageRefIn(e))}
                </li>
              ))}
            </ul>
          }
        />
      )}
      {result && result.errors.length === 0 && (
        <>
          <Alert
            className={styles.section}
            type="info"
            showIcon
            message={T.summary(result.create.length, result.update.length, result.skip.length)}
          />
          <Table<PreviewRow>
            rowKey="index"
            size="small"
            columns={columns}
            dataSource={rows}
            pagination={rows.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
            // The columns and the expand button, within the dialog's 952 px: no sideways scroll on a desktop.
            scroll={{ x: 900 }}
            expandable={{
              rowExpandable: (row) => !!row.changes?.length,
              expandedRowRender: (row) => (
                <Table
                  rowKey="field"
                  size="small"
                  pagination={false}
                  dataSource={row.changes}
                  columns={[
                    {
                      title: T.field,
                      dataIndex: 'field',
                      width: 120,
                      render: (field: string) => fieldLabel(field),
                    },
                    { title: T.before, dataIndex: 'before', render: changeValue },
                    { title: T.after, dataIndex: 'after', render: changeValue },
                  ]}
                />
              ),
            }}
          />
        </>
      )}
    </Modal>
  );
}

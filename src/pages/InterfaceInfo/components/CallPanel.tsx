import { RedoOutlined, SendOutlined } from '@ant-design/icons';
import { Alert, Button, Col, Row, Segmented, Space, Spin, Tag, Typography } from 'antd';
import { createStyles } from 'antd-style';
import { useLockFn } from 'ahooks';
import { useId, useState } from 'react';
import { checkJson, JsonEditor } from '@/components/JsonEditor';
import { ApiError, errorText } from '@/requestConfig';
import { invokeInterfaceInfo } from '@/services/agler/interfaceInfo';
import type { CallResult } from '../callResult';
import { answerText, byteLength, formatBytes, shownValue } from '../callResult';
import { VIEW_TEXTS } from '../texts';
import { CodeBlock } from './CodeBlock';

const useStyles = createStyles(({ token }) => ({
  label: { display: 'block', marginBottom: token.marginXXS, fontWeight: 600 },
  hint: { display: 'block', marginBottom: token.marginXS, color: token.colorTextSecondary, fontSize: token.fontSizeSM },
  error: { display: 'block', marginTop: token.marginXXS, color: token.colorError },
  actions: { marginTop: token.marginSM },
  resultHead: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: token.marginXS,
    minHeight: 32,
    marginBottom: token.marginXS,
  },
  resultTitle: { fontWeight: 600, marginRight: token.marginXXS },
  metric: { color: token.colorTextSecondary, fontSize: token.fontSizeSM },
  placeholder: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    minHeight: 220,
    padding: token.padding,
    color: token.colorTextTertiary,
    textAlign: 'center',
    border: `1px dashed ${token.colorBorder}`,
    borderRadius: token.borderRadius,
  },
  stack: { display: 'flex', flexDirection: 'column', gap: token.marginSM },
}));

type CallPanelProps = {
  /** The interface id, exactly as received from the route. */
  interfaceId: string;
  /** The parameters' JSON text. */
  value: string;
  onChange: (value: string) => void;
  /** What "恢复示例" puts back. */
  example: string;
  /** An offline interface cannot be called. */
  offline?: boolean;
};

type View = 'pretty' | 'raw';

/** Online call: a JSON editor for the parameters, a send button and the answer. */
export function CallPanel({ interfaceId, value, onChange, example, offline }: CallPanelProps) {
  const { styles } = useStyles();
  const editorId = useId();
  const errorId = useId();
  const [result, setResult] = useState<CallResult>();
  const [sending, setSending] = useState(false);
  const [view, setView] = useState<View>('pretty');

  const jsonError = checkJson(value, { allowEmpty: true });

  // One call at a time: clicks while one is under way are dropped.
  const send = useLockFn(async () => {
    if (offline) return;
    if (jsonError) {
      document.getElementById(editorId)?.focus();
      return;
    }
    setSending(true);
    const started = performance.now();
    const took = () => Math.max(1, Math.round(performance.now() - started));
    try {
      const res = await invokeInterfaceInfo({ id: interfaceId, userRequestParams: value.trim() }, { skipErrorHandler: true });
      setResult({ ok: true, data: res.data, ms: took() });
    } catch (e) {
      const envelope = e instanceof ApiError ? { code: e.code, data: e.data ?? null, message: e.message } : undefined;
      setResult({ ok: false, message: errorText(e), code: envelope?.code, envelope, ms: took() });
    } finally {
      setSending(false);
    }
  });

  const shown = result ? shownValue(result) : undefined;
  const raw = answerText(shown, false);

  return (
    <div className={styles.stack}>
      {offline && <Alert type="warning" showIcon message={VIEW_TEXTS.offline} description={VIEW_TEXTS.offlineDescription} />}
      <Row gutter={[24, 16]}>
        <Col xs={24} lg={12}>
          <label className={styles.label} htmlFor={editorId}>
            {VIEW_TEXTS.editorLabel}
          </label>
          <Typography.Text className={styles.hint}>{VIEW_TEXTS.editorHint}</Typography.Text>
          <JsonEditor
            id={editorId}
            aria-label={VIEW_TEXTS.editorLabel}
            aria-invalid={!!jsonError}
            aria-describedby={jsonError ? errorId : undefined}
            status={jsonError ? 'error' : undefined}
            rows={10}
            value={value}
            onChange={onChange}
            disabled={offline}
          />
          {jsonError && (
            <Typography.Text id={errorId} role="alert" className={styles.error}>
              {jsonError}
            </Typography.Text>
          )}
          <Space className={styles.actions}>
            <Button type="primary" icon={<SendOutlined />} loading={sending} disabled={offline} onClick={send}>
              {VIEW_TEXTS.send}
            </Button>
            <Button icon={<RedoOutlined />} disabled={offline || value === example} onClick={() => onChange(example)}>
              {VIEW_TEXTS.resetExample}
            </Button>
          </Space>
        </Col>
        <Col xs={24} lg={12}>
          <section aria-label={VIEW_TEXTS.resultTitle} aria-live="polite" aria-busy={sending}>
            <div className={styles.resultHead}>
              <span className={styles.resultTitle}>{VIEW_TEXTS.resultTitle}</span>
              {result && (
                <>
                  <Tag color={result.ok ? 'success' : 'error'} bordered={false}>
                    {result.ok ? VIEW_TEXTS.success : VIEW_TEXTS.failure}
                  </Tag>
                  <span className={styles.metric}>{VIEW_TEXTS.took(result.ms)}</span>
                  {raw && <span className={styles.metric}>{VIEW_TEXTS.size(formatBytes(byteLength(raw)))}</span>}
                </>
              )}
            </div>
            <Spin spinning={sending}>
              {!result ? (
                <div className={styles.placeholder}>{VIEW_TEXTS.resultPlaceholder}</div>
              ) : (
                <div className={styles.stack}>
                  {!result.ok && (
                    <Alert type="error" showIcon message={result.message} description={result.code !== undefined ? VIEW_TEXTS.errorCode(result.code) : undefined} />
                  )}
                  {shown !== undefined && (
                    <CodeBlock
                      code={answerText(shown, view === 'pretty')}
                      label={VIEW_TEXTS.answer}
                      wrap={view === 'raw'}
                      title="JSON"
                      extra={
                        <Segmented<View>
                          size="small"
                          value={view}
                          onChange={setView}
                          options={[
                            { label: VIEW_TEXTS.pretty, value: 'pretty' },
                            { label: VIEW_TEXTS.raw, value: 'raw' },
                          ]}
                        />
                      }
                    />
                  )}
                </div>
              )}
            </Spin>
          </section>
        </Col>
      </Row>
    </div>
  );
}

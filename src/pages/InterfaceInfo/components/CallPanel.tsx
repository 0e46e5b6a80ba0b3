import { RedoOutlined, SendOutlined } from '@ant-design/icons';
import { Alert, Button, Col, Form, Row, Segmented, Space, Typography } from 'antd';
import { createStyles } from 'antd-style';
import { useLockFn, useRequest } from 'ahooks';
import type { KeyboardEvent } from 'react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { checkJson, JsonEditor } from '@/components/JsonEditor';
import { translateMessage } from '@/locales/messages';
import { ApiError, errorText, parseResponseText } from '@/requestConfig';
import { invokeInterfaceInfo, listInvokeHistory } from '@/services/agler/interfaceInfo';
import type { CallHistoryEntry } from '@agler/contract/invoke';
import { formatJsonText } from '@agler/contract/json';
import { parseRequestParams } from '@agler/contract/requestParams';
import type { CallResult, InvokeAnswer } from '../callResult';
import { resultOf, unansweredResult } from '../callResult';
import { fieldsOf, formProblemOf } from '../paramFields';
import { FORM_TEXTS, VIEW_TEXTS } from '../texts';
import { AnswerPanel } from './AnswerPanel';
import { CallHistory } from './CallHistory';
import { ParamsForm } from './ParamsForm';

const useStyles = createStyles(({ token }) => ({
  label: { display: 'block', marginBottom: token.marginXXS, fontWeight: 600 },
  hint: { display: 'block', marginBottom: token.marginXS, color: token.colorTextSecondary, fontSize: token.fontSizeSM },
  error: { display: 'block', marginTop: token.marginXXS, color: token.colorError },
  modeBar: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: token.marginXS, marginBottom: token.marginSM },
  actions: { marginTop: token.marginSM },
  shortcut: { color: token.colorTextTertiary, fontSize: token.fontSizeSM },
  stack: { display: 'flex', flexDirection: 'column', gap: token.marginLG },
  hidden: { display: 'none' },
}));

type Mode = 'form' | 'json';

const IS_MAC = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

const isEnvelope = (value: unknown): value is InvokeAnswer =>
  !!value && typeof value === 'object' && typeof (value as InvokeAnswer).code === 'number';

type CallPanelProps = {
  /** The interface id, exactly as received from the route. */
  interfaceId: string;
  /** The interface's parameter list (its `requestParams` text). */
  requestParams?: string;
  /** The parameters' JSON text. */
  value: string;
  onChange: (value: string) => void;
  /** What "恢复示例" puts back. */
  example: string;
  /** An offline interface cannot be called. */
  offline?: boolean;
  /** After each call, answered or not (the quota may have changed). */
  onCalled?: () => void;
};

/**
 * Online call: the parameters as a form (or JSON), checked at the fields
 * before anything is sent; the answer as HTTP saw it; the user's recent calls.
 * Ctrl/⌘ + Enter sends from anywhere in the panel.
 */
export function CallPanel({ interfaceId, requestParams, value, onChange, example, offline, onCalled }: CallPanelProps) {
  const { styles, cx } = useStyles();
  const editorId = useId();
  const errorId = useId();
  const [form] = Form.useForm();
  const parsed = useMemo(() => parseRequestParams(requestParams), [requestParams]);
  const fields = useMemo(() => (parsed.kind === 'list' ? fieldsOf(parsed.params) : []), [parsed]);
  const formPossible = parsed.kind !== 'raw';
  const [mode, setMode] = useState<Mode>(formPossible ? 'form' : 'json');
  const [result, setResult] = useState<CallResult>();
  const [sending, setSending] = useState(false);
  // A field to focus once the form is shown (a send refused while the JSON was shown).
  const [focusField, setFocusField] = useState<string>();

  const jsonError = checkJson(value, { allowEmpty: true });
  const formProblem = formPossible ? formProblemOf(value) : undefined;
  const shownMode: Mode = formPossible && !(mode === 'form' && formProblem) ? mode : 'json';
  // The latest text, for a send started by the keyboard before React re-rendered.
  const latest = useRef(value);
  latest.current = value;

  const history = useRequest(
    async (): Promise<CallHistoryEntry[]> => (await listInvokeHistory({ id: interfaceId }, { skipErrorHandler: true })).data ?? [],
    // The history shows its own error.
    { refreshDeps: [interfaceId], onError: () => undefined },
  );

  useEffect(() => {
    if (!focusField || shownMode !== 'form') return;
    form.focusField(focusField);
    setFocusField(undefined);
  }, [focusField, shownMode, form]);

  /** Required and type checks at the fields; the name of the first field that fails, if any. */
  const firstInvalidField = async (): Promise<string | undefined> => {
    if (!fields.length || formProblemOf(latest.current)) return undefined;
    try {
      await form.validateFields();
      return undefined;
    } catch (e) {
      const first = (e as { errorFields?: { name: (string | number)[] }[] }).errorFields?.[0];
      return first ? String(first.name[0]) : undefined;
    }
  };

  // One call at a time: sends while one is under way are dropped.
  const send = useLockFn(async () => {
    if (offline) return;
    const text = latest.current;
    if (checkJson(text, { allowEmpty: true })) {
      document.getElementById(editorId)?.focus();
      return;
    }
    const invalid = await firstInvalidField();
    if (invalid) {
      setMode('form');
      setFocusField(invalid);
      return;
    }
    setSending(true);
    const started = performance.now();
    const took = () => Math.max(1, Math.round(performance.now() - started));
    // The answer's text as it came: the body is shown from it, so no number is rounded.
    let rawText: string | undefined;
    const keepText = (data: unknown) => {
      if (typeof data === 'string') rawText = data;
      return parseResponseText(data);
    };
    try {
      const res = await invokeInterfaceInfo({ id: interfaceId, userRequestParams: text.trim() }, { skipErrorHandler: true, transformResponse: [keepText] });
      setResult(resultOf(res, rawText, took()));
    } catch (e) {
      const answered = (e as { response?: { data?: unknown } }).response?.data;
      // The server's own message: the body shows it as sent, the answer panel in the page's language.
      if (e instanceof ApiError) setResult(resultOf({ code: e.code, message: e.message, data: e.data, ...e.messageRef }, rawText, took()));
      else if (isEnvelope(answered)) setResult(resultOf(answered, rawText, took()));
      else setResult(unansweredResult(errorText(e), took()));
    } finally {
      setSending(false);
      history.refresh();
      onCalled?.();
    }
  });

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Enter' || !(e.ctrlKey || e.metaKey)) return;
    e.preventDefault();
    // Not also a newline, a selected option or a submitted form.
    e.stopPropagation();
    send();
  };

  const fill = (params: string) => {
    onChange(params.trim() ? formatJsonText(params) : '');
  };

  const jsonEditor = (
    <>
      <label className={styles.label} htmlFor={editorId}>
        {FORM_TEXTS.editorLabel}
      </label>
      <Typography.Text className={styles.hint}>{FORM_TEXTS.editorHint}</Typography.Text>
      <JsonEditor
        id={editorId}
        aria-label={FORM_TEXTS.editorLabel}
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
          {translateMessage(jsonError)}
        </Typography.Text>
      )}
    </>
  );

  return (
    // The panel listens for Ctrl/⌘ + Enter from any of its fields; it is not itself a control.
    <div className={styles.stack} onKeyDownCapture={onKeyDown}>
      {offline && <Alert type="warning" showIcon message={VIEW_TEXTS.offline} description={VIEW_TEXTS.offlineDescription} />}
      <Row gutter={[24, 16]}>
        <Col xs={24} lg={12}>
          <div className={styles.modeBar}>
            <span className={styles.label}>{FORM_TEXTS.formTitle}</span>
            <Segmented<Mode>
              size="small"
              aria-label={FORM_TEXTS.modeLabel}
              value={shownMode}
              onChange={setMode}
              options={[
                { label: FORM_TEXTS.formMode, value: 'form', disabled: !formPossible || !!formProblem },
                { label: FORM_TEXTS.jsonMode, value: 'json' },
              ]}
            />
          </div>
          {mode === 'form' && formPossible && formProblem && <Alert type="info" showIcon message={FORM_TEXTS.formUnavailable(formProblem)} />}
          {parsed.kind === 'raw' && <Alert type="info" showIcon message={FORM_TEXTS.rawParams} />}
          {/* Both stay mounted: the fields check a send made from the JSON too. */}
          <div className={cx(shownMode !== 'form' && styles.hidden)}>
            {fields.length ? (
              <ParamsForm form={form} fields={fields} value={value} onChange={onChange} disabled={offline} />
            ) : (
              <Typography.Text type="secondary">{FORM_TEXTS.noFields}</Typography.Text>
            )}
          </div>
          <div className={cx(shownMode !== 'json' && styles.hidden)}>{jsonEditor}</div>
          <Space className={styles.actions} wrap>
            <Button type="primary" icon={<SendOutlined />} loading={sending} disabled={offline} onClick={send} aria-keyshortcuts="Control+Enter Meta+Enter">
              {VIEW_TEXTS.send}
            </Button>
            <Button icon={<RedoOutlined />} disabled={offline || value === example} onClick={() => onChange(example)}>
              {VIEW_TEXTS.resetExample}
            </Button>
            <span className={styles.shortcut}>{VIEW_TEXTS.sendShortcut(IS_MAC)}</span>
          </Space>
        </Col>
        <Col xs={24} lg={12}>
          <AnswerPanel result={result} sending={sending} interfaceId={interfaceId} />
        </Col>
      </Row>
      <CallHistory
        entries={history.data}
        loading={history.loading}
        error={history.error ? errorText(history.error) : undefined}
        onRetry={history.refresh}
        onFill={fill}
        disabled={offline}
      />
    </div>
  );
}

import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Collapse, Segmented, Spin, Table, Tag } from 'antd';
import { createStyles } from 'antd-style';
import { useState } from 'react';
import { translateMessage } from '@/locales/messages';
import type { BodyView, CallResult } from '../callResult';
import { bodyOf, downloadFile, durationOf, formatBytes, sizeOf, statusColor, statusText, viewsOf } from '../callResult';
import { ANSWER_TEXTS } from '../texts';
import { CodeBlock } from './CodeBlock';

const useStyles = createStyles(({ token }) => ({
  head: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: token.marginXS,
    minHeight: 32,
    marginBottom: token.marginXS,
  },
  title: { fontWeight: 600, marginRight: token.marginXXS },
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
  reason: { display: 'flex', flexWrap: 'wrap', columnGap: token.marginXS },
  headerName: { fontFamily: token.fontFamilyCode, whiteSpace: 'nowrap' },
  headerValue: { fontFamily: token.fontFamilyCode, wordBreak: 'break-all' },
}));

const VIEW_LABELS: Record<BodyView, string> = { pretty: ANSWER_TEXTS.pretty, raw: ANSWER_TEXTS.raw, text: ANSWER_TEXTS.text };

/** Saves a text as a file through a temporary link (a blob URL, which the CSP's default-src 'self' does not concern). */
function saveText(text: string, name: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}

/**
 * The platform's message and code as two texts, so each can be read (and found) on its own. The
 * message is shown in the page's language; the body below keeps it as the server sent it.
 */
function Reason({ result }: { result: CallResult }) {
  const { styles } = useStyles();
  return (
    <span className={styles.reason}>
      {result.message && <span>{translateMessage(result.message, result.messageRef)}</span>}
      {result.code !== undefined && <span className={styles.metric}>{ANSWER_TEXTS.errorCode(result.code)}</span>}
    </span>
  );
}

function Failure({ result }: { result: CallResult }) {
  if (result.ok) return null;
  if (result.failure === 'interface' && result.call) {
    return <Alert type="error" showIcon message={ANSWER_TEXTS.interfaceError(result.call.status)} description={<Reason result={result} />} />;
  }
  if (result.failure === 'platform') {
    return <Alert type="error" showIcon message={ANSWER_TEXTS.platformRefused} description={<Reason result={result} />} />;
  }
  return <Alert type="error" showIcon message={result.message} />;
}

function Headers({ headers }: { headers: Record<string, string> }) {
  const { styles } = useStyles();
  const rows = Object.entries(headers).map(([name, value]) => ({ name, value }));
  return (
    <Collapse
      size="small"
      items={[
        {
          key: 'headers',
          label: ANSWER_TEXTS.headers(rows.length),
          children: (
            <Table
              size="small"
              rowKey="name"
              pagination={false}
              dataSource={rows}
              aria-label={ANSWER_TEXTS.headers(rows.length)}
              locale={{ emptyText: ANSWER_TEXTS.noHeaders }}
              columns={[
                { title: ANSWER_TEXTS.headerName, dataIndex: 'name', width: '35%', render: (name: string) => <span className={styles.headerName}>{name}</span> },
                { title: ANSWER_TEXTS.headerValue, dataIndex: 'value', render: (value: string) => <span className={styles.headerValue}>{value}</span> },
              ]}
            />
          ),
        },
      ]}
    />
  );
}

type AnswerPanelProps = {
  result?: CallResult;
  sending?: boolean;
  /** Names the downloaded file. */
  interfaceId: string;
};

/** The answer of the last call: whose failure it was, the HTTP status, headers, time, size and the body. */
export function AnswerPanel({ result, sending, interfaceId }: AnswerPanelProps) {
  const { styles } = useStyles();
  const views = result ? viewsOf(result) : [];
  // A view chosen for one answer; a new answer opens in its first view (pretty JSON, or the text of a text answer).
  const [choice, setChoice] = useState<{ result: CallResult; view: BodyView }>();
  const shownView = choice && choice.result === result ? choice.view : views[0];
  const body = result && shownView ? bodyOf(result, shownView) : '';
  const size = result ? sizeOf(result) : undefined;

  return (
    <section aria-label={ANSWER_TEXTS.title} aria-live="polite" aria-busy={sending}>
      <div className={styles.head}>
        <span className={styles.title}>{ANSWER_TEXTS.title}</span>
        {result && (
          <>
            <Tag color={result.ok ? 'success' : 'error'} bordered={false}>
              {result.ok ? ANSWER_TEXTS.success : ANSWER_TEXTS.failed}
            </Tag>
            {result.call && (
              <Tag color={statusColor(result.call.status)} bordered={false} title={ANSWER_TEXTS.httpStatus}>
                {statusText(result.call.status)}
              </Tag>
            )}
            <span className={styles.metric}>{ANSWER_TEXTS.took(durationOf(result))}</span>
            {size !== undefined && <span className={styles.metric}>{ANSWER_TEXTS.size(formatBytes(size))}</span>}
          </>
        )}
      </div>
      <Spin spinning={!!sending}>
        {!result ? (
          <div className={styles.placeholder}>{ANSWER_TEXTS.placeholder}</div>
        ) : (
          <div className={styles.stack}>
            <Failure result={result} />
            {result.call && <Headers headers={result.call.headers} />}
            {body && shownView && (
              <CodeBlock
                code={body}
                label={ANSWER_TEXTS.body}
                wrap={shownView !== 'pretty'}
                highlight={shownView === 'pretty'}
                title={shownView === 'text' ? ANSWER_TEXTS.text : 'JSON'}
                extra={
                  <>
                    <Segmented<BodyView>
                      size="small"
                      aria-label={ANSWER_TEXTS.viewLabel}
                      value={shownView}
                      onChange={(next) => result && setChoice({ result, view: next })}
                      options={views.map((v) => ({ label: VIEW_LABELS[v], value: v }))}
                    />
                    <Button
                      size="small"
                      type="text"
                      icon={<DownloadOutlined />}
                      aria-label={ANSWER_TEXTS.downloadOf(ANSWER_TEXTS.body)}
                      onClick={() => {
                        const file = downloadFile(interfaceId, shownView);
                        saveText(body, file.name, file.type);
                      }}
                    >
                      {ANSWER_TEXTS.download}
                    </Button>
                  </>
                }
              />
            )}
          </div>
        )}
      </Spin>
    </section>
  );
}

import { ReloadOutlined, RollbackOutlined } from '@ant-design/icons';
import { Alert, Button, Table, Tag, Tooltip, Typography } from 'antd';
import { createStyles } from 'antd-style';
import dayjs from 'dayjs';
import { parse as parseLossless, stringify as stringifyLossless } from 'lossless-json';
import type { CallHistoryEntry } from '@agler/contract/invoke';
import { HISTORY_PARAMS_MAX_BYTES } from '@agler/contract/invoke';
import { statusColor } from '../callResult';
import { HISTORY_TEXTS } from '../texts';

const useStyles = createStyles(({ token }) => ({
  head: { display: 'flex', alignItems: 'baseline', gap: token.marginXS, flexWrap: 'wrap', marginBottom: token.marginXS },
  title: { fontWeight: 600 },
  hint: { color: token.colorTextSecondary, fontSize: token.fontSizeSM },
  params: { fontFamily: token.fontFamilyCode, fontSize: token.fontSizeSM, maxWidth: 420 },
  time: { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' },
}));

/** The fixed columns' widths and room for the parameters: narrower screens scroll the table, not the page. */
const TABLE_MIN_WIDTH = 130 + 90 + 90 + 180;
const timeText = (time: string) => dayjs(time).format('MM-DD HH:mm:ss');

/** The parameters on one line, every number as written. */
function paramsLine(params: string): string {
  try {
    return stringifyLossless(parseLossless(params)) ?? params;
  } catch {
    return params;
  }
}

type Row = CallHistoryEntry & { key: number };

type CallHistoryProps = {
  entries?: CallHistoryEntry[];
  loading?: boolean;
  /** The history could not be read: what to say, and a way to try again. */
  error?: string;
  onRetry: () => void;
  /** Puts an entry's parameters back in the form. */
  onFill: (params: string) => void;
  disabled?: boolean;
};

/** The user's recent calls of this interface, newest first, each of whose parameters one click puts back. */
export function CallHistory({ entries, loading, error, onRetry, onFill, disabled }: CallHistoryProps) {
  const { styles } = useStyles();
  return (
    <section aria-label={HISTORY_TEXTS.title}>
      <div className={styles.head}>
        <span className={styles.title}>{HISTORY_TEXTS.title}</span>
        <span className={styles.hint}>{HISTORY_TEXTS.hint}</span>
      </div>
      {error ? (
        <Alert
          type="warning"
          showIcon
          message={HISTORY_TEXTS.loadFailed}
          description={error}
          action={
            <Button size="small" icon={<ReloadOutlined />} onClick={onRetry}>
              {HISTORY_TEXTS.retry}
            </Button>
          }
        />
      ) : (
        <Table<Row>
          size="small"
          loading={loading}
          dataSource={entries?.map((entry, i) => ({ ...entry, key: i }))}
          pagination={false}
          scroll={{ x: TABLE_MIN_WIDTH, y: 280 }}
          aria-label={HISTORY_TEXTS.title}
          locale={{ emptyText: HISTORY_TEXTS.empty }}
          columns={[
            { title: HISTORY_TEXTS.time, dataIndex: 'time', width: 130, render: (time: string) => <span className={styles.time}>{timeText(time)}</span> },
            {
              title: HISTORY_TEXTS.status,
              dataIndex: 'status',
              width: 90,
              render: (status: number | null, entry) => {
                // Older and seeded calls have no recorded status: a success among them still answered.
                if (status === null) {
                  return entry.success ? (
                    <Tag bordered={false} color="success">
                      {HISTORY_TEXTS.succeeded}
                    </Tag>
                  ) : (
                    <Tag bordered={false}>{HISTORY_TEXTS.noAnswer}</Tag>
                  );
                }
                return (
                  <Tag bordered={false} color={statusColor(status)}>
                    {status}
                  </Tag>
                );
              },
            },
            { title: HISTORY_TEXTS.duration, dataIndex: 'durationMs', width: 90, render: (ms: number) => HISTORY_TEXTS.durationMs(ms) },
            {
              title: HISTORY_TEXTS.params,
              dataIndex: 'params',
              render: (params: string | null, entry) => {
                if (params === null) {
                  // Not recorded says nothing of how the call was made: only that there is nothing to fill back.
                  return entry.paramsTruncated ? (
                    <Typography.Text type="secondary" title={HISTORY_TEXTS.truncatedTitle(HISTORY_PARAMS_MAX_BYTES / 1024)}>
                      {HISTORY_TEXTS.truncated}
                    </Typography.Text>
                  ) : (
                    <Typography.Text type="secondary">{HISTORY_TEXTS.paramsNotRecorded}</Typography.Text>
                  );
                }
                const line = params.trim() ? paramsLine(params) : '';
                return line ? (
                  <Typography.Text className={styles.params} ellipsis={{ tooltip: line }}>
                    {line}
                  </Typography.Text>
                ) : (
                  <Typography.Text type="secondary">{HISTORY_TEXTS.noParams}</Typography.Text>
                );
              },
            },
            {
              title: HISTORY_TEXTS.action,
              key: 'fill',
              width: 80,
              render: (_: unknown, entry) =>
                entry.params === null ? null : (
                  <Tooltip title={HISTORY_TEXTS.fillLabel(timeText(entry.time))}>
                    <Button
                      size="small"
                      type="link"
                      icon={<RollbackOutlined />}
                      disabled={disabled}
                      aria-label={HISTORY_TEXTS.fillLabel(timeText(entry.time))}
                      onClick={() => onFill(entry.params ?? '')}
                    >
                      {HISTORY_TEXTS.fill}
                    </Button>
                  </Tooltip>
                ),
            },
          ]}
        />
      )}
    </section>
  );
}

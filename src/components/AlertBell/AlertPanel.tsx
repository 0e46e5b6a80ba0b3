import { Link } from '@umijs/max';
import { App, Badge, Button, Empty, Spin } from 'antd';
import { createStyles } from 'antd-style';
import { useCallback, useEffect, useRef, useState } from 'react';
import { LoadError } from '@/components/LoadError';
import { errorText } from '@/requestConfig';
import { listAlerts, markAlertRead, markAllAlertsRead } from '@/services/agler/alert';
import { ALERT_PATHS, describeAlert } from './describe';
import { ALERT_TEXTS } from './texts';
import { VISUALLY_HIDDEN } from '@/utils/visuallyHidden';

const PAGE_SIZE = 10;

const useStyles = createStyles(({ token }) => ({
  panel: {
    width: 'min(360px, calc(100vw - 32px))',
    outline: 'none',
  },
  head: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    marginBottom: token.marginXS,
  },
  title: { margin: 0, fontSize: token.fontSizeLG, fontWeight: token.fontWeightStrong },
  list: {
    listStyle: 'none',
    margin: 0,
    padding: 0,
    maxHeight: 'min(60vh, 420px)',
    overflowY: 'auto',
  },
  item: {
    display: 'flex',
    gap: token.marginXS,
    padding: `${token.paddingXS}px 0`,
    borderTop: `1px solid ${token.colorSplit}`,
  },
  body: { flex: 1, minWidth: 0 },
  text: { display: 'block', wordBreak: 'break-word' },
  unreadText: { fontWeight: token.fontWeightStrong },
  time: { display: 'block', color: token.colorTextSecondary, fontSize: token.fontSizeSM },
  foot: {
    display: 'flex',
    justifyContent: 'space-between',
    alignItems: 'center',
    marginTop: token.marginXS,
    paddingTop: token.paddingXS,
    borderTop: `1px solid ${token.colorSplit}`,
  },
  hidden: VISUALLY_HIDDEN,
}));

type AlertPanelProps = {
  /** The unread count the list read, for the bell. */
  onUnread: (unread: number) => void;
  onClose: () => void;
};

type State = {
  records: API.AlertVO[];
  total: number;
  unread: number;
  current: number;
  loading: boolean;
  error?: unknown;
};

/** The bell's list: newest first, each alert linking to what it is about, marked read when followed. */
export default function AlertPanel({ onUnread, onClose }: AlertPanelProps) {
  const { styles, cx } = useStyles();
  const { message } = App.useApp();
  const panel = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<State>({ records: [], total: 0, unread: 0, current: 0, loading: true });

  const load = useCallback(
    async (current: number) => {
      setState((s) => ({ ...s, loading: true, error: undefined }));
      try {
        const { data } = await listAlerts({ current, pageSize: PAGE_SIZE }, { skipErrorHandler: true });
        setState((s) => ({
          records: current === 1 ? data!.records : [...s.records, ...data!.records],
          total: data!.total,
          unread: data!.unread,
          current,
          loading: false,
        }));
        onUnread(data!.unread);
      } catch (error) {
        setState((s) => ({ ...s, loading: false, error }));
      }
    },
    [onUnread],
  );

  useEffect(() => {
    void load(1);
    // Opened from the keyboard or not, the list takes the focus (once the popover has placed it);
    // Escape gives it back to the bell.
    const frame = requestAnimationFrame(() => panel.current?.focus({ preventScroll: true }));
    return () => cancelAnimationFrame(frame);
  }, [load]);

  const setRead = (ids: Set<string> | 'all') =>
    setState((s) => {
      const records = s.records.map((a) => (ids === 'all' || ids.has(a.id) ? { ...a, read: true } : a));
      const unread =
        ids === 'all' ? 0 : Math.max(0, s.unread - s.records.filter((a) => ids.has(a.id) && !a.read).length);
      onUnread(unread);
      return { ...s, records, unread };
    });

  const readOne = async (alert: API.AlertVO) => {
    if (alert.read) return;
    try {
      await markAlertRead({ id: alert.id }, { skipErrorHandler: true });
      setRead(new Set([alert.id]));
    } catch (error) {
      void message.error(errorText(error));
    }
  };

  const readAll = async () => {
    try {
      await markAllAlertsRead({ skipErrorHandler: true });
      setRead('all');
    } catch (error) {
      void message.error(errorText(error));
    }
  };

  const { records, total, unread, current, loading, error } = state;
  let body: React.ReactNode;
  if (error && records.length === 0) {
    body = <LoadError message={ALERT_TEXTS.loadFailed} error={error} onRetry={() => void load(1)} />;
  } else if (loading && records.length === 0) {
    body = <Spin />;
  } else if (records.length === 0) {
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={ALERT_TEXTS.empty} />;
  } else {
    body = (
      <ul className={styles.list}>
        {records.map((alert) => {
          const { text, href } = describeAlert(alert);
          return (
            <li key={alert.id} className={styles.item}>
              {!alert.read && <Badge status="processing" />}
              <div className={styles.body}>
                <Link
                  to={href}
                  className={cx(styles.text, !alert.read && styles.unreadText)}
                  onClick={() => {
                    void readOne(alert);
                    onClose();
                  }}
                >
                  {!alert.read && <span className={styles.hidden}>{ALERT_TEXTS.unread}</span>}
                  {text}
                </Link>
                <time className={styles.time} dateTime={alert.createTime.replace(' ', 'T')}>
                  {alert.createTime}
                </time>
              </div>
              {!alert.read && (
                <Button size="small" type="link" onClick={() => void readOne(alert)}>
                  {ALERT_TEXTS.markRead}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <div
      ref={panel}
      role="dialog"
      aria-labelledby="alert-panel-title"
      tabIndex={-1}
      className={styles.panel}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
    >
      <div className={styles.head}>
        <h2 id="alert-panel-title" className={styles.title}>
          {ALERT_TEXTS.title}
        </h2>
        <Button size="small" type="link" disabled={unread === 0} onClick={() => void readAll()}>
          {ALERT_TEXTS.readAll}
        </Button>
      </div>
      {body}
      <div className={styles.foot}>
        <Link to={ALERT_PATHS.notifications} onClick={onClose}>
          {ALERT_TEXTS.settings}
        </Link>
        {records.length < total && (
          <Button size="small" loading={loading} onClick={() => void load(current + 1)}>
            {ALERT_TEXTS.more}
          </Button>
        )}
      </div>
    </div>
  );
}

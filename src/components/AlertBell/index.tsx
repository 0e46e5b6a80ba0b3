import { BellOutlined } from '@ant-design/icons';
import { Badge, ConfigProvider, Popover, Spin, theme } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { ALERT_POLL_MS } from '@agler/contract/alerts';
import { HEADER_BUTTON_STYLE } from '@/components/headerButton';
import { SESSION_PROBE } from '@/requestConfig';
import { getUnreadAlertCount } from '@/services/agler/alert';
import { loadAlertPanel } from './loadPanel';
import { ALERT_TEXTS } from './texts';
import { VISUALLY_HIDDEN } from '@/utils/visuallyHidden';

export { ALERT_TEXTS } from './texts';

const AlertPanel = lazy(loadAlertPanel);

/**
 * The header's bell: the unread count, asked for once a minute while the page is visible and
 * whenever the window regains focus (one small request, never on the page's own path); a click
 * opens the list.
 */
export default function AlertBell() {
  const { token } = theme.useToken();
  const [unread, setUnread] = useState(0);
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);

  const refresh = useCallback(async () => {
    try {
      const answer = await getUnreadAlertCount(SESSION_PROBE);
      setUnread(answer.data ?? 0);
    } catch {
      // The count stays as it was; the next poll tries again.
    }
  }, []);

  useEffect(() => {
    void refresh();
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') void refresh();
    }, ALERT_POLL_MS);
    const onFocus = () => void refresh();
    window.addEventListener('focus', onFocus);
    return () => {
      clearInterval(timer);
      window.removeEventListener('focus', onFocus);
    };
  }, [refresh]);

  const close = useCallback(() => {
    setOpen(false);
    button.current?.focus();
  }, []);

  const label = ALERT_TEXTS.trigger(unread);
  return (
    // The list on the page's own background: in dark mode antd's raised one (#1f1f1f) leaves links
    // in the primary colour short of 4.5:1, while the theme's link shades pass on the page's.
    <ConfigProvider theme={{ components: { Popover: { colorBgElevated: token.colorBgContainer } } }}>
      <Popover
        open={open}
        onOpenChange={setOpen}
        trigger="click"
        // Centred under the bell, antd shifts it to stay inside a phone's screen (bottomRight only flips).
        placement="bottom"
        arrow={false}
        // A line round the list: on the page's own background its shadow is lost in dark mode, and
        // the list ran into the cards under it.
        styles={{ body: { border: `1px solid ${token.colorBorder}` } }}
        destroyOnHidden
        // Always something: a popover without content never opens. The list mounts only while open.
        content={
          <Suspense fallback={<Spin size="small" />}>
            {open && <AlertPanel onUnread={setUnread} onClose={close} />}
          </Suspense>
        }
      >
        {/* Named by its text, not aria-label: the badge's figure is then not a visible text missing from the name. */}
        <button
          ref={button}
          type="button"
          title={label}
          aria-haspopup="dialog"
          aria-expanded={open}
          style={{ ...HEADER_BUTTON_STYLE, position: 'relative' }}
        >
          <span aria-hidden style={{ display: 'inline-flex' }}>
            {/* A darker red than the badge's own, so that its white figures are legible (WCAG AA). */}
            <Badge count={unread} size="small" overflowCount={99} color={token.colorErrorActive}>
              <BellOutlined style={{ fontSize: 16, color: 'inherit' }} />
            </Badge>
          </span>
          <span style={VISUALLY_HIDDEN}>{label}</span>
        </button>
      </Popover>
    </ConfigProvider>
  );
}

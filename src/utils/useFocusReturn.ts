import { useEffect, useRef } from 'react';

/** The focused control; none when the focus is nowhere (the body), as on a deep link's first render. */
const focused = () => {
  const active = document.activeElement;
  return active instanceof HTMLElement && active !== document.body ? active : null;
};

/**
 * Gives the focus back to the control that opened a drawer or modal once it has closed, if nothing
 * else took it: rc-drawer does so only once its opening motion has ended, which does not always
 * happen, and the keyboard user would start again from the top of the page.
 */
export function useFocusReturn(open: boolean) {
  const opener = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(false);
  if (open && !wasOpen.current && typeof document !== 'undefined') opener.current ??= focused();
  useEffect(() => {
    const closed = wasOpen.current && !open;
    wasOpen.current = open;
    const target = opener.current;
    if (!closed) return undefined;
    opener.current = null;
    if (!target) return undefined;
    const frame = requestAnimationFrame(() => {
      const lost = !document.activeElement || document.activeElement === document.body;
      if (lost && target.isConnected) target.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [open]);
}

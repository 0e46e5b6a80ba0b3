import { useEffect, useRef } from 'react';

/** The focused control; none when the focus is nowhere (the body), as on a deep link's first render. */
const focused = () => {
  const active = document.activeElement;
  return active instanceof HTMLElement && active !== document.body ? active : null;
};

/**
 * Gives the focus back to the control that opened a drawer or modal once it has closed, if
 * nothing else took it. rc-drawer does this itself only after its opening motion has ended, and
 * that end does not always come: the focus then falls to the page's body, and a keyboard user
 * starts again from the top. The opener is read while the component renders open, before the
 * drawer moves the focus into itself.
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

import { useSyncExternalStore } from 'react';

/**
 * Whether the system asks for less motion (`prefers-reduced-motion`, WCAG 2.3.3): then antd's
 * own motion (drawers sliding, dialogs and popovers zooming) and the buttons' click wave are
 * left out, and what opens is there at once.
 */
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

const media = () =>
  typeof window.matchMedia === 'function' ? window.matchMedia(REDUCED_MOTION_QUERY) : undefined;

export const prefersReducedMotion = () => media()?.matches ?? false;

function subscribe(listener: () => void) {
  const list = media();
  list?.addEventListener?.('change', listener);
  return () => list?.removeEventListener?.('change', listener);
}

/** prefersReducedMotion, followed while the page is open. */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, prefersReducedMotion, prefersReducedMotion);
}

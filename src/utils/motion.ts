import { mediaMatches, useMediaQuery } from './media';

/**
 * Whether the system asks for less motion (`prefers-reduced-motion`, WCAG 2.3.3): then antd's
 * own motion (drawers sliding, dialogs and popovers zooming) and the buttons' click wave are
 * left out, and what opens is there at once.
 */
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

export const prefersReducedMotion = () => mediaMatches(REDUCED_MOTION_QUERY);

/** prefersReducedMotion, followed while the page is open. */
export const useReducedMotion = (): boolean => useMediaQuery(REDUCED_MOTION_QUERY);

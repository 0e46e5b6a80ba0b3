import { useSyncExternalStore } from 'react';

/**
 * antd's breakpoints (its Grid's queries, with antd's default screen tokens; media.test.ts holds
 * them to antd's tokens). `xs` is a phone's width, `md` and `lg` a screen at least that wide.
 */
export const SCREEN_QUERIES = {
  xs: '(max-width: 575px)',
  md: '(min-width: 768px)',
  lg: '(min-width: 992px)',
} as const;
export type Screen = keyof typeof SCREEN_QUERIES;

const list = (query: string) =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(query) : undefined;

/** Whether the media query matches now (false where there is no matchMedia). */
export const mediaMatches = (query: string) => list(query)?.matches ?? false;

// One subscription and one reading function per query: useSyncExternalStore subscribes anew
// whenever they change.
const readers = new Map<string, { subscribe: (listener: () => void) => () => void; read: () => boolean }>();
function readerOf(query: string) {
  let reader = readers.get(query);
  if (!reader) {
    reader = {
      subscribe: (listener) => {
        const media = list(query);
        media?.addEventListener?.('change', listener);
        return () => media?.removeEventListener?.('change', listener);
      },
      read: () => mediaMatches(query),
    };
    readers.set(query, reader);
  }
  return reader;
}

/**
 * Whether the media query matches, followed while the page is open. Read in the first render:
 * unlike antd's `Grid.useBreakpoint`, which knows the screen only after its first commit and then
 * renders its component again before the browser paints, with the whole subtree under it.
 */
export function useMediaQuery(query: string): boolean {
  const { subscribe, read } = readerOf(query);
  return useSyncExternalStore(subscribe, read, read);
}

/** Whether the screen is at antd's breakpoint `screen` (see SCREEN_QUERIES). */
export const useScreen = (screen: Screen) => useMediaQuery(SCREEN_QUERIES[screen]);

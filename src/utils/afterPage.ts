import { useEffect, useLayoutEffect, useState } from 'react';

/**
 * The page first, the layout's furniture after it: the header's tools and the side menu would
 * otherwise take the cold load's first tasks ahead of the page's content, so they wait until no
 * page skeleton (`useLoadingMark`) is on screen, or AFTER_PAGE_MAX_WAIT_MS at most.
 * docs/performance.md gives the gain.
 */
export const AFTER_PAGE_MAX_WAIT_MS = 2000;

/** Page skeletons on the screen. */
let loading = 0;
/** Latched once the page has been drawn: later layouts render the tools at once. */
let drawn = false;
/** The waiting parts' state setters: opened together, so React renders them in one commit. */
const waiting = new Set<() => void>();
let frame = 0;
let timer: ReturnType<typeof setTimeout> | undefined;
let limit: ReturnType<typeof setTimeout> | undefined;

function stop() {
  cancelAnimationFrame(frame);
  clearTimeout(timer);
  clearTimeout(limit);
  frame = 0;
  timer = undefined;
  limit = undefined;
}

function openAll() {
  drawn = true;
  stop();
  const opens = [...waiting];
  waiting.clear();
  opens.forEach((open) => open());
}

/**
 * Opens the waiting parts once no page skeleton is mounted, after the frame that paints the page
 * (a timer started in the frame's callback runs after it).
 */
function settle() {
  if (loading > 0 || waiting.size === 0 || frame !== 0 || timer !== undefined) return;
  frame = requestAnimationFrame(() => {
    frame = 0;
    timer = setTimeout(() => {
      timer = undefined;
      // A page that replaced its skeleton with placeholders of its own in the same commit marked
      // itself after the skeleton's mark was gone: it is still loading.
      if (loading === 0) openAll();
    }, 0);
  });
}

/**
 * Marks a skeleton as on the screen for as long as its component is mounted and `active`: a page
 * whose content waits for its first answer (a table's rows) marks itself until it has come.
 */
export function useLoadingMark(active = true): void {
  // A layout effect: counted in the commit that shows it, before any passive effect looks.
  useLayoutEffect(() => {
    if (!active) return undefined;
    loading += 1;
    return () => {
      loading -= 1;
      settle();
    };
  }, [active]);
}

/**
 * Whether the header's tools and the side menu may render: false until no page skeleton is
 * mounted and a frame has painted the page (or the wait ran out), true ever after.
 */
export function useAfterPage(): boolean {
  const [after, setAfter] = useState(drawn);
  useEffect(() => {
    if (after) return undefined;
    if (drawn) {
      setAfter(true);
      return undefined;
    }
    const open = () => setAfter(true);
    waiting.add(open);
    limit ??= setTimeout(openAll, AFTER_PAGE_MAX_WAIT_MS);
    settle();
    return () => {
      waiting.delete(open);
      if (waiting.size === 0) stop();
    };
  }, [after]);
  return after;
}

/** Renders `children` once useAfterPage says so, `fallback` before. */
export function AfterPage({
  children,
  fallback = null,
}: {
  children?: React.ReactNode;
  fallback?: React.ReactNode;
}) {
  return useAfterPage() ? children : fallback;
}

/** Forgets that a page was drawn (tests). */
export function resetAfterPage(): void {
  stop();
  drawn = false;
  loading = 0;
  waiting.clear();
}

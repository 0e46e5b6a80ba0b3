let started = false;

/**
 * Starts downloading the layout and the home page while the user is still
 * typing, so the catalogue shows right after the login click. Once per visit.
 */
export function prefetchHome() {
  if (started) return;
  started = true;
  const load = () => {
    import('@@/plugin-layout/Layout');
    import('@/pages/Index');
  };
  if ('requestIdleCallback' in window) window.requestIdleCallback(load, { timeout: 1000 });
  else setTimeout(load, 0);
}

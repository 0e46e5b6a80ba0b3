import { lazyWithPreload } from 'react-lazy-with-preload';

/**
 * The charts, loaded on first use so only this page loads the chart library, after its key figures
 * and table; preloadable rather than React.lazy, which suspends even for a loaded chunk and then
 * lets React's throttle of Suspense reveals hold the content back.
 */
export const TrendChart = lazyWithPreload(() => import('./TrendChart'));
export const TopCharts = lazyWithPreload(() => import('./TopCharts'));

/**
 * Starts both charts' chunks: a deep link to the page starts them once the page's chunk has come
 * (earlyAnalysis.ts).
 */
export const loadCharts = () => Promise.all([TrendChart.preload(), TopCharts.preload()]);

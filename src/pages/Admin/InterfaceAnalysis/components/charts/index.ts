import { lazyWithPreload } from 'react-lazy-with-preload';

/**
 * The charts, loaded on first use: the chart library is imported by these two files of this page
 * and nowhere else, so only this page ever loads it, and its key figures and table show before the
 * library has arrived. A chart whose chunk has come before it first renders is rendered at once,
 * not through React.lazy: that suspends once even for a loaded chunk, and React holds back the
 * content of a boundary that showed its fallback for up to half a second while another one is
 * still suspended (its throttle of Suspense reveals).
 */
export const TrendChart = lazyWithPreload(() => import('./TrendChart'));
export const TopCharts = lazyWithPreload(() => import('./TopCharts'));

/**
 * Starts both charts' chunks: a deep link to the page starts them once the page's chunk has come
 * (earlyAnalysis.ts).
 */
export const loadCharts = () => Promise.all([TrendChart.preload(), TopCharts.preload()]);

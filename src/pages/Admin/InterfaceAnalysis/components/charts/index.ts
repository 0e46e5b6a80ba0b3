import { lazy } from 'react';

/**
 * The charts, loaded on first use: the chart library is imported by these two
 * files of this page and nowhere else, so only this page ever loads it, and
 * its key figures and table show before the library has arrived.
 */
const trendChart = () => import('./TrendChart');
const topCharts = () => import('./TopCharts');

export const TrendChart = lazy(trendChart);
export const TopCharts = lazy(topCharts);

/**
 * Starts both charts' chunks: a deep link to the page starts them once the page's chunk has come
 * (earlyAnalysis.ts).
 */
export const loadCharts = () => Promise.all([trendChart(), topCharts()]);

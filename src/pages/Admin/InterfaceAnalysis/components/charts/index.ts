import { lazy } from 'react';

/**
 * The charts, loaded on first use: the chart library is imported by these two
 * files of this page and nowhere else, so only this page ever loads it, and
 * its key figures and table show before the library has arrived.
 */
export const TrendChart = lazy(() => import('./TrendChart'));
export const TopCharts = lazy(() => import('./TopCharts'));

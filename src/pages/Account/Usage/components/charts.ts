import { lazyWithPreload } from 'react-lazy-with-preload';

/** The chart loads on first use, so only this page brings the chart library, after its figures. */
export const DailyChart = lazyWithPreload(() => import('./DailyChart'));

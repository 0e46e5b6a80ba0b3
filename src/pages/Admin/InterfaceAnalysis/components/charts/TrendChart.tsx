import type { ChartOptions, Scale } from 'chart.js';
import { color as chartColor } from 'chart.js/helpers';
import { createStyles } from 'antd-style';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { Line } from 'react-chartjs-2';
import { formatCount } from '../../format';
import { ANALYSIS_TEXTS } from '../../texts';
import './chartjs';
import type { ChartTheme } from './useChartTheme';
import { useChartTheme } from './useChartTheme';

const T = ANALYSIS_TEXTS.trend;
/** The errors' chart takes this part of the height; the calls' the rest. */
const ERRORS_PART = 0.36;
const KEY_HEIGHT = 22;
/** Room for the value axis' labels, the same in both charts so their days line up. */
const AXIS_ROOM = 52;
const MIN_HEIGHT = 60;
/** At most this many days are named under the errors. */
const DAY_TICKS = 10;

const useStyles = createStyles(({ token }) => ({
  key: {
    display: 'flex',
    alignItems: 'center',
    gap: token.marginXXS + 2,
    height: KEY_HEIGHT,
    color: token.colorTextSecondary,
    fontSize: token.fontSizeSM,
  },
  dot: { width: 8, height: 8, borderRadius: '50%', flex: 'none' },
  // Chart.js sizes its canvas to this box and follows it when it changes.
  plot: { position: 'relative' },
}));

type TrendChartProps = { daily: API.DailyCalls[]; height: number };

type Series = {
  name: string;
  colour: string;
  values: number[];
  tickCount: number;
  /** Only the lower chart names the days. */
  days: boolean;
};

function lineChart(chart: ChartTheme, daily: API.DailyCalls[], series: Series) {
  const data = {
    labels: daily.map((day) => dayjs(day.date).format('MM-DD')),
    datasets: [
      {
        label: series.name,
        data: series.values,
        borderColor: series.colour,
        borderWidth: 2,
        backgroundColor: chartColor(series.colour).alpha(0.14).rgbString(),
        // Drawn straight from day to day: a curve would invent values between the days.
        tension: 0,
        fill: 'origin' as const,
        // A line needs two days; a range of one day shows its day as a dot.
        pointRadius: daily.length === 1 ? 3 : 0,
        pointBackgroundColor: series.colour,
        pointHoverRadius: 4,
        pointHoverBackgroundColor: series.colour,
        pointHoverBorderColor: chart.token.colorBgContainer,
      },
    ],
  };
  const options: ChartOptions<'line'> = {
    responsive: true,
    maintainAspectRatio: false,
    interaction: { mode: 'index', intersect: false },
    layout: { padding: { right: 8, top: 4 } },
    scales: {
      x: {
        // One day stands in the middle, not on the value axis.
        offset: daily.length === 1,
        grid: { display: false },
        border: { color: chart.axisLine.color },
        ticks: series.days
          ? {
              ...chart.ticks,
              autoSkip: true,
              maxTicksLimit: Math.min(daily.length, DAY_TICKS),
              maxRotation: 0,
            }
          : { display: false },
      },
      y: {
        // A range without errors still has an axis from 0 to 1, not a line in the middle of nowhere.
        beginAtZero: true,
        suggestedMax: 1,
        grid: chart.grid,
        border: { display: false },
        ticks: {
          ...chart.ticks,
          maxTicksLimit: series.tickCount,
          precision: 0,
          callback: (value) => formatCount(Number(value)),
        },
        afterFit: (scale: Scale) => {
          scale.width = AXIS_ROOM;
        },
      },
    },
    plugins: {
      legend: { display: false },
      tooltip: {
        ...chart.tooltip,
        callbacks: {
          title: (items) => (items.length ? dayjs(daily[items[0].dataIndex].date).format(T.tooltipDate) : ''),
          label: (item) =>
            `${series.name}  ${ANALYSIS_TEXTS.figures.tooltipCount(formatCount(item.parsed.y ?? 0))}`,
        },
      },
    },
  };
  return { data, options };
}

/**
 * Calls per day, and under it errors per day on their own scale: on the
 * calls' scale a few dozen errors lie flat at zero. Both are drawn over the
 * same days with the same room for their value axis, so a spike of errors
 * sits under its day of calls.
 */
export default function TrendChart({ daily, height }: TrendChartProps) {
  const { styles } = useStyles();
  const chart = useChartTheme();
  const errorsHeight = Math.max(Math.round(height * ERRORS_PART), MIN_HEIGHT);
  const callsHeight = Math.max(height - errorsHeight - 2 * KEY_HEIGHT, MIN_HEIGHT);

  const charts = useMemo(
    () => ({
      calls: lineChart(chart, daily, {
        name: T.calls,
        colour: chart.token.colorPrimary,
        values: daily.map((day) => day.calls),
        tickCount: 5,
        days: false,
      }),
      errors: lineChart(chart, daily, {
        name: T.errors,
        colour: chart.token.colorError,
        values: daily.map((day) => day.errors),
        tickCount: 3,
        days: true,
      }),
    }),
    [daily, chart],
  );

  const key = (label: string, colour: string) => (
    <div className={styles.key}>
      <span className={styles.dot} style={{ background: colour }} />
      {label}
    </div>
  );
  return (
    <div>
      {key(T.calls, chart.token.colorPrimary)}
      <div className={styles.plot} style={{ height: callsHeight }}>
        <Line {...charts.calls} />
      </div>
      {key(T.errorsOwnScale, chart.token.colorError)}
      <div className={styles.plot} style={{ height: errorsHeight }}>
        <Line {...charts.errors} />
      </div>
    </div>
  );
}

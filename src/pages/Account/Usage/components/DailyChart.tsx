import { BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';
import type { ChartOptions } from 'chart.js';
import { theme } from 'antd';
import { createStyles } from 'antd-style';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { Bar } from 'react-chartjs-2';
import { formatNumber } from '@/locales';
import { USAGE_TEXTS } from '../texts';
import { VISUALLY_HIDDEN } from '@/utils/visuallyHidden';

// Only the parts this chart draws with are bundled; no animation, so a new range shows at once.
Chart.register(BarElement, CategoryScale, LinearScale, Tooltip, Legend);
Chart.defaults.animation = false;

const T = USAGE_TEXTS.chart;

const useStyles = createStyles(() => ({
  figure: { margin: 0, position: 'relative' },
  plot: { position: 'relative' },
  // Read by screen readers, not shown: the chart's data as a table.
  hidden: VISUALLY_HIDDEN,
}));

type DailyChartProps = { daily: API.DailyCalls[]; height: number };

/**
 * Calls per day as bars, the successful part and the failed part stacked, so a
 * day's height is its calls and its red its errors; the same figures as a
 * table for screen readers.
 */
export default function DailyChart({ daily, height }: DailyChartProps) {
  const { styles } = useStyles();
  const { token } = theme.useToken();
  const chart = useMemo(() => {
    const font = { family: token.fontFamily, size: token.fontSizeSM };
    const ticks = { color: token.colorTextSecondary, font };
    const data = {
      labels: daily.map((day) => dayjs(day.date).format('MM-DD')),
      datasets: [
        {
          label: T.ok,
          data: daily.map((day) => day.calls - day.errors),
          backgroundColor: token.colorPrimary,
          stack: 'calls',
        },
        {
          label: T.errors,
          data: daily.map((day) => day.errors),
          backgroundColor: token.colorError,
          stack: 'calls',
        },
      ],
    };
    const options: ChartOptions<'bar'> = {
      responsive: true,
      maintainAspectRatio: false,
      interaction: { mode: 'index', intersect: false },
      scales: {
        x: { stacked: true, grid: { display: false }, ticks: { ...ticks, autoSkip: true, maxRotation: 0 } },
        y: {
          stacked: true,
          beginAtZero: true,
          suggestedMax: 1,
          grid: { color: token.colorBorderSecondary },
          ticks: { ...ticks, precision: 0, callback: (value) => formatNumber(Number(value)) },
        },
      },
      plugins: {
        legend: { labels: { color: token.colorText, font, boxWidth: 10, boxHeight: 10 } },
        tooltip: {
          backgroundColor: token.colorBgElevated,
          titleColor: token.colorTextSecondary,
          bodyColor: token.colorText,
          borderColor: token.colorBorderSecondary,
          borderWidth: 1,
          callbacks: { title: (items) => (items.length ? daily[items[0].dataIndex].date : '') },
        },
      },
    };
    return { data, options };
  }, [daily, token]);

  return (
    <figure className={styles.figure} aria-label={T.label}>
      <div className={styles.plot} aria-hidden style={{ height }}>
        <Bar {...chart} />
      </div>
      <table className={styles.hidden}>
        <caption>{T.label}</caption>
        <thead>
          <tr>
            <th scope="col">{T.date}</th>
            <th scope="col">{T.calls}</th>
            <th scope="col">{T.errors}</th>
          </tr>
        </thead>
        <tbody>
          {daily.map((day) => (
            <tr key={day.date}>
              <td>{day.date}</td>
              <td>{day.calls}</td>
              <td>{day.errors}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

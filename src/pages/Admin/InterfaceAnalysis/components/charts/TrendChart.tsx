import { Area } from '@ant-design/plots';
import { createStyles } from 'antd-style';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { formatCount } from '../../format';
import { ANALYSIS_TEXTS } from '../../texts';
import { useChartTheme } from './useChartTheme';

const T = ANALYSIS_TEXTS.trend;
/** The errors' chart takes this part of the height; the calls' the rest. */
const ERRORS_PART = 0.36;
const KEY_HEIGHT = 22;
/** Room for the value axis' labels, the same in both charts so their days line up. */
const AXIS_ROOM = 52;

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
}));

type TrendChartProps = { daily: API.DailyCalls[]; height: number };
type Point = { date: Date; value: number };

/**
 * Calls per day, and under it errors per day on their own scale: on the
 * calls' scale a few dozen errors lie flat at zero. Both are drawn straight
 * from day to day (a curve would invent values between the days) over the
 * same days, so a spike of errors sits under its day of calls.
 */
export default function TrendChart({ daily, height }: TrendChartProps) {
  const { styles } = useStyles();
  const chart = useChartTheme();
  const errorsHeight = Math.round(height * ERRORS_PART);
  const callsHeight = height - errorsHeight - 2 * KEY_HEIGHT;

  const configs = useMemo(() => {
    // Days as times, so the axis picks readable ticks for 7 as well as 366 days.
    const dates = daily.map((day) => dayjs(day.date).toDate());
    const series = (pick: (day: API.DailyCalls) => number): Point[] =>
      daily.map((day, i) => ({ date: dates[i], value: pick(day) }));
    const x = {
      ...chart.axis.x,
      labelFormatter: (date: Date) => dayjs(date).format('MM-DD'),
      tickCount: Math.min(daily.length, 10),
      labelAutoRotate: false,
    };
    const common = (data: Point[], color: string, name: string, chartHeight: number, tickCount: number) => ({
      data,
      height: Math.max(chartHeight, 60),
      autoFit: true,
      xField: 'date',
      yField: 'value',
      paddingLeft: AXIS_ROOM,
      theme: chart.theme,
      scale: {
        x: { type: 'time' },
        // A range without errors still has an axis from 0, not a line in the middle of nowhere.
        y: { nice: true, domainMin: 0, domainMax: Math.max(1, ...data.map((d) => d.value)) },
      },
      style: { fill: color, fillOpacity: 0.14 },
      line: { style: { stroke: color, lineWidth: 2 }, animate: false as const },
      // No animations: see TopCharts.
      animate: false as const,
      axis: {
        y: { ...chart.axis.y, tickCount, labelFormatter: (value: number) => formatCount(value) },
      },
      legend: false,
      tooltip: {
        title: (d: Point) => dayjs(d.date).format(T.tooltipDate),
        items: [
          (d: Point) => ({
            name,
            value: ANALYSIS_TEXTS.figures.tooltipCount(formatCount(d.value)),
            color,
          }),
        ],
      },
      interaction: { tooltip: { crosshairsStroke: chart.token.colorBorder } },
    });
    const calls = common(series((day) => day.calls), chart.token.colorPrimary, T.calls, callsHeight, 5);
    const errors = common(series((day) => day.errors), chart.token.colorError, T.errors, errorsHeight, 3);
    // The days are written once, under the errors.
    return {
      calls: { ...calls, axis: { ...calls.axis, x: { ...x, label: false, tick: false } } },
      errors: { ...errors, axis: { ...errors.axis, x } },
    };
  }, [daily, callsHeight, errorsHeight, chart]);

  // A new range is a new chart: G2 cannot morph a path into one with a different number of points.
  const rangeKey = `${daily[0]?.date}:${daily.length}`;
  const key = (label: string, color: string) => (
    <div className={styles.key}>
      <span className={styles.dot} style={{ background: color }} />
      {label}
    </div>
  );
  return (
    <div>
      {key(T.calls, chart.token.colorPrimary)}
      <Area key={`calls:${rangeKey}`} {...configs.calls} />
      {key(T.errorsOwnScale, chart.token.colorError)}
      <Area key={`errors:${rangeKey}`} {...configs.errors} />
    </div>
  );
}

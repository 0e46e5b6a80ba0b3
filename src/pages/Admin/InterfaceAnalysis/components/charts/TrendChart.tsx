import { Area } from '@ant-design/plots';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { formatCount } from '../../format';
import { ANALYSIS_TEXTS } from '../../texts';
import { useChartTheme } from './useChartTheme';

const T = ANALYSIS_TEXTS.trend;

type TrendChartProps = { daily: API.DailyCalls[]; height: number };

/** Calls and errors per day, as two overlapping areas with a shared tooltip. */
export default function TrendChart({ daily, height }: TrendChartProps) {
  const chart = useChartTheme();
  const config = useMemo(() => {
    // Days as times, so the axis picks readable ticks for 7 as well as 366 days.
    const data = daily.flatMap((day) => {
      const date = dayjs(day.date).toDate();
      return [
        { date, series: T.calls, value: day.calls },
        { date, series: T.errors, value: day.errors },
      ];
    });
    return {
      data,
      height,
      autoFit: true,
      xField: 'date',
      yField: 'value',
      colorField: 'series',
      shapeField: 'smooth',
      theme: chart.theme,
      scale: {
        color: { domain: [T.calls, T.errors], range: [chart.token.colorPrimary, chart.token.colorError] },
        x: { type: 'time' },
        y: { nice: true },
      },
      style: { fillOpacity: 0.14 },
      // No animations: see TopCharts.
      animate: false as const,
      line: { shapeField: 'smooth', style: { lineWidth: 2 }, animate: false as const },
      axis: {
        x: {
          ...chart.axis.x,
          labelFormatter: (date: Date) => dayjs(date).format('MM-DD'),
          tickCount: Math.min(daily.length, 10),
          labelAutoRotate: false,
        },
        y: { ...chart.axis.y, labelFormatter: (value: number) => formatCount(value) },
      },
      legend: { color: { ...chart.legendColor, position: 'top', layout: { justifyContent: 'flex-end' } } },
      tooltip: {
        title: (d: { date: Date }) => dayjs(d.date).format('YYYY-MM-DD ddd'),
        items: [
          {
            channel: 'y',
            valueFormatter: (value: number) => `${formatCount(value)} ${ANALYSIS_TEXTS.figures.callsUnit}`,
          },
        ],
      },
      interaction: { tooltip: { shared: true, crosshairsStroke: chart.token.colorBorder } },
    };
  }, [daily, height, chart]);
  // A new range is a new chart: G2's update animation cannot morph a smooth area path
  // into one with a different number of points (it throws "Mismatched interpolation").
  const rangeKey = `${daily[0]?.date}:${daily.length}`;
  return <Area key={rangeKey} {...config} />;
}

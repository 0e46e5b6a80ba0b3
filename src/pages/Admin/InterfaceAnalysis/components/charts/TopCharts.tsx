import type { ChartOptions } from 'chart.js';
import { Col, Row } from 'antd';
import { useMemo, useRef } from 'react';
import type { ReactNode } from 'react';
import { Bar, Doughnut } from 'react-chartjs-2';
import { AfterFrame } from '@/utils/afterFrame';
import { formatCount } from '../../format';
import { formatShare } from '../../shares';
import { ANALYSIS_TEXTS } from '../../texts';
import type { TopDatum } from '../../topData';
import { centre, clickable, counts } from './chartjs';
import { useChartTheme } from './useChartTheme';
import { useScreen } from '@/utils/media';

const T = ANALYSIS_TEXTS.top;
/** The pie's slice for every call outside the top list. */
export const REST_ID = 'rest';
const NAME_MAX = 12;
/** With more slices than this the pie has no legend: the bar beside it names them in the same colours. */
const LEGEND_MAX = 10;
/** The gap between the donut and the bars when they stand one under the other (the page counts on it). */
const STACK_GAP = 16;
/** Room for the longest bar's count, which is written beyond its end. */
const COUNT_ROOM = 56;
const COUNT_GAP = 6;

type TopChartsProps = {
  items: TopDatum[];
  /** calls outside the top list, and their share */
  restCalls: number;
  restShare: number;
  /** the list's share, the sum of its slices' */
  listedShare: number;
  limit: number;
  /** the bars' height, and the donut's */
  height: number;
  pieHeight: number;
  onOpen: (id: string) => void;
  /** Shown for the first frame (see below). */
  placeholder?: ReactNode;
};

/** What the tooltip's texts read of the element under the pointer, in either chart. */
type Shown = { dataIndex: number };

const shorten = (name: string) => (name.length > NAME_MAX ? `${name.slice(0, NAME_MAX - 1)}…` : name);

/**
 * The top list as a share of all calls (a donut, with the rest as one grey
 * slice) and as a ranked bar; slices and bars share colours and open their
 * interface.
 */
export default function TopCharts({
  items,
  restCalls,
  restShare,
  listedShare,
  limit,
  height,
  pieHeight,
  onOpen,
  placeholder,
}: TopChartsProps) {
  const chart = useChartTheme();
  // On a phone the legend goes under the donut, or it leaves the donut no room.
  const narrow = useScreen('xs');
  // The charts keep their handlers; the ref keeps them pointing at the latest callback.
  const open = useRef(onOpen);
  open.current = onOpen;

  const charts = useMemo(() => {
    const slices: TopDatum[] =
      restCalls > 0 ? [...items, { id: REST_ID, name: T.others, calls: restCalls, share: restShare }] : items;
    const { token } = chart;
    // One colour per slice, in the order of `slices`: the list's, then the rest's; the bars take the list's.
    const colours = [...chart.palette.slice(0, items.length), chart.restColor];
    const tooltip = (data: TopDatum[]) => ({
      ...chart.tooltip,
      displayColors: false,
      callbacks: {
        title: (shown: Shown[]) => (shown.length ? data[shown[0].dataIndex].name : ''),
        label: (shown: Shown) => {
          const d = data[shown.dataIndex];
          return [
            `${T.calls}  ${ANALYSIS_TEXTS.figures.tooltipCount(formatCount(d.calls))}`,
            `${T.share}  ${formatShare(d.share)}`,
          ];
        },
      },
    });
    const opens = (data: TopDatum[]) =>
      clickable(
        (index) => (data[index] && data[index].id !== REST_ID ? data[index].id : undefined),
        (id) => open.current(id),
      );

    const pieOptions: ChartOptions<'doughnut'> = {
      responsive: true,
      maintainAspectRatio: false,
      radius: '92%',
      cutout: '72%',
      layout: { padding: 4 },
      plugins: {
        legend: {
          display: items.length <= LEGEND_MAX,
          position: narrow ? 'bottom' : 'right',
          labels: { ...chart.legendLabels, padding: 10 },
        },
        tooltip: tooltip(slices),
        // The list's share and what it is, in the donut's hole.
        centre: {
          lines: [
            {
              text: formatShare(listedShare),
              font: `600 ${token.fontSizeHeading3}px ${token.fontFamily}`,
              colour: token.colorTextHeading,
              dy: -8,
            },
            {
              text: T.centerTitle(limit),
              font: `${token.fontSizeSM}px ${token.fontFamily}`,
              colour: token.colorTextSecondary,
              dy: 16,
            },
          ],
        },
      },
      ...opens(slices),
    };
    const pie = {
      data: {
        labels: slices.map((slice) => shorten(slice.name)),
        datasets: [
          {
            label: T.pieTitle,
            data: slices.map((slice) => slice.calls),
            backgroundColor: colours.slice(0, slices.length),
            borderColor: token.colorBgContainer,
            borderWidth: 2,
            hoverOffset: 4,
          },
        ],
      },
      options: pieOptions,
      plugins: [centre],
    };

    const barOptions: ChartOptions<'bar'> = {
      responsive: true,
      maintainAspectRatio: false,
      indexAxis: 'y',
      layout: { padding: { right: COUNT_ROOM } },
      scales: {
        x: { display: false, beginAtZero: true },
        y: {
          grid: { display: false },
          border: { display: false },
          ticks: { ...chart.ticks, color: token.colorText },
        },
      },
      plugins: {
        legend: { display: false },
        tooltip: tooltip(items),
        // Each bar carries its own count beyond its end, so there is no value axis to repeat it.
        counts: {
          font: `${token.fontSizeSM}px ${token.fontFamily}`,
          colour: token.colorText,
          gap: COUNT_GAP,
          format: formatCount,
        },
      },
      ...opens(items),
    };
    const bar = {
      data: {
        labels: items.map((item) => shorten(item.name)),
        datasets: [
          {
            label: T.barTitle,
            data: items.map((item) => item.calls),
            backgroundColor: colours.slice(0, items.length),
            borderRadius: 3,
            maxBarThickness: 24,
            categoryPercentage: 0.8,
            barPercentage: 0.8,
          },
        ],
      },
      options: barOptions,
      plugins: [counts],
    };
    return { pie, bar };
  }, [items, restCalls, restShare, listedShare, limit, chart, narrow]);

  // The chart library comes for this chart and the trend at once; drawn after the frame that shows
  // the trend, these two do not hold that frame back.
  return (
    <AfterFrame fallback={placeholder}>
      <Row gutter={[24, STACK_GAP]}>
        <Col xs={24} lg={10} style={{ display: 'flex', alignItems: 'center' }}>
          <div style={{ width: '100%', height: pieHeight, position: 'relative' }}>
            <Doughnut {...charts.pie} />
          </div>
        </Col>
        <Col xs={24} lg={14}>
          <div style={{ height, position: 'relative' }}>
            <Bar {...charts.bar} />
          </div>
        </Col>
      </Row>
    </AfterFrame>
  );
}

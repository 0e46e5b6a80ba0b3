import { Bar, Pie } from '@ant-design/plots';
import { Col, Grid, Row } from 'antd';
import { useMemo, useRef } from 'react';
import type { ReactNode } from 'react';
import { AfterFrame } from '@/utils/afterFrame';
import { formatCount } from '../../format';
import { formatShare } from '../../shares';
import { ANALYSIS_TEXTS } from '../../texts';
import type { TopDatum } from '../../topData';
import { useChartTheme } from './useChartTheme';

const T = ANALYSIS_TEXTS.top;
/** The pie's slice for every call outside the top list. */
export const REST_ID = 'rest';
const NAME_MAX = 12;
/** With more slices than this the pie has no legend: the bar beside it names them in the same colours. */
const LEGEND_MAX = 10;
/** The gap between the donut and the bars when they stand one under the other (the page counts on it). */
const STACK_GAP = 16;

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

const shorten = (name: string) => (name.length > NAME_MAX ? `${name.slice(0, NAME_MAX - 1)}…` : name);

type PlotEvent = { data?: { data?: { id?: string } } };
/** What `onReady` receives: the wrapper re-emits G2's events by their bare type, so element events are read from G2's chart. */
type PlotLike = { chart: { on: (event: string, handler: (event: PlotEvent) => void) => void } };

/**
 * The top list as a share of all calls (pie, with the rest as one grey slice)
 * and as a ranked bar; slices and bars share colours and open their interface.
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
  const narrow = !!Grid.useBreakpoint().xs;
  // The chart binds its handlers once; the ref keeps them pointing at the latest callback.
  const open = useRef(onOpen);
  open.current = onOpen;
  const onReady = (plot: PlotLike) => {
    plot.chart.on('element:click', (event) => {
      const id = event.data?.data?.id;
      if (id && id !== REST_ID) open.current(id);
    });
  };

  const configs = useMemo(() => {
    const names = new Map(items.map((item) => [item.id, item.name]));
    names.set(REST_ID, T.others);
    const nameOf = (id: string) => names.get(id) ?? id;
    const ids = items.map((item) => item.id);
    const color = {
      domain: [...ids, REST_ID],
      range: [...chart.palette.slice(0, ids.length), chart.restColor],
    };
    const slices =
      restCalls > 0 ? [...items, { id: REST_ID, name: T.others, calls: restCalls, share: restShare }] : items;
    const tooltip = {
      title: (d: TopDatum) => d.name,
      items: [
        (d: TopDatum) => ({
          name: T.calls,
          value: ANALYSIS_TEXTS.figures.tooltipCount(formatCount(d.calls)),
        }),
        (d: TopDatum) => ({ name: T.share, value: formatShare(d.share) }),
      ],
    };
    const pie = {
      data: slices,
      height: pieHeight,
      autoFit: true,
      angleField: 'calls',
      colorField: 'id',
      radius: 0.92,
      innerRadius: 0.66,
      theme: chart.theme,
      scale: { color },
      style: { stroke: chart.token.colorBgContainer, lineWidth: 2, cursor: 'pointer' },
      label: false,
      legend:
        items.length > LEGEND_MAX
          ? false
          : {
              color: {
                ...chart.legendColor,
                position: narrow ? 'bottom' : 'right',
                rowPadding: 6,
                labelFormatter: (id: string) => shorten(nameOf(id)),
                maxItemWidth: 150,
                layout: { justifyContent: 'center' },
              },
            },
      tooltip,
      annotations: [
        {
          type: 'text',
          style: {
            text: formatShare(listedShare),
            x: '50%',
            y: '50%',
            dy: -8,
            textAlign: 'center',
            fontSize: chart.token.fontSizeHeading3,
            fontWeight: 600,
            fill: chart.token.colorTextHeading,
            fontFamily: chart.token.fontFamily,
          },
          tooltip: false,
        },
        {
          type: 'text',
          style: {
            text: T.centerTitle(limit),
            x: '50%',
            y: '50%',
            dy: 16,
            textAlign: 'center',
            fontSize: chart.token.fontSizeSM,
            fill: chart.token.colorTextSecondary,
            fontFamily: chart.token.fontFamily,
          },
          tooltip: false,
        },
      ],
      interaction: { elementHighlight: true },
      state: { inactive: { opacity: 0.45 } },
    };
    const bar = {
      data: items,
      height,
      autoFit: true,
      xField: 'id',
      yField: 'calls',
      // Room for the longest bar's count, which is written beyond its end.
      marginRight: 48,
      colorField: 'id',
      theme: chart.theme,
      scale: { color, x: { paddingInner: 0.35, paddingOuter: 0.15 }, y: { nice: true } },
      style: { radiusTopRight: 3, radiusBottomRight: 3, maxWidth: 24, cursor: 'pointer' },
      axis: {
        x: {
          ...chart.axis.x,
          labelFill: chart.token.colorText,
          labelFormatter: (id: string) => shorten(nameOf(id)),
          tick: false,
          line: false,
        },
        // Each bar carries its own count, so the value axis would only repeat it.
        y: false,
      },
      label: {
        text: (d: TopDatum) => formatCount(d.calls),
        position: 'right',
        dx: 6,
        style: { ...chart.label, textAlign: 'start' },
      },
      legend: false,
      tooltip,
      interaction: { elementHighlight: { background: true } },
      state: { inactive: { opacity: 0.45 } },
    };
    // No animations: @antv/g throws "Mismatched interpolation arguments" when a chart is
    // redrawn mid-animation (range, top size or a click changing it), and the figures
    // read better without them.
    const still = { animate: false as const };
    return { pie: { ...pie, ...still }, bar: { ...bar, ...still } };
  }, [items, restCalls, restShare, listedShare, limit, height, pieHeight, chart, narrow]);

  // A new list is a new chart: updating one in place merges the old colour domain into the new.
  const listKey = items.map((item) => item.id).join();
  // The chart library comes for this chart and the trend at once, and both mount in one commit; drawn
  // after the frame that shows the trend, these two no longer hold that frame back.
  return (
    <AfterFrame fallback={placeholder}>
      <Row gutter={[24, STACK_GAP]}>
        <Col xs={24} lg={10} style={{ display: 'flex', alignItems: 'center' }}>
          <div style={{ width: '100%' }}>
            <Pie key={listKey} {...configs.pie} onReady={onReady} />
          </div>
        </Col>
        <Col xs={24} lg={14}>
          <Bar key={listKey} {...configs.bar} onReady={onReady} />
        </Col>
      </Row>
    </AfterFrame>
  );
}

import { Bar, Pie } from '@ant-design/plots';
import { Col, Row } from 'antd';
import { useMemo, useRef } from 'react';
import { formatCount, formatRate } from '../../format';
import { ANALYSIS_TEXTS } from '../../texts';
import type { TopDatum } from '../../topData';
import { useChartTheme } from './useChartTheme';

const T = ANALYSIS_TEXTS.top;
/** The pie's slice for every call outside the top list. */
export const REST_ID = 'rest';
const NAME_MAX = 12;
/** With more slices than this the pie has no legend: the bar beside it names them in the same colours. */
const LEGEND_MAX = 10;
const PIE_MAX_HEIGHT = 340;

type TopChartsProps = {
  items: TopDatum[];
  /** calls outside the top list */
  restCalls: number;
  totalCalls: number;
  limit: number;
  height: number;
  onOpen: (id: string) => void;
};

const shorten = (name: string) => (name.length > NAME_MAX ? `${name.slice(0, NAME_MAX - 1)}…` : name);

type PlotEvent = { data?: { data?: { id?: string } } };
/** What `onReady` receives: the wrapper re-emits G2's events by their bare type, so element events are read from G2's chart. */
type PlotLike = { chart: { on: (event: string, handler: (event: PlotEvent) => void) => void } };

/**
 * The top list as a share of all calls (pie, with the rest as one grey slice)
 * and as a ranked bar; slices and bars share colours and open their interface.
 */
export default function TopCharts({ items, restCalls, totalCalls, limit, height, onOpen }: TopChartsProps) {
  const chart = useChartTheme();
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
    const topShare = totalCalls ? (totalCalls - restCalls) / totalCalls : 0;
    const slices =
      restCalls > 0
        ? [...items, { id: REST_ID, name: T.others, calls: restCalls, share: restCalls / totalCalls }]
        : items;
    const tooltip = {
      title: (d: TopDatum) => d.name,
      items: [
        (d: TopDatum) => ({
          name: T.calls,
          value: `${formatCount(d.calls)} ${ANALYSIS_TEXTS.figures.callsUnit}`,
        }),
        (d: TopDatum) => ({ name: T.share, value: formatRate(d.share) }),
      ],
    };
    const pie = {
      data: slices,
      height: Math.min(height, PIE_MAX_HEIGHT),
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
                position: 'right',
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
            text: formatRate(topShare),
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
  }, [items, restCalls, totalCalls, limit, height, chart]);

  // A new list is a new chart: updating one in place merges the old colour domain into the new.
  const listKey = items.map((item) => item.id).join();
  return (
    <Row gutter={[24, 16]}>
      <Col xs={24} lg={10} style={{ display: 'flex', alignItems: 'center' }}>
        <div style={{ width: '100%' }}>
          <Pie key={listKey} {...configs.pie} onReady={onReady} />
        </div>
      </Col>
      <Col xs={24} lg={14}>
        <Bar key={listKey} {...configs.bar} onReady={onReady} />
      </Col>
    </Row>
  );
}

import {
  ArcElement,
  BarElement,
  CategoryScale,
  Chart,
  Filler,
  Legend,
  LinearScale,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import type { ActiveElement, ChartEvent, ChartType, Plugin, PluginOptionsByType } from 'chart.js';

/** A text drawn on a chart by one of the plugins below, in its font and colour. */
type CanvasText = { text: string; font: string; colour: string };

declare module 'chart.js' {
  // The options of this file's plugins, set with each chart's options so that an update redraws them.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface PluginOptionsByType<TType extends ChartType> {
    centre?: { lines: (CanvasText & { dy: number })[] };
    counts?: Omit<CanvasText, 'text'> & { gap: number; format: (value: number) => string };
  }
}

/**
 * The parts of Chart.js the analysis draws with, registered once: only these are bundled (the
 * typed charts of react-chartjs-2 register their own controller). No animation anywhere: the
 * figures read better without it, and a chart redrawn for another range shows it at once.
 */
Chart.register(
  ArcElement,
  BarElement,
  CategoryScale,
  Filler,
  Legend,
  LinearScale,
  LineElement,
  PointElement,
  Tooltip,
);
Chart.defaults.animation = false;

/**
 * What a click on a slice or a bar opens, and the pointer over the ones that open something:
 * `idAt(index)` names the element's interface, or nothing for one that opens nothing.
 */
export function clickable(idAt: (index: number) => string | undefined, open: (id: string) => void) {
  const target = (elements: ActiveElement[]) => (elements.length ? idAt(elements[0].index) : undefined);
  return {
    onClick: (_event: ChartEvent, elements: ActiveElement[]) => {
      const id = target(elements);
      if (id) open(id);
    },
    onHover: (event: ChartEvent, elements: ActiveElement[]) => {
      const canvas = (event.native?.target ?? null) as HTMLElement | null;
      if (canvas) canvas.style.cursor = target(elements) ? 'pointer' : 'default';
    },
  };
}

/** Lines of text in the hole of a doughnut, each `dy` from its centre. */
export const centre: Plugin<'doughnut'> = {
  id: 'centre',
  afterDraw: (chart, _args, options: NonNullable<PluginOptionsByType<'doughnut'>['centre']>) => {
    const arc = chart.getDatasetMeta(0).data[0];
    if (!arc || !options.lines) return;
    const { ctx } = chart;
    ctx.save();
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    for (const line of options.lines) {
      ctx.font = line.font;
      ctx.fillStyle = line.colour;
      ctx.fillText(line.text, arc.x, arc.y + line.dy);
    }
    ctx.restore();
  },
};

/** Each bar's value written beyond its end (for bars along the x axis). */
export const counts: Plugin<'bar'> = {
  id: 'counts',
  afterDatasetsDraw: (chart, _args, options: NonNullable<PluginOptionsByType<'bar'>['counts']>) => {
    if (!options.format) return;
    const { ctx } = chart;
    const values = chart.data.datasets[0]?.data ?? [];
    ctx.save();
    ctx.textAlign = 'left';
    ctx.textBaseline = 'middle';
    ctx.font = options.font;
    ctx.fillStyle = options.colour;
    chart.getDatasetMeta(0).data.forEach((bar, i) => {
      ctx.fillText(options.format(Number(values[i] ?? 0)), bar.x + options.gap, bar.y);
    });
    ctx.restore();
  },
};

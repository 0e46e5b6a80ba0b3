import { Badge } from 'antd';
import type { BadgeProps } from 'antd';
import { useRequest } from 'ahooks';
import { Fragment } from 'react';
import type { CSSProperties } from 'react';
import { HEALTH_REFRESH_MS } from '@agler/contract/interfaceHealth';
import { getInterfaceHealth } from '@/services/agler/interfaceInfo';
import { formatLatency, formatRate } from '@/utils/format';
import { VISUALLY_HIDDEN } from '@/utils/visuallyHidden';
import { HEALTH_TEXTS } from './texts';

export { HEALTH_TEXTS } from './texts';

type Health = API.InterfaceHealth;
export type HealthMap = Record<string, Health>;

/** The dot's colour of each state: antd's status colours, which follow the theme. */
const STATE_BADGES: Record<Health['state'], BadgeProps['status']> = {
  healthy: 'success',
  degraded: 'warning',
  down: 'error',
  unknown: 'default',
};

/** What an interface missing from a loaded map shows: it had no calls the server counted. */
const NO_DATA: Health = { calls: 0, successRate: 0, p50: 0, p95: 0, state: 'unknown' };

/**
 * The health of every interface the reader may see, in one request, asked again every
 * HEALTH_REFRESH_MS while the page is shown; undefined until it first loads. A failed request
 * shows nothing new: the figures before it stay, and the next poll tries again.
 */
export function useInterfaceHealth(): HealthMap | undefined {
  const { data } = useRequest(
    async () => ((await getInterfaceHealth({ skipErrorHandler: true })).data ?? {}) as HealthMap,
    { pollingInterval: HEALTH_REFRESH_MS, pollingWhenHidden: false, onError: () => undefined },
  );
  return data;
}

/** One interface's health from the map: undefined while the map is not loaded. */
export const healthIn = (map: HealthMap | undefined, id: string | number | undefined): Health | undefined =>
  map && id !== undefined ? (map[String(id)] ?? NO_DATA) : undefined;

/** Between two figures; the no-break space keeps the dot at the end of a line, never at the start of the next. */
const SEPARATOR = '\u00a0· ';

/**
 * A figure never breaks inside ("p95 | 210 ms"): the figures wrap between them, a whole figure at a
 * time. Inline, as VISUALLY_HIDDEN: a style hook in each of a catalogue's many cards costs too much.
 */
const WHOLE: CSSProperties = { whiteSpace: 'nowrap' };

/**
 * `className`: the layout of the dot and the figures, which the page gives (a list takes its
 * classes once for all its cards); it may keep the line's height while nothing is shown.
 * `figuresClassName`: the figures' own place in that layout, e.g. a line of their own.
 */
type InterfaceHealthProps = { health?: Health; className?: string; figuresClassName?: string };

/** An interface's state over the last day (a coloured dot and its name) with its success rate, p50 and p95; empty until loaded. */
export function InterfaceHealth({ health, className, figuresClassName }: InterfaceHealthProps) {
  const figures = health
    ? [
        HEALTH_TEXTS.rate(formatRate(health.successRate)),
        HEALTH_TEXTS.p50(formatLatency(health.p50)),
        HEALTH_TEXTS.p95(formatLatency(health.p95)),
      ]
    : [];
  return (
    <div className={className} title={health && HEALTH_TEXTS.calls(health.calls)} data-testid="interface-health">
      {health && (
        <>
          <span style={VISUALLY_HIDDEN}>{HEALTH_TEXTS.label}</span>
          <Badge status={STATE_BADGES[health.state]} text={HEALTH_TEXTS.states[health.state]} />
          <span className={figuresClassName}>
            {health.calls > 0
              ? figures.map((figure, index) => (
                  <Fragment key={figure}>
                    {index > 0 && SEPARATOR}
                    <span style={WHOLE}>{figure}</span>
                  </Fragment>
                ))
              : HEALTH_TEXTS.noCalls}
          </span>
        </>
      )}
    </div>
  );
}

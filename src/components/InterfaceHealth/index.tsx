import { Badge } from 'antd';
import type { BadgeProps } from 'antd';
import { useRequest } from 'ahooks';
import { HEALTH_REFRESH_MS } from '@agler/contract/interfaceHealth';
import { getInterfaceHealth } from '@/services/agler/interfaceInfo';
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

/** A rate as a percentage with one decimal, rounded down, so a rate with any failure never reads as 100%. */
const rateText = (rate: number) => `${(Math.floor(rate * 1000) / 10).toFixed(1)}%`;
const latencyText = (ms: number) => (ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`);

/**
 * `className`: the layout of the dot and the figures, which the page gives (a list takes its
 * classes once for all its cards); it may keep the line's height while nothing is shown.
 */
type InterfaceHealthProps = { health?: Health; className?: string };

/** An interface's state over the last day (a coloured dot and its name) with its success rate, p50 and p95; empty until loaded. */
export function InterfaceHealth({ health, className }: InterfaceHealthProps) {
  return (
    <div className={className} title={health && HEALTH_TEXTS.calls(health.calls)} data-testid="interface-health">
      {health && (
        <>
          <span style={VISUALLY_HIDDEN}>{HEALTH_TEXTS.label}</span>
          <Badge status={STATE_BADGES[health.state]} text={HEALTH_TEXTS.states[health.state]} />
          <span>
            {health.calls > 0
              ? HEALTH_TEXTS.figures(rateText(health.successRate), latencyText(health.p50), latencyText(health.p95))
              : HEALTH_TEXTS.noCalls}
          </span>
        </>
      )}
    </div>
  );
}

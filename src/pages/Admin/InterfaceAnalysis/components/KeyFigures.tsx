import { StatisticCard } from '@ant-design/pro-components';
import { theme } from 'antd';
import { formatCount, formatPointChange } from '../format';
import type { FigureKind } from '../comparison';
import { comparisonGap } from '../comparison';
import { ANALYSIS_TEXTS } from '../texts';
import type { Overview } from '../useAnalysis';
import { Delta } from './Delta';
import {
  formatLatency,
  formatRate,
  formatSignedLatency,
  formatSignedPercent,
  relativeChange,
} from '@/utils/format';
import { useScreen } from '@/utils/media';

const F = ANALYSIS_TEXTS.figures;

type KeyFiguresProps = { overview?: Overview; loading: boolean };

/** The range at a glance: calls, success rate, p95 latency and interfaces called, each against the previous period. */
export function KeyFigures({ overview, loading }: KeyFiguresProps) {
  const { token } = theme.useToken();
  // Four figures side by side need a tablet's width at least; on a phone they stand one under another.
  const stacked = !useScreen('md');
  const o = overview;
  const prev = o?.previous;
  const hasCalls = !!o && o.totalCalls > 0;
  const gap = (kind: FigureKind) => (o && prev ? comparisonGap(o.totalCalls, prev.totalCalls, kind) : undefined);
  const comparable = !!o && !!prev && gap('perCall') === undefined;
  const days = o?.daily.length || 1;
  const secondary = (text: string) => (
    <span key="s" style={{ color: token.colorTextSecondary }}>
      {text}
    </span>
  );

  const delta = { previous: prev };
  const callsChange = o && prev ? relativeChange(o.totalCalls, prev.totalCalls) : undefined;
  const interfacesChange = o && prev ? relativeChange(o.interfacesCalled, prev.interfacesCalled) : undefined;
  const rateChange = comparable ? o.successRate - prev.successRate : undefined;
  const p95Change = comparable ? o.p95Latency - prev.p95Latency : undefined;

  const cards = [
    {
      key: 'calls',
      title: F.totalCalls,
      value: o ? formatCount(o.totalCalls) : F.noData,
      suffix: F.callsUnit,
      lines: o && [
        secondary(F.dailyAverage(formatCount(Math.round(o.totalCalls / days)))),
        <Delta
          key="d"
          change={callsChange}
          gap={gap('count')}
          {...delta}
          text={callsChange === undefined ? '' : formatSignedPercent(callsChange)}
          polarity="neutral"
        />,
      ],
    },
    {
      key: 'rate',
      title: F.successRate,
      value: hasCalls ? formatRate(o.successRate) : F.noData,
      lines: o && [
        secondary(F.errors(formatCount(o.errorCalls))),
        <Delta
          key="d"
          change={rateChange}
          gap={gap('perCall')}
          {...delta}
          text={rateChange === undefined ? '' : formatPointChange(rateChange)}
          polarity="higherIsBetter"
        />,
      ],
    },
    {
      key: 'p95',
      title: F.p95Latency,
      value: hasCalls ? formatLatency(o.p95Latency) : F.noData,
      lines: o && [
        secondary(F.avgLatency(hasCalls ? formatLatency(o.avgLatency) : F.noData)),
        <Delta
          key="d"
          change={p95Change}
          gap={gap('perCall')}
          {...delta}
          text={p95Change === undefined ? '' : formatSignedLatency(p95Change)}
          polarity="lowerIsBetter"
        />,
      ],
    },
    {
      key: 'interfaces',
      title: F.interfacesCalled,
      value: o ? formatCount(o.interfacesCalled) : F.noData,
      suffix: F.interfacesUnit,
      lines: o && [
        secondary(F.ofInterfaces),
        <Delta
          key="d"
          change={interfacesChange}
          gap={gap('count')}
          {...delta}
          text={interfacesChange === undefined ? '' : formatSignedPercent(interfacesChange)}
          polarity="neutral"
        />,
      ],
    },
  ];

  return (
    <section aria-label={F.label}>
      <StatisticCard.Group direction={stacked ? 'column' : 'row'} loading={loading && !o}>
        {cards.map((card, i) => [
          i > 0 ? (
            <StatisticCard.Divider key={`${card.key}-divider`} type={stacked ? 'horizontal' : 'vertical'} />
          ) : null,
          <StatisticCard
            key={card.key}
            statistic={{
              title: card.title,
              value: card.value,
              suffix: card.suffix,
              description: card.lines ? (
                <div style={{ display: 'flex', flexDirection: 'column', gap: 2, fontSize: token.fontSizeSM }}>
                  {card.lines}
                </div>
              ) : null,
            }}
          />,
        ])}
      </StatisticCard.Group>
    </section>
  );
}

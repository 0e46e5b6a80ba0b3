import { CaretDownOutlined, CaretUpOutlined } from '@ant-design/icons';
import { theme } from 'antd';
import type { ComparisonGap } from '../comparison';
import { ANALYSIS_TEXTS } from '../texts';

/** Whether a rise is good news, bad news or neither. */
export type Polarity = 'higherIsBetter' | 'lowerIsBetter' | 'neutral';

type DeltaProps = {
  /** the change, signed; undefined when there is nothing to compare with */
  change: number | undefined;
  text: string;
  polarity: Polarity;
  /** why there is nothing to compare with */
  gap?: ComparisonGap;
  /** the previous period's days, named when it has no data */
  previous?: { startDate: string; endDate: string };
};

/** The change of a key figure against the previous period, coloured by what it means. */
export function Delta({ change, text, polarity, gap, previous }: DeltaProps) {
  const { token } = theme.useToken();
  const F = ANALYSIS_TEXTS.figures;
  if (gap || change === undefined) {
    const title = gap !== 'noCurrent' && previous ? F.previousPeriod(previous.startDate, previous.endDate) : undefined;
    return (
      <span style={{ color: token.colorTextTertiary }} title={title}>
        {gap === 'noCurrent' ? F.noCurrent : F.noPrevious}
      </span>
    );
  }
  const good =
    polarity === 'neutral' || change === 0 ? undefined : change > 0 === (polarity === 'higherIsBetter');
  const color = good === undefined ? token.colorTextSecondary : good ? token.colorSuccess : token.colorError;
  const Icon = change >= 0 ? CaretUpOutlined : CaretDownOutlined;
  return (
    <span style={{ color: token.colorTextSecondary }}>
      {ANALYSIS_TEXTS.figures.versusPrevious}{' '}
      <span style={{ color, whiteSpace: 'nowrap' }}>
        {change !== 0 ? <Icon aria-hidden style={{ fontSize: token.fontSizeSM }} /> : null} {text}
      </span>
    </span>
  );
}

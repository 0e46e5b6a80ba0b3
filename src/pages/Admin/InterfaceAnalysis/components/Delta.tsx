import { CaretDownOutlined, CaretUpOutlined } from '@ant-design/icons';
import { theme } from 'antd';
import { ANALYSIS_TEXTS } from '../texts';

/** Whether a rise is good news, bad news or neither. */
export type Polarity = 'higherIsBetter' | 'lowerIsBetter' | 'neutral';

type DeltaProps = {
  /** the change, signed; undefined when there is nothing to compare with */
  change: number | undefined;
  text: string;
  polarity: Polarity;
};

/** The change of a key figure against the previous period, coloured by what it means. */
export function Delta({ change, text, polarity }: DeltaProps) {
  const { token } = theme.useToken();
  if (change === undefined) {
    return <span style={{ color: token.colorTextTertiary }}>{ANALYSIS_TEXTS.figures.noPrevious}</span>;
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

import { createStyles } from 'antd-style';
import type { ReactNode } from 'react';
import { AfterFrame } from '@/utils/afterFrame';
import { VISUALLY_HIDDEN } from '@/utils/visuallyHidden';

const useStyles = createStyles(({ token }) => ({
  figure: { margin: 0, position: 'relative' },
  caption: {
    marginBottom: token.marginXS,
    color: token.colorTextSecondary,
    fontSize: token.fontSizeSM,
  },
  // Read by screen readers, not shown: the chart's data as a table.
  visuallyHidden: VISUALLY_HIDDEN,
}));

type ChartFigureProps = {
  /** What the chart shows; read out as the figure's name. */
  label: string;
  /** A short visible caption above the chart. */
  caption?: ReactNode;
  height: number;
  /** The chart's data as text (a table) for screen readers. */
  textEquivalent: ReactNode;
  children: ReactNode;
};

/**
 * A chart with its text equivalent: the canvas is hidden from assistive
 * technology, which reads the table instead.
 */
export function ChartFigure({ label, caption, height, textEquivalent, children }: ChartFigureProps) {
  const { styles } = useStyles();
  return (
    <figure className={styles.figure} aria-label={label}>
      {caption ? <figcaption className={styles.caption}>{caption}</figcaption> : null}
      <div aria-hidden style={{ height }}>
        {children}
      </div>
      {/* Not on screen: written after the frame that shows the page, not in the task that makes it. */}
      <div className={styles.visuallyHidden}>
        <AfterFrame>{textEquivalent}</AfterFrame>
      </div>
    </figure>
  );
}

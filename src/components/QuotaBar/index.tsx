import { Progress } from 'antd';

/**
 * What is left of a quota: a small bar (red when nothing is left) and the
 * text `left / total` as the page writes it, read out by its label.
 */
export function QuotaBar({
  leftNum,
  totalNum,
  text,
  className,
  textClassName,
}: {
  leftNum: number;
  totalNum: number;
  text: string;
  className?: string;
  textClassName?: string;
}) {
  return (
    <span className={className}>
      <Progress
        percent={totalNum > 0 ? (leftNum / totalNum) * 100 : 0}
        showInfo={false}
        size="small"
        status={leftNum > 0 ? 'normal' : 'exception'}
        aria-label={`${leftNum} / ${totalNum}`}
      />
      <span className={textClassName}>{text}</span>
    </span>
  );
}

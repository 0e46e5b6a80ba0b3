import { Tabs, Typography } from 'antd';
import { createStyles } from 'antd-style';
import type { SampleInput } from '../codeSamples';
import { curlSample, fetchSample } from '../codeSamples';
import { VIEW_TEXTS } from '../texts';
import { CodeBlock } from './CodeBlock';

const useStyles = createStyles(({ token }) => ({
  hint: { display: 'block', marginBottom: token.marginSM },
}));

type CodeSamplesProps = SampleInput & {
  /** The editor's text is not valid JSON: the samples show the last valid parameters. */
  stale?: boolean;
};

/** curl and fetch calls of the interface with the current parameters. */
export function CodeSamples({ stale, ...input }: CodeSamplesProps) {
  const { styles } = useStyles();
  return (
    <>
      <Typography.Text type={stale ? 'warning' : 'secondary'} className={styles.hint}>
        {stale ? VIEW_TEXTS.samplesInvalid : VIEW_TEXTS.samplesHint}
      </Typography.Text>
      <Tabs
        size="small"
        items={[
          { key: 'curl', label: 'cURL', children: <CodeBlock code={curlSample(input)} title="Shell" label={VIEW_TEXTS.curlSample} /> },
          { key: 'fetch', label: 'JavaScript', children: <CodeBlock code={fetchSample(input)} title="JavaScript (fetch)" label={VIEW_TEXTS.fetchSample} /> },
        ]}
      />
    </>
  );
}

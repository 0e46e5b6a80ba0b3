import { Link } from '@umijs/max';
import { Alert, Tabs, Typography } from 'antd';
import { ACCOUNT_CENTER_PATH } from '@/constants';
import { createStyles } from 'antd-style';
import type { SampleInput } from '../codeSamples';
import { curlSample, fetchSample } from '../codeSamples';
import { gatewayCurlSample, gatewayNodeSample, gatewayPythonSample } from '../gatewaySamples';
import { VIEW_TEXTS } from '../texts';
import { CodeBlock } from './CodeBlock';

const useStyles = createStyles(({ token }) => ({
  hint: { display: 'block', marginBottom: token.marginSM },
}));

type CodeSamplesProps = SampleInput & {
  /** The editor's text is not valid JSON: the samples show the last valid parameters. */
  stale?: boolean;
  /** The interface's method: the signed samples send the parameters as it takes them. */
  method: string;
  /** The caller's access key, when they have a pair (the samples show a placeholder otherwise). */
  accessKey?: string;
  /** The caller is known to have no key pair yet: the signed samples say where to make one. */
  noKeyPair?: boolean;
};

/** curl and fetch calls through the console's session, and signed gateway calls (curl, Node, Python) for programs. */
export function CodeSamples({ stale, method, accessKey, noKeyPair, ...input }: CodeSamplesProps) {
  const signed = { ...input, method, accessKey };
  const { styles } = useStyles();
  return (
    <>
      <Typography.Text type={stale ? 'warning' : 'secondary'} className={styles.hint}>
        {stale ? VIEW_TEXTS.samplesInvalid : VIEW_TEXTS.samplesHint}
      </Typography.Text>
      {noKeyPair && (
        <Alert
          className={styles.hint}
          type="info"
          showIcon
          message={VIEW_TEXTS.noKeyPair}
          action={<Link to={ACCOUNT_CENTER_PATH}>{VIEW_TEXTS.createKeyPair}</Link>}
        />
      )}
      <Tabs
        size="small"
        items={[
          { key: 'curl', label: 'cURL', children: <CodeBlock code={curlSample(input)} title="Shell" label={VIEW_TEXTS.curlSample} /> },
          { key: 'fetch', label: 'JavaScript', children: <CodeBlock code={fetchSample(input)} title="JavaScript (fetch)" label={VIEW_TEXTS.fetchSample} /> },
          { key: 'gateway-curl', label: VIEW_TEXTS.signedCurl, children: <CodeBlock code={gatewayCurlSample(signed)} title="bash + curl + openssl" label={VIEW_TEXTS.signedCurl} /> },
          { key: 'gateway-node', label: VIEW_TEXTS.signedNode, children: <CodeBlock code={gatewayNodeSample(signed)} title="Node.js" label={VIEW_TEXTS.signedNode} /> },
          { key: 'gateway-python', label: VIEW_TEXTS.signedPython, children: <CodeBlock code={gatewayPythonSample(signed)} title="Python" label={VIEW_TEXTS.signedPython} /> },
        ]}
      />
    </>
  );
}

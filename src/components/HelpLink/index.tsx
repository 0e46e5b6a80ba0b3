import { QuestionCircleOutlined } from '@ant-design/icons';

export const HELP_URL = 'https://pro.ant.design/docs/getting-started';
export const HELP_LABEL = '使用文档';

/** The external help link of the header; opens in a new tab. */
export default function HelpLink() {
  return (
    <a
      href={HELP_URL}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={HELP_LABEL}
      title={HELP_LABEL}
      style={{ display: 'inline-flex', padding: 4, color: 'inherit' }}
    >
      <QuestionCircleOutlined />
    </a>
  );
}

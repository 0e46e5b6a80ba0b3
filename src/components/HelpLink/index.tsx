import { QuestionCircleOutlined } from '@ant-design/icons';
import { localized } from '@/locales';

/** Set at build time from the HELP_URL environment variable (.umirc.ts); empty for the bundled guide. */
declare const HELP_URL: string | undefined;

/** The platform's developer guide, served with the console (public/help/): its Chinese version. */
export const DEFAULT_HELP_URL = '/help/index.html';
export const HELP_TEXTS = localized('help', {
  label: '使用文档',
  /** The bundled guide in the page's language (public/help/index.html, en.html): a text like the label. */
  guide: DEFAULT_HELP_URL,
} as const);

/** Where the help link goes: HELP_URL when the build sets one, the bundled guide in the page's language otherwise. */
export function helpUrl(): string {
  const configured = typeof HELP_URL === 'string' ? HELP_URL.trim() : '';
  return configured || HELP_TEXTS.guide;
}

/** The header's help link: the developer guide (keys, signing, quotas, error codes) in a new tab. */
export default function HelpLink() {
  return (
    <a
      href={helpUrl()}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={HELP_TEXTS.label}
      title={HELP_TEXTS.label}
      style={{ display: 'inline-flex', padding: 4, color: 'inherit' }}
    >
      <QuestionCircleOutlined />
    </a>
  );
}

import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { Typography } from 'antd';
import { createStyles } from 'antd-style';
import type { ReactNode } from 'react';
import { useMemo } from 'react';
import type { TokenKind } from '../jsonTokens';
import { tokenizeJson } from '../jsonTokens';
import { VIEW_TEXTS } from '../texts';

/** Longer texts are shown without colours: a span per token would make a large answer slow to show. */
export const HIGHLIGHT_MAX_CHARS = 200_000;

const useStyles = createStyles(({ token, css }) => ({
  block: {
    position: 'relative',
    border: `1px solid ${token.colorBorderSecondary}`,
    borderRadius: token.borderRadius,
    background: token.colorFillQuaternary,
    overflow: 'hidden',
  },
  head: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: token.marginXS,
    minHeight: 36,
    padding: `${token.paddingXXS}px ${token.paddingXS}px ${token.paddingXXS}px ${token.paddingSM}px`,
    borderBottom: `1px solid ${token.colorBorderSecondary}`,
    color: token.colorTextSecondary,
    fontSize: token.fontSizeSM,
  },
  actions: { display: 'flex', alignItems: 'center', gap: token.marginXS, marginLeft: 'auto' },
  copy: { fontSize: token.fontSizeSM, whiteSpace: 'nowrap' },
  pre: css`
    margin: 0;
    padding: ${token.paddingSM}px;
    overflow: auto;
    color: ${token.colorText};
    font-family: ${token.fontFamilyCode};
    font-size: ${token.fontSizeSM}px;
    line-height: 1.7;
    white-space: pre;
  `,
  wrap: { whiteSpace: 'pre-wrap', wordBreak: 'break-all' },
  key: { color: token.colorPrimaryText },
  string: { color: token.colorSuccessText },
  number: { color: token.purple7 },
  literal: { color: token.magenta7 },
}));

/** JSON text with a colour per kind of token; punctuation and anything else stay plain text. */
function Highlighted({ code }: { code: string }) {
  const { styles } = useStyles();
  const tokens = useMemo(() => tokenizeJson(code), [code]);
  const classOf: Partial<Record<TokenKind, string>> = { key: styles.key, string: styles.string, number: styles.number, literal: styles.literal };
  return (
    <>
      {tokens.map((token, i) => {
        const className = classOf[token.kind];
        return className ? (
          // eslint-disable-next-line react/no-array-index-key
          <span key={i} className={className} data-token={token.kind}>
            {token.text}
          </span>
        ) : (
          token.text
        );
      })}
    </>
  );
}

type CodeBlockProps = {
  code: string;
  /** Shown at the top left: a language or a name. */
  title?: ReactNode;
  /** Extra controls before the copy button. */
  extra?: ReactNode;
  /** Accessible name of the block and of its copy button. */
  label: string;
  maxHeight?: number;
  wrap?: boolean;
  /** Colour the code as JSON (up to HIGHLIGHT_MAX_CHARS). */
  highlight?: boolean;
};

/** Read-only code or JSON, always rendered as text, with a copy button (antd's, which confirms in place). */
export function CodeBlock({ code, title, extra, label, maxHeight = 360, wrap, highlight }: CodeBlockProps) {
  const { styles, cx } = useStyles();
  return (
    <div className={styles.block}>
      <div className={styles.head}>
        <span>{title}</span>
        <div className={styles.actions}>
          {extra}
          <Typography.Text
            className={styles.copy}
            copyable={{
              text: code,
              icon: [
                <span key="copy">
                  <CopyOutlined /> {VIEW_TEXTS.copy}
                </span>,
                <span key="copied">
                  <CheckOutlined /> {VIEW_TEXTS.copied}
                </span>,
              ],
              // Also the button's accessible name: what it copies, then that it did.
              tooltips: [VIEW_TEXTS.copyOf(label), VIEW_TEXTS.copied],
            }}
          />
        </div>
      </div>
      <pre className={cx(styles.pre, wrap && styles.wrap)} style={{ maxHeight }} aria-label={label} tabIndex={0}>
        {highlight && code.length <= HIGHLIGHT_MAX_CHARS ? <Highlighted code={code} /> : code}
      </pre>
    </div>
  );
}

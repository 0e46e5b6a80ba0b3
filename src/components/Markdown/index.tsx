import { createStyles } from 'antd-style';
import { useEffect, useMemo, useState } from 'react';
import { loadRenderer } from './load';

type Renderer = Awaited<ReturnType<typeof loadRenderer>>;

/** The renderer once its chunk has arrived: later descriptions render at once. */
let loadedRenderer: Renderer | undefined;
let loading: Promise<Renderer | undefined> | undefined;

/** Fetches the renderer once; a failed fetch leaves descriptions plain and is tried again by the next one. */
function loadRender(): Promise<Renderer | undefined> {
  loading ??= loadRenderer().then(
    (module) => (loadedRenderer = module),
    () => {
      loading = undefined;
      return undefined;
    },
  );
  return loading;
}

const useStyles = createStyles(({ token }) => ({
  // A long word or address breaks where it must, so a description never widens its column.
  root: {
    minWidth: 0,
    overflowWrap: 'anywhere',
    '& p, & ul, & ol, & blockquote, & pre, & table': { margin: `0 0 ${token.marginXS}px` },
    '& > :last-child': { marginBottom: 0 },
    '& ul, & ol': { paddingInlineStart: token.paddingLG },
    // A description's headings are as modest as the page's text around them.
    '& h1, & h2, & h3, & h4, & h5, & h6': {
      margin: `0 0 ${token.marginXXS}px`,
      color: token.colorText,
      fontSize: token.fontSize,
      fontWeight: token.fontWeightStrong,
    },
    // Underlined: colour alone does not tell a link from the text around it.
    '& a': { color: token.colorLink, textDecoration: 'underline' },
    '& a:hover': { color: token.colorLinkHover },
    '& code, & kbd': {
      paddingInline: token.paddingXXS,
      fontFamily: token.fontFamilyCode,
      fontSize: '0.9em',
      background: token.colorFillTertiary,
      borderRadius: token.borderRadiusSM,
    },
    // A code block keeps its lines and scrolls inside its own box.
    '& pre': {
      maxWidth: '100%',
      overflowX: 'auto',
      overflowWrap: 'normal',
      padding: `${token.paddingXS}px ${token.paddingSM}px`,
      background: token.colorFillTertiary,
      borderRadius: token.borderRadius,
    },
    '& pre code': { padding: 0, background: 'none' },
    '& blockquote': {
      paddingInlineStart: token.paddingSM,
      color: token.colorTextSecondary,
      borderInlineStart: `${token.lineWidthBold}px solid ${token.colorBorder}`,
    },
    '& table': { display: 'block', maxWidth: '100%', overflowX: 'auto', borderCollapse: 'collapse' },
    '& th, & td': {
      padding: `${token.paddingXXS}px ${token.paddingXS}px`,
      border: `${token.lineWidth}px solid ${token.colorBorderSecondary}`,
    },
    '& hr': { margin: `${token.marginXS}px 0`, border: 0, borderTop: `${token.lineWidth}px solid ${token.colorSplit}` },
  },
}));

/**
 * Whether a text may hold CommonMark or HTML: a character that starts some syntax, a line that
 * starts a list, or more than one line (paragraphs, headings underlined, code blocks).
 */
export function hasMarkup(text: string): boolean {
  return /[\\`*_[\]<>#&]|^\s*(?:[-+]|\d{1,9}[.)])(?:\s|$)|\n/.test(text);
}

/** The renderer for a text that holds markup, once its chunk has arrived; plain text never fetches it. */
function useRenderer(markup: boolean): Renderer | undefined {
  const [renderer, setRenderer] = useState(() => loadedRenderer);
  useEffect(() => {
    if (!markup || renderer) return undefined;
    let mounted = true;
    loadRender().then((loaded) => {
      if (mounted && loaded) setRenderer(loaded);
    });
    return () => {
      mounted = false;
    };
  }, [markup, renderer]);
  return renderer;
}

/**
 * A description's text without its markup, for a one- or two-line summary: `**Fast** <b>lookup</b>`
 * reads "Fast lookup". Until the renderer arrives, the text is given as it is.
 */
export function useMarkdownText(text: string): string {
  const markup = hasMarkup(text);
  const renderer = useRenderer(markup);
  return useMemo(() => (markup && renderer ? renderer.markdownText(text) : text), [markup, renderer, text]);
}

type MarkdownProps = { text: string; className?: string };

/**
 * A description as OpenAPI writes it: CommonMark with raw HTML, of which only harmless tags stay
 * (render.ts). Plain text, the common case, is shown as it is and never loads the parser; until the
 * parser arrives, a description with markup is shown as its text too.
 */
export function Markdown({ text, className }: MarkdownProps) {
  const { styles, cx } = useStyles();
  const markup = hasMarkup(text);
  const renderer = useRenderer(markup);
  const html = useMemo(() => (markup && renderer ? renderer.renderMarkdown(text) : undefined), [markup, renderer, text]);
  if (html === undefined) return <div className={cx(styles.root, className)}>{text}</div>;
  // Sanitised by renderMarkdown: only the allowed tags and attributes are left.
  return <div className={cx(styles.root, className)} dangerouslySetInnerHTML={{ __html: html }} />;
}

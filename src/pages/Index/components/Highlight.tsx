import { createStyles } from 'antd-style';
import { Fragment } from 'react';

const useStyles = createStyles(({ token }) => ({
  mark: {
    padding: 0,
    color: 'inherit',
    backgroundColor: token.colorWarningBg,
    borderRadius: token.borderRadiusXS,
  },
}));

/** The parts of `text` around each case-insensitive occurrence of `query`. */
export function splitByQuery(text: string, query: string): { text: string; match: boolean }[] {
  const needle = query.trim().toLowerCase();
  if (!needle || !text) return [{ text, match: false }];
  const lower = text.toLowerCase();
  const parts: { text: string; match: boolean }[] = [];
  let from = 0;
  for (let at = lower.indexOf(needle); at !== -1; at = lower.indexOf(needle, from)) {
    if (at > from) parts.push({ text: text.slice(from, at), match: false });
    parts.push({ text: text.slice(at, at + needle.length), match: true });
    from = at + needle.length;
  }
  if (from < text.length) parts.push({ text: text.slice(from), match: false });
  return parts;
}

type HighlightProps = { text: string; query: string };
type Part = ReturnType<typeof splitByQuery>[number];

function Marked({ parts }: { parts: Part[] }) {
  const { styles } = useStyles();
  return (
    <>
      {parts.map((part, i) =>
        part.match ? (
          <mark key={i} className={styles.mark}>
            {part.text}
          </mark>
        ) : (
          <Fragment key={i}>{part.text}</Fragment>
        ),
      )}
    </>
  );
}

/**
 * Text with the searched words marked; always rendered as text, never as HTML. A text without a
 * match is left as it is, since the marks' style hook is costly and a catalogue page shows many texts.
 */
export function Highlight({ text, query }: HighlightProps) {
  const parts = splitByQuery(text, query);
  return parts.some((part) => part.match) ? <Marked parts={parts} /> : <>{text}</>;
}

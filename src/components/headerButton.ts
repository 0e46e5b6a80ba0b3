import type { CSSProperties } from 'react';

/** A header button that looks like the header's icons (the theme and language switches). */
export const HEADER_BUTTON_STYLE: CSSProperties = {
  display: 'inline-flex',
  padding: 4,
  border: 0,
  background: 'none',
  color: 'inherit',
  font: 'inherit',
  cursor: 'pointer',
};

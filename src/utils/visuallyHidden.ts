import type { CSSProperties } from 'react';

/** Read by screen readers, not shown (a label, a chart's data as a table). */
export const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const satisfies CSSProperties;

/** What the loading skeletons say (to screen readers; the eye sees shapes). */
export const SKELETON_TEXTS = {
  loading: '加载中…',
} as const;

// Relative, not '@/locales': the build reads this file in Node for index.html's skeleton.
import { localized } from '../../locales';

/** What the loading skeletons say (to screen readers; the eye sees shapes). */
export const SKELETON_TEXTS = localized('skeleton', {
  loading: '加载中…',
} as const);

import type { Translation } from '@/locales';
import type { SKELETON_TEXTS } from './texts';

export const skeleton: Translation<typeof SKELETON_TEXTS> = { loading: 'Loading…' };

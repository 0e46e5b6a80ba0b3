import type { Translation } from '@/locales';
import type { ANALYSIS_TEXTS } from './texts';

/** Not yet translated: the group stays Chinese until this is filled. */
export const analysis = {} as Translation<typeof ANALYSIS_TEXTS>;

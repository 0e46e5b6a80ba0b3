import type { Translation } from '@/locales';
import type { INDEX_TEXTS } from './texts';

/** Not yet translated: the group stays Chinese until this is filled. */
export const index = {} as Translation<typeof INDEX_TEXTS>;

import type { Translation } from '@/locales';
import type { CENTER_TEXTS } from './texts';

/** Not yet translated: the group stays Chinese until this is filled. */
export const center = {} as Translation<typeof CENTER_TEXTS>;

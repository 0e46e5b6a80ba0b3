import type { Translation } from '@/locales';
import type { ADMIN_INTERFACE_TEXTS } from './texts';

/** Not yet translated: the group stays Chinese until this is filled. */
export const adminInterface = {} as Translation<typeof ADMIN_INTERFACE_TEXTS>;

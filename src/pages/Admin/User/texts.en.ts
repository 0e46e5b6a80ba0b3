import type { Translation } from '@/locales';
import type { ADMIN_USER_TEXTS } from './texts';

/** Not yet translated: the group stays Chinese until this is filled. */
export const adminUser = {} as Translation<typeof ADMIN_USER_TEXTS>;

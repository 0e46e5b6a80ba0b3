import type { Translation } from '@/locales';
import type { VIEW_TEXTS, FORM_TEXTS, ANSWER_TEXTS, HISTORY_TEXTS } from './texts';

/** Not yet translated: the group stays Chinese until this is filled. */
export const view = {} as Translation<typeof VIEW_TEXTS>;
/** Not yet translated: the group stays Chinese until this is filled. */
export const form = {} as Translation<typeof FORM_TEXTS>;
/** Not yet translated: the group stays Chinese until this is filled. */
export const answer = {} as Translation<typeof ANSWER_TEXTS>;
/** Not yet translated: the group stays Chinese until this is filled. */
export const history = {} as Translation<typeof HISTORY_TEXTS>;

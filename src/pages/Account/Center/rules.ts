import type { Rule } from 'antd/es/form';
import { USER_LIMITS } from '@/constants';
import { translateMessage } from '@/locales/messages';
import { isAbsoluteHttpUrl } from '@agler/contract/interfaceValidation';
import { MESSAGES } from '@agler/contract/messages';
import { hasUnsafeCharacters } from '@agler/contract/text';

/** The server's checks of update/my, at the fields and in its words (in the page's language). */

/**
 * A rule failing with one of the contract's messages. The message is translated when the rule
 * runs, not when this module loads: the rules are built once, and the page's language is read
 * where the message is shown.
 */
const check = (ok: (text: string) => boolean, message: string): Rule => ({
  validator: (_, value: unknown) =>
    typeof value !== 'string' || ok(value)
      ? Promise.resolve()
      : Promise.reject(new Error(translateMessage(message))),
});

export const userNameRules = (requiredText: string): Rule[] => [
  { required: true, whitespace: true, message: requiredText },
  check((text) => {
    const name = text.trim();
    return !name || (name.length <= USER_LIMITS.nameMax && !hasUnsafeCharacters(name));
  }, MESSAGES.userNameLength),
];

/** Judged as sent: without surrounding whitespace. */
export const userAvatarRules: Rule[] = [
  check((text) => {
    const url = text.trim();
    return url === '' || (url.length <= USER_LIMITS.avatarMax && isAbsoluteHttpUrl(url));
  }, MESSAGES.avatarInvalid),
];

import { checkInterfaceField } from '@agler/contract/interfaceValidation';
import type { InterfaceField } from '@agler/contract/interfaceValidation';
import type { Message } from '@agler/contract/messageKeys';
import { translateMessage } from '@/locales/messages';

/** A rule from a contract check that answers a message or undefined, its message in the page's language. */
export function checkRule(check: (value: unknown) => Message | undefined) {
  return {
    validator: async (_: unknown, value: unknown) => {
      const message = check(value);
      if (message) throw new Error(translateMessage(message));
    },
  };
}

/**
 * The contract's rule for one interface field, its message in the page's language: the contract
 * writes the server's (Chinese) words, so the form and the server never disagree on what is wrong,
 * and an English page shows the English of that same message.
 */
export function interfaceFieldRule(field: InterfaceField) {
  return checkRule((value) => checkInterfaceField(field, value));
}

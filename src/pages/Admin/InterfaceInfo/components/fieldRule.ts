import { interfaceFieldRule as contractRule } from '@agler/contract/interfaceValidation';
import type { InterfaceField } from '@agler/contract/interfaceValidation';
import { translateMessage } from '@/locales/messages';

/**
 * The contract's rule for one interface field, its message in the page's language: the contract
 * writes the server's (Chinese) words, so the form and the server never disagree on what is wrong,
 * and an English page shows the English of that same message.
 */
export function interfaceFieldRule(field: InterfaceField) {
  const rule = contractRule(field);
  return {
    validator: (meta: unknown, value: unknown) =>
      rule.validator(meta, value).catch((error: unknown) => {
        throw error instanceof Error ? new Error(translateMessage(error.message)) : error;
      }),
  };
}

/** A rule from a contract check that answers a message or undefined, its message in the page's language. */
export function checkRule(check: (value: unknown) => string | undefined) {
  return {
    validator: async (_: unknown, value: unknown) => {
      const message = check(value);
      if (message) throw new Error(translateMessage(message));
    },
  };
}

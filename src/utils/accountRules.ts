import type { Rule } from 'antd/es/form';
import { ACCOUNT_LENGTH, PASSWORD_LENGTH } from '@/constants';
import { MESSAGES } from '@agler/contract/messages';

/**
 * Field rules of the account forms (注册, 修改密码): the checks the server
 * makes, in its words, so nothing it would refuse for a field's value is sent.
 */

/** Characters an account may hold (the server's accountChars check). */
const ACCOUNT_CHARS = /^[A-Za-z0-9_.-]+$/;

export const accountRules = (requiredText: string): Rule[] => [
  { required: true, message: requiredText },
  { min: ACCOUNT_LENGTH.min, max: ACCOUNT_LENGTH.max, message: MESSAGES.accountLength },
  { pattern: ACCOUNT_CHARS, message: MESSAGES.accountChars },
];

export const passwordRules = (requiredText: string): Rule[] => [
  { required: true, message: requiredText },
  { min: PASSWORD_LENGTH.min, max: PASSWORD_LENGTH.max, message: MESSAGES.passwordLength },
];

/** The password typed again: equal to the field `passwordField`. */
export const repeatRules = (requiredText: string, passwordField: string): Rule[] => [
  { required: true, message: requiredText },
  ({ getFieldValue }) => ({
    validator: (_, value) =>
      !value || value === getFieldValue(passwordField)
        ? Promise.resolve()
        : Promise.reject(new Error(MESSAGES.passwordMismatch)),
  }),
];
